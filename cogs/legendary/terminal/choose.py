"""Choosing a Legendary game's setup at the terminal: the Scheme, the Mastermind, the
Villain groups, the Henchman groups and the Heroes, each named by a flag (`--scheme`,
`--mastermind`, `--villains`, `--henchmen`, `--heroes`, by id or printed name) or picked
from a prompt (`--choose`). What is not chosen is drawn at random: a part left out
entirely by the engine itself (as before), a list named only in part by filling it up
here from the game's seed (the Mastermind's "Always Leads" group first, as §3 says).

A bad name is a `SetupError` (flags: the command exits with status 2) or, at a prompt,
a message and the question again; both say what is wrong, with a "did you mean".
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from bot.i18n import N_, did_you_mean, from_environment, t, tcount
from bot.i18n import name_list as i18n_names
from bot.terminal.console import Console, Quit
from cogs.legendary.terminal.packs import SetupError, resolve
from rules.legendary.cards import Pack
from rules.legendary.setup import Setup, counts_for


@dataclass(frozen=True)
class Part:
    """One list of the setup: its Setup field, its flag, what it is called."""

    field: str
    flag: str
    what: str  # singular, as in "Villain Group"
    flag_help: str  # the flag's --help (a catalogue message)


VILLAINS = Part(
    "villains",
    "--villains",
    "Villain Group",
    N_(
        "Villain Group ids or names (quote a name with spaces); those not named are drawn at random"
    ),
)
HENCHMEN = Part(
    "henchmen",
    "--henchmen",
    "Henchman Group",
    N_(
        "Henchman Group ids or names (quote a name with spaces); those not named are "
        "drawn at random"
    ),
)
HEROES = Part(
    "heroes",
    "--heroes",
    "Hero",
    N_("Hero ids or names (quote a name with spaces); those not named are drawn at random"),
)
PARTS = (VILLAINS, HENCHMEN, HEROES)


def counted(lang: str, part: Part, n: int) -> str:
    """ "2 Villain Groups" / "2 Grupy Złoczyńców": `n` of a part, in the language."""
    if part is VILLAINS:
        return tcount(lang, n, "Villain Group")
    if part is HENCHMEN:
        return tcount(lang, n, "Henchman Group")
    return tcount(lang, n, "Hero")


def known(pack: Pack, part: Part | str) -> dict[str, str]:
    """id -> printed name of the pack's choices for `part` (or "scheme", "mastermind")."""
    if part == "scheme":
        return {k: v.name for k, v in pack.schemes.items()}
    if part == "mastermind":
        return {k: v.name for k, v in pack.masterminds.items()}
    assert isinstance(part, Part)
    if part is HEROES:
        return {k: v.name for k, v in pack.heroes.items()}
    henchman = part is HENCHMEN
    return {k: g.name for k, g in pack.groups.items() if g.henchman == henchman}


def from_flags(
    pack: Pack,
    names: tuple[str, ...],
    *,
    scheme: str | None,
    mastermind: str | None,
    lists: dict[str, Sequence[str] | None],
) -> Setup:
    """The Setup the flags name (ids resolved; a bad name raises SetupError)."""
    picked: dict[str, tuple[str, ...] | None] = {}
    for part in PARTS:
        given = lists.get(part.field)
        if given is None:
            picked[part.field] = None
            continue
        ids = tuple(resolve(part.what, n, known(pack, part)) for n in given)
        if len(set(ids)) != len(ids):
            twice = next(i for i in ids if ids.count(i) > 1)
            raise SetupError(
                t(
                    from_environment(),
                    "{flag} names {name} twice; name each one once",
                    flag=part.flag,
                    name=known(pack, part)[twice],
                )
            )
        picked[part.field] = ids
    return Setup(
        names=names,
        scheme=resolve("scheme", scheme, known(pack, "scheme")) if scheme else None,
        mastermind=(
            resolve("mastermind", mastermind, known(pack, "mastermind")) if mastermind else None
        ),
        villains=picked["villains"],
        henchmen=picked["henchmen"],
        heroes=picked["heroes"],
    )


def needed(pack: Pack, setup: Setup) -> dict[str, tuple[int, list[str]]]:
    """For each list: how many this game takes and the ids it must hold (the
    Mastermind's "Always Leads" group; none solo, per L17). Needs the Scheme and the
    Mastermind fixed."""
    cnt = counts_for(setup, pack)
    mm = pack.masterminds[setup.mastermind or ""]
    lead = pack.groups.get(mm.always_leads)
    solo = len(setup.names) == 1
    must_v = [] if solo or lead is None or lead.henchman else [lead.id]
    must_h = [] if solo or lead is None or not lead.henchman else [lead.id]
    return {
        "villains": (cnt.villain_groups, must_v),
        "henchmen": (cnt.henchman_groups, must_h),
        "heroes": (cnt.heroes, []),
    }


def complete(pack: Pack, setup: Setup, seed: int) -> Setup:
    """Fill up the lists named only in part, from the seed. With no list named at all
    the setup goes to the engine as it is (its own draw). Raises SetupError for a list
    longer than the game takes."""
    if all(getattr(setup, p.field) is None for p in PARTS):
        return setup
    rng = random.Random(f"legendary-setup:{seed}")
    setup = fix_leaders(pack, setup, rng)
    need = needed(pack, setup)
    update: dict[str, tuple[str, ...]] = {}
    for part in PARTS:
        given = getattr(setup, part.field)
        if given is None:
            continue
        n, must = need[part.field]
        if len(given) > n:
            lang = from_environment()
            raise SetupError(
                t(
                    lang,
                    "{flag}: this game takes {count}, not {given}; name at most {n} (the rest "
                    "are drawn at random)",
                    flag=part.flag,
                    count=counted(lang, part, n),
                    given=len(given),
                    n=n,
                )
            )
        update[part.field] = fill(rng, tuple(given), known(pack, part), n, must)
    return setup.model_copy(update=update)


