"""`python -m content`: see `content.cli`."""

import sys

from content.cli import main

if __name__ == "__main__":
    sys.exit(main())
