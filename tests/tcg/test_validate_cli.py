"""`python -m content validate` on a TCG pack, run as a user runs it: every error on its own
line naming the file, the card (or deck) and the field; exit 1; the bundled pack is OK."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

from content.tcg.loader import DEFAULT_PACK_DIR

ROOT = Path(__file__).resolve().parents[2]


def _validate(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "content", "validate", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


def test_validate_names_file_card_and_field_for_each_error_of_a_tcg_pack(tmp_path: Path) -> None:
    pack = Path(
        shutil.copytree(DEFAULT_PACK_DIR, tmp_path / "pack", ignore=shutil.ignore_patterns("*.py"))
    )
    red = pack / "cards" / "red.toml"
    red.write_text(
        red.read_text().replace(
            'type = "power", target = "friendly_unit", amount = 2',
            'type = "power", target = "friendly_unit", amount = "x"',
            1,
        )
    )
    deck = pack / "decks" / "chrome-rush.toml"
    deck.write_text(deck.read_text().replace("alley-cutter =", "alley-cuter ="))
    out = _validate(pack)
    assert out.returncode == 1, out.stdout + out.stderr
    lines = out.stdout.splitlines()
    assert (
        f"{red}: card 'rook-vance' field text.triggers[0].effects[0].amount: "
        "Input should be a valid integer, unable to parse string as an integer"
    ) in lines, lines
    assert (
        f"{deck}: deck 'chrome-rush' field cards.alley-cuter: unknown card 'alley-cuter' "
        "(did you mean 'alley-cutter'?)"
    ) in lines, lines
    assert "Traceback" not in out.stderr


def test_validate_passes_the_bundled_tcg_pack() -> None:
    out = _validate(DEFAULT_PACK_DIR)
    assert out.returncode == 0, out.stdout + out.stderr
    assert re.search(
        r"^OK .*: \d+ cards \(\d+ Legends\), \d+ preconstructed decks", out.stdout, re.M
    )
