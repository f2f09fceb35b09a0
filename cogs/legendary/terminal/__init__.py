"""Legendary 2099 in the terminal: `python -m bot play|simulate --game legendary`."""
