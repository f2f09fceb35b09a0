"""`python -m bot simulate`: play many runs with AI crews and report how they went.

For content authors balancing a pack (and for the project's own content): win rate with a
95% confidence interval (Wilson), Health left, rounds spent per Obstacle, which Obstacles
flatline crews, and the cards played most. Deterministic for a given seed: the same
command prints the same numbers. `--json FILE` writes the report for tooling.
Exit status: 0 on success, 2 for a setup problem (pack, names, options).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass, field
from typing import TextIO

from bot.i18n import N_, SOURCE, fixed, from_environment, t, tn
from bot.terminal import simulate as command
from bot.terminal.options import add_games, add_json, add_pack, add_seed, command_parser
from bot.terminal.progress import Progress
from bot.terminal.report import ci95, labelled, pct, tally
from cogs.legends.terminal.packs import (
    campaign_id,
    check_runners,
    load,
    scenario_id,
)
from rules.core.stats import game_seed
from rules.legends.actions import Action
from rules.legends.cards import ContentPack, ScenarioKind
from rules.legends.sim import (
    AiKind,
    Brain,
    SimReport,
    crew_table,
    make_brain,
    play_run,
    summarize,
)
from rules.legends.view import PlayerView


def parser() -> argparse.ArgumentParser:
    """The options, their help and argparse's errors in the terminal's language."""
    p = command_parser(
        "python -m bot simulate",
        N_(
            "Play K runs of a scenario with AI crews and report win rate (95% confidence "
            "interval), Health left, rounds per Obstacle, which Obstacles flatline crews "
            "and the cards played most."
        ),
    )
    lang = p.lang
    p.add_argument(
        "--scenario",
        help=t(
            lang,
            "scenario id (or name), or 'all' for every scenario of the campaign; default: "
            "the campaign's first",
        ),
    )
    p.add_argument(
        "--runners", type=int, default=2, help=t(lang, "AI runners per crew (default 2)")
    )
    add_games(p, N_("runs to play (default 100)"), default=100)
    add_seed(p, N_("base seed (default 0); the same seed gives the same report"), default=0)
    add_pack(p, N_("content pack directory (default: the bundled core pack)"))
    p.add_argument("--campaign", help=t(lang, "campaign id (default: the pack's first campaign)"))
    p.add_argument(
        "--ai",
        choices=("crew", "random"),
        default="crew",
        help=t(
            lang,
            "crew: the AI crewmates (default); random: uniformly random legal moves, a baseline",
        ),
    )
    p.add_argument(
        "--merc",
        action="store_true",
        help=t(lang, "with --runners 1: the runner hires a merc (solo rules)"),
    )
    add_json(p)
    return p


# ---- where the Health goes: per-Obstacle attrition and the rounds that flatline -----


@dataclass
class ObstacleDetail:
    """What one Obstacle did to the crews that reached it."""

    name: str
    health: int  # its Health at this crew size
    damage: int  # Damage it deals each round it survives
    health_on_arrival: float  # crew Health when it entered play, mean over games reaching it
    health_lost: float  # crew Health lost to it (round Damage, end-of-round effects) per game
    share_of_damage: float  # its part of all the Health the crews lost
    flatlines: int
    # Round of its fight ("1", "2", "3", "4+") in which it flatlined the crew -> games.
    flatline_rounds: dict[str, int] = field(default_factory=dict)
    # Crew Health when it entered play, in the games it flatlined (mean).
    arrival_in_losses: float = 0.0


@dataclass
class LossDetail:
    scenario: str
    obstacles: list[ObstacleDetail]
    scene_damage: float  # Health lost to scenes (no Obstacle in play), per game
    flatline_round_mean: float  # run round of the flatline, mean over flatlines
    # Share of losses caused by the Obstacle that caused the most (1.0: one wall).
    top_loss_share: float


class _Watch:
    """Follows the crew's Health through the views the AIs are shown (public board
    only), and charges each drop to the Obstacles in play that dealt it."""

    def __init__(self) -> None:
        self.arrival: dict[str, int] = {}
        self.lost: defaultdict[str, float] = defaultdict(float)
        self.health: int | None = None
        self.active: dict[str, int] = {}  # name -> its Damage, at the last view

    def see(self, view: PlayerView) -> None:
        b = view.board
        if b.phase == "idle":
            return
        now = {o.name: o.damage for o in b.obstacles}
        survivors = {n: d for n, d in self.active.items() if n in now}
        self._drop(b.health, survivors or self.active)
        for name in now:
            self.arrival.setdefault(name, b.health)
        self.active = now

    def finish(self, health: int) -> None:
        self._drop(health, self.active)

    def _drop(self, health: int, dealers: dict[str, int]) -> None:
        if self.health is not None and health < self.health:
            lost = self.health - health
            total = sum(dealers.values())
            if not dealers:
                self.lost[""] += lost
            for name, dmg in dealers.items():
                self.lost[name] += lost * (dmg / total if total else 1 / len(dealers))
        self.health = health


class _Watched:
    def __init__(self, brain: Brain, watch: _Watch) -> None:
        self.brain = brain
        self.watch = watch

    def choose(self, view: PlayerView, content: ContentPack) -> Action:
        self.watch.see(view)
        return self.brain.choose(view, content)


def simulate_detailed(
    pack: ContentPack,
    *,
    scenario: str,
    runners: int,
    games: int,
    seed: int,
    ai: AiKind = "crew",
    merc: bool = False,
    progress: Progress | None = None,
) -> tuple[SimReport, LossDetail]:
    """`rules.legends.sim.simulate` (same seeds, same games, same report) plus where the
    crews lost their Health and in which round of which fight they flatlined."""
    results = []
    watches: list[_Watch] = []
    for g in range(games):
        s = game_seed(seed, g)
        table = crew_table(pack, runners=runners, seed=s, merc=merc)
        watch = _Watch()
        brains: dict[str, Brain] = {
            f"ai{i}": _Watched(make_brain(ai, s * 10 + i), watch) for i in range(runners)
        }
        res = play_run(table, pack, brains, scenario=scenario)
        watch.finish(res.health)
        res.table = None
        results.append(res)
        watches.append(watch)
        if progress is not None:
            progress(g + 1, games)
    report = summarize(
        pack, results, scenario=scenario, runners=runners, seed=seed, ai=ai, merc=merc
    )
    seats = runners + (1 if merc and runners == 1 else 0)
    scen = pack.scenarios[scenario]
    cards = {c.name: c for c in scen.deck_in_order() if c.kind is ScenarioKind.OBSTACLE}
    total_lost = sum(sum(w.lost.values()) for w in watches) or 1.0
    details: list[ObstacleDetail] = []
    for name, card in cards.items():
        idx = [i for i, r in enumerate(results) if name in r.obstacle_rounds]
        lost_idx = [i for i in idx if results[i].flatlined_by == name]
        rounds: Counter[str] = Counter()
        for i in lost_idx:
            k = results[i].obstacle_rounds.get(name, 1)
            rounds[str(k) if k < 4 else "4+"] += 1
        arrivals = [watches[i].arrival[name] for i in idx if name in watches[i].arrival]
        lost_arr = [watches[i].arrival[name] for i in lost_idx if name in watches[i].arrival]
        lost_sum = sum(w.lost.get(name, 0.0) for w in watches)
        details.append(
            ObstacleDetail(
                name=name,
                health=card.health_for(seats),
                damage=card.damage,
                health_on_arrival=sum(arrivals) / len(arrivals) if arrivals else 0.0,
                health_lost=lost_sum / len(idx) if idx else 0.0,
                share_of_damage=lost_sum / total_lost,
                flatlines=len(lost_idx),
                flatline_rounds=dict(sorted(rounds.items())),
                arrival_in_losses=sum(lost_arr) / len(lost_arr) if lost_arr else 0.0,
            )
        )
    flat = [r for r in results if r.outcome == "flatlined"]
    causes = Counter(r.flatlined_by for r in flat)
    loss = LossDetail(
        scenario=scenario,
        obstacles=details,
        scene_damage=sum(w.lost.get("", 0.0) for w in watches) / max(1, games),
        flatline_round_mean=sum(r.rounds for r in flat) / len(flat) if flat else 0.0,
        top_loss_share=max(causes.values()) / len(flat) if flat else 0.0,
    )
    return report, loss


def render(r: SimReport, loss: LossDetail | None = None, lang: str = SOURCE) -> str:
    """The report in the terminal's language `lang` (its numbers the same in each)."""
    ai = t(lang, "AI crew") if r.ai == "crew" else t(lang, "random-legal baseline")
    crew = tn(lang, "{n} runner", "{n} runners", r.runners)
    if r.merc:
        crew = t(lang, "{crew} + merc", crew=crew)
    lo, hi = r.win_ci95
    head = t(
        lang,
        "{scenario} ({id}): {games}, {crew}, {ai}, seed {seed}",
        scenario=r.scenario_name,
        id=r.scenario,
        games=tn(lang, "{n} game", "{n} games", r.games),
        crew=crew,
        ai=ai,
        seed=str(r.seed),
    )
    unfinished = t(lang, "   unfinished {n}", n=r.timeouts) if r.timeouts else ""
    ci = ci95(lang, lo, hi)
    rows = [
        (t(lang, "Win rate"), f"{pct(lang, r.win_rate)} ({r.wins}/{r.games}), {ci}"),
        (t(lang, "Flatlined"), f"{r.flatlines}{unfinished}"),
        (
            t(lang, "Health left"),
            t(
                lang,
                "{mean} on average, {won} in the games won",
                mean=fixed(lang, r.health_left_mean),
                won=fixed(lang, r.health_left_wins),
            ),
        ),
        (
            t(lang, "Rounds"),
            t(
                lang,
                "{rounds} per run ({actions}); {plans} of Plans hit",
                rounds=fixed(lang, r.rounds_mean),
                actions=tn(lang, "{n} action", "{n} actions", round(r.actions_mean)),
                plans=pct(lang, r.plan_hit_rate),
            ),
        ),
    ]
    out = [head, *labelled(rows)]
    heads = [t(lang, "reached"), t(lang, "cleared"), t(lang, "rounds/run"), t(lang, "flatlined")]
    widths = [max(w, len(h)) for w, h in zip((7, 7, 10, 9), heads, strict=True)]
    title = t(lang, "Obstacles (deck order)")
    first = max(28, len(title) - 1)  # the names' column, under the title
    out.append(
        f"  {title:<{first + 2}} "
        + "  ".join(f"{h:>{w}}" for h, w in zip(heads, widths, strict=True))
    )
    for o in r.obstacles:
        cells = (str(o.faced), str(o.cleared), fixed(lang, o.rounds_mean, 2), str(o.flatlines))
        out.append(
            f"    {o.name[:28]:<{first}} "
            + "  ".join(f"{c:>{w}}" for c, w in zip(cells, widths, strict=True))
        )
    if r.flatlined_by:
        causes = "; ".join(tally(lang, k, v) for k, v in r.flatlined_by.items())
        out.extend(labelled([(t(lang, "Flatlined by"), causes)]))
    if loss is not None:
        out.extend(_losses(lang, r, loss))
    out.append("  " + t(lang, "Most played (plays per game)"))
    for _, name, per in r.most_played:
        out.append(f"    {fixed(lang, per, 2):>5}  {name}")
    return "\n".join(out)


