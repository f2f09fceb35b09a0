"""Setting up a game by player count (§3, L17): Mastermind, Scheme, Villain Deck, Hero
Deck, players' decks, the first player; then the first turn's Villain card."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from rules.core.rng import Rng
from rules.core.text import plural
from rules.legendary import city
from rules.legendary.cards import GroupDef, Pack
from rules.legendary.codes import Code, Ev, refuse
from rules.legendary.engine import Outcome, start_turn
from rules.legendary.state import HAND_SIZE, HQ, Game, Options, Z, all_zone_names
from rules.legendary.work import Work


class Counts(BaseModel):
    model_config = ConfigDict(frozen=True)

    villain_groups: int
    henchman_groups: int
    henchman_cards: int | None  # None: whole groups
    bystanders: int
    heroes: int
    strikes: int


# The §3 table (solo per L17's basic variant).
COUNTS: dict[int, Counts] = {
    1: Counts(villain_groups=1, henchman_groups=1, henchman_cards=3, bystanders=1, heroes=3,
              strikes=1),
    2: Counts(villain_groups=2, henchman_groups=1, henchman_cards=None, bystanders=2, heroes=5,
              strikes=5),
    3: Counts(villain_groups=3, henchman_groups=1, henchman_cards=None, bystanders=8, heroes=5,
              strikes=5),
    4: Counts(villain_groups=3, henchman_groups=2, henchman_cards=None, bystanders=8, heroes=5,
              strikes=5),
    5: Counts(villain_groups=4, henchman_groups=2, henchman_cards=None, bystanders=12, heroes=6,
              strikes=5),
}  # fmt: skip


class Setup(BaseModel):
    """A game's choices. Missing lists are drawn at random from the pack."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    names: tuple[str, ...] = Field(min_length=1, max_length=5)
    scheme: str | None = None
    mastermind: str | None = None
    villains: tuple[str, ...] | None = None
    henchmen: tuple[str, ...] | None = None
    heroes: tuple[str, ...] | None = None
    epic: bool = False
    options: Options = Options()


def counts_for(setup: Setup, pack: Pack) -> Counts:
    """The Villain Deck and Hero counts for this setup (table, Scheme and Mastermind)."""
    base = COUNTS[len(setup.names)]
    opts = setup.options
    n = len(setup.names)
    if n == 1 and opts.advanced_solo:
        base = base.model_copy(update={"strikes": 5})  # L17 advanced solo
    if opts.whatif_setup and n == 4:
        base = base.model_copy(update={"villain_groups": 4})
    if opts.whatif_setup and n == 5:
        base = base.model_copy(update={"villain_groups": 5, "bystanders": 16})
    scheme = pack.schemes.get(setup.scheme or "")
    mm = pack.masterminds.get(setup.mastermind or "")
    extra_h = (scheme.extra_heroes if scheme else 0) + (mm.setup_extra_heroes if mm else 0)
    extra_v = scheme.extra_villain_groups if scheme else 0
    return base.model_copy(
        update={"heroes": base.heroes + extra_h, "villain_groups": base.villain_groups + extra_v}
    )


def villain_deck_summary(setup: Setup, pack: Pack) -> dict[str, int]:
    """What the Villain Deck will hold for this setup, by kind (for a setup screen)."""
    cnt = counts_for(setup, pack)
    scheme = pack.schemes.get(setup.scheme or "")
    n = len(setup.names)
    twists = scheme.twists_by_players.get(n, scheme.twists) if scheme else 0
    twists += setup.options.extra_twists
    return {
        "villain_groups": cnt.villain_groups,
        "henchman_groups": cnt.henchman_groups,
        "henchman_cards": cnt.henchman_cards if cnt.henchman_cards is not None else -1,
        "bystanders": cnt.bystanders,
        "master_strikes": cnt.strikes,
        "scheme_twists": twists,
        "heroes": cnt.heroes,
    }


def _pick(
    rng: Rng, given: tuple[str, ...] | None, pool: list[str], n: int, must: list[str], what: str
) -> tuple[Rng, list[str]]:
    if given is not None:
        for g in given:
            if g not in pool:
                raise refuse(Code.BAD_SETUP, f"There is no {what} '{g}' in this pack.")
        if len(given) != n or len(set(given)) != n:
            raise refuse(
                Code.BAD_SETUP,
                f"This game needs {n} different {plural(n, what)}; {len(given)} given.",
            )
        missing = [m for m in must if m not in given]
        if missing:
            raise refuse(
                Code.BAD_SETUP,
                f"The Mastermind always leads '{missing[0]}'; include it among the {what}s.",
            )
        return rng, list(given)
    rest = [p for p in pool if p not in must]
    rng, shuffled = rng.shuffle(sorted(rest))
    chosen = must + shuffled[: n - len(must)]
    if len(chosen) < n:
        raise refuse(Code.BAD_SETUP, f"This pack has too few {what}s for this game.")
    return rng, chosen


