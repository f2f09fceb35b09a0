"""Command lines in the terminal's language: `argparse` with its own words from our
catalogue.

argparse writes its headings and errors in English ("usage:", "options", "error: the
following arguments are required: …") through gettext's default domain, which Fixer
does not install (a process-wide switch, with .mo files to ship). `Parser` says them
in the language of the environment (`from_environment`: LC_ALL, LC_MESSAGES, LANG) or
of `lang`: its headings and `-h`'s help are set after argparse made them, the "usage:"
prefix comes from `Formatter`, and an error is argparse's English message read back
into a template (`Phrasebook`) and said in the language, followed by what to do.

Every parser of a subcommand (`add_subparsers().add_parser`) is a `Parser` in the same
language. The help texts passed to `add_argument` are the caller's to translate
(`t(lang, "…")`); a `%` in them is argparse's formatting, so a translation writes `%%`.
"""

from __future__ import annotations

import argparse
import sys
from functools import partial
from typing import Any, NoReturn

from bot.i18n import N_, from_environment, language, t
from bot.i18n.phrases import Phrasebook

# argparse's error messages (Lib/argparse.py, Python 3.11-3.13) as templates of what
# it writes; an error none matches stays English.
ERRORS = (
    N_("argument {argument}: {message}"),
    N_("the following arguments are required: {arguments}"),
    N_("unrecognized arguments: {arguments}"),
    N_("invalid choice: {value} (choose from {choices})"),
    N_("invalid {type} value: {value}"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("expected {n} arguments"),
    N_("expected {n} argument"),
    N_("not allowed with argument {argument}"),
    N_("ignored explicit argument {value}"),
    N_("one of the arguments {arguments} is required"),
    N_("ambiguous option: {option} could match {matches}"),
    N_("unexpected option string: {option}"),
)

# The `type=` names argparse puts in "invalid int value: 'x'".
TYPES = {"int": N_("whole number"), "float": N_("number"), "Path": N_("path")}


def _type(lang: str, value: str) -> str:
    return t(lang, TYPES[value]) if value in TYPES else value


BOOK = Phrasebook(ERRORS, nested=("message",), values={"type": _type})


def error_text(loc: object, message: str) -> str:
    """One of argparse's error messages in the language of `loc`."""
    return BOOK.translate(loc, message)


class Formatter(argparse.HelpFormatter):
    """argparse's help layout, its "usage: " prefix in the parser's language."""

    def __init__(self, prog: str, *, lang: str, **kw: Any) -> None:
        super().__init__(prog, **kw)
        self.lang = lang

    def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
        # A subcommand's prog is made with prefix "" (no heading): left as it is.
        if prefix is None:
            prefix = t(self.lang, "usage: ")
        super().add_usage(usage, actions, groups, prefix)


class Parser(argparse.ArgumentParser):
    """An `argparse.ArgumentParser` that speaks the language `lang` (default: the
    environment's). Its errors: the first line what is wrong, then how to see what the
    command takes, then the usage; exit status 2 as argparse's."""

    def __init__(self, *args: Any, lang: str | None = None, **kw: Any) -> None:
        self.lang = from_environment() if lang is None else language(lang)
        kw.setdefault("formatter_class", partial(Formatter, lang=self.lang))
        super().__init__(*args, **kw)
        self._positionals.title = t(self.lang, "positional arguments")
        self._optionals.title = t(self.lang, "options")
        for action in self._actions:
            if isinstance(action, argparse._HelpAction):
                action.help = t(self.lang, "show this help message and exit")

    def add_subparsers(self, **kw: Any) -> Any:
        """argparse's subcommands action; its parsers are `Parser`s in this language, and
        its `lang` says the language to word their help texts in."""
        kw.setdefault("parser_class", partial(type(self), lang=self.lang))
        action: Any = super().add_subparsers(**kw)
        action.lang = self.lang
        return action

    def error(self, message: str) -> NoReturn:
        lang = self.lang
        what = t(
            lang, "{prog}: error: {message}", prog=self.prog, message=error_text(lang, message)
        )
        todo = t(lang, "Type {command} to see what it takes.", command=self.prog + " --help")
        sys.stderr.write(f"{what}\n{todo}\n")
        self.print_usage(sys.stderr)
        self.exit(2)
