"""The mutable working copy the reducer edits, and the queries every part of it shares.

`Work` thaws a frozen `Game` into lists, is edited by one action's resolution, and
freezes back into a new `Game` (the given one is never touched, so a refused action
leaves the state unchanged by construction).
"""

from __future__ import annotations

import functools
from types import MappingProxyType
from typing import Any

from rules.core.events import Event
from rules.core.text import count
from rules.legendary.actions import MASTERMIND
from rules.legendary.cards import (
    BystanderCard,
    Card,
    HeroCard,
    Mastermind,
    Pack,
    Scheme,
    SpecialAction,
    TacticCard,
    VillainCard,
    WoundCard,
)
from rules.legendary.codes import Ev
from rules.legendary.effects import (
    Ability,
    AttackBonus,
    CardKind,
    Count,
    CyberKey,
    HeroClass,
    Match,
    Zone,
)
from rules.legendary.state import (
    CITY,
    CITY_NAMES,
    HQ,
    Game,
    Op,
    OpEffect,
    Option,
    Prompt,
    PromptKind,
    Result,
    Turn,
    UruGate,
    Z,
    all_zone_names,
)


@functools.cache
def _zone_set(players: int) -> frozenset[str]:
    return frozenset(all_zone_names(players))


# What a Cyber-Mod icon counts for each Hero class (the same value), and every key once
# (an Enum's iteration and its call by value are slow, and counts are made per enemy).
_CYBER_KEYS: tuple[CyberKey, ...] = tuple(CyberKey)
_CYBER_OF: dict[HeroClass, CyberKey] = {k: CyberKey(k.value) for k in HeroClass}