def fix_leaders(pack: Pack, setup: Setup, rng: random.Random) -> Setup:
    """The Scheme and Mastermind, drawn now where not chosen (the counts depend on
    them)."""
    scheme = setup.scheme or rng.choice(sorted(pack.schemes))
    mastermind = setup.mastermind or rng.choice(sorted(pack.masterminds))
    return setup.model_copy(update={"scheme": scheme, "mastermind": mastermind})


def fill(
    rng: random.Random, given: tuple[str, ...], pool: dict[str, str], n: int, must: list[str]
) -> tuple[str, ...]:
    """`given` and then the ids it must hold and random others, up to `n` (a list of
    `n` already is left as it is: the engine says if it lacks the required group)."""
    if len(given) >= n:
        return given
    out = list(given) + [m for m in must if m not in given]
    rest = sorted(k for k in pool if k not in out)
    rng.shuffle(rest)
    return tuple(out + rest[: max(0, n - len(out))])


# ---- the prompt ------------------------------------------------------------------------


#: What the set-up prompts call each part, in the terminal's language.
TITLES = {
    "scheme": N_("Scheme"),
    "mastermind": N_("Mastermind"),
    "villains": N_("Villain Groups"),
    "henchmen": N_("Henchman Groups"),
    "heroes": N_("Heroes"),
}


def ask(con: Console, pack: Pack, setup: Setup, seed: int) -> Setup:
    """Ask for every part the flags did not name; Enter draws it at random. Raises Quit
    on 'quit' or end of input. The prompts follow `LANG` (names stay as printed)."""
    lang = from_environment()
    rng = random.Random(f"legendary-setup:{seed}")
    con.say(t(lang, "Set up the game: pick each part by number or name; Enter draws it at "
              "random."))  # fmt: skip
    one = {"scheme": setup.scheme, "mastermind": setup.mastermind}
    for kind in ("scheme", "mastermind"):
        if one[kind] is None:
            options = known(pack, kind)
            title = t(lang, TITLES[kind])
            got = _ask_list(con, lang, title, options, 1, several=False)
            one[kind] = got[0] if got else rng.choice(sorted(options))
            if not got:
                con.say(t(lang, "{what}: {name} (drawn at random).", what=title,
                          name=options[one[kind] or ""]))  # fmt: skip
    setup = setup.model_copy(update=one)
    need = needed(pack, setup)
    update: dict[str, tuple[str, ...]] = {}
    for part in PARTS:
        n, must = need[part.field]
        options = known(pack, part)
        given = getattr(setup, part.field)
        if given is None:
            lead = [options[m] for m in must]
            if lead:
                con.say(t(lang, "The Mastermind always leads {names}; it is added.",
                          names=i18n_names(lang, lead, last=False)))  # fmt: skip
            title = t(lang, TITLES[part.field])
            given = tuple(_ask_list(con, lang, title, options, n - len(must), skip=must))
            drawn = fill(rng, given, options, n, must)
            extra = [options[i] for i in drawn if i not in given and i not in must]
            if extra:
                names = i18n_names(lang, extra, last=False)
                con.say(t(lang, "Drawn at random: {names}.", names=names))
            update[part.field] = drawn
        else:
            update[part.field] = fill(rng, tuple(given), options, n, must)
    return setup.model_copy(update=update)


def _ask_list(
    con: Console,
    lang: str,
    what: str,
    options: dict[str, str],
    n: int,
    skip: Sequence[str] = (),
    *,
    several: bool = True,
) -> list[str]:
    """Up to `n` ids picked from `options` (numbers or names, separated by commas);
    [] for Enter."""
    ids = [k for k in sorted(options, key=lambda k: options[k]) if k not in skip]
    if n <= 0 or not ids:
        return []
    con.say(f"{what}: " + "; ".join(f"{i}) {options[k]}" for i, k in enumerate(ids, 1)))
    if several:
        question = t(lang, "{what} (at most {n}, separated by commas) [random]: ", what=what,
                     n=n)  # fmt: skip
    else:
        question = t(lang, "{what} (one) [random]: ", what=what)
    while True:
        line = con.ask(question).strip()
        if line.lower() in ("quit", "exit"):
            raise Quit
        if not line:
            return []
        picked, problem = _read(lang, line, ids, options, n)
        if problem is None:
            return picked
        con.say(problem)


def _read(
    lang: str, line: str, ids: list[str], options: dict[str, str], n: int
) -> tuple[list[str], str | None]:
    """The ids `line` names, or the reason it names none (what is wrong, then what to
    type)."""
    picked: list[str] = []
    choices = {k: options[k] for k in ids}
    for word in (w.strip() for w in line.split(",")):
        if not word:
            continue
        if word.isdigit():
            k = int(word)
            if not 1 <= k <= len(ids):
                return [], t(lang, "There is no number {k} here.\nType numbers from 1 to {last}.",
                             k=k, last=len(ids))  # fmt: skip
            cid = ids[k - 1]
        else:
            q = word.lower()
            hits = [k for k, name in choices.items() if q in (k, name.lower())]
            if not hits:
                hint = did_you_mean(lang, word, list(choices.values()))
                return [], t(lang, "There is no '{word}' here{hint}.\nType a number or a name.",
                             word=word, hint=hint)  # fmt: skip
            cid = hits[0]
        if cid in picked:
            return [], t(lang, "{name} is named twice.\nName each one once.", name=options[cid])
        picked.append(cid)
    if len(picked) > n:
        return [], t(lang, "That is {got}; this game takes {n}.\nName at most {n}.",
                     got=len(picked), n=n)  # fmt: skip
    return picked, None
