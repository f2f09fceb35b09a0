"""The English the TCG engine puts inside sentences, and the pack's own words, in Polish at
the adapter edge (cogs/tcg/words.py, deck_words.py, localize.py, texts.py): attack end
reasons, pending triggers, refused verbs, a deck's problems and reading errors, ChooseOne
modes, translated card names; and English exactly as before."""

from __future__ import annotations

import functools
import re

import pytest

from bot.i18n import t
from cogs.tcg import localize, render, texts
from cogs.tcg.deck_words import BOOK as DECK_BOOK
from cogs.tcg.deck_words import error_text, problem_text
from cogs.tcg.words import BOOK, say
from content.tcg.loader import load_default_pack
from rules.core.errors import IllegalAction
from rules.core.translations import Translation
from rules.tcg.cards import DeckList, TcgContent
from rules.tcg.decks import DeckTextError, deck_problems, parse_deck_text
from rules.tcg.effects import mode_label
from rules.tcg.engine import new_duel
from rules.tcg.options import TcgOptions
from rules.tcg.scenario import Side, build
from rules.tcg.view import view
from tests.discord.test_tcg_render import _runtime


@functools.cache
def content() -> TcgContent:
    return load_default_pack()


@pytest.mark.parametrize(
    ("english", "polish"),
    [
        ("The attack ends: the target left the field.", "Atak się kończy: cel zszedł z pola."),
        (
            "The attack ends: the attacker left the field.",
            "Atak się kończy: atakujący zszedł z pola.",
        ),
        ("The attack ends: the target was readied.", "Atak się kończy: cel został przygotowany."),
        ("Alley Cutter: play", "Alley Cutter: PLAY"),
        ("Alley Cutter: spent: use it?", "Alley Cutter: gdy zostaje wydana: użyć?"),
        ("Vault Keeper: start of turn", "Vault Keeper: początek tury"),
        ("Riot Starter: play triggers.", "Riot Starter: PLAY — efekt się uruchamia."),
        ("alice triggers.", "alice — efekt się uruchamia."),
    ],
)
def test_engine_words_inside_a_sentence_read_in_polish(english: str, polish: str) -> None:
    assert say("pl", english) == polish
    assert say("en", english) == english


PENDING_EN = re.compile(
    r": (play|call|attack|defeated|spent|blocks|steals|start of turn|end of turn|you steal|"
    r"you adjust|friendly defeated|you play)\b"
)


def test_no_pending_trigger_of_random_duels_stays_english() -> None:
    from tests.discord.test_tcg_words import _random_texts

    texts = _random_texts(content(), range(6))
    pending = [x for x in texts if PENDING_EN.search(x)]
    assert pending  # random duels do trigger cards
    for x in pending:
        assert PENDING_EN.search(say("pl", x)) is None, (x, say("pl", x))


@pytest.mark.parametrize(
    "verb", ["mulligan", "keep", "roll", "play", "Call", "activate", "choose", "pass", "concede"]
)
def test_a_refused_verb_reads_in_polish(verb: str) -> None:
    word = t("pl", verb)
    english = f"You can't {verb} now.\nSee /tcg hand for what you can do."
    polish = say("pl", english)
    assert polish.startswith(f"Tego nie możesz teraz zrobić ({word}).") and "/tcg reka" in polish
    what = f"'x' is not something you can {verb} now.\nYou can {verb}: a, b."
    assert f"({word})" in say("pl", what) and "You can" not in say("pl", what)
    assert word != verb or verb in ("mulligan", "Call")  # the digest keeps these two


def test_an_empty_list_of_targets_reads_in_polish() -> None:
    english = "'zz' is not a target that Unit can attack now.\nTargets: none."
    polish = say("pl", english)
    assert polish.endswith("Cele: brak.") and "none" not in polish


def _deck(c: TcgContent, legends: list[str], cards: list[tuple[str, int]]) -> DeckList:
    return DeckList(id="x", name="x", legends=tuple(legends), cards=tuple(cards))


