"""A second, toy game with a Discord front end, to show the house holds several games:
the toy adapter of tests/service/toy.py, a `/toy` command group and one button."""
