"""Game content: each game's loader and bundled packs in `content/<game>/`, the shared
loading helpers in `content/common/`, and `python -m content` (validate, list, show) for
packs of any game. See docs/content.md."""