def new_game(pack: Pack, setup: Setup, seed: int) -> Outcome:
    n = len(setup.names)
    rng = Rng(seed=seed)
    if setup.scheme is None:
        rng, s = rng.shuffle(sorted(pack.schemes))
        setup = setup.model_copy(update={"scheme": s[0]})
    if setup.mastermind is None:
        rng, m = rng.shuffle(sorted(pack.masterminds))
        setup = setup.model_copy(update={"mastermind": m[0]})
    assert setup.scheme is not None and setup.mastermind is not None
    if setup.scheme not in pack.schemes:
        raise refuse(Code.BAD_SETUP, f"There is no Scheme '{setup.scheme}' in this pack.")
    if setup.mastermind not in pack.masterminds:
        raise refuse(Code.BAD_SETUP, f"There is no Mastermind '{setup.mastermind}' in this pack.")
    scheme = pack.schemes[setup.scheme]
    mm = pack.masterminds[setup.mastermind]
    if setup.epic and mm.adapting and scheme.shuffles_tactics:
        # Double-sided Tactics can't be shuffled into decks of single-sided cards (§7).
        raise refuse(Code.BAD_SETUP, f"{scheme.name} can't be played with {mm.name}'s Tactics.")
    cnt = counts_for(setup, pack)
    solo = n == 1
    lead = pack.groups.get(mm.always_leads)
    villains = sorted(g for g, d in pack.groups.items() if not d.henchman)
    henchmen = sorted(g for g, d in pack.groups.items() if d.henchman)
    must_v = [] if solo or lead is None or lead.henchman else [lead.id]
    must_h = [] if solo or lead is None or not lead.henchman else [lead.id]
    rng, vg = _pick(rng, setup.villains, villains, cnt.villain_groups, must_v, "Villain Group")
    rng, hg = _pick(rng, setup.henchmen, henchmen, cnt.henchman_groups, must_h, "Henchman Group")
    rng, heroes = _pick(rng, setup.heroes, sorted(pack.heroes), cnt.heroes, [], "Hero")

    instances: dict[str, str] = {}
    zones: dict[str, list[str]] = {z: [] for z in all_zone_names(n)}

    def make(card_id: str, k: int = 1) -> list[str]:
        out = []
        for _ in range(k):
            inst = f"c{len(instances) + 1}"
            instances[inst] = card_id
            out.append(inst)
        return out

    def group_cards(g: GroupDef, limit: int | None = None) -> list[str]:
        ids = [cid for cid in g.cards for _ in range(getattr(pack.cards[cid], "copies", 1))]
        return [make(cid)[0] for cid in (ids[:limit] if limit is not None else ids)]

    # 1. Mastermind: Tactics face down in random order, or Adapt (§3, §7).
    rng, tactics = rng.shuffle([make(t)[0] for t in mm.tactics])
    zones[Z.TACTICS] = tactics
    # 3. The Villain Deck.
    vdeck: list[str] = []
    twists = scheme.twists_by_players.get(n, scheme.twists)
    vdeck += make(pack.twist_card, twists + setup.options.extra_twists)
    vdeck += make(pack.strike_card, cnt.strikes)
    for g in vg:
        vdeck += group_cards(pack.groups[g])
    for g in hg:
        vdeck += group_cards(pack.groups[g], cnt.henchman_cards)
    by_ids = [pack.bystander[k % len(pack.bystander)] for k in range(pack.bystanders)]
    rng, bys = rng.shuffle([make(b)[0] for b in by_ids])
    vdeck += bys[: cnt.bystanders]
    zones[Z.BYSTANDERS] = bys[cnt.bystanders :]
    rng, zones[Z.VILLAIN_DECK] = rng.shuffle(vdeck)
    # 4. The Hero Deck and the HQ.
    hdeck: list[str] = []
    for h in heroes:
        for cid in pack.heroes[h].cards:
            card = pack.cards[cid]
            hdeck += make(cid, getattr(card, "copies", 1))
    rng, hdeck = rng.shuffle(hdeck)

    def dear(insts: list[str]) -> int:
        return sum(1 for i in insts if getattr(pack.cards[instances[i]], "cost", 0) >= 7)

    if setup.options.hq_mulligan and dear(hdeck[:HQ]) >= 2:
        # L17: a starting HQ with two or more Heroes costing 7+ is redrawn (once).
        rng, hdeck = rng.shuffle(hdeck)
    for i in range(HQ):
        if hdeck:
            zones[Z.hq(i)] = [hdeck.pop(0)]
    zones[Z.HERO_DECK] = hdeck
    zones[Z.OFFICERS] = make(pack.officer, pack.officers)
    zones[Z.WOUNDS] = make(pack.wound, scheme.wounds_by_players.get(n, pack.wounds))
    if scheme.tokens is not None:
        zones[Z.TOKENS] = make(scheme.tokens.card, scheme.tokens.count)  # L13
    # 5. Players: 12 starting cards, shuffled, draw 6.
    for p in range(n):
        start = make(pack.agent, pack.agents) + make(pack.trooper, pack.troopers)
        rng, deck = rng.shuffle(start)
        zones[Z.hand(p)] = deck[:HAND_SIZE]
        zones[Z.deck(p)] = deck[HAND_SIZE:]
    # 6. A random first player.
    rng, first = rng.randint(0, n - 1)
    game = Game(
        rng=rng,
        options=setup.options,
        names=setup.names,
        current=first,
        zones={k: tuple(v) for k, v in zones.items()},
        instances=instances,
        mastermind=mm.id,
        scheme=scheme.id,
        epic=setup.epic,
    )
    w = Work(game, pack)
    w.emit(
        Ev.SETUP,
        f"{scheme.name} against {mm.name}; Villains: "
        + ", ".join(pack.groups[g].name for g in vg + hg)
        + "; Heroes: "
        + ", ".join(pack.heroes[h].name for h in heroes),
        villains=vg,
        henchmen=hg,
        heroes=heroes,
    )
    if mm.adapting:
        city.adapt(w)
    start_turn(w)
    return Outcome(w.freeze(bump=False), tuple(w.events))
