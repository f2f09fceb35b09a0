"""The pack's own words in the reader's language: views and event texts with the card,
Obstacle, scene and intro texts of the pack's translation (rules/legends/translations.py),
and the names of its Persistent Memories, role decks, scenarios and campaigns.

Fixer's words come from the catalogue (bot/i18n); the pack's words come from the pack.
Card names stay as printed unless the translation gives one. A text the translation
lacks stays as printed. The views are replaced field by field (they are frozen models),
never anything about who may see what: localizing a public board only rewrites what
that board already shows.
"""

from __future__ import annotations

import string
from collections.abc import Iterable

from bot.i18n import SOURCE, language
from rules.core.events import Event
from rules.legends.cards import ContentPack, Role
from rules.legends.state import Option, Table
from rules.legends.translations import PackTranslation, SceneText
from rules.legends.view import BoardView, CardView, PlayerView


def _tr(content: ContentPack, loc: str) -> PackTranslation | None:
    lang = language(loc)
    return None if lang == SOURCE else content.translations.get(lang)


def _card(c: CardView, tr: PackTranslation) -> CardView:
    t = tr.cards.get(c.id)
    if t is None:
        return c
    return c.model_copy(update={"name": t.name or c.name, "text": t.text or c.text})


def card_words(content: ContentPack, loc: str, card_id: str) -> tuple[str, str]:
    """A pack card's name and text in the reader's language (each as printed when the
    translation lacks it): the deck lists and the shop, which show cards, not views."""
    card = content.cards[card_id]
    tr = _tr(content, loc)
    words = tr.cards.get(card_id) if tr else None
    if words is None:
        return card.name, card.text
    return words.name or card.name, words.text or card.text


def scenario_name(content: ContentPack, loc: str, scenario: str) -> str:
    """A scenario's name in the reader's language, if the pack's translation gives one."""
    tr = _tr(content, loc)
    st = tr.scenarios.get(scenario) if tr else None
    return (st.name if st else None) or content.scenarios[scenario].name


def memory_name(content: ContentPack, loc: str, key: str) -> str:
    """A Persistent Memory's name in the reader's language: its scenario's translated
    `memories` entry, or its memory card's translated name; else as the pack names it."""
    tr = _tr(content, loc)
    origin = content.memory_origin(key)
    if tr is not None and origin is not None:
        sid, order = origin
        st = tr.scenarios.get(sid)
        if st is not None:
            sc = st.cards.get(order) if order is not None else None
            name = st.memories.get(key) if order is None else (sc.name if sc else None)
            if name:
                return name
    return content.memory_name(key)


def role_deck_name(content: ContentPack, loc: str, role: Role) -> str:
    """A role deck's name in the reader's language ("Solo: More Guns Than Sense")."""
    tr = _tr(content, loc)
    words = tr.roles.get(role.value) if tr else None
    return (words.name if words else None) or content.roles[role].name


def campaign_name(content: ContentPack, loc: str, campaign: str) -> str:
    """A campaign's name in the reader's language."""
    tr = _tr(content, loc)
    words = tr.campaigns.get(campaign) if tr else None
    return (words.name if words else None) or content.campaigns[campaign].name


def upgrade_pack_name(content: ContentPack, loc: str, pack: str) -> str:
    """An upgrade pack's name in the reader's language."""
    tr = _tr(content, loc)
    words = tr.upgrades.get(pack) if tr else None
    return (words.name if words else None) or content.upgrade_packs[pack].name


def scene_words(content: ContentPack, loc: str, scenario: str, order: int) -> SceneText | None:
    """A Scenario Card's words in the reader's language, if the pack translates it."""
    tr = _tr(content, loc)
    st = tr.scenarios.get(scenario) if tr else None
    return st.cards.get(order) if st else None


def _scenario_of(state: Table | None) -> str | None:
    return None if state is None or state.run is None else state.run.scenario


def _quoted_scenario(state: Table | None) -> str | None:
    """The scenario whose texts the events leading to `state` quote: the run's, or once
    a run is over the run just played (the update that ends it shows its last card)."""
    if state is not None and state.run is None and state.history:
        return state.history[-1].scenario
    return _scenario_of(state)


def _seats(b: BoardView, loc: str) -> BoardView:
    """The board's seat names with the engine's merc mark in the language (Fixer's word,
    not the pack's, but every board shown goes through here)."""
    from cogs.legends.words import seat_names

    if language(loc) == SOURCE:
        return b
    return b.model_copy(
        update={
            "seats": tuple(s.model_copy(update={"name": seat_names(loc, s.name)}) for s in b.seats),
            "plan": tuple(
                p.model_copy(update={"seat_name": seat_names(loc, p.seat_name)}) for p in b.plan
            ),
            "prompts": tuple(
                p.model_copy(update={"seat_name": seat_names(loc, p.seat_name)}) for p in b.prompts
            ),
            "leader": seat_names(loc, b.leader) if b.leader else b.leader,
            "turn": seat_names(loc, b.turn) if b.turn else b.turn,
        }
    )


def localize_board(b: BoardView, content: ContentPack, state: Table | None, loc: str) -> BoardView:
    b = _seats(b, loc)
    tr = _tr(content, loc)
    if tr is None:
        return b
    sid = _scenario_of(state)
    st = tr.scenarios.get(sid) if sid else None
    obstacles = tuple(
        ob.model_copy(
            update={
                "name": (sc.name or ob.name) if sc else ob.name,
                "text": (sc.text or ob.text) if sc else ob.text,
            }
        )
        for ob in b.obstacles
        for sc in [st.cards.get(ob.order) if st else None]
    )
    plan = tuple(p.model_copy(update={"card": _card(p.card, tr)}) for p in b.plan)
    vote = b.vote
    if st is not None and state is not None and state.run is not None and state.run.scenes:
        sc = st.cards.get(state.run.scenes[-1].order)
        if sc is not None and sc.choices:
            vote = tuple(Option(key=o.key, label=sc.choices.get(o.key, o.label)) for o in b.vote)
    scenario = b.scenario
    if st is not None and st.name:
        scenario = st.name
    return b.model_copy(
        update={"obstacles": obstacles, "plan": plan, "vote": vote, "scenario": scenario}
    )