class Work:
    """`Work(game, pack)`: a copy to edit. `Work(game, pack, reading=True)`: the queries
    only (a view, the legal actions, the scores): its zones and lists are the frozen
    game's own tuples and its dicts read-only views of the game's, not copies, so
    anything that tried to edit them would fail (a tuple has no `append`, a mapping
    proxy no item assignment) rather than change the game."""

    def __init__(self, game: Game, pack: Pack, *, reading: bool = False) -> None:
        self.g = game
        self.pack = pack
        t = game.turn
        if reading:
            # The frozen tuples stand in for the lists: only read, never edited.
            zones: Any = game.zones
            if not zones.keys() >= _zone_set(game.players):
                missing = [n for n in all_zone_names(game.players) if n not in zones]
                zones = {**zones, **dict.fromkeys(missing, ())}  # saved before a zone existed
            self.z: dict[str, list[str]] = zones
            # Read-only views of the game's own dicts (an edit would raise, too).
            self.copies: dict[str, str] = MappingProxyType(t.copies)  # type: ignore[assignment]
            self.halves: dict[str, int] = MappingProxyType(t.halves)  # type: ignore[assignment]
        else:
            self.z = {k: list(v) for k, v in game.zones.items()}
            if not self.z.keys() >= _zone_set(game.players):
                for name in all_zone_names(game.players):
                    self.z.setdefault(name, [])  # games saved before a zone existed
            self.copies = dict(t.copies)
            self.halves = dict(t.halves)
        # Copies (L3) resolve like cards but live in no zone.
        self.inst = game.instances if not self.copies else {**game.instances, **self.copies}
        self.rng = game.rng
        self.recruit = t.recruit
        self.attack = t.attack
        self.recruited = t.recruited
        self.fought = t.fought
        self.healed = t.healed
        self.uru_failed = t.uru_failed
        if reading:
            lists: Any = (t.played, t.specials, t.after_draw, game.undercover, game.pending)
        else:
            lists = (list(t.played), list(t.specials), list(t.after_draw),
                     list(game.undercover), list(game.pending))  # fmt: skip
        self.played: list[str] = lists[0]
        self.specials: list[str] = lists[1]
        self.after_draw: list[OpEffect] = lists[2]
        self.undercover: list[str] = lists[3]
        self.pending: list[Op] = lists[4]
        self.current = game.current
        self.turn_no = game.turn_no
        self.twists = game.twists
        self.escaped_bystanders = game.escaped_bystanders
        self.deck_ran_out = game.deck_ran_out
        self.result = game.result
        self.over = game.over
        self.prompt: Prompt | None = game.prompt
        self.events: list[Event] = []
        self.players = game.players
        self.mm: Mastermind = pack.masterminds[game.mastermind]
        self.scheme: Scheme = pack.schemes[game.scheme]
        self.revealing = False  # during an Uru reveal the Villain Deck never "runs out" (L26)

    def freeze(self, bump: bool = True) -> Game:
        return self.g.model_copy(
            update={
                "version": self.g.version + (1 if bump else 0),
                "rng": self.rng,
                "zones": {k: tuple(v) for k, v in self.z.items()},
                "turn": Turn(
                    recruit=self.recruit,
                    attack=self.attack,
                    played=tuple(self.played),
                    recruited=self.recruited,
                    fought=self.fought,
                    healed=self.healed,
                    uru_failed=self.uru_failed,
                    specials=tuple(self.specials),
                    after_draw=tuple(self.after_draw),
                    copies=self.copies,
                    halves=self.halves,
                ),
                "undercover": tuple(self.undercover),
                "current": self.current,
                "turn_no": self.turn_no,
                "twists": self.twists,
                "escaped_bystanders": self.escaped_bystanders,
                "deck_ran_out": self.deck_ran_out,
                "result": self.result,
                "over": self.over,
                "pending": tuple(self.pending),
                "prompt": self.prompt,
            }
        )

    # ---- cards ----------------------------------------------------------------------

    def card(self, inst: str) -> Card:
        return self.pack.cards[self.inst[inst]]

    def name(self, inst: str) -> str:
        return self.card(inst).name

    def names(self, insts: list[str]) -> str:
        return ", ".join(self.name(i) for i in insts) or "nothing"

    def who(self, seat: int) -> str:
        return self.g.names[seat]

    def emit(self, kind: Ev, text: str, seats: tuple[int, ...] | None = None, **data: Any) -> None:
        self.events.append(Event(kind=kind.value, text=text, seats=seats, data=data))

    def classes(self, inst: str) -> frozenset[HeroClass]:
        c = self.card(inst)
        return c.classes if isinstance(c, HeroCard) else frozenset()

    def played_side(self, inst: str) -> tuple[frozenset[HeroClass], str | None]:
        """The classes and team a card shows as a played card: a divided card shows only
        the half that was played (L2); any other card, its own."""
        c = self.card(inst)
        if not isinstance(c, HeroCard):
            return frozenset(), None
        side = c.side(self.halves.get(inst))
        team = side.team if side.team is not None else c.team
        return side.classes, team

    def icons(self, inst: str) -> set[str]:
        """A played card's Superpower icons: its classes and its team (L2: a divided
        card's played half only)."""
        classes, team = self.played_side(inst)
        out: set[str] = {k.value for k in classes}
        if team:
            out.add(team)
        return out

    def matches(self, inst: str, m: Match, *, as_played: bool = False) -> bool:
        c = self.card(inst)
        if m.kind is not None and c.kind is not m.kind:
            return False
        if m.not_wound and isinstance(c, WoundCard):
            return False
        if m.cls or m.grey is not None or m.team is not None or m.max_cost is not None:
            if not isinstance(c, HeroCard):
                return False
            classes, team = self.played_side(inst) if as_played else (c.classes, c.team)
            if m.cls and not (classes & set(m.cls)):
                return False
            if m.grey is not None and c.grey is not m.grey:
                return False
            if m.team is not None and team != m.team:
                return False
            if m.max_cost is not None and c.cost > m.max_cost:
                return False
        return True

    # ---- zones ----------------------------------------------------------------------

    def move(self, inst: str, src: str, dst: str, *, bottom: bool = True) -> None:
        self.z[src].remove(inst)
        if bottom:
            self.z[dst].append(inst)
        else:
            self.z[dst].insert(0, inst)

    def where(self, inst: str) -> str | None:
        for k, v in self.z.items():
            if inst in v:
                return k
        return None

    def your_heroes(self, seat: int) -> list[str]:
        """ "Your Heroes": hand plus played cards still in front of you (§5)."""
        return [
            i
            for i in self.z[Z.hand(seat)] + self.z[Z.played(seat)]
            if isinstance(self.card(i), HeroCard)
        ]

    def zone_cards(self, seat: int, zone: Zone) -> list[str]:
        if zone is Zone.HAND:
            return list(self.z[Z.hand(seat)])
        if zone is Zone.DISCARD:
            return list(self.z[Z.discard(seat)])
        if zone is Zone.PLAYED:
            return list(self.z[Z.played(seat)])
        if zone is Zone.VICTORY:
            return list(self.z[Z.victory(seat)])
        if zone is Zone.ESCAPE:
            return list(self.z[Z.ESCAPE])
        if zone is Zone.KO:
            return list(self.z[Z.KO])
        if zone is Zone.HQ:
            return [c for i in range(HQ) for c in self.z[Z.hq(i)]]
        if zone is Zone.HEROES:
            return self.your_heroes(seat)
        return list(self.played) if seat == self.current else []

    def zone_of(self, seat: int, zone: Zone) -> str:
        return {
            Zone.HAND: Z.hand(seat),
            Zone.DISCARD: Z.discard(seat),
            Zone.PLAYED: Z.played(seat),
            Zone.VICTORY: Z.victory(seat),
            Zone.ESCAPE: Z.ESCAPE,
            Zone.KO: Z.KO,
        }[zone]

    def count(self, seat: int, c: Count) -> int:
        as_played = c.zone is Zone.PLAYED_THIS_TURN
        return sum(
            1
            for i in self.zone_cards(seat, c.zone)
            if self.matches(i, c.match, as_played=as_played)
        )

    # ---- Cyber-Mod ------------------------------------------------------------------

    def pile_counts(self, pile: list[str]) -> dict[CyberKey, int]:
        """Cards per class (a multiclass card counts once for each class, L2) and Wounds."""
        out = dict.fromkeys(_CYBER_KEYS, 0)
        for i in pile:
            c = self.card(i)
            if isinstance(c, HeroCard):
                for k in c.classes:
                    out[_CYBER_OF[k]] += 1
            elif isinstance(c, WoundCard):
                out[CyberKey.WOUND] += 1
        return out

    def cyber_met(self, need: dict[CyberKey, int], pile: list[str]) -> bool:
        if not need:
            return True
        counts = self.pile_counts(pile)
        # Each icon's class is counted on its own (L23).
        return all(counts[k] >= n for k, n in need.items())

    # ---- enemies --------------------------------------------------------------------

    def adapting(self) -> bool:
        return self.mm.adapting

    def top_tactic(self) -> TacticCard | None:
        t = self.z[Z.TACTICS]
        if not t:
            return None
        c = self.card(t[0])
        assert isinstance(c, TacticCard)
        return c

    def _bonus(self, bonuses: tuple[AttackBonus, ...]) -> int:
        total = 0
        esc = self.z[Z.ESCAPE]
        for b in bonuses:
            if b.per is not None:
                total += b.bonus * sum(1 for i in esc if self.matches(i, b.per.match))
            elif self.cyber_met(b.cyber_mod, esc):
                total += b.bonus
        return total

    def enemy_attack(self, target: str, *, printed: bool = False) -> int:
        """The current Attack of a city Villain or the Mastermind, without any Uru bonus;
        enemy Cyber-Mod bonuses are live (§7). Never below 0 (§5)."""
        if target == MASTERMIND:
            mod = self.g.options.mastermind_attack_mod
            if self.adapting():
                t = self.top_tactic()
                if t is None:
                    return 0
                base = t.attack
                if self.g.epic and t.epic and t.epic.attack is not None:
                    base = t.epic.attack
                bonus = self._bonus(t.attack_bonus)
            else:
                base = self.mm.attack
                if self.g.epic and self.mm.epic and self.mm.epic.attack is not None:
                    base = self.mm.epic.attack
                bonus = self._bonus(self.mm.attack_bonus)
            return max(0, base if printed else base + bonus + mod)
        c = self.card(target)
        assert isinstance(c, VillainCard)
        return max(0, c.attack if printed else c.attack + self._bonus(c.attack_bonus))

    def gate_attack(self, target: str) -> int:
        """What a fight needs before Weapons are revealed (L4, `uru_gate`)."""
        return self.enemy_attack(target, printed=self.g.options.uru_gate is UruGate.PRINTED)

    def uru(self, target: str) -> int:
        if target == MASTERMIND:
            if self.adapting():
                t = self.top_tactic()
                return t.uru if t else 0
            return self.mm.uru
        c = self.card(target)
        return c.uru if isinstance(c, VillainCard) else 0

    def city_index(self, inst: str) -> int | None:
        for i in range(CITY):
            if inst in self.z[Z.city(i)]:
                return i
        return None

    def space(self, i: int) -> str:
        return CITY_NAMES[i]

    def strike_abilities(self) -> tuple[Ability, ...]:
        if self.adapting():
            t = self.top_tactic()
            if t is None:
                return ()
            if self.g.epic and t.epic and t.epic.strike is not None:
                return t.epic.strike
            return t.strike
        if self.g.epic and self.mm.epic and self.mm.epic.strike is not None:
            return self.mm.epic.strike
        return self.mm.strike

    def tactic_fight(self, t: TacticCard) -> tuple[Ability, ...]:
        if self.g.epic and t.epic and t.epic.fight is not None:
            return t.epic.fight
        return t.fight

    def locked(self) -> bool:
        """Is a recruit-or-fight lock in force (a locking Villain in the city, L10)?"""
        for i in range(CITY):
            for v in self.z[Z.city(i)]:
                c = self.card(v)
                if isinstance(c, VillainCard) and c.recruit_or_fight_lock:
                    return True
        return False

    def special_actions(self) -> list[SpecialAction]:
        return [*self.scheme.special_actions, *self.mm.special_actions]

    def special_available(self, sa: SpecialAction) -> bool:
        """Whether a special action can be taken now, before paying (L13's flush needs a
        token under the HQ)."""
        if sa.once_per_turn and sa.id in self.specials:
            return False
        return not sa.needs_hq_token or self.hq_tokens() > 0

    # ---- Scheme stacks and tokens (L12, L13) ----------------------------------------

    def hq_tokens(self) -> int:
        return sum(len(self.z[Z.under(i)]) for i in range(HQ))

    def tokens_out(self) -> int:
        """Tokens put out so far: every token not back in the supply (KO'd ones count)."""
        return sum(
            1
            for k, v in self.z.items()
            if k != Z.TOKENS
            for i in v
            if self.card(i).kind is CardKind.TOKEN
        )

    def votes(self) -> tuple[int, dict[str, int]]:
        """Votes on the Scheme stack (L12), in units of 10 million: the Mastermind's (one
        per stacked Twist) and each Hero Name's (one per stacked non-grey Hero, all the
        cards of a Hero pooling)."""
        mm = 0
        heroes: dict[str, int] = {}
        for i in self.z[Z.SCHEME_STACK]:
            c = self.card(i)
            if c.kind is CardKind.TWIST:
                mm += 1
            elif isinstance(c, HeroCard) and not c.grey:
                key = c.hero or c.name
                heroes[key] = heroes.get(key, 0) + 1
        return mm, heroes

    def vote_lead(self) -> int:
        mm, heroes = self.votes()
        return mm - max(heroes.values(), default=0)

    # ---- decks ----------------------------------------------------------------------

    def draw(self, seat: int, n: int) -> list[str]:
        """Draw n, reshuffling the discard pile only when the deck is empty (§4)."""
        got: list[str] = []
        deck, disc = self.z[Z.deck(seat)], self.z[Z.discard(seat)]
        for _ in range(n):
            if not deck:
                if not disc:
                    break
                self.rng, shuffled = self.rng.shuffle(disc)
                deck.extend(shuffled)
                disc.clear()
            got.append(deck.pop(0))
        self.z[Z.hand(seat)].extend(got)
        if got:
            self.emit(
                Ev.DRAW,
                f"{self.who(seat)} draws {count(len(got), 'card')}",
                seat=seat,
                n=len(got),
            )
            self.emit(Ev.DRAW, f"You draw {self.names(got)}", seats=(seat,), seat=seat, cards=got)
        return got

    def note_deck_out(self) -> None:
        """The Hero or Villain Deck reached 0: the game ends after this turn (§6)."""
        if self.revealing:
            return
        if (not self.z[Z.HERO_DECK] or not self.z[Z.VILLAIN_DECK]) and not self.deck_ran_out:
            self.deck_ran_out = True
            self.emit(Ev.DECK_OUT, "A deck has run out: the game ends after this turn")

    def refill_hq(self, i: int) -> None:
        if not self.z[Z.hq(i)] and self.z[Z.HERO_DECK]:
            inst = self.z[Z.HERO_DECK].pop(0)
            self.z[Z.hq(i)].append(inst)
            self.emit(Ev.ENTER, f"{self.name(inst)} joins the HQ", card=inst, hq=i)
            self.note_deck_out()

    def hq_index(self, inst: str) -> int | None:
        for i in range(HQ):
            if inst in self.z[Z.hq(i)]:
                return i
        return None

    # ---- prompts --------------------------------------------------------------------

    def ask(self, kind: PromptKind, seat: int, text: str, options: list[Option], op: Op) -> None:
        self.prompt = Prompt(kind=kind, seat=seat, text=text, options=tuple(options), op=op)

    def card_options(self, insts: list[str]) -> list[Option]:
        """One option per distinct card per zone (identical copies in one zone are the
        same choice; a Wound in hand and one in the discard pile are not)."""
        zone_of = {i: k for k, v in self.z.items() for i in v} if len(insts) > 1 else {}
        seen: set[tuple[str, str]] = set()
        out: list[Option] = []
        for i in insts:
            key = (self.inst[i], zone_of.get(i, ""))
            if key in seen:
                continue
            seen.add(key)
            out.append(Option(id=i, label=self.name(i) + _zone_label(key[1])))
        return out

    # ---- the end --------------------------------------------------------------------

    def evil_count(self, on: str) -> int:
        from rules.legendary.cards import EvilWinsOn

        key = EvilWinsOn(on)
        esc = self.z[Z.ESCAPE]
        if key is EvilWinsOn.TWISTS:
            return self.twists
        if key is EvilWinsOn.ESCAPED_VILLAINS:
            return sum(1 for i in esc if isinstance(self.card(i), VillainCard))
        if key is EvilWinsOn.ESCAPE_HEROES:
            return sum(1 for i in esc if isinstance(self.card(i), HeroCard))
        if key is EvilWinsOn.ESCAPED_BYSTANDERS:
            return sum(1 for i in esc if isinstance(self.card(i), BystanderCard))
        if key is EvilWinsOn.KO_HEROES:
            return sum(
                1 for i in self.z[Z.KO] if isinstance(c := self.card(i), HeroCard) and not c.grey
            )
        if key is EvilWinsOn.WOUNDS_EMPTY:
            return 1 if not self.z[Z.WOUNDS] else 0
        if key is EvilWinsOn.VOTE_LEAD:
            return self.vote_lead()
        if key is EvilWinsOn.TOKENS_OUT:
            return self.tokens_out()
        if key is EvilWinsOn.VILLAIN_DECK_EMPTY:
            return 1 if not self.z[Z.VILLAIN_DECK] and not self.revealing else 0
        return 1 if not self.z[Z.HERO_DECK] else 0

    def check_evil(self) -> bool:
        """Evil wins the moment its condition holds (§6, L25), unless good has already
        won (the last Tactic's Fight effect can't turn the win into a loss)."""
        if self.result is not None or self.over:
            return self.result is Result.EVIL
        for cond in self.scheme.evil_wins:
            if self.evil_count(cond.on) >= cond.threshold(self.players):
                self.result = Result.EVIL
                self.over = True
                self.pending.clear()
                self.prompt = None
                self.emit(Ev.END, "Evil wins!", result="evil")
                return True
        return False

    def vp(self, seat: int) -> int:
        total = 0
        uc = set(self.undercover)
        for i in self.z[Z.victory(seat)]:
            c = self.card(i)
            if i in uc:
                total += self.g.options.undercover_wound_vp if isinstance(c, WoundCard) else 1  # L1
            elif isinstance(c, VillainCard | BystanderCard | TacticCard):
                total += c.vp
        if self.players == 1:
            # Solo scoring (§6).
            escaped = sum(1 for i in self.z[Z.ESCAPE] if isinstance(self.card(i), VillainCard))
            total -= 4 * self.escaped_bystanders + 3 * self.twists + escaped
        return total

    def enemy_kind(self, inst: str) -> CardKind:
        return self.card(inst).kind


def _zone_label(zone: str) -> str:
    """ " (hand)", " (discard pile)"… for a player's zones; "" elsewhere."""
    tail = zone.split(".", 1)[1] if zone.startswith("p") and "." in zone else ""
    return {"hand": " (hand)", "discard": " (discard pile)", "played": " (played)",
            "victory": " (Victory Pile)"}.get(tail, "")  # fmt: skip
