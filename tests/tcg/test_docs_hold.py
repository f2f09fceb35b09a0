"""The TCG docs that name code stay true to it: the scenario builder's example runs as
written, the effect vocabulary and the named effects listed in docs/tcg-content.md are the
loader's, and the TCG coverage table of docs/rules-coverage.md cites every ruling T1-T28 with
tests that exist. Without these a renamed card, a new effect type or a renamed test would leave
the docs quietly wrong."""

from __future__ import annotations

import ast
import re
import typing
from pathlib import Path

from rules.tcg import vocab
from rules.tcg.named import NAMED_EFFECTS

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

# The file keys of the coverage table (its "File keys" paragraph).
KEYS = {
    "SU": "test_setup.py",
    "TU": "test_turns.py",
    "PA": "test_payment.py",
    "LE": "test_legends.py",
    "AT": "test_attacks.py",
    "EF": "test_effects.py",
    "RM": "test_rulings_more.py",
    "HI": "test_hidden.py",
    "DK": "test_decks.py",
    "CO": "test_content.py",
    "RF": "test_refusals.py",
    "PR": "test_properties.py",
    "AI": "test_ai.py",
    "EK": "test_effect_kinds.py",
    "CK": "test_content_kinds.py",
    "RP": "test_replacements.py",
    "GS": "test_group_statics.py",
    "CN": "test_core_newest.py",
    "RC": "test_rulings_cited.py",
}


def test_the_scenario_builders_documented_example_runs_as_written() -> None:
    text = (DOCS / "tcg-scenarios.md").read_text()
    match = re.search(r"```python\n(.*?)```", text, re.S)
    assert match, "docs/tcg-scenarios.md lost its example"
    exec(compile(match.group(1), "docs/tcg-scenarios.md", "exec"), {})  # its asserts hold


def _section(text: str, title: str) -> str:
    start = text.index(title)
    end = text.find("\n#", start + len(title))
    return text[start : end if end != -1 else None]


def _models(tp: object) -> list[type]:
    """The effect models inside a (nested, annotated) union."""
    if isinstance(tp, type):
        return [tp]
    return [m for arg in typing.get_args(tp) for m in _models(arg)]


def _effect_types() -> set[str]:
    return {
        m.model_fields["type"].default for m in _models(vocab.Effect) if hasattr(m, "model_fields")
    }


def test_every_effect_type_has_a_row_in_the_documented_vocabulary() -> None:
    table = _section((DOCS / "tcg-content.md").read_text(), "### The effect vocabulary")
    rows = set(re.findall(r"^\| `(\w+)` \|", table, re.M))
    assert len(_effect_types()) >= 20
    assert _effect_types() == rows, _effect_types() ^ rows


def test_every_named_effect_is_listed_in_the_docs() -> None:
    listed = _section((DOCS / "tcg-content.md").read_text(), "### Named effects")
    items = set(re.findall(r"^- `(\w+)`", listed, re.M))
    assert set(NAMED_EFFECTS) == items, set(NAMED_EFFECTS) ^ items


def _tcg_coverage() -> str:
    text = (DOCS / "rules-coverage.md").read_text()
    return text[text.index("# Cyberpunk TCG: rules") : text.index('<a id="legendary">')]


def test_the_tcg_coverage_table_cites_every_ruling() -> None:
    cited = {int(n) for n in re.findall(r"\bT(\d+)\b", _tcg_coverage())}
    assert set(range(1, 29)) <= cited, sorted(set(range(1, 29)) - cited)


def test_every_test_the_tcg_coverage_table_names_exists() -> None:
    defined: dict[str, list[str]] = {}
    for key, name in KEYS.items():
        tree = ast.parse((ROOT / "tests" / "tcg" / name).read_text())
        defined[key] = [
            n.name
            for n in ast.walk(tree)
            if isinstance(n, ast.FunctionDef) and n.name.startswith("test")
        ]
    cited = re.findall(r"\b([A-Z]{2})::(test_[\w*…]+)", _tcg_coverage())
    assert len(cited) > 150
    missing = []
    for key, name in cited:
        # "…" and "*" abbreviate a long name in the table; they match any run of characters.
        pattern = re.compile("^" + re.escape(name.replace("…", "*")).replace(r"\*", ".*") + "$")
        if key not in defined or not any(pattern.match(n) for n in defined[key]):
            missing.append(f"{key}::{name}")
    assert not missing, missing