def _losses(lang: str, r: SimReport, loss: LossDetail) -> list[str]:
    """The report's "where the Health went" table, in `lang`."""
    top = [t(lang, "Health"), t(lang, "Damage"), t(lang, "crew Health"), t(lang, "lost to it")]
    low = [t(lang, "(crew)"), t(lang, "/round"), t(lang, "on arrival"), t(lang, "per game")]
    widths = [max(w, len(a), len(b)) for w, a, b in zip((7, 6, 11, 10), top, low, strict=True)]
    share = t(lang, "share")
    share_w = max(5, len(share))
    title = t(lang, "Where the Health went")
    out = [
        f"  {title:<22} "
        + "  ".join(f"{h:>{w}}" for h, w in zip(top, widths, strict=True))
        + f"  {share:>{share_w}}   "
        + t(lang, "flatlines by round of its fight"),
        f"  {'':<22} " + "  ".join(f"{h:>{w}}" for h, w in zip(low, widths, strict=True)),
    ]
    for d in loss.obstacles:
        rounds = ", ".join(
            t(lang, "r{round}: {n}", round=k, n=v) for k, v in d.flatline_rounds.items()
        )
        arr = (
            t(lang, " (arrived with {health})", health=fixed(lang, d.arrival_in_losses))
            if d.flatlines
            else ""
        )
        by_round = f" - {rounds}" if rounds else ""
        cells = (
            str(d.health),
            str(d.damage),
            fixed(lang, d.health_on_arrival),
            fixed(lang, d.health_lost),
        )
        out.append(
            f"    {d.name[:20]:<20} "
            + "  ".join(f"{c:>{w}}" for c, w in zip(cells, widths, strict=True))
            + f"  {pct(lang, d.share_of_damage):>{share_w}}   {d.flatlines}{by_round}{arr}"
        )
    if loss.scene_damage:
        out.append(
            "    "
            + t(lang, "scenes: {health} Health per game", health=fixed(lang, loss.scene_damage))
        )
    if r.flatlines:
        out.append(
            "  "
            + t(
                lang,
                "Flatlines came in round {round} of the run on average; the top cause ended "
                "{share} of them",
                round=fixed(lang, loss.flatline_round_mean),
                share=pct(lang, loss.top_loss_share),
            )
        )
    return out


