"""`python -m bot simulate --game tcg`: AI duels between two decks, and how they went.

For balancing the decks and measuring the AI levels: each side is a deck with an AI level;
every pairing is played from both seats with the same seed (side A in seat 1, then in
seat 2). The report gives both sides' win rates with 95% confidence intervals (Wilson),
average turns, the Overtime and deck-out rates and draws. Deterministic for a seed: the
search level uses a fixed number of samples per decision, never the clock. `--json FILE`
writes the report for tooling. Exit status: 0 on success, 2 for a setup problem.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Sequence
from dataclasses import asdict
from typing import TextIO

from bot.i18n import N_, SOURCE, fixed, from_environment, t, tn
from bot.terminal import simulate as command
from bot.terminal.options import add_games, add_json, add_pack, add_seed, command_parser
from bot.terminal.progress import Progress
from bot.terminal.report import ci95, labelled, pct, tally
from cogs.tcg.terminal.setup import (
    DEFAULT_SAMPLES,
    LEVELS,
    SetupError,
    deck,
    level,
    load,
    make_player,
)
from cogs.tcg.words import result_words
from rules.core.stats import game_seed
from rules.tcg.cards import DeckList, TcgContent
from rules.tcg.sim import MatchReport, SideGame, mirrored_seats, play_duel, summarize_match

#: Worker processes allowed for a long run (the machines this runs on are small).
MAX_WORKERS = 2


def parser() -> argparse.ArgumentParser:
    """The options, their help and argparse's errors in the terminal's language."""
    p = command_parser(
        "python -m bot simulate --game tcg",
        N_(
            "Play N Cyberpunk TCG duels between two decks with AI players (seats mirrored) "
            "and report win rates (95% confidence intervals), average turns, Overtime and "
            "deck-out rates and draws."
        ),
    )
    lang = p.lang
    p.add_argument(
        "--decks",
        default=None,
        metavar="A,B",
        help=t(lang, "the two decks, by id or name (default: the pack's first two decks)"),
    )
    p.add_argument(
        "--ai",
        default="greedy,greedy",
        metavar="LEVEL,LEVEL",
        help=t(
            lang,
            "AI level of each side: {levels} (default greedy,greedy)",
            levels=", ".join(LEVELS),
        ),
    )
    add_games(p, N_("duels to play (default 100)"), default=100)
    add_seed(p, N_("base seed (default 0); the same seed gives the same report"), default=0)
    p.add_argument(
        "--samples",
        type=int,
        default=DEFAULT_SAMPLES,
        help=t(
            lang,
            "search level: sampled worlds per decision (default {n})",
            n=str(DEFAULT_SAMPLES),
        ),
    )
    p.add_argument(
        "--workers",
        type=int,
        default=1,
        help=t(
            lang,
            "processes to play the duels in, 1 to {n} (default 1); the games are the same "
            "for any count",
            n=str(MAX_WORKERS),
        ),
    )
    add_pack(p, N_("TCG pack directory (default: the bundled core pack)"))
    add_json(p)
    return p


def _pair(text: str, what: str) -> tuple[str, str]:
    parts = [x.strip() for x in text.split(",")]
    if len(parts) == 1 and parts[0]:
        return parts[0], parts[0]
    if len(parts) != 2 or not all(parts):
        raise SetupError(
            t(
                from_environment(),
                "--{option} takes two names separated by a comma (A,B), not '{text}'",
                option=what,
                text=text,
            )
        )
    return parts[0], parts[1]


def _one_duel(
    content: TcgContent,
    decks: tuple[DeckList, DeckList],
    levels: tuple[str, str],
    samples: int,
    seed: int,
    g: int,
) -> SideGame:
    a_seat = mirrored_seats(g)
    a = make_player(levels[0], decks[0], samples)
    b = make_player(levels[1], decks[1], samples)
    s = game_seed(seed, g // 2)
    if a_seat == 0:
        rec = play_duel(content, decks, (a, b), s)
    else:
        rec = play_duel(content, (decks[1], decks[0]), (b, a), s)
    return SideGame(a_seat=a_seat, record=rec)


_JOB: tuple[TcgContent, tuple[DeckList, DeckList], tuple[str, str], int, int] | None = None


def _init_worker(
    job: tuple[TcgContent, tuple[DeckList, DeckList], tuple[str, str], int, int],
) -> None:
    global _JOB
    _JOB = job


def _worker_duel(g: int) -> SideGame:
    assert _JOB is not None
    return _one_duel(*_JOB, g)


def run_match(
    content: TcgContent,
    decks: tuple[DeckList, DeckList],
    levels: tuple[str, str],
    *,
    games: int,
    seed: int,
    samples: int = DEFAULT_SAMPLES,
    progress: Progress | None = None,
    workers: int = 1,
) -> list[SideGame]:
    """`games` duels, side A = (decks[0], levels[0]). Games 2k and 2k+1 share a seed and
    swap the seats, so neither side keeps the luck of a seat or of a roll-off. With
    `workers` > 1 the duels are shared among that many processes; each duel depends only
    on its number, so the games (and the report) are the same as with one."""
    out: list[SideGame] = []
    if workers <= 1:
        for g in range(games):
            out.append(_one_duel(content, decks, levels, samples, seed, g))
            if progress is not None:
                progress(g + 1, games)
        return out
    import multiprocessing

    job = (content, decks, levels, samples, seed)
    with multiprocessing.Pool(workers, initializer=_init_worker, initargs=(job,)) as pool:
        for g, side in enumerate(pool.imap(_worker_duel, range(games))):
            out.append(side)
            if progress is not None:
                progress(g + 1, games)
    return out


def render(
    r: MatchReport,
    decks: tuple[DeckList, DeckList],
    levels: tuple[str, str],
    seed: int,
    lang: str = SOURCE,
) -> str:
    """The report in the terminal's language `lang` (its numbers the same in each); the
    AI levels stay the words `--ai` takes."""
    a, b = (f"{d.name} ({lv})" for d, lv in zip(decks, levels, strict=True))
    lo_a, hi_a = r.a_ci95
    lo_b, hi_b = r.b_ci95
    width = max(len(a), len(b))
    duels = tn(lang, "{n} duel", "{n} duels", r.games)
    unfinished = t(lang, "   unfinished {n}", n=r.unfinished) if r.unfinished else ""

    def wins(side: str, rate: float, n: int, lo: float, hi: float) -> str:
        shown = pct(lang, rate).rjust(6)
        won = t(lang, "wins {rate}", rate=shown)
        return f"  {side:<{width}}  {won} ({n}/{r.games}), {ci95(lang, lo, hi)}"

    rows = [
        (t(lang, "Draws"), f"{r.draws}{unfinished}"),
        (t(lang, "Turns"), t(lang, "{turns} on average", turns=fixed(lang, r.turns_mean))),
        (t(lang, "Overtime"), t(lang, "{share} of duels", share=pct(lang, r.overtime_rate))),
        (t(lang, "Decked out"), t(lang, "{share} of duels", share=pct(lang, r.deck_out_rate))),
        (
            t(lang, "First player"),
            t(lang, "won {wins}/{games}", wins=str(r.first_wins), games=str(r.games)),
        ),
    ]
    out = [
        t(
            lang,
            "{a} vs {b}: {duels}, seats mirrored, seed {seed}",
            a=a,
            b=b,
            duels=duels,
            seed=str(seed),
        ),
        wins(a, r.a_rate, r.a_wins, lo_a, hi_a),
        wins(b, r.b_rate, r.b_wins, lo_b, hi_b),
        *labelled(rows),
        "  "
        + t(
            lang,
            "{side} won {first} from seat 1, {second} from seat 2",
            side=a,
            first=str(r.a_wins_by_seat[0]),
            second=str(r.a_wins_by_seat[1]),
        ),
    ]
    if r.reasons:
        ended = "; ".join(tally(lang, reason_words(lang, k), v) for k, v in r.reasons.items())
        out.extend(labelled([(t(lang, "How duels ended"), ended)], width=17))
    return "\n".join(out)


def reason_words(lang: str, reason: str) -> str:
    """How a duel ended (the engine's words, a seat's label taken off: "7 Gigs",
    "decked out", "concede", "Street Cred 12") in `lang`."""
    if reason == "decked out":
        return t(lang, "decked out")
    if reason == "concede":
        return t(lang, "concede")
    return result_words(lang, reason)


def content_digest(content: TcgContent, decks: Sequence[DeckList]) -> str:
    """A short digest of what the duels play with: the two deck lists and every card in
    them (translations left out). An edited copy of a pack differs here from the pack it
    was copied from, unless the edit is to a card neither deck plays."""
    ids = sorted({cid for d in decks for cid in (*d.legends, *d.main_ids())})
    played = {
        "decks": [d.model_dump(mode="json") for d in decks],
        "cards": {cid: content.card(cid).model_dump(mode="json") for cid in ids},
    }
    text = json.dumps(played, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


Job = tuple[TcgContent, tuple[DeckList, DeckList], tuple[str, str]]


def _setup(args: argparse.Namespace) -> Job:
    """The pack, the two decks and their levels; raises SetupError."""
    content = load(args.pack)
    if args.decks is None:
        ids = list(content.decks)
        names = (ids[0], ids[1] if len(ids) > 1 else ids[0])
    else:
        names = _pair(args.decks, "decks")
    decks = (deck(content, names[0]), deck(content, names[1]))
    la, lb = _pair(args.ai, "ai")
    levels = (level(la), level(lb))
    command.check_games(args.games)
    if not 1 <= args.workers <= MAX_WORKERS:
        raise SetupError(
            t(
                from_environment(),
                "--workers must be from 1 to {most}, not {n}",
                most=str(MAX_WORKERS),
                n=str(args.workers),
            )
        )
    if args.samples < 1:
        raise SetupError(
            t(from_environment(), "--samples must be at least 1, not {n}", n=str(args.samples))
        )
    return content, decks, levels


def _run(job: Job, args: argparse.Namespace, out: TextIO, err: TextIO) -> dict[str, object]:
    content, decks, levels = job
    lang = from_environment()
    games = run_match(
        content,
        decks,
        levels,
        games=args.games,
        seed=args.seed,
        samples=args.samples,
        workers=args.workers,
        progress=Progress(err, f"{decks[0].name[:12]} v {decks[1].name[:12]}", lang),
    )
    report = summarize_match(games)
    print(render(report, decks, levels, args.seed, lang), file=out)
    out.flush()
    return {
        "version": 1,
        "pack": content.id,
        "pack_version": content.version,
        "content_digest": content_digest(content, decks),
        "decks": [d.id for d in decks],
        "ai": list(levels),
        "samples": args.samples,
        "seed": args.seed,
        "report": asdict(report),
        "duels": [{"a_seat": g.a_seat, "a_won": g.a_won, **asdict(g.record)} for g in games],
    }


main = command.SimulateCommand(parser, _setup, _run)


if __name__ == "__main__":
    sys.exit(main())