def localize_view(
    view: PlayerView, content: ContentPack, state: Table | None, loc: str
) -> PlayerView:
    tr = _tr(content, loc)
    if tr is None:
        return view
    hands = {seat: tuple(_card(c, tr) for c in hand) for seat, hand in view.hands.items()}
    board = localize_board(view.board, content, state, loc)
    return view.model_copy(update={"board": board, "hands": hands})


_FORMATTER = string.Formatter()

Pairs = tuple[tuple[str, str], ...]
# (id of the pack, language, scenario) -> (the pack, its pairs): the pack is kept in the
# value, so its id is not reused while cached.
_PAIRS: dict[tuple[int, str, str | None], tuple[ContentPack, Pairs]] = {}


def _replacements(content: ContentPack, lang: str, sid: str | None) -> Pairs:
    key = (id(content), lang, sid)
    hit = _PAIRS.get(key)
    if hit is not None and hit[0] is content:
        return hit[1]
    if len(_PAIRS) > 256:
        _PAIRS.clear()
    pairs = _build(content, lang, sid)
    _PAIRS[key] = (content, pairs)
    return pairs


def _build(content: ContentPack, lang: str, sid: str | None) -> Pairs:
    tr = content.translations.get(lang)
    if tr is None:
        return ()
    pairs: list[tuple[str, str]] = []
    for cid, ct in tr.cards.items():
        card = content.cards.get(cid)
        if card is not None and ct.text and card.text:
            pairs.append((card.text, ct.text))
    scen = content.scenarios.get(sid) if sid else None
    st = tr.scenarios.get(sid) if sid else None
    if scen is not None and st is not None:
        if st.intro and scen.intro:
            pairs.append((scen.intro, st.intro))
        for scard in scen.cards:
            sc = st.cards.get(scard.order)
            if sc is None:
                continue
            if sc.text and scard.text:
                pairs.append((scard.text, sc.text))
            for ch in scard.choices:
                if ch.key in sc.choices:
                    pairs.append((f"{ch.key}: {ch.label}", f"{ch.key}: {sc.choices[ch.key]}"))
    pairs.extend(_named_events(content, lang))
    # Longest first: a card's text before a shorter text it contains.
    return tuple(sorted(pairs, key=lambda p: -len(p[0])))


def _head(template: str, **values: str) -> str:
    """The template up to its first field not among `values`, filled: the part of the
    engine's sentence that quotes a name ("Run complete: Edge of the Market. The crew
    made it out with"), the rest (a number, an intro) being whatever it is."""
    out = []
    for literal, field, _spec, _conv in _FORMATTER.parse(template):
        out.append(literal)
        if field is None:
            continue
        if field not in values:
            break
        out.append(values[field])
    return "".join(out).rstrip()


def _named_events(content: ContentPack, lang: str) -> list[tuple[str, str]]:
    """The engine's events naming a Persistent Memory, the campaign, an upgrade pack or
    a scenario, whole (up to the values that follow the name), with the translated name:
    a name alone could also be part of another (untranslated) text."""
    from cogs.legends.words import CAMPAIGN_DONE, MEMORY_RECORDED, SCENARIO_NAMED, UNLOCKED

    keys = {k for scen in content.scenarios.values() for k in scen.memories}
    keys |= {
        c.memory_key for scen in content.scenarios.values() for c in scen.cards if c.memory_key
    }
    pairs = []
    for key in sorted(keys):
        en, there = content.memory_name(key), memory_name(content, lang, key)
        if there != en:
            pairs.append((MEMORY_RECORDED.format(memory=en), MEMORY_RECORDED.format(memory=there)))
    for cid in content.campaigns:
        en, there = content.campaigns[cid].name, campaign_name(content, lang, cid)
        if there != en:
            pairs.append((CAMPAIGN_DONE.format(name=en), CAMPAIGN_DONE.format(name=there)))
    for uid in content.upgrade_packs:
        en, there = content.upgrade_packs[uid].name, upgrade_pack_name(content, lang, uid)
        if there != en:
            pairs.append((UNLOCKED.format(pack=en), UNLOCKED.format(pack=there)))
    for sid in content.scenarios:
        en, there = content.scenarios[sid].name, scenario_name(content, lang, sid)
        if there != en:
            for tpl in SCENARIO_NAMED:
                pairs.append((_head(tpl, scenario=en), _head(tpl, scenario=there)))
    return pairs


def localize_text(text: str, content: ContentPack, state: Table | None, loc: str) -> str:
    """An event's text with the pack's printed texts it quotes in the reader's language."""
    lang = language(loc)
    if lang == SOURCE or lang not in content.translations:
        return text
    for en, there in _replacements(content, lang, _quoted_scenario(state)):
        if en in text:
            text = text.replace(en, there)
    return text


def localize_events(
    events: Iterable[Event], content: ContentPack, state: Table | None, loc: str
) -> list[Event]:
    """Events whose texts quote the pack, in the reader's language (see `localize_text`)."""
    out = []
    for e in events:
        text = localize_text(e.text, content, state, loc)
        out.append(e if text == e.text else e.model_copy(update={"text": text}))
    return out
