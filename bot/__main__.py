"""`python -m bot`: see bot/cli.py."""

from bot.cli import main
from bot.entry import run_cli

run_cli(main)
