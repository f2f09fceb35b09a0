"""Ruling numbers cited in the TCG code, tests and docs exist: `T1`…`T28` are the
reference's rulings (it has no more); `D1`… are Fixer's own design decisions, each defined
in docs/rules/tcg.md. A `T29` would pass one of our decisions off as a reference ruling."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [
    *sorted((ROOT / "rules" / "tcg").rglob("*.py")),
    *sorted((ROOT / "tests" / "tcg").rglob("*.py")),
    *sorted((ROOT / "content" / "tcg").rglob("*.py")),
    ROOT / "docs" / "rules" / "tcg.md",
    ROOT / "docs" / "tcg-content.md",
]
LAST_REFERENCE_RULING = 28


def _defined_decisions() -> set[int]:
    text = (ROOT / "docs" / "rules" / "tcg.md").read_text()
    return {int(n) for n in re.findall(r'<a id="d(\d+)"></a>\*\*D\1\. ', text)}


def test_only_reference_rulings_are_called_t() -> None:
    bad = []
    for path in SOURCES:
        if path.name == Path(__file__).name:
            continue
        for n in re.findall(r"\bT(\d+)\b", path.read_text()):
            if int(n) > LAST_REFERENCE_RULING:
                bad.append(f"{path.relative_to(ROOT)}: T{n}")
    assert not bad, bad


def test_every_cited_design_decision_is_defined() -> None:
    defined = _defined_decisions()
    assert {1, 2} <= defined, defined
    bad = []
    for path in SOURCES:
        for n in re.findall(r"\bD(\d+)\b", path.read_text()):
            if int(n) not in defined:
                bad.append(f"{path.relative_to(ROOT)}: D{n}")
    assert not bad, bad
