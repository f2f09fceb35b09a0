"""Screen candidate deck swaps before spending search-level duels on one.

A search duel costs about 20 greedy duels on the shared machine, so a balance pass first
plays each candidate swap (one card out, one in; the deck must stay legal) against the
other decks at a cheap AI level, every candidate on the same seeds as the unchanged deck
(common random numbers: the comparison's noise is then mostly the swap's effect). The
result only ranks candidates; the balance target is judged at the search level
(`python -m bot simulate --ai search,search` and bench/tcg_pool.py).

    .venv/bin/python -m bench.tcg_deck_screen --deck loaded-dice \
        --swap lucky-coin=tally-clerk --swap lucky-coin=lockbox \
        --against chrome-rush,convoy-wall --ai greedy,greedy --games 200 --seed 900
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from cogs.tcg.terminal.setup import DEFAULT_SAMPLES, deck, load
from cogs.tcg.terminal.simulate import run_match
from rules.tcg.cards import DeckList, TcgContent
from rules.tcg.decks import deck_problems
from rules.tcg.sim import summarize_match


def swapped(base: DeckList, out_id: str, in_id: str, content: TcgContent) -> DeckList:
    """`base` with one copy of `out_id` replaced by one of `in_id`; refuses an illegal
    result (a 4th copy, an unknown card, a closed colour) with the deck rules' words."""
    counts = dict(base.cards)
    if counts.get(out_id, 0) < 1:
        raise ValueError(f"{base.id} has no {out_id} to take out")
    counts[out_id] -= 1
    if counts[out_id] == 0:
        del counts[out_id]
    counts[in_id] = counts.get(in_id, 0) + 1
    new = base.model_copy(update={"cards": tuple(counts.items())})
    problems = deck_problems(new, content)
    if problems:
        raise ValueError(f"{base.id} with {out_id}->{in_id}: " + "; ".join(problems))
    return new


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m bench.tcg_deck_screen",
        description="Win rates of a deck and of one-card swaps of it against other decks, "
        "on the same seeds.",
    )
    p.add_argument("--deck", required=True, help="the deck to change (id or name)")
    p.add_argument(
        "--swap", action="append", default=[], metavar="OUT=IN", help="a candidate (repeatable)"
    )
    p.add_argument("--against", required=True, metavar="D,D", help="the opposing decks")
    p.add_argument("--ai", default="greedy,greedy", metavar="LEVEL,LEVEL")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    args = p.parse_args(list(sys.argv[1:] if argv is None else argv))
    content = load(None)
    base = deck(content, args.deck)
    variants: list[tuple[str, DeckList]] = [("as is", base)]
    for s in args.swap:
        out_id, _, in_id = s.partition("=")
        try:
            variants.append((f"{out_id}->{in_id}", swapped(base, out_id, in_id, content)))
        except ValueError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
    la, lb = args.ai.split(",")
    for opp_name in args.against.split(","):
        opp = deck(content, opp_name)
        for label, d in variants:
            r = summarize_match(
                run_match(
                    content,
                    (d, opp),
                    (la, lb),
                    games=args.games,
                    seed=args.seed,
                    samples=args.samples,
                )
            )
            lo, hi = r.a_ci95
            print(
                f"{base.id} [{label}] vs {opp.id}: {r.a_wins}-{r.b_wins} of {r.games}, "
                f"{100 * r.a_rate:.1f}% [{100 * lo:.1f}%, {100 * hi:.1f}%], "
                f"turns {r.turns_mean:.1f}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
