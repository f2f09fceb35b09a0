"""`python -m content`: see `content.cli`."""

from bot.entry import run_cli
from content.cli import main

run_cli(main)
