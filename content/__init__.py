"""Game content: TOML packs validated against the schema in `rules.legends.cards`.

`load_pack(path)` loads a pack directory; `load_default_pack()` returns the bundled core
pack (content/legends/), cached. See docs/content.md.
"""

from content.loader import (
    DEFAULT_PACK_DIR,
    ContentError,
    ContentIssue,
    load_default_pack,
    load_pack,
)

__all__ = [
    "DEFAULT_PACK_DIR",
    "ContentError",
    "ContentIssue",
    "load_default_pack",
    "load_pack",
]
