"""Wording shared by every game: one plural function, one list of names.

The scan at the bottom keeps it that way: a count meeting a noun anywhere in the shipped
code goes through `rules.core.text.count` / `plural`, never a local `(s)` or an inline
`'' if n == 1 else 's'`."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from rules.core.text import count, name_list, plural

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ("rules", "bot", "cogs", "content")


@pytest.mark.parametrize(
    ("n", "word", "text"),
    [
        (1, "card", "1 card"),
        (0, "card", "0 cards"),
        (2, "card", "2 cards"),
        (1, "Scenario Card", "1 Scenario Card"),
        (3, "Scenario Card", "3 Scenario Cards"),
        (1, "Eddie", "1 Eddie"),
        (5, "Eddie", "5 Eddies"),
        (2, "Hero", "2 Heroes"),
    ],
)
def test_count_agrees_with_the_number(n: int, word: str, text: str) -> None:
    assert count(n, word) == text


def test_plural_takes_a_one_off_form() -> None:
    assert plural(1, "a card", "cards") == "a card"
    assert plural(2, "a card", "cards") == "cards"
    assert plural(1, "is", "are") == "is"
    assert plural(0, "is", "are") == "are"


def test_names_without_commas_join_with_commas() -> None:
    assert name_list(["Slice", "Patch", "Burn"]) == "Slice, Patch, Burn"
    assert name_list(["Slice", "Burn"], last="and") == "Slice and Burn"
    assert name_list(["Slice"], last="and") == "Slice"
    assert name_list([]) == ""


def test_a_name_with_a_comma_makes_the_list_countable() -> None:
    names = ["Slice", "Guns, Lots of Guns", "Patch"]
    text = name_list(names)
    assert text == "Slice; Guns, Lots of Guns; Patch"
    assert len(text.split("; ")) == len(names)
    assert name_list(names, last="and") == text


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def _is_text(node: ast.expr) -> bool:
    return isinstance(node, ast.JoinedStr) or (
        isinstance(node, ast.Constant) and isinstance(node.value, str)
    )


def _compares_with_one(test: ast.expr) -> bool:
    return (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], ast.Eq | ast.NotEq)
        and any(
            isinstance(c, ast.Constant) and c.value == 1 for c in [test.left, *test.comparators]
        )
    )


def plural_offences(source: str) -> list[tuple[int, str]]:
    """(line, what) for every hand-made plural in `source`: a `(s)` in a string (not a
    docstring), or a text chosen by comparing a number with 1."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in docs and "(s)" in node.value:
                out.append((node.lineno, "(s)"))
        elif (
            isinstance(node, ast.IfExp)
            and _compares_with_one(node.test)
            and _is_text(node.body)
            and _is_text(node.orelse)
        ):
            out.append((node.lineno, "inline plural"))
    return out


def test_the_scan_catches_each_kind_of_hand_made_plural() -> None:
    assert plural_offences("x = f'{n} card(s)'\n") == [(1, "(s)")]
    assert plural_offences("x = f\"{n} card{'' if n == 1 else 's'}\"\n") == [(1, "inline plural")]
    assert plural_offences("x = 'a card' if n == 1 else f'{n} cards'\n") == [(1, "inline plural")]
    assert plural_offences('def f():\n    """the target(s)."""\n') == []
    assert plural_offences("x = count(n, 'card')\n") == []


def test_no_hand_made_plural_outside_the_one_function() -> None:
    found = []
    for top in SHIPPED:
        for path in sorted((ROOT / top).rglob("*.py")):
            for line, what in plural_offences(path.read_text(encoding="utf-8")):
                found.append(f"{path.relative_to(ROOT)}:{line}: {what}")
    assert found == [], "use rules.core.text.count/plural:\n" + "\n".join(found)
