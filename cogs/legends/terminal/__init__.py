"""Cyberpunk Legends in a plain terminal: the table (`play`: `session`, with `crew`,
`asking`, `commands`, `camp`, `inputs` and `render`) and the simulator (`simulate`),
reached through `python -m bot play|simulate --game legends`. The line-based console
they run on is shared: `bot.terminal.console`."""
