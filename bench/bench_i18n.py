"""What speaking Polish costs a Legends answer: the same messages rendered in English and
in Polish (the catalogue look-ups, the phrasebook taking the engine's English back to
its templates, the pack's translations).

    python -m bench.bench_i18n               # every step of the gallery's main run, x5
    python -m bench.bench_i18n --repeat 20

For every step of a deterministic run: the public update, the board and every seated
player's panel, as the bot builds them. Prints microseconds per message per language.
Numbers go to docs/benchmarks.md, "Messages in Polish".
"""

from __future__ import annotations

import argparse
import time

from cogs.legends import gallery
from content.legends.loader import load_default_pack


def _render_all(steps: list[gallery.Step], content: object, loc: str) -> int:
    n = 0
    for step in steps:
        if gallery.public_update("u", "u", "", step, content, loc=loc) is not None:  # type: ignore[arg-type]
            n += 1
        gallery.status_board("b", "b", "", step.after, content, loc=loc)  # type: ignore[arg-type]
        n += 1
        if step.after.run is None:
            continue
        for player in dict.fromkeys(r.player for r in step.after.runners):
            notes = gallery.private_notes(step, player, loc=loc)
            gallery.hand_panel("h", "h", "", step.after, player, content, notes, loc=loc)  # type: ignore[arg-type]
            n += 1
    return n


def main() -> None:
    ap = argparse.ArgumentParser(prog="python -m bench.bench_i18n")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    content = load_default_pack()
    steps = gallery.main_run(content)
    for loc in ("en", "pl"):
        _render_all(steps, content, loc)  # warm caches (compiled catalogue, patterns)
        t0 = time.perf_counter()
        n = sum(_render_all(steps, content, loc) for _ in range(args.repeat))
        dt = time.perf_counter() - t0
        print(f"{loc}: {n} messages, {dt * 1e6 / n:.0f} us per message")


if __name__ == "__main__":
    main()
