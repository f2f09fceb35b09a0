"""Content validation of the newer effect kinds: each bad form is refused at load with an
error naming file, card and field (docs/tcg-content.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from content.common import ContentError
from content.tcg.loader import load_pack

GOOD = """
[[card]]
id = "vex"
name = "Vex"
subtitle = "One"
type = "unit"
colour = "red"
power = 2
tags = ["NETRUNNER"]
"""


def errors(tmp_path: Path, card_toml: str) -> list[str]:
    root = tmp_path / "pk"
    (root / "cards").mkdir(parents=True, exist_ok=True)
    (root / "pack.toml").write_text('game = "tcg"\nid = "pk"\nname = "Pk"\nversion = "1"\n')
    (root / "cards" / "red.toml").write_text(GOOD + "\n[[card]]\n" + card_toml)
    with pytest.raises(ContentError) as e:
        load_pack(root)
    return [str(i) for i in e.value.errors]


D = '{ type = "draw" }'
TWO = f"{{ effects = [{D}] }}, {{ effects = [{D}] }}"


def card(body: str, type_: str = "program") -> str:
    return f'id = "bad"\nname = "Bad"\ntype = "{type_}"\ncolour = "red"\n{body}\n'


def one(msgs: list[str], *parts: str) -> None:
    assert len(msgs) == 1, msgs
    m = msgs[0]
    assert "red.toml" in m and "card 'bad'" in m, m
    for part in parts:
        assert part in m, (part, m)


def test_the_good_forms_load(tmp_path: Path) -> None:
    root = tmp_path / "pk"
    (root / "cards").mkdir(parents=True)
    (root / "pack.toml").write_text('game = "tcg"\nid = "pk"\nname = "Pk"\nversion = "1"\n')
    (root / "cards" / "red.toml").write_text(
        GOOD
        + "\n[[card]]\n"
        + card(
            'effects = [{ type = "choose_one", modes = ['
            '{ effects = [{ type = "power", target = "any_unit", named = "Vex", amount = 1 }] },'
            '{ effects = [{ type = "prevent_defeat", target = "friendly_unit", '
            'tag = "NETRUNNER" }] },'
            "] }]"
        )
    )
    assert "bad" in load_pack(root).cards


def test_a_filter_on_target_this_is_refused(tmp_path: Path) -> None:
    msgs = errors(
        tmp_path, card('effects = [{ type = "ready", target = "this", tag = "NETRUNNER" }]')
    )
    one(msgs, "field effects[0]:", "needs a chosen target")


def test_a_name_no_card_has_is_refused_with_a_suggestion(tmp_path: Path) -> None:
    msgs = errors(
        tmp_path, card('effects = [{ type = "defeat", target = "any_unit", named = "Vox" }]')
    )
    one(msgs, "field effects[0].named", "no card in this pack is named 'Vox'", "'Vex'")


def test_a_tag_no_card_has_is_refused(tmp_path: Path) -> None:
    msgs = errors(
        tmp_path,
        card('effects = [{ type = "ready", target = "all_friendly_units", tag = "NETRUNER" }]'),
    )
    one(msgs, "field effects[0].tag", "no card in this pack has the tag 'NETRUNER'", "NETRUNNER")


def test_a_lower_case_tag_filter_is_refused(tmp_path: Path) -> None:
    msgs = errors(
        tmp_path, card('effects = [{ type = "ready", target = "any_unit", tag = "netrunner" }]')
    )
    one(msgs, "field effects[0].tag", "capitalised")


def test_a_trigger_filter_needs_a_watcher_that_has_a_subject(tmp_path: Path) -> None:
    msgs = errors(
        tmp_path,
        card(
            "power = 1\n"
            f'text.triggers = [{{ when = "attack", tag = "NETRUNNER", effects = [{D}] }}]',
            "unit",
        ),
    )
    one(msgs, "field text.triggers[0]:", "friendly_defeated, you_play")


def test_a_filter_inside_a_trigger_is_checked_against_the_pack(tmp_path: Path) -> None:
    msgs = errors(
        tmp_path,
        card(
            'power = 1\ntext.triggers = [{ when = "friendly_defeated", named = "Vexx", '
            f"effects = [{D}] }}]",
            "unit",
        ),
    )
    one(msgs, "field text.triggers[0].named", "'Vexx'")


def test_an_unknown_trigger_is_refused_with_the_list(tmp_path: Path) -> None:
    msgs = errors(
        tmp_path,
        card(
            'power = 1\ntext.triggers = [{ when = "you_steals", effects = [{ type = "draw" }] }]',
            "unit",
        ),
    )
    one(msgs, "field text.triggers[0].when", "did you mean 'you_steal'")


def test_a_replacement_must_say_what_happens_instead(tmp_path: Path) -> None:
    msgs = errors(
        tmp_path, card("power = 1\ntext.replacements = [{ once_each_turn = true }]", "unit")
    )
    one(msgs, "field text.replacements[0]:", "what happens instead")


def test_a_card_cant_sacrifice_itself_to_save_itself(tmp_path: Path) -> None:
    msgs = errors(tmp_path, card("power = 1\ntext.replacements = [{ sacrifice = true }]", "unit"))
    one(msgs, "can't sacrifice itself")


def test_a_replacement_filter_needs_a_friendly_subject(tmp_path: Path) -> None:
    msgs = errors(
        tmp_path,
        card('power = 1\ntext.replacements = [{ tag = "NETRUNNER", sacrifice = true }]', "unit"),
    )
    one(msgs, "field text.replacements[0]:", "subject = friendly_unit")


def test_an_unknown_named_effect_inside_a_replacement_is_reported(tmp_path: Path) -> None:
    msgs = errors(
        tmp_path,
        card(
            "power = 1\n"
            'text.replacements = [{ instead = [{ type = "named", name = "even_odd" }] }]',
            "unit",
        ),
    )
    one(msgs, "field text.replacements[0].instead[0].name", "even_odds")


def test_choose_one_needs_two_modes(tmp_path: Path) -> None:
    msgs = errors(
        tmp_path,
        card('effects = [{ type = "choose_one", modes = [{ effects = [{ type = "draw" }] }] }]'),
    )
    one(msgs, "field effects[0]:", "2 to 4 modes, not 1")


def test_a_mode_needs_an_effect(tmp_path: Path) -> None:
    msgs = errors(
        tmp_path,
        card(
            'effects = [{ type = "choose_one", modes = [{ effects = [] }, '
            f"{{ effects = [{D}] }}] }}]"
        ),
    )
    one(msgs, "field effects[0].modes[0]:", "at least 1 effect")


def test_modes_dont_nest(tmp_path: Path) -> None:
    inner = f'{{ type = "choose_one", modes = [{TWO}] }}'
    msgs = errors(
        tmp_path,
        card(
            f'effects = [{{ type = "choose_one", modes = [{{ effects = [{inner}] }}, '
            f"{{ effects = [{D}] }}] }}]"
        ),
    )
    one(msgs, "field effects[0].modes[0].effects[0]", "choose_one")


def test_an_unknown_named_effect_inside_a_mode_is_reported(tmp_path: Path) -> None:
    msgs = errors(
        tmp_path,
        card(
            'effects = [{ type = "choose_one", modes = [{ effects = [{ type = "draw" }] }, '
            '{ effects = [{ type = "named", name = "pair_surg" }] }] }]'
        ),
    )
    one(msgs, "field effects[0].modes[1].effects[0].name", "pair_surge")


def test_a_steal_bonus_of_zero_is_refused(tmp_path: Path) -> None:
    msgs = errors(
        tmp_path, card('effects = [{ type = "steal_bonus", target = "friendly_unit", amount = 0 }]')
    )
    one(msgs, "field effects[0].amount", "does nothing")
    msgs = errors(tmp_path, card('power = 1\ntext.statics = [{ kind = "steal_bonus" }]', "unit"))
    one(msgs, "field text.statics[0]:", "non-zero amount")


def test_die_size_belongs_to_protect_gigs_and_must_be_a_die(tmp_path: Path) -> None:
    msgs = errors(
        tmp_path,
        card('power = 1\ntext.statics = [{ kind = "must_attack", die_size = 20 }]', "unit"),
    )
    one(msgs, "field text.statics[0]:", "protect_gigs")
    msgs = errors(
        tmp_path,
        card('power = 1\ntext.statics = [{ kind = "protect_gigs", die_size = 7 }]', "unit"),
    )
    one(msgs, "field text.statics[0].die_size")


def test_a_prevention_count_is_bounded(tmp_path: Path) -> None:
    msgs = errors(
        tmp_path,
        card('effects = [{ type = "prevent_defeat", target = "friendly_unit", count = 0 }]'),
    )
    one(msgs, "field effects[0].count", "greater than or equal to 1")


def test_a_replacement_that_defeats_the_saved_card_again_is_refused(tmp_path: Path) -> None:
    msgs = errors(
        tmp_path,
        card(
            'power = 1\ntext.replacements = [{ instead = [{ type = "defeat", target = "this" }] }]',
            "unit",
        ),
    )
    one(msgs, "field text.replacements[0]:", "forever")


# ---- replacements of other events (D3, D4), steal prevention, group statics ----------------


def unit(body: str) -> str:
    return card(f"power = 1\n{body}", "unit")


def test_the_newer_replacement_and_static_forms_load(tmp_path: Path) -> None:
    root = tmp_path / "pk"
    (root / "cards").mkdir(parents=True)
    (root / "pack.toml").write_text('game = "tcg"\nid = "pk"\nname = "Pk"\nversion = "1"\n')
    (root / "cards" / "red.toml").write_text(
        GOOD
        + "\n[[card]]\n"
        + unit(
            'text.replacements = [{ would = "draw", once_each_turn = true, '
            'instead = [{ type = "sell_top" }] }, { would = "be_stolen", sacrifice = true }, '
            '{ would = "return_to_hand", move_to = "trash" }]\n'
            'text.statics = [{ kind = "power", amount = 1, affects = "friendly_units", '
            'tag = "NETRUNNER" }, { kind = "cant_be_blocked", affects = "all_units", '
            'named = "Vex" }]'
        )
        + '\n[[card]]\nid = "chip"\nname = "Chip"\ntype = "gear"\ncolour = "red"\n'
        'text.replacements = [{ would = "be_trashed", move_to = "hand" }]\n'
        + '\n[[card]]\nid = "room"\nname = "Room"\ntype = "program"\ncolour = "red"\n'
        'effects = [{ type = "prevent_steal", count = 2, until = "your_next_turn" }]\n'
    )
    pack = load_pack(root)
    rep = pack.cards["bad"].text.replacements
    assert [r.subject.value for r in rep] == ["you", "you", "this"]


def test_an_unknown_event_is_refused_with_a_suggestion(tmp_path: Path) -> None:
    msgs = errors(tmp_path, unit('text.replacements = [{ would = "draws", sacrifice = true }]'))
    one(msgs, "field text.replacements[0].would", "did you mean 'draw'")


def test_a_player_event_needs_subject_you(tmp_path: Path) -> None:
    msgs = errors(
        tmp_path,
        unit('text.replacements = [{ would = "draw", subject = "this", sacrifice = true }]'),
    )
    one(msgs, "field text.replacements[0]:", "about a player: subject = you")


def test_a_player_event_has_no_card_to_filter_or_move(tmp_path: Path) -> None:
    msgs = errors(tmp_path, unit('text.replacements = [{ would = "be_stolen", move_to = "hand" }]'))
    one(msgs, "field text.replacements[0]:", "no card to filter or move")
    msgs = errors(
        tmp_path,
        unit('text.replacements = [{ would = "draw", tag = "NETRUNNER", sacrifice = true }]'),
    )
    one(msgs, "field text.replacements[0]:", "no card to filter or move")


def test_a_card_event_cant_have_subject_you(tmp_path: Path) -> None:
    msgs = errors(
        tmp_path,
        unit('text.replacements = [{ would = "be_defeated", subject = "you", sacrifice = true }]'),
    )
    one(msgs, "field text.replacements[0]:", "about a card")


def test_a_trashed_card_must_be_sent_somewhere_else(tmp_path: Path) -> None:
    msgs = errors(
        tmp_path,
        unit(
            'text.replacements = [{ would = "be_trashed", subject = "friendly_unit", '
            'instead = [{ type = "draw" }] }]'
        ),
    )
    one(msgs, "field text.replacements[0]:", "move_to = hand or deck_bottom")


def test_move_to_the_usual_place_is_refused(tmp_path: Path) -> None:
    msgs = errors(
        tmp_path, unit('text.replacements = [{ would = "return_to_hand", move_to = "hand" }]')
    )
    one(msgs, "field text.replacements[0]:", "sends it anyway")
    msgs = errors(
        tmp_path, unit('text.replacements = [{ would = "return_to_hand", move_to = "attic" }]')
    )
    one(msgs, "field text.replacements[0].move_to")


def test_a_gears_own_text_replaces_only_its_own_trashing(tmp_path: Path) -> None:
    msgs = errors(
        tmp_path,
        card(
            'text.replacements = [{ would = "be_defeated", instead = [{ type = "draw" }] }]',
            "gear",
        ),
    )
    one(msgs, "a Gear's own text", "goes in `lower`")


def test_a_static_group_belongs_to_unit_statics(tmp_path: Path) -> None:
    msgs = errors(
        tmp_path,
        unit(
            'text.statics = [{ kind = "cost_reduction", amount = 1, affects = "friendly_units" }]'
        ),
    )
    one(msgs, "field text.statics[0]:", "belong to the Unit statics")


def test_a_static_filter_needs_a_group(tmp_path: Path) -> None:
    msgs = errors(
        tmp_path, unit('text.statics = [{ kind = "power", amount = 1, tag = "NETRUNNER" }]')
    )
    one(msgs, "field text.statics[0]:", "needs a group")


def test_a_static_filter_is_checked_against_the_pack(tmp_path: Path) -> None:
    msgs = errors(
        tmp_path,
        unit('text.statics = [{ kind = "cant_be_blocked", affects = "all_units", named = "Vax" }]'),
    )
    one(msgs, "field text.statics[0].named", "no card in this pack is named 'Vax'", "'Vex'")


def test_an_unknown_static_group_is_refused(tmp_path: Path) -> None:
    msgs = errors(
        tmp_path,
        unit('text.statics = [{ kind = "power", amount = 1, affects = "friendly_unit" }]'),
    )
    one(msgs, "field text.statics[0].affects", "did you mean 'friendly_units'")


def test_a_steal_prevention_count_is_bounded(tmp_path: Path) -> None:
    msgs = errors(tmp_path, card('effects = [{ type = "prevent_steal", count = 0 }]'))
    one(msgs, "field effects[0].count", "greater than or equal to 1")
