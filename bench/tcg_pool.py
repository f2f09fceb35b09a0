"""Pool TCG duel results (`python -m bot simulate --game tcg --json F`) per pairing.

Balance is judged on a pooled Wilson interval over several runs (different seeds, run
as they fit on a shared machine), so this adds up the JSON reports by pairing and prints
each deck's wins with the 95% interval. Runs are pooled only when they agree on pack,
AI levels and samples: duels at another search strength are another experiment. The pack
is its id, and, where the report records them, its version and the content digest (the
two decks and their cards, compared within a pairing): a copy of the pack with a card of
those decks edited is another experiment. Older reports without a version or digest are
checked on what they record.
Earlier totals whose JSON files are gone (recorded in docs/tcg-content.md) go in with
--prior.

    .venv/bin/python -m bench.tcg_pool F.json ... [--prior A,B=A_WINS,B_WINS,DUELS,AVG_TURNS]
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

from rules.core.stats import wilson


@dataclass
class Pool:
    a_wins: int = 0
    b_wins: int = 0
    duels: int = 0
    turns_sum: float = 0.0  # turns x duels, so that runs of any size average right
    sources: list[str] = field(default_factory=list)

    def add(self, a: int, b: int, n: int, turns_mean: float, source: str) -> None:
        self.a_wins += a
        self.b_wins += b
        self.duels += n
        self.turns_sum += turns_mean * n
        self.sources.append(source)


def _pack_of(data: dict[str, object]) -> dict[str, str]:
    """What the report records of its pack: id, and version and digest when present."""
    pack = {"id": str(data["pack"])}
    for key, name in (("version", "pack_version"), ("digest", "content_digest")):
        value = data.get(name)
        if value is not None:
            pack[key] = str(value)
    return pack


def load(paths: list[str], pools: dict[tuple[str, str], Pool]) -> tuple[str, ...] | None:
    """Add each report to its pairing's pool; returns the (pack, ai, samples) they share."""
    setting: tuple[str, ...] | None = None
    pack: dict[str, tuple[str, str]] = {}  # id / version / digest: (value, first file with it)
    for p in paths:
        data = json.loads(Path(p).read_text(encoding="utf-8"))
        here = (data["pack"], ",".join(data["ai"]), str(data["samples"]))
        if setting is None:
            setting = here
        elif here != setting:
            raise SystemExit(
                f"error: {p} was played with pack/ai/samples {here}, the others with {setting}\n"
                "Pool runs of one setting at a time."
            )
        a, b = data["decks"]
        for key, value in _pack_of(data).items():
            # The digest is of the decks played, so it is compared within a pairing only.
            slot = f"digest {a},{b}" if key == "digest" else key
            known, source = pack.setdefault(slot, (value, p))
            if value != known:
                raise SystemExit(
                    f"error: {p} was played with pack {key} {value}, {source} with {known}: "
                    "the cards or decks differ.\n"
                    "Pool runs of one pack version (and content) at a time."
                )
        r = data["report"]
        pools.setdefault((a, b), Pool()).add(
            r["a_wins"], r["b_wins"], r["games"], r["turns_mean"], f"{r['games']} at {data['seed']}"
        )
    if setting is not None and "version" in pack:
        setting = (f"{setting[0]} {pack['version'][0]}", *setting[1:])
    return setting


def add_prior(text: str, pools: dict[tuple[str, str], Pool]) -> None:
    try:
        decks, nums = text.split("=")
        a, b = (x.strip() for x in decks.split(","))
        aw, bw, n, turns = nums.split(",")
        pools.setdefault((a, b), Pool()).add(int(aw), int(bw), int(n), float(turns), f"{n} earlier")
    except ValueError:
        raise SystemExit(
            f"error: --prior '{text}' is not A,B=A_WINS,B_WINS,DUELS,AVG_TURNS\n"
            "Example: --prior convoy-wall,ghost-protocol=49,51,100,12.3"
        ) from None


def render(pools: dict[tuple[str, str], Pool]) -> str:
    out = []
    for (a, b), p in sorted(pools.items()):
        lo_a, hi_a = wilson(p.a_wins, p.duels)
        lo_b, hi_b = wilson(p.b_wins, p.duels)
        other = p.duels - p.a_wins - p.b_wins
        out.append(
            f"{a} vs {b}: {p.duels} duels ({' + '.join(p.sources)}), "
            f"{p.a_wins}-{p.b_wins}" + (f" ({other} drawn/unfinished)" if other else "")
        )
        out.append(
            f"  {a}: {100 * p.a_wins / p.duels:.1f}% [{100 * lo_a:.1f}%, {100 * hi_a:.1f}%]"
            f"   {b}: {100 * p.b_wins / p.duels:.1f}% [{100 * lo_b:.1f}%, {100 * hi_b:.1f}%]"
            f"   turns {p.turns_sum / p.duels:.1f}"
            f"   {'within 60%' if max(hi_a, hi_b) <= 0.6 else 'not shown'}"
        )
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.tcg_pool", description=__doc__)
    ap.add_argument("files", nargs="*", help="JSON reports of `simulate --game tcg --json`")
    ap.add_argument("--prior", action="append", default=[], metavar="A,B=AW,BW,N,TURNS")
    args = ap.parse_args(argv)
    pools: dict[tuple[str, str], Pool] = {}
    setting = load(args.files, pools)
    for text in args.prior:
        add_prior(text, pools)
    if setting:
        print(f"pack {setting[0]}, ai {setting[1]}, {setting[2]} samples")
    print(render(pools))
    return 0


if __name__ == "__main__":
    sys.exit(main())
