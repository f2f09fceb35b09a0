"""A scenario's name in the table's language (docs/i18n.md, "Content translations"): when
the Legends pack's translation names a scenario, the public updates that start and end
a run (won, flatlined, a Trauma Pack's) quote that name for a table of that language,
the same name the campaign screen shows; an English table reads it as printed."""

from __future__ import annotations

import shutil

import pytest

from cogs.legends import gallery, render
from cogs.legends.gallery import Step
from cogs.legends.localize import localize_events, scenario_name
from cogs.legends.words import say
from content.legends.loader import DEFAULT_PACK_DIR, load_pack
from rules.core.events import Event
from rules.legends.cards import ContentPack

EDGE_PL = "Skraj Targu"
TRAUMA_PL = "Pakiet Trauma 1: Złota Godzina"


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> ContentPack:
    """The bundled pack whose Polish translation also names two scenarios."""
    dest = tmp_path_factory.mktemp("pack") / "pack"
    shutil.copytree(DEFAULT_PACK_DIR, dest, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    tr = dest / "translations" / "pl.toml"
    text = tr.read_text(encoding="utf-8")
    for sid, name in (("edge-of-the-market", EDGE_PL), ("trauma-team-1", TRAUMA_PL)):
        head = f"[scenarios.{sid}]\n"
        assert head in text
        text = text.replace(head, f'{head}name = "{name}"\n')
    tr.write_text(text, encoding="utf-8")
    return load_pack(dest)


def _update_text(step: Step, content: ContentPack, loc: str) -> str:
    """Every text of the public update the bot posts after `step` (the bot's builders)."""
    shot = gallery.public_update("k", "", "", step, content, loc=loc)
    assert shot is not None
    return "\n".join(gallery.iter_texts(shot))


def _won_run(content: ContentPack) -> list[Step]:
    for seed in range(1, 40):
        steps = gallery.crew_run(content, 2, seed, scenario="edge-of-the-market")
        if any(e.kind == "complete" for e in steps[-1].events):
            return steps
    raise AssertionError("no seed wins Edge of the Market")


def test_the_update_that_ends_a_won_run_names_the_scenario_in_polish(pack: ContentPack) -> None:
    assert scenario_name(pack, "pl", "edge-of-the-market") == EDGE_PL
    steps = _won_run(pack)
    pl = _update_text(steps[-1], pack, "pl")
    assert f"Akcja ukończona: {EDGE_PL}." in pl, pl
    assert "Edge of the Market" not in pl
    # The same name as the campaign screen the update carries.
    assert pl.count(EDGE_PL) >= 2, pl
    # The card whose flip ends the run reads in the translation's words too, though the
    # run is over by the time the update is posted.
    words = pack.translations["pl"].scenarios["edge-of-the-market"].cards
    flipped = [e for e in steps[-1].events if e.kind == "flipped"]
    assert flipped, [e.kind for e in steps[-1].events]
    for scard in pack.scenarios["edge-of-the-market"].cards:
        if scard.text and scard.order in words and scard.text in flipped[-1].text:
            assert scard.text.splitlines()[0] not in pl, pl
            assert (words[scard.order].text or "").splitlines()[0] in pl, pl
            break
    else:
        raise AssertionError("the last flip quotes no translated Scenario Card")
    en = _update_text(steps[-1], pack, "en-US")
    assert "Run complete: Edge of the Market." in en
    assert EDGE_PL not in en
    # The update that starts the run too.
    start = _update_text(steps[0], pack, "pl")
    assert f"Scenariusz: {EDGE_PL}." in start and "Edge of the Market" not in start


def test_a_flatline_names_the_trauma_pack_in_polish(pack: ContentPack) -> None:
    flat = gallery.flatlined_run(pack)
    assert any(e.kind == "flatlined" for e in flat[-1].events)
    pl = _update_text(flat[-1], pack, "pl")
    assert TRAUMA_PL in pl and "Golden Hour" not in pl, pl
    assert "Trauma Pack 1: Golden Hour" in _update_text(flat[-1], pack, "en")


@pytest.mark.parametrize(
    ("english", "polish"),
    [
        (
            "Run complete: Edge of the Market. The crew made it out with 7 Health.",
            f"Akcja ukończona: {EDGE_PL}.",
        ),
        ("Trauma Pack 1: Golden Hour is over. The crew is back on its feet.", TRAUMA_PL),
        ("Trauma Team is on the way: Trauma Pack 1: Golden Hour is next.", TRAUMA_PL),
        ("Trauma Pack: Trauma Pack 1: Golden Hour.", TRAUMA_PL),
    ],
)
def test_each_event_quoting_a_scenario_reads_its_translated_name(
    pack: ContentPack, english: str, polish: str
) -> None:
    (pl,) = localize_events([Event(kind="complete", text=english)], pack, None, "pl")
    said = say("pl", pl.text)
    assert polish in said and "Golden Hour" not in said and "Edge of" not in said, said
    (en,) = localize_events([Event(kind="complete", text=english)], pack, None, "en-US")
    assert en.text == english


def test_a_scenario_name_inside_another_text_is_left_as_it_is(pack: ContentPack) -> None:
    text = "A poster for Edge of the Market nobody translated."
    (pl,) = localize_events([Event(kind="info", text=text)], pack, None, "pl")
    assert pl.text == text
    assert render.event_lines([pl], loc="pl") == [f"• {text}"]