def _setup(args: argparse.Namespace) -> tuple[ContentPack, list[str]]:
    """The pack and the scenarios to play; raises SetupError."""
    pack = load(args.pack)
    camp = campaign_id(pack, args.campaign)
    scenarios = _scenarios(pack, camp, args.scenario)
    check_runners(pack, args.runners, args.merc)
    command.check_games(args.games)
    return pack, scenarios


def _run(
    job: tuple[ContentPack, list[str]], args: argparse.Namespace, out: TextIO, err: TextIO
) -> dict[str, object]:
    pack, scenarios = job
    ai: AiKind = "crew" if args.ai == "crew" else "random"
    lang = from_environment()
    reports: list[dict[str, object]] = []
    for scen in scenarios:
        progress = Progress(err, pack.scenarios[scen].name[:24], lang)
        report, loss = simulate_detailed(
            pack,
            scenario=scen,
            runners=args.runners,
            games=args.games,
            seed=args.seed,
            ai=ai,
            merc=args.merc,
            progress=progress,
        )
        reports.append({**asdict(report), "losses": asdict(loss)})
        print(render(report, loss, lang), file=out)
        out.flush()
    return {"version": 1, "reports": reports}


def _scenarios(pack: ContentPack, camp: str, name: str | None) -> list[str]:
    if name == "all":
        return list(pack.campaigns[camp].scenarios)
    sid = scenario_id(pack, camp, name)
    return [sid if sid is not None else pack.campaigns[camp].scenarios[0]]


main = command.SimulateCommand(parser, _setup, _run)


if __name__ == "__main__":
    sys.exit(main())
