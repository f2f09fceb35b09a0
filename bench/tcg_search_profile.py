"""Search-vs-search TCG duels, timed and fingerprinted, for work on the search AI's speed.

    python -m bench.tcg_search_profile [--decks A,B] [--seeds 7,8] [--samples 4] [--profile N]

For each seed, one duel between the two decks with the search player on both sides at a
fixed number of sampled worlds per decision (reproducible, like the CLI's `simulate`).
Prints the process CPU seconds, the winner, turns and actions of each duel, and a
fingerprint of every state the duel passed through. A change that leaves the fingerprints
as they were leaves every decision as it was (the same duels, action by action), so it
needs no new strength measurement; compare CPU seconds over alternating runs, since a
shared machine moves them by 10-15% run to run. `--profile N` prints the N functions
with the most own time (cProfile).
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import pstats
import sys
import time

from content.tcg.loader import load_default_pack
from rules.tcg.ai.search import SearchPlayer
from rules.tcg.cards import DeckList, TcgContent
from rules.tcg.sim import play_duel
from rules.tcg.state import Duel


def by_name(content: TcgContent, name: str) -> DeckList:
    for d in content.decks.values():
        if name in (d.id, d.name):
            return d
    known = ", ".join(d.name for d in content.decks.values())
    raise SystemExit(f"error: no deck '{name}'\nThe bundled decks: {known}.")


def one_duel(
    content: TcgContent, decks: tuple[DeckList, DeckList], seed: int, samples: int
) -> tuple[int | None, int, int, str]:
    """(winner seat, turns, steps, fingerprint of the states)."""
    digest = hashlib.sha256()

    def seen(state: Duel) -> None:
        digest.update(state.model_dump_json().encode())

    players = (
        SearchPlayer(my_deck=decks[0], samples=samples),
        SearchPlayer(my_deck=decks[1], samples=samples),
    )
    rec = play_duel(content, decks, players, seed, on_step=seen)
    return rec.winner, rec.turns, rec.steps, digest.hexdigest()[:16]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decks", default="Ghost Protocol,Loaded Dice")
    ap.add_argument("--seeds", default="7")
    ap.add_argument("--samples", type=int, default=4)
    ap.add_argument("--profile", type=int, default=0, metavar="N")
    args = ap.parse_args(argv)
    content = load_default_pack()
    names = [n.strip() for n in args.decks.split(",")]
    if len(names) != 2:
        raise SystemExit(f"error: --decks takes two names (A,B), not '{args.decks}'")
    decks = (by_name(content, names[0]), by_name(content, names[1]))
    seeds = [int(s) for s in args.seeds.split(",")]
    prof = cProfile.Profile() if args.profile else None
    cpu0 = time.process_time()
    if prof is not None:
        prof.enable()
    rows = [(s, *one_duel(content, decks, s, args.samples)) for s in seeds]
    if prof is not None:
        prof.disable()
    cpu = time.process_time() - cpu0
    print(f"{decks[0].name} v {decks[1].name}, {args.samples} samples: {cpu:.2f} s CPU")
    print("| seed | winner seat | turns | actions | fingerprint |")
    print("|---:|---:|---:|---:|---|")
    for seed, winner, turns, steps, fp in rows:
        print(f"| {seed} | {winner} | {turns} | {steps} | `{fp}` |")
    if prof is not None:
        pstats.Stats(prof, stream=sys.stdout).sort_stats("tottime").print_stats(args.profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
