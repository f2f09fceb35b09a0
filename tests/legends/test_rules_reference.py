"""The repository owns its rules reference: every ruling the code cites (R1…R15) and every
decision anchor the code or tests name resolves inside docs/rules/legends.md."""

from __future__ import annotations

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "docs" / "rules" / "legends.md"


def anchors() -> set[str]:
    return set(re.findall(r'<a id="([a-z0-9-]+)"></a>', REFERENCE.read_text()))


def sources() -> list[pathlib.Path]:
    folders = ("rules", "bot", "cogs", "content", "tests")
    return [p for f in folders for p in (ROOT / f).rglob("*.py")]


def test_every_ruling_has_its_section() -> None:
    have = anchors()
    assert {f"r{n}" for n in range(1, 16)} <= have
    assert "decisions" in have


def test_every_ruling_the_code_cites_resolves_here() -> None:
    have = anchors()
    cited: set[str] = set()
    for path in sources():
        cited |= {f"r{n}" for n in re.findall(r"\bR(\d{1,2})\b", path.read_text())}
    assert "r5" in cited  # the search does find citations
    assert cited - have == set()


def test_every_decision_link_resolves_here() -> None:
    have = anchors()
    linked: set[str] = set()
    for path in [*sources(), ROOT / "docs" / "rules-engine.md", REFERENCE]:
        linked |= set(re.findall(r"legends\.md#([a-z0-9-]+)", path.read_text()))
        if path == REFERENCE:
            linked |= set(re.findall(r"\]\(#([a-z0-9-]+)\)", path.read_text()))
    assert "decision-votes" in linked
    assert linked - have == set()


def test_the_code_cites_no_reference_outside_the_repository() -> None:
    for path in (ROOT / "rules").rglob("*.py"):
        assert "legends-rulings.md" not in path.read_text(), path
