"""The bundled cards of the other replacements, group statics, `call_legend` and the
`cant_attack` static, played from the core pack with the scenario builder."""

from __future__ import annotations

from content.tcg.loader import load_default_pack
from rules.tcg import actions as a
from rules.tcg.board import Board
from rules.tcg.codes import RefusalCode
from rules.tcg.scenario import Side, Table

CORE = load_default_pack()


def test_ghost_signal_calls_a_legend_for_free_sharing_the_once_per_turn_call() -> None:
    t = Table(
        CORE, Side(hand=["ghost-signal"], eddies=1, legends=["ines-varga"], deck=["flatline"])
    )
    t.act(0, a.Play, card="ghost-signal")
    st = t.seat(0)
    assert st.legends[0].face_up and st.called
    assert sum(e.spent for e in st.eddies) == 1  # the Program's 1 €$, nothing for the Call
    t2 = Table(
        CORE,
        Side(
            hand=["ghost-signal"], eddies=1, legends=["ines-varga"], deck=["flatline"], called=True
        ),
    )
    t2.act(0, a.Play, card="ghost-signal")
    assert not t2.seat(0).legends[0].face_up  # already Called this turn (T3)


def test_leashed_bruiser_cant_attack_but_blocks() -> None:
    t = Table(CORE, Side(field=["leashed-bruiser", "alley-cutter"]), Side(field=["neon-bruiser"]))
    assert t.refused(0, a.Attack, unit="leashed-bruiser", target=None) in (
        RefusalCode.CANT_ATTACK,
        RefusalCode.BAD_TARGET,
    )
    assert all(x.unit != t.inst("leashed-bruiser") for x in t.legal(0) if isinstance(x, a.Attack))
    t2 = Table(
        CORE,
        Side(field=["neon-bruiser"]),
        Side(field=["leashed-bruiser"], gigs=["d4:1"]),
    )
    t2.act(0, a.Attack, unit="neon-bruiser", target=None)
    t2.act(1, a.Block, unit="leashed-bruiser")
    t2.act(1, a.Pass)
    assert t2.field_ids(0) == [] and t2.field_ids(1) == ["leashed-bruiser"]


def test_payroll_officer_and_block_captain_cover_their_groups() -> None:
    t = Table(CORE, Side(field=["payroll-officer", "bagman", "corner-bookie"]))
    b = Board(t.state, CORE)
    assert (b.power(t.inst("bagman")), b.power(t.inst("corner-bookie"))) == (7, 3)
    t2 = Table(CORE, Side(field=["block-captain", "alley-cutter"]))
    b2 = Board(t2.state, CORE)
    assert (b2.power(t2.inst("block-captain")), b2.power(t2.inst("alley-cutter"))) == (3, 3)


def test_salvage_tag_comes_back_to_hand_when_its_host_is_defeated() -> None:
    t = Table(CORE, Side(hand=["flatline"], eddies=3), Side(field=["convoy-guard +salvage-tag"]))
    t.act(0, a.Play, card="flatline")
    assert "salvage-tag" in t.ids(t.seat(1).hand) and "convoy-guard" in t.ids(t.seat(1).trash)


def test_decoy_wallet_is_trashed_instead_of_a_gig_and_safehouse_prevents_two() -> None:
    t = Table(CORE, Side(field=["neon-bruiser"]), Side(field=["decoy-wallet"], gigs=["d4:2"]))
    t.act(0, a.Attack, unit="neon-bruiser", target=None)
    t.act(1, a.Pass)
    assert len(t.seat(1).gigs) == 1 and t.ids(t.seat(1).trash) == ["decoy-wallet"]
    t2 = Table(
        CORE,
        Side(field=["overdrive-juggernaut"]),
        Side(hand=["safehouse"], eddies=1, gigs=["d4:2", "d6:3"]),
    )
    t2.act(0, a.Attack, unit="overdrive-juggernaut", target=None)  # 10 power: steals 2
    t2.act(1, a.Play, card="safehouse")
    t2.act(1, a.Pass)  # the first die is prevented; the second is still the attacker's pick
    t2.choose(0, "1d6")
    assert len(t2.seat(1).gigs) == 2 and t2.state.attack is None


def test_mag_lock_boots_keep_the_host_on_the_field_spent() -> None:
    t = Table(
        CORE, Side(hand=["memory-wipe"], eddies=2), Side(field=["convoy-guard +mag-lock-boots"])
    )
    t.act(0, a.Play, card="memory-wipe")
    assert t.field_ids(1) == ["convoy-guard"] and t.unit("convoy-guard").spent
    assert t.seat(1).hand == ()


def test_alley_medic_sends_a_defeated_ganger_to_hand_once_each_turn_others_are_defeated() -> None:
    t = Table(
        CORE,
        Side(hand=["flatline", "flatline", "flatline"], eddies=9),
        Side(field=["alley-medic", "alley-cutter", "scrap-hound", "ripper-twins"]),
    )
    t.act(0, a.Play, card=t.seat(0).hand[0])
    t.choose(0, t.inst("ripper-twins"))  # a MERC: not covered
    assert "ripper-twins" in t.ids(t.seat(1).trash)
    t.act(0, a.Play, card=t.seat(0).hand[0])
    t.choose(0, t.inst("alley-cutter"))  # a GANGER: to the hand instead
    assert t.ids(t.seat(1).hand) == ["alley-cutter"]
    t.act(0, a.Play, card=t.seat(0).hand[0])
    t.choose(0, t.inst("scrap-hound"))  # once each turn: defeated
    assert "scrap-hound" in t.ids(t.seat(1).trash)


def test_oracle_feed_replaces_the_first_draw_each_turn_with_a_look_then_a_draw() -> None:
    t = Table(
        CORE,
        Side(field=["oracle-feed"], deck=["flatline", "payout", "road-flare"], fixer=[]),
        Side(deck=["flatline"] * 2, fixer=[]),
        active=1,
    )
    t.act(1, a.End)  # alice's start-phase draw is replaced: look at 2, then draw
    assert t.ids(t.seat(0).hand) == ["flatline"]
    assert {i for s, i in t.state.peeked if s == 0} >= set(t.seat(0).deck[:1])
