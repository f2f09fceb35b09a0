"""L2's divided cards: one card with two halves. You play one half; off the table the
card has every class of both halves and is still one card (Cyber-Mod counts, reveals);
its cost is the card's. Loading errors name the file, the card and the field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from content.legendary.loader import DEFAULT_PACK_DIR, ContentError, load_default_pack, load_pack
from rules.legendary.actions import Play
from rules.legendary.cards import HeroCard
from rules.legendary.effects import CyberKey, HeroClass
from rules.legendary.engine import legal_actions
from rules.legendary.scenario import Table, scenario
from rules.legendary.view import view
from rules.legendary.work import Work
from tests.legendary.packs import hero, make_pack

HACK = {
    "name": "Hack",
    "classes": ["tech"],
    "attack": 2,
    "abilities": [{"effects": [{"type": "draw"}]}],
}
SLIP = {"name": "Slip", "classes": ["covert"], "recruit": 3}
SPLIT = hero("hack-slip", name="Hack / Slip", cost=4, halves=(HACK, SLIP))
TWIN = hero(
    "twin", name="Twin", cost=4, halves=({**SLIP, "name": "Left"}, {**SLIP, "name": "Right"})
)
ON_TECH = hero("on-tech", classes=["ranged"], abilities=[
    {"superpower": ["tech"], "effects": [{"type": "attack", "amount": 5}]}])  # fmt: skip
ON_COVERT = hero("on-covert", classes=["ranged"], abilities=[
    {"superpower": ["covert"], "effects": [{"type": "attack", "amount": 7}]}])  # fmt: skip
COPIER = hero("copier", classes=["instinct"], abilities=[
    {"effects": [{"type": "play_copy", "match": {"cls": ["tech"]}}]}])  # fmt: skip
PACK = make_pack(SPLIT, TWIN, ON_TECH, ON_COVERT, COPIER)


def test_a_divided_card_has_both_halves_classes_and_is_not_grey() -> None:
    assert SPLIT.classes == {HeroClass.TECH, HeroClass.COVERT} and not SPLIT.grey
    assert SPLIT.recruit is None and SPLIT.attack is None and not SPLIT.abilities


def test_playing_without_a_half_asks_which_and_plays_only_that_half() -> None:
    t = Table(PACK, scenario(PACK, hands={0: ["hack-slip"]}, decks={0: ["agent"]}))
    t.play(0, "hack-slip")
    p = t.game.prompt
    assert p is not None and [o.label for o in p.options] == ["Hack", "Slip"]
    t.choose(0, "1")
    assert t.pools == (3, 0) and t.ids("p0.hand") == []  # Slip: 3 Recruit, no draw
    assert t.ids("p0.played") == ["hack-slip"]


def test_play_a_chosen_half_directly() -> None:
    t = Table(PACK, scenario(PACK, hands={0: ["hack-slip"]}, decks={0: ["agent"]}))
    inst = t.inst("p0.hand", "hack-slip")
    t.act(Play(seat=0, card=inst, half=0))
    assert t.game.prompt is None
    assert t.pools == (0, 2) and t.ids("p0.hand") == ["agent"]  # Hack: 2 Attack, draw
    assert view(t.game, PACK, 0).played_this_turn[0].half == 0


def test_a_half_on_a_card_that_is_not_divided_is_refused() -> None:
    t = Table(PACK, scenario(PACK, hands={0: ["blade"]}))
    r = t.refusal(Play(seat=0, card=t.inst("p0.hand", "blade"), half=0))
    assert r.code == "bad_half" and r.message.startswith("Blade is not a divided card.")


def test_later_superpowers_see_only_the_half_that_was_played() -> None:
    for half, pools in ((0, (0, 2 + 5)), (1, (3, 0))):
        t = Table(PACK, scenario(PACK, hands={0: ["hack-slip", "on-tech"]}, decks={0: ["agent"]}))
        t.act(Play(seat=0, card=t.inst("p0.hand", "hack-slip"), half=half))
        t.play(0, "on-tech")
        assert t.pools == pools, half
    t = Table(PACK, scenario(PACK, hands={0: ["hack-slip", "on-covert"]}, decks={0: ["agent"]}))
    t.act(Play(seat=0, card=t.inst("p0.hand", "hack-slip"), half=0))  # Hack is Tech only
    t.play(0, "on-covert")
    assert t.pools == (0, 2)


def test_l2_cyber_mod_counts_every_class_but_one_card() -> None:
    def met(victory: list[str], need: dict[CyberKey, int]) -> bool:
        w = Work(scenario(PACK, victory={0: victory}), PACK)
        return w.cyber_met(need, w.z["p0.victory"])

    assert met(["hack-slip"], {CyberKey.TECH: 1}) and met(["hack-slip"], {CyberKey.COVERT: 1})
    assert met(["hack-slip"], {CyberKey.TECH: 1, CyberKey.COVERT: 1})  # each class (L23)
    assert not met(["hack-slip"], {CyberKey.COVERT: 2})
    # Two halves of one class are still one card: 2 x Covert needs two different cards.
    assert not met(["twin"], {CyberKey.COVERT: 2})
    assert met(["twin", "shade"], {CyberKey.COVERT: 2})


def test_a_divided_card_in_hand_can_be_revealed_for_either_class() -> None:
    rev = hero("revealer", classes=["ranged"], abilities=[{"effects": [
        {"type": "reveal_or", "who": "you", "cls": ["covert"],
         "otherwise": [{"type": "gain_wound"}]}]}])  # fmt: skip
    pack = make_pack(SPLIT, rev)
    t = Table(pack, scenario(pack, hands={0: ["revealer", "hack-slip"]}))
    t.play(0, "revealer")
    p = t.game.prompt
    assert p is not None and p.kind == "reveal"
    assert any(t.game.instances.get(o.id) == "hack-slip" for o in p.options)


def test_the_cost_is_the_cards() -> None:
    t = Table(PACK, scenario(PACK, hq=["hack-slip"], recruit=3))
    assert t.refusal(
        __import__("rules.legendary.actions", fromlist=["Recruit"]).Recruit(
            seat=0, card=t.game.zones["hq0"][0]
        )
    ).code == "cant_afford"  # fmt: skip
    t2 = Table(PACK, scenario(PACK, hq=["hack-slip"], recruit=4))
    t2.recruit(0, "hack-slip")
    assert t2.ids("p0.discard") == ["hack-slip"]


def test_legal_actions_list_a_divided_card_once() -> None:
    g = scenario(PACK, hands={0: ["hack-slip"]})
    plays = [a for a in legal_actions(g, PACK, 0) if isinstance(a, Play)]
    assert len(plays) == 1 and plays[0].half is None


def test_l3_a_copy_of_a_divided_card_copies_the_half_played() -> None:
    t = Table(PACK, scenario(PACK, hands={0: ["hack-slip", "copier"]}, decks={0: ["agent"] * 3}))
    t.act(Play(seat=0, card=t.inst("p0.hand", "hack-slip"), half=0))
    t.play(0, "copier")
    assert t.pools == (0, 4) and len(t.ids("p0.hand")) == 2  # Hack twice: 2+2 Attack, 2 draws


def test_bundled_pack_has_divided_cards() -> None:
    pack = load_default_pack()
    divided = [c for c in pack.cards.values() if isinstance(c, HeroCard) and c.halves]
    assert len(divided) >= 2
    assert all(len(c.classes) >= 2 for c in divided)


# ---- loading ----------------------------------------------------------------------------


def _copy(tmp_path: Path) -> Path:
    dst = tmp_path / "legendary"
    shutil.copytree(DEFAULT_PACK_DIR, dst, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return dst


def _errors(root: Path) -> set[tuple[str, str, str]]:
    with pytest.raises(ContentError) as e:
        load_pack(root)
    return {(Path(i.file).name, i.item or "", i.field or "") for i in e.value.errors}


def test_loading_errors_name_file_card_and_field(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    f = root / "heroes" / "vexa-thorn.toml"
    text = f.read_text()
    f.write_text(text.replace('cost = 5\ntext = "Divided', 'cost = 5\nattack = 2\ntext = "Divided'))
    assert _errors(root) == {("vexa-thorn.toml", "card 'vexa-ghost-protocol'", "attack")}
    f.write_text(text.replace('name = "Protocol"\nclasses = ["tech"]',
                              'name = "Protocol"\nclasses = ["grey"]'))  # fmt: skip
    assert _errors(root) == {("vexa-thorn.toml", "card 'vexa-ghost-protocol'",
                              "halves[1].classes[0]")}  # fmt: skip
    f.write_text(text.replace("attack = 2\ntext = \"Cyber-Mod [Covert][Covert]: +3",
                              "attack = -2\ntext = \"Cyber-Mod [Covert][Covert]: +3"))  # fmt: skip
    assert _errors(root) == {("vexa-thorn.toml", "card 'vexa-ghost-protocol'",
                              "halves[0].attack")}  # fmt: skip
    cut = text.index('[[card.halves]]\nname = "Protocol"')
    end = text.index("[[card]]", cut)
    f.write_text(text[:cut] + text[end:])
    assert _errors(root) == {("vexa-thorn.toml", "card 'vexa-ghost-protocol'", "halves")}


def test_a_divided_card_made_in_code_is_checked_too() -> None:
    with pytest.raises(ValueError, match="divided card keeps"):
        hero("bad", halves=(HACK, SLIP), attack=1)