def bad_decks(c: TcgContent) -> list[DeckList]:
    """Decks with every kind of problem `deck_problems` reports."""
    red = ["rook-vance", "mara-kell", "dex-oyelaran"]
    return [
        _deck(c, ["no-such-card", *red[:2]], []),
        _deck(c, red[:2], [("alley-cutter", 3)] * 14),
        _deck(c, ["rook-vance", "rook-vance", "alley-cutter"], [("alley-cutter", 4)]),
        _deck(c, red, [("cass-ardent", 1), ("ice-sentinel", 3), ("alley-cutter", 9)]),
        _deck(c, red, [("hedge-bet", 2), ("alley-cutter", 3)]),
    ]


def test_every_deck_problem_has_a_polish_template() -> None:
    c = content()
    problems = [p for d in bad_decks(c) for p in deck_problems(d, c)]
    kinds = {m[0] for m in map(DECK_BOOK.match, problems) if m is not None}
    unmatched = [p for p in problems if DECK_BOOK.match(p) is None]
    assert unmatched == []
    assert len(kinds) >= 7  # unknown, count of Legends, not a Legend, names, size, copies…
    for p in problems:
        polish = problem_text("pl", p)
        assert polish != p and problem_text("en-US", p) == p
        for name in {x.full_name for x in c.cards.values()} | {"no-such-card"}:
            assert (name in p) <= (name in polish), (p, polish)  # names survive


def test_a_deck_lists_reading_errors_read_in_polish() -> None:
    with pytest.raises(DeckTextError) as exc:
        parse_deck_text("3 No Such Card\n???\n0 Alley Cutter", content())
    polish = error_text("pl", exc.value)
    assert polish.startswith("wiersz 1: nie ma karty o nazwie „No Such Card”; wiersz 2: ")
    assert "line" not in polish and "no card" not in polish
    assert error_text("en", exc.value) == str(exc.value)
    refusal = texts.import_refusal("pl", exc.value)
    assert (
        refusal.splitlines()[-1]
        == "Popraw tę pozycję i zaimportuj ponownie; nic nie zostało zapisane."
    )


def test_a_duel_refused_for_an_illegal_deck_reads_in_polish() -> None:
    c = content()
    bad = bad_decks(c)[1]
    with pytest.raises(IllegalAction) as exc:
        new_duel(
            duel_id="d",
            players=("1", "2"),
            names=("alice", "bob"),
            decks=(bad, c.decks["chrome-rush"]),
            seed=1,
            content=c,
        )
    english = str(exc.value)
    polish = say("pl", english)
    assert polish.startswith("Talia „x” gracza alice nie jest legalna: talia ma dokładnie 3")
    assert "/tcg talia sprawdz" in polish and "not legal" not in polish
    assert say("en", english) == english


def test_every_choose_one_mode_reads_as_its_cards_polish_text() -> None:
    c = content()
    words = localize.words(c, "pl")
    modes = [
        mode_label(m)
        for card in c.cards.values()
        for e in localize._choose_ones(card)
        for m in e.modes
    ]
    assert modes and set(modes) == set(words.modes)
    assert localize.words(c, "en").modes == {} and localize.words(c, "en").names == {}
    line = localize.line(c, "pl", "alice chooses: Lower a Gig by up to 2.")
    assert line == "alice wybiera: Obniż dowolnego Giga maksymalnie o 2."


def named_pack() -> TcgContent:
    """The core pack whose Polish translation also names two cards (one with a subtitle)."""
    c = content()
    pl = c.translations["pl"]
    extra = {
        "cards.alley-cutter.name": "Nożownik z Zaułka",
        "cards.mara-kell.subtitle": "Święta od Drutów",
        "cards.short-circuit.name": "Zwarcie",
    }
    tr = Translation(language="pl", texts={**pl.texts, **extra})
    return c.model_copy(update={"translations": {**c.translations, "pl": tr}})


