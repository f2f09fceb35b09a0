"""The public scenario builder: a mid-game position from a compact description.

Cards are named by card id (of any pack, including a small pack written in a test). Every
list is top first where order matters (decks, Villain Deck, Hero Deck, Tactics):

    game = scenario(
        pack,
        players=2,
        hands={0: ["agent", "agent", "blade-dancer"]},
        decks={0: ["trooper"]},
        hq=["street-doc", None, "wrench-jockey"],
        city={4: "thug", 2: ("boss", ["civilian"])},   # space: card or (card, captured)
        villain_deck=["thug", "twist"],
        tactics=["mm-tactic-1", "mm-tactic-2"],
        attack=3,
    )
    t = Table(pack, game)
    t.play(0, "blade-dancer")
    t.fight(0, "thug")
    assert t.ids("p0.victory") == ["thug"]

Stacks not given (Wounds, Bystanders, Officers, the Scheme's tokens) are filled from the
pack's supply; give `wounds=0` etc. for an empty one. `scheme_stack` is the Scheme's
public stack (votes, L12) and `under={space: [token, ...]}` the tokens under HQ spaces
(L13). The position starts in step 2 of `current`'s turn, with
nothing pending, unless `start_turn=True` plays the Villain card first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.core.errors import IllegalAction, Refusal
from rules.core.events import Event
from rules.core.rng import Rng
from rules.legendary import engine
from rules.legendary.actions import (
    MASTERMIND,
    OFFICER,
    Action,
    Choose,
    EndTurn,
    Fight,
    Heal,
    Play,
    Recruit,
)
from rules.legendary.cards import Pack
from rules.legendary.state import CITY, HQ, Game, Options, Turn, Z, all_zone_names
from rules.legendary.work import Work

CitySpec = Mapping[int, "str | tuple[str, Sequence[str]]"]


def scenario(
    pack: Pack,
    *,
    players: int = 1,
    names: Sequence[str] | None = None,
    current: int = 0,
    mastermind: str | None = None,
    scheme: str | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    decks: Mapping[int, Sequence[str]] | None = None,
    discards: Mapping[int, Sequence[str]] | None = None,
    played: Mapping[int, Sequence[str]] | None = None,
    victory: Mapping[int, Sequence[str]] | None = None,
    undercover: Mapping[int, Sequence[str]] | None = None,
    hq: Sequence[str | None] = (),
    city: CitySpec | None = None,
    villain_deck: Sequence[str] = (),
    hero_deck: Sequence[str] = (),
    escape: Sequence[str] = (),
    ko: Sequence[str] = (),
    tactics: Sequence[str] | None = None,
    mm_captured: Sequence[str] = (),
    scheme_stack: Sequence[str] = (),
    under: Mapping[int, Sequence[str]] | None = None,
    tokens: int | None = None,
    bystanders: int | None = None,
    wounds: int | None = None,
    officers: int | None = None,
    recruit: int = 0,
    attack: int = 0,
    twists: int = 0,
    epic: bool = False,
    options: Options | None = None,
    seed: int = 1,
    start_turn: bool = False,
) -> Game:
    names = tuple(names) if names is not None else tuple(f"p{i + 1}" for i in range(players))
    n = len(names)
    mm = pack.masterminds[mastermind or sorted(pack.masterminds)[0]]
    sch = pack.schemes[scheme or sorted(pack.schemes)[0]]
    instances: dict[str, str] = {}
    zones: dict[str, list[str]] = {z: [] for z in all_zone_names(n)}

    def make(ids: Sequence[str]) -> list[str]:
        out = []
        for cid in ids:
            if cid not in pack.cards:
                raise KeyError(f"scenario: no card '{cid}' in the pack")
            inst = f"c{len(instances) + 1}"
            instances[inst] = cid
            out.append(inst)
        return out

    for seat in range(n):
        zones[Z.hand(seat)] = make((hands or {}).get(seat, ()))
        zones[Z.deck(seat)] = make((decks or {}).get(seat, ()))
        zones[Z.discard(seat)] = make((discards or {}).get(seat, ()))
        zones[Z.played(seat)] = make((played or {}).get(seat, ()))
        zones[Z.victory(seat)] = make((victory or {}).get(seat, ()))
    uc: list[str] = []
    for seat, ids in (undercover or {}).items():
        made = make(ids)
        zones[Z.victory(seat)] += made
        uc += made
    for i, cid in enumerate(list(hq)[:HQ]):
        if cid is not None:
            zones[Z.hq(i)] = make([cid])
    for space, spec in (city or {}).items():
        if not 0 <= space < CITY:
            raise ValueError(f"scenario: city space {space} is not 0..4")
        cid, held = (spec, ()) if isinstance(spec, str) else spec
        zones[Z.city(space)] = make([cid])
        zones[Z.cap(space)] = make(held)
    zones[Z.VILLAIN_DECK] = make(villain_deck)
    zones[Z.HERO_DECK] = make(hero_deck)
    zones[Z.ESCAPE] = make(escape)
    zones[Z.KO] = make(ko)
    zones[Z.TACTICS] = make(tactics if tactics is not None else mm.tactics)
    zones[Z.MM_CAP] = make(mm_captured)
    zones[Z.SCHEME_STACK] = make(scheme_stack)
    for space, ids in (under or {}).items():
        zones[Z.under(space)] = make(ids)
    if sch.tokens is not None:
        nt = sch.tokens.count if tokens is None else tokens
        zones[Z.TOKENS] = make([sch.tokens.card] * nt)
    nb = pack.bystanders if bystanders is None else bystanders
    zones[Z.BYSTANDERS] = make([pack.bystander[k % len(pack.bystander)] for k in range(nb)])
    zones[Z.WOUNDS] = make([pack.wound] * (pack.wounds if wounds is None else wounds))
    zones[Z.OFFICERS] = make([pack.officer] * (pack.officers if officers is None else officers))
    game = Game(
        rng=Rng(seed=seed),
        options=options or Options(),
        names=names,
        current=current,
        turn=Turn(recruit=recruit, attack=attack, played=tuple(zones[Z.played(current)])),
        zones={k: tuple(v) for k, v in zones.items()},
        instances=instances,
        undercover=tuple(uc),
        mastermind=mm.id,
        scheme=sch.id,
        epic=epic,
        twists=twists,
    )
    if start_turn:
        w = Work(game, pack)
        engine.start_turn(w)
        game = w.freeze(bump=False)
    return game


class Table:
    """A game under test: actions by card id, zones read back as card ids."""

    def __init__(self, pack: Pack, game: Game) -> None:
        self.pack = pack
        self.game = game
        self.events: list[Event] = []

    def start_turn(self) -> list[Event]:
        """Begin the current player's turn: step 1 (the Villain card), as after a cleanup."""
        w = Work(self.game, self.pack)
        engine.start_turn(w)
        self.game = w.freeze()
        self.events += w.events
        return list(w.events)

    def act(self, action: Action) -> list[Event]:
        out = engine.apply(self.game, action, self.pack)
        self.game = out.state
        self.events += out.events
        return list(out.events)

    def refusal(self, action: Action) -> Refusal:
        """The refusal of an action that must be refused (the game stays unchanged)."""
        before = self.game
        try:
            engine.apply(self.game, action, self.pack)
        except IllegalAction as e:
            assert self.game == before
            return e.refusal
        raise AssertionError(f"{action} was accepted")

    # ---- finding cards ----------------------------------------------------------------

    def ids(self, zone: str) -> list[str]:
        return [self.game.instances[i] for i in self.game.zones[zone]]

    def inst(self, zone: str, card_id: str) -> str:
        for i in self.game.zones[zone]:
            if self.game.instances[i] == card_id:
                return i
        raise KeyError(f"no '{card_id}' in {zone}: {self.ids(zone)}")

    def city_inst(self, card_id: str) -> str:
        for s in range(CITY):
            for i in self.game.zones[Z.city(s)]:
                if self.game.instances[i] == card_id:
                    return i
        raise KeyError(f"no '{card_id}' in the city")

    def city(self) -> list[str | None]:
        return [next(iter(self.ids(Z.city(s))), None) for s in range(CITY)]

    def hq(self) -> list[str | None]:
        return [next(iter(self.ids(Z.hq(s))), None) for s in range(HQ)]

    # ---- actions by card id -----------------------------------------------------------

    def play(self, seat: int, card_id: str, fated_future: bool | None = None) -> list[Event]:
        return self.act(
            Play(seat=seat, card=self.inst(Z.hand(seat), card_id), fated_future=fated_future)
        )

    def recruit(self, seat: int, card_id: str) -> list[Event]:
        if card_id == OFFICER:
            return self.act(Recruit(seat=seat, card=OFFICER))
        slot = self.hq().index(card_id)
        return self.act(Recruit(seat=seat, card=self.game.zones[Z.hq(slot)][0]))

    def fight(self, seat: int, card_id: str) -> list[Event]:
        target = MASTERMIND if card_id == MASTERMIND else self.city_inst(card_id)
        return self.act(Fight(seat=seat, target=target))

    def heal(self, seat: int) -> list[Event]:
        return self.act(Heal(seat=seat))

    def end(self, seat: int) -> list[Event]:
        return self.act(EndTurn(seat=seat))

    def choose(self, seat: int, option: str) -> list[Event]:
        """Answer by option id, or by a card id (the first option showing that card)."""
        p = self.game.prompt
        assert p is not None, "no prompt is waiting"
        for o in p.options:
            if o.id == option:
                return self.act(Choose(seat=seat, option=o.id))
        for o in p.options:
            if self.game.instances.get(o.id) == option:
                return self.act(Choose(seat=seat, option=o.id))
        raise KeyError(f"no option '{option}' in {[o.label for o in p.options]}")

    @property
    def pools(self) -> tuple[int, int]:
        return self.game.turn.recruit, self.game.turn.attack
