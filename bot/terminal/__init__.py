"""Play Cyberpunk Legends in a plain terminal: rendering (`render`) and the interactive
session (`session`). `python -m bot play` is the entry point (bot/play.py)."""