def test_translated_names_show_on_the_board_the_panel_and_the_lines() -> None:
    c = named_pack()
    state = build(
        c,
        Side(
            hand=["short-circuit"],
            field=["alley-cutter"],
            legends=["mara-kell up", "rook-vance", "dex-oyelaran"],
        ),
        Side(
            hand=["short-circuit"],
            legends=["rook-vance", "mara-kell", "dex-oyelaran"],
            gigs=["d6:3"],
        ),
    )
    rt = _runtime(c)
    board = str(render.board_embed(rt.view_for(state, None, "pl"), 0, "a vs b", "pl").to_dict())
    assert "Nożownik z Zaułka" in board and "Mara Kell: Święta od Drutów" in board
    assert "Alley Cutter" not in board and "Zwarcie" not in board  # hands stay hidden
    from cogs.tcg.panel import panel

    embed, buttons = panel(rt, state, state.seats[0].player, [], loc="pl")
    text = str(embed.to_dict()) + str(buttons.to_components() if buttons else "")
    assert "Zwarcie" in text and "Short Circuit" not in text
    english = str(render.board_embed(rt.view_for(state, None), 0, "a vs b").to_dict())
    assert "Alley Cutter" in english and "Nożownik" not in english
    assert rt.line("pl", "bob plays Alley Cutter.") == "bob zagrywa Nożownik z Zaułka."
    assert rt.line("en", "bob plays Alley Cutter.") == "bob plays Alley Cutter."
    # An engine refusal names the card in the reader's language too.
    from rules.core.errors import Refusal
    from rules.tcg.codes import RefusalCode

    refusal = Refusal(
        code=RefusalCode.NO_SELL_TAG,
        message="Alley Cutter has no Sell tag.\nSell a card that has one.",
    )
    assert "Nożownik z Zaułka" in rt.explain_for(refusal, "pl")
    assert rt.explain_for(refusal, "en").startswith("Alley Cutter has no Sell tag.")
    # Localized, the rival's view still holds no hand of the other seat.
    assert rt.view_for(state, state.seats[1].player, "pl").seats[0].hand is None
    assert view(state, c, 1).seats[0].hand is None


def test_the_options_reply_keeps_the_values_and_says_what_they_mean() -> None:
    opts = TcgOptions(reaction_timeout=30, spectators_see_hand_counts=True)
    assert texts.options_reply("en", opts, "server") == (
        "✓ demo_decks: False (off), reaction_timeout: 30, legacy_choice_on_play: False (off), "
        "turn_timer: 0, spectators_see_hand_counts: True (on), language: the server's language"
    )
    polish = texts.options_reply("pl", opts, "pl")
    assert "czas na reakcję (s): 30" in polish and polish.endswith("język: pl (polski)")
    assert "widzowie widzą liczbę kart w rękach: True (wł.)" in polish
    assert texts.options_reply("pl", opts, "server").endswith("język: język serwera")


def test_notices_written_in_english_are_sent_in_the_duels_language() -> None:
    for english in (
        texts.timed_out("en", "alice"),
        texts.reminder("en", "<@123>", 45.0),
    ):
        polish = texts.NOTICES.translate("pl", english)
        assert polish != english and texts.NOTICES.translate("en-US", english) == english
    assert "45 s" in texts.reminder("en", "<@1>", 45.0)  # never "45.0 s"
    # The DM-closed notice is the house's, built in the duel's language (notice_locale).
    from cogs.common.dmhands import dm_closed_text

    polish = dm_closed_text("pl", "tcg", "123")
    assert "<@123>" in polish and "`/tcg pw wlaczone:True`" in polish
    assert "`/tcg dm enabled:True`" in dm_closed_text("en", "tcg", "123")


