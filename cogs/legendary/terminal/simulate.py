"""`python -m bot simulate --game legendary`: AI tables play many games and the report
says how they went.

For content authors balancing Schemes and Masterminds: the players' win rate with a 95%
confidence interval (Wilson), the Evil Wins and draw rates, turns per game and what beat
the players. `--scheme all` / `--mastermind all` run every pairing. Deterministic for a
seed (`rules.legendary.sim.simulate` is pure); `--json FILE` writes the reports.
Exit status: 0 on success, 2 for a setup problem (pack, names, numbers).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from bot.i18n import N_, SOURCE, fixed, from_environment, t, tn
from bot.terminal import simulate as command
from bot.terminal.options import add_games, add_json, add_pack, add_seed, command_parser
from bot.terminal.progress import Progress
from bot.terminal.report import ci95, labelled, pct, tally
from cogs.legendary.terminal.packs import check_players, load, pick
from rules.core.stats import wilson
from rules.legendary.cards import Pack
from rules.legendary.sim import SimReport, simulate

AIS = ("planner", "greedy", "random")


def parser() -> argparse.ArgumentParser:
    """The options, their help and argparse's errors in the terminal's language."""
    p = command_parser(
        "python -m bot simulate --game legendary",
        N_(
            "Play K games of Legendary 2099 with AI players and report the win rate (95% "
            "confidence interval), Evil Wins and draw rates, turns and what beat the players."
        ),
    )
    lang = p.lang
    p.add_argument(
        "--players", type=int, default=2, help=t(lang, "players at the table, 1-5 (default 2)")
    )
    p.add_argument(
        "--scheme", default="all", help=t(lang, "Scheme id or name, or 'all' (default: all)")
    )
    p.add_argument(
        "--mastermind",
        default="all",
        help=t(lang, "Mastermind id or name, or 'all' (default: all)"),
    )
    add_games(p, N_("games per pairing (default 20)"), default=20)
    p.add_argument(
        "--ai",
        choices=AIS,
        default="planner",
        help=t(lang, "planner: the strongest AI (default); greedy: faster; random: a baseline"),
    )
    add_seed(
        p,
        N_(
            "base seed (default 0); same seed, same report; every pairing plays the"
            " same seeds, so pairings compare on equal luck"
        ),
        default=0,
    )
    add_pack(p, N_("content pack directory (default: the bundled pack)"))
    add_json(p, N_("also write the reports as JSON to FILE"))
    return p


#: What an Evil Wins condition counted, as a report's "Beaten by" names it.
EVIL_WINS_ON = {
    "twists": N_("Evil Wins: Scheme Twists"),
    "escaped_villains": N_("Evil Wins: escaped Villains"),
    "escape_heroes": N_("Evil Wins: Heroes in the Escape pile"),
    "escaped_bystanders": N_("Evil Wins: escaped Bystanders"),
    "ko_heroes": N_("Evil Wins: Heroes KO'd"),
    "wounds_empty": N_("Evil Wins: no Wounds left"),
    "villain_deck_empty": N_("Evil Wins: the Villain Deck ran out"),
    "hero_deck_empty": N_("Evil Wins: the Hero Deck ran out"),
    "vote_lead": N_("Evil Wins: the Mastermind's vote lead"),
    "tokens_out": N_("Evil Wins: the Scheme's tokens out"),
}
#: The other ends `rules.legendary.sim` names ("evil" without a condition, a draw).
OTHER_ENDS = {
    "evil": N_("Evil Wins"),
    "draw: a deck ran out": N_("draw: a deck ran out"),
    "unfinished": N_("unfinished"),
}


def beaten_words(lang: str, cause: str) -> str:
    """What beat the players (`rules.legendary.sim`'s words, also the JSON's keys) in
    `lang`; English as the simulator says it."""
    if lang == SOURCE:
        return cause
    on = cause.removeprefix("evil: ")
    if on != cause and on in EVIL_WINS_ON:
        return t(lang, EVIL_WINS_ON[on])
    return t(lang, OTHER_ENDS[cause]) if cause in OTHER_ENDS else cause


def render(r: SimReport, pack: Pack, seed: int, lang: str = SOURCE) -> str:
    """The report of one pairing in the terminal's language `lang` (its numbers the
    same in each; the AI stays the word `--ai` takes)."""
    lo, hi = wilson(r.wins, r.games)
    unfinished = t(lang, "   unfinished {n}", n=r.unfinished) if r.unfinished else ""
    head = t(
        lang,
        "{scheme} vs {mastermind}: {games}, {players}, {ai} AI, seed {seed}",
        scheme=pack.translated(f"schemes.{r.scheme}.name", lang),
        mastermind=pack.translated(f"masterminds.{r.mastermind}.name", lang),
        games=tn(lang, "{n} game", "{n} games", r.games),
        players=tn(lang, "{n} player", "{n} players", r.players),
        ai=r.agent,
        seed=str(seed),
    )
    ci = ci95(lang, lo, hi)
    rows = [
        (t(lang, "Win rate"), f"{pct(lang, r.win_rate)} ({r.wins}/{r.games}), {ci}"),
        (t(lang, "Evil Wins"), f"{pct(lang, r.evil_rate)} ({r.evil})"),
        (t(lang, "Draws"), f"{pct(lang, r.draw_rate)} ({r.draws}){unfinished}"),
        (t(lang, "Turns"), t(lang, "{turns} per game", turns=fixed(lang, r.mean_turns))),
    ]
    if r.beaten_by:
        ranked = sorted(r.beaten_by.items(), key=lambda kv: (-kv[1], kv[0]))
        causes = "; ".join(tally(lang, beaten_words(lang, k), v) for k, v in ranked)
        rows.append((t(lang, "Beaten by"), causes))
    return "\n".join([head, *labelled(rows, width=12)])


def render_total(reports: list[SimReport], lang: str = SOURCE) -> str:
    games = sum(r.games for r in reports)
    wins = sum(r.wins for r in reports)
    evil = sum(r.evil for r in reports)
    draws = sum(r.draws for r in reports)
    lo, hi = wilson(wins, games)
    return t(
        lang,
        "All {pairings}: {games}; win rate {rate}, {ci}; Evil Wins {evil}; draws {draws}",
        pairings=tn(lang, "{n} pairing", "{n} pairings", len(reports)),
        games=tn(lang, "{n} game", "{n} games", games),
        rate=pct(lang, wins / games),
        ci=ci95(lang, lo, hi),
        evil=pct(lang, evil / games),
        draws=pct(lang, draws / games),
    )


def to_json(r: SimReport, seed: int) -> dict[str, Any]:
    lo, hi = wilson(r.wins, r.games)
    return {**r.model_dump(mode="json"), "seed": seed, "win_ci95": [lo, hi]}


Job = tuple[Pack, list[str], list[str]]


def _setup(args: argparse.Namespace) -> Job:
    """The pack and the Schemes and Masterminds to pair; raises SetupError."""
    check_players(args.players)
    command.check_games(args.games)
    pack = load(args.pack)
    schemes = pick(
        "scheme", args.scheme, {k: v.name for k, v in pack.schemes.items()}, allow_all=True
    )
    masterminds = pick(
        "mastermind",
        args.mastermind,
        {k: v.name for k, v in pack.masterminds.items()},
        allow_all=True,
    )
    return pack, schemes, masterminds


def _run(job: Job, args: argparse.Namespace, out: TextIO, err: TextIO) -> dict[str, object]:
    pack, schemes, masterminds = job
    lang = from_environment()
    reports: list[SimReport] = []
    for s in schemes:
        for m in masterminds:
            label = f"{pack.schemes[s].name[:12]}/{pack.masterminds[m].name[:12]}"
            r = simulate(
                pack,
                players=args.players,
                scheme=s,
                mastermind=m,
                games=args.games,
                agent=args.ai,
                seed=args.seed,
                progress=Progress(err, label, lang),
            )
            reports.append(r)
            print(render(r, pack, args.seed, lang), file=out)
            out.flush()
    if len(reports) > 1:
        print(render_total(reports, lang), file=out)
    return {
        "version": 1,
        "game": "legendary",
        "reports": [to_json(r, args.seed) for r in reports],
    }


main = command.SimulateCommand(parser, _setup, _run)


if __name__ == "__main__":
    sys.exit(main())
