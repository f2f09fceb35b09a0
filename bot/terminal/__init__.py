"""What every game's terminal front end shares: the line-based console
(`bot.terminal.console`), the simulators' progress bar (`bot.terminal.progress`) and
the pieces of their reports (`bot.terminal.report`), and saved games: the database
handle over the game service (`bot.terminal.saves`) and the `play` command's
`--db`/`--resume` handling, list and messages (`bot.terminal.resume`). Each game's
own terminal table lives in `cogs/<game>/terminal/`."""
