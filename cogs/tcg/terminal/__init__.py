"""Cyberpunk TCG in the terminal: `python -m bot play|simulate --game tcg`."""
