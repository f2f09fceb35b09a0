"""Hidden information: hands, deck order and the RNG seed never reach public output
(rulebook "Table Talk" relies on hands being secret; R13 "its own hidden hand")."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from rules.core.events import Event
from rules.legends.actions import Discard
from rules.legends.engine import Outcome
from rules.legends.state import Table
from rules.legends.view import board, events_for, player_view
from tests.legends.dsl import Crew, Sim, obstacle, pair, scene

SEED = 918273645


def _word(name: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w/+\-]){re.escape(name)}(?![\w/+\-])")


class Watch:
    """Acts on a Sim and checks every public event against the cards still secret."""

    def __init__(self, sim: Sim) -> None:
        self.sim = sim
        self.revealed: set[str] = set()
        self.public: list[Event] = []
        self.private: list[Event] = []

    def secret_cards(self, table: Table) -> tuple[set[str], set[str]]:
        """(instance ids, card names) of cards never shown face up."""
        run = table.run
        assert run is not None
        insts = {i for i in run.cards if i not in self.revealed}
        shown = {self.sim.content.cards[run.cards[i]].name for i in self.revealed}
        names = {self.sim.content.cards[run.cards[i]].name for i in insts} - shown
        return insts, names

    def do(self, step: Callable[[], Outcome]) -> Outcome:
        before = self.sim.table
        out = step()
        for e in out.events:
            if e.kind == "card_entered":
                self.revealed.add(str(e.data["inst"]))
        insts, names = self.secret_cards(before if out.table.run is None else out.table)
        for e in out.events:
            if e.seats is not None:
                self.private.append(e)
                continue
            self.public.append(e)
            blob = e.model_dump_json()
            for inst in insts:
                assert f'"{inst}"' not in blob and not re.search(rf"\b{inst}\b", e.text), (
                    f"public event leaks instance {inst}: {blob}"
                )
            for name in names:
                assert not _word(name).search(blob), f"public event leaks {name!r}: {blob}"
            assert str(SEED) not in blob
        return out


def no_leak_in(text: str, sim: Sim, seats: Iterable[int]) -> None:
    run = sim.run
    for s in seats:
        z = run.zones[s]
        for i in z.hand + z.deck:
            assert f'"{i}"' not in text, f"{i} leaked"
            name = sim.content.cards[run.cards[i]].name
            assert not _word(name).search(text), f"{name} leaked"
    assert str(SEED) not in text


def busy_table() -> Sim:
    return Sim(
        hands={
            0: ["before-the-night", "second-story-work", "dumpster-dive", "2C", "3C"],
            1: ["trap-and-trace", "swap-in", "4S", "open-door", "5S"],
            2: ["disarming-smile", "crimson-flags", "6T", "7T", "8T"],
        },
        decks={
            0: ["9C", "10C", "JC", "QC", "KC", "AC"],
            1: ["9S", "10S", "JS", "QS", "KS", "AS"],
            2: ["9M", "10M", "JM", "QM", "KM", "AM", "2M", "3M"],
        },
        scenario=[
            scene(1, "Supply Drop", effects=[{"type": "each_draws", "count": 1}]),
            scene(2, "Shakedown", effects=[{"type": "each_discards", "count": 1}]),
            obstacle(3, "Netwatch Agent", health=40, damage=1, to_hit=[pair()]),
            scene(4, "Last"),
        ],
        seed=SEED,
    )


def test_public_events_never_name_secret_cards_through_a_busy_round() -> None:
    sim = busy_table()
    w = Watch(sim)
    w.do(sim.flip)  # each draws one
    w.do(sim.flip)  # each discards one: private prompts
    for seat in (0, 1, 2):
        w.do(lambda s=seat: sim.choose(s, sim.run.prompts[0].options[-1].key))  # type: ignore[misc]
    w.do(sim.flip)  # the Obstacle
    w.do(lambda: sim.play(0, "before-the-night"))
    w.do(lambda: sim.choose(0, "seat:2"))
    w.do(lambda: sim.play(1, "open-door"))
    w.do(lambda: sim.choose(1, "seat:2"))
    w.do(lambda: sim.choose(2, "6T"))
    w.do(lambda: sim.play(2, "7T"))
    w.do(lambda: sim.play(0, "second-story-work"))
    w.do(lambda: sim.choose(0, "discard"))  # the drawn card goes to the discard unseen
    assert sim.run.phase == "cleanup"  # five cards: the Plan executed
    for seat in (0, 1, 2):
        hand = sim.run.zones[seat].hand
        if hand:
            w.do(
                lambda s=seat, c=hand[0]: sim.act(  # type: ignore[misc]
                    Discard(player=sim.player(s), card=c)
                )
            )
        w.do(lambda s=seat: sim.ready(s))  # type: ignore[misc]
    assert sim.run.phase == "plan"
    assert w.private, "private events exist (draws, discards) but went only to their seat"


def test_board_never_shows_hands_deck_order_or_the_seed() -> None:
    sim = busy_table()
    sim.flip()
    sim.flip()
    for seat in (0, 1, 2):
        sim.choose(seat, sim.run.prompts[0].options[-1].key)
    sim.flip()
    sim.play(0, "before-the-night")  # a prompt is open now
    text = board(sim.table, sim.content).model_dump_json()
    no_leak_in(text, sim, (0, 1, 2))
    b = board(sim.table, sim.content)
    assert [s.hand_count for s in b.seats] == [len(sim.run.zones[s].hand) for s in (0, 1, 2)]


def test_player_view_shows_only_the_viewers_own_hand() -> None:
    sim = busy_table()
    sim.flip()
    view = player_view(sim.table, sim.player(1), sim.content)
    assert set(view.hands) == {1}
    assert [c.inst for c in view.hands[1]] == list(sim.run.zones[1].hand)
    text = view.model_dump_json()
    no_leak_in(text, sim, (0, 2))


def test_private_prompt_options_are_shown_only_to_their_seat() -> None:
    sim = busy_table()
    sim.flip()
    sim.flip()  # each discards: every seat has a private prompt listing its hand
    mine = player_view(sim.table, sim.player(0), sim.content)
    assert [p.seat for p in mine.prompts] == [0]
    assert {o.key for o in mine.prompts[0].options} >= set(sim.run.zones[0].hand)
    others = [p for p in mine.board.prompts if p.seat != 0]
    assert others and all(p.options == () for p in others)
    no_leak_in(mine.model_dump_json(), sim, (1, 2))
    public = board(sim.table, sim.content)
    assert all(p.options == () for p in public.prompts)


def test_second_story_work_draw_is_shown_only_to_its_player() -> None:
    sim = Sim(
        hands={0: ["second-story-work", "2C"], 1: ["3C", "4C"]},
        decks={0: ["disarming-smile"]},
        scenario=[obstacle(1, "Goon", health=30)],
        seed=SEED,
    )
    sim.flip()
    sim.play(0, "second-story-work")
    prompt = sim.run.prompts[0]
    assert prompt.private and "Disarming Smile" not in prompt.text
    assert "Disarming Smile" not in board(sim.table, sim.content).model_dump_json()
    assert "Disarming Smile" in player_view(sim.table, sim.player(0), sim.content).model_dump_json()
    assert (
        "Disarming Smile"
        not in player_view(sim.table, sim.player(1), sim.content).model_dump_json()
    )


def test_private_events_reach_only_their_seat() -> None:
    sim = busy_table()
    out = sim.flip()  # each draws: a private "you drew" per seat
    private = [e for e in out.events if e.seats is not None]
    assert {e.seats for e in private} == {(0,), (1,), (2,)}
    for seat in (0, 1, 2):
        seen = events_for(out.events, sim.table, sim.player(seat))
        assert all(e.seats is None or e.seats == (seat,) for e in seen)
        assert any(e.seats == (seat,) for e in seen)
    spectator = events_for(out.events, sim.table, None)
    assert all(e.seats is None for e in spectator)


def test_a_merc_controller_sees_both_hands_and_nobody_else_does() -> None:
    crew = Crew(scenarios={"job": [obstacle(1, "Goon", health=30)]}, seed=SEED)
    crew.join("alice", "solo", merc="nomad")
    crew.start(player="p0")
    view = player_view(crew.table, "alice", crew.content)
    assert set(view.hands) == {0, 1}
    stranger = player_view(crew.table, "mallory", crew.content)
    assert stranger.hands == {}
    no_leak_in(stranger.model_dump_json(), crew, (0, 1))


def test_clean_up_discards_are_secret() -> None:
    sim = Sim(
        hands={0: ["2C", "3C", "4C", "disarming-smile"], 1: ["5S", "6S", "8S"]},
        scenario=[obstacle(1, "Goon", health=30)],
        seed=SEED,
    )
    sim.flip()
    for seat, code in [(0, "2C"), (1, "5S"), (0, "3C"), (1, "6S"), (0, "4C")]:
        sim.play(seat, code)
    out = sim.discard(0, "disarming-smile")
    public = [e for e in out.events if e.seats is None]
    assert public and all("Disarming Smile" not in e.model_dump_json() for e in public)
    assert any("Disarming Smile" in e.text for e in out.events if e.seats == (0,))


def test_refusals_never_name_another_seats_card() -> None:
    import pytest

    from rules.core.errors import IllegalAction
    from rules.legends.actions import Play

    sim = busy_table()
    sim.flip()
    sim.flip()
    for seat in (0, 1, 2):
        sim.choose(seat, sim.run.prompts[0].options[-1].key)
    sim.flip()
    other = sim.run.zones[2].hand[0]
    with pytest.raises(IllegalAction) as exc:
        sim.act(Play(player=sim.player(0), card=other))
    no_leak_in(exc.value.refusal.message, sim, (1, 2))


def test_starting_a_run_leaks_nothing() -> None:
    crew = Crew(scenarios={"job": [obstacle(1, "Goon", health=30)]}, seed=SEED)
    crew.join("alice", "solo")
    crew.join("bob", "nomad")
    out = crew.start()
    blob = "".join(e.model_dump_json() for e in out.events if e.seats is None)
    no_leak_in(blob, crew, (0, 1))
    for e in out.events:
        if e.kind == "drew_private":
            assert e.seats in ((0,), (1,))