def test_every_prompt_of_random_duels_has_a_polish_template() -> None:
    import random

    from rules.tcg import actions as act
    from rules.tcg.engine import apply
    from rules.tcg.legal import legal_actions, to_act

    c = content()
    decks = sorted(c.decks.values(), key=lambda d: d.id)
    prompts: set[str] = set()
    for seed in range(30):
        rng = random.Random(seed)
        pair = (decks[seed % len(decks)], decks[(seed + 1) % len(decks)])
        s = new_duel(
            duel_id="d",
            players=("1", "2"),
            names=("alice", "bob"),
            decks=pair,
            seed=seed,
            content=c,
        )
        for _ in range(800):
            w = to_act(s)
            if s.result is not None or w is None:
                break
            if s.prompt is not None:
                prompts.add(s.prompt.text)
            legal = legal_actions(s, c, s.seats[w].player)
            s = apply(s, rng.choice([a for a in legal if not isinstance(a, act.Concede)]), c).state
    assert len(prompts) > 20
    assert sorted(x for x in prompts if BOOK.match(x) is None) == []
    assert all(say("pl", x) != x for x in prompts)


def _skeleton(text: str) -> str:
    return re.sub(r"\{[^}]*\}", "{}", text)


def _sources(names: tuple[str, ...]) -> list[tuple[str, int, str]]:
    """Every text rules/tcg passes as the second argument of a call to one of `names`
    (`refuse(code, msg)`, `IllegalAction.of(code, msg)`, `self.emit(kind, text)`), its
    values as `{}`."""
    import ast
    from pathlib import Path

    def flat(a: ast.expr) -> str | None:
        if isinstance(a, ast.Constant) and isinstance(a.value, str):
            return a.value
        if isinstance(a, ast.JoinedStr):
            return "".join(str(v.value) if isinstance(v, ast.Constant) else "{}" for v in a.values)
        if isinstance(a, ast.BinOp):
            left, right = flat(a.left), flat(a.right)
            return None if left is None or right is None else left + right
        return None

    out = []
    root = Path(__file__).resolve().parents[2] / "rules" / "tcg"
    for path in sorted(root.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or len(node.args) < 2:
                continue
            f = node.func
            name = (
                f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            )
            if name in names:
                text = flat(node.args[1])
                if text is None:  # a helper passing its `message` or `text` on
                    assert isinstance(node.args[1], ast.Name), f"{path.name}:{node.lineno}"
                    continue
                out.append((path.name, node.lineno, text))
    return out


def test_every_refusal_the_engine_writes_has_a_polish_template() -> None:
    from cogs.tcg.words import ILLEGAL_DECK, REFUSALS

    known = {_skeleton(x) for x in (*REFUSALS, ILLEGAL_DECK)}
    found = _sources(("refuse", "of"))
    assert len(found) > 30
    missing = [f"{f}:{n}: {x!r}" for f, n, x in found if _skeleton(x) not in known]
    assert missing == []


def test_every_event_the_engine_writes_has_a_polish_template() -> None:
    from cogs.tcg.words import EVENTS

    known = {_skeleton(x) for x in EVENTS}
    found = _sources(("emit",))
    assert len(found) > 40
    missing = [f"{f}:{n}: {x!r}" for f, n, x in found if _skeleton(x) not in known]
    assert missing == []


@pytest.mark.parametrize(
    ("english", "polish"),
    [
        (
            "Alley Cutter would be defeated; instead, Vault Keeper replaces it.",
            "Alley Cutter: zamiast zdarzenia „pokonanie” działa Vault Keeper.",
        ),
        (
            "alice's Gig would be stolen; it is prevented.",
            "Gig gracza alice: zdarzenie „kradzież” nie następuje (zapobiegnięto mu).",
        ),
        ("Alley Cutter steals +1 Gigs.", "Alley Cutter: +1 do liczby kradzionych Gigów."),
        ("Alley Cutter is trashed instead.", "Alley Cutter zamiast tego trafia do trash."),
    ],
)
def test_replacement_and_prevention_lines_read_in_polish(english: str, polish: str) -> None:
    assert say("pl", english) == polish
    assert say("en", english) == english
