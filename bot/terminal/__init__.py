"""What every game's terminal front end shares: the line-based console
(`bot.terminal.console`) and the simulator's progress bar (`bot.terminal.progress`).
Each game's own terminal table lives in `cogs/<game>/terminal/`."""
