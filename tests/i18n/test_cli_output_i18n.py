"""The command line's normal output follows LANG (docs/i18n.md): `db check`'s report,
`backup`, `export`/`import` and their items, `init`, `migrate`, `recover` and `copy`
summaries, and the storage layer's admin texts (a refusal, a check's problems and notes)
say themselves in Polish under LANG=pl and in their English under LANG=C. What machines
read stays as it is: `db check --json`, `db list`'s tab-separated lines, export files."""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import pytest

from bot import cli, games
from bot.cli_words import BOOK, ERRORS, REPORT, storage_words
from bot.i18n import t
from bot.storage.schema import CURRENT_VERSION as V
from tests.storage.oldversions import build_v1
from tests.storage.test_admin import _played

Run = Callable[..., tuple[int, str, str]]


@pytest.fixture
def toy_known(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(games.GAMES, "toy", "tests.service.toy")


def _lang(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", lang)


@pytest.fixture
def run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Run:
    """`python -m bot ARGS` under LANG (first argument: "pl" or "en")."""

    def go(lang: str, *argv: str) -> tuple[int, str, str]:
        _lang(monkeypatch, "pl_PL.UTF-8" if lang == "pl" else "C")
        code = cli.main(list(argv))
        out, err = capsys.readouterr()
        return code, out, err

    return go


def test_db_check_reports_in_polish_and_its_json_stays_as_it_is(tmp_path: Path, run: Run) -> None:
    db = tmp_path / "fixer.sqlite3"
    asyncio.run(_played(db))
    code, pl, _ = run("pl", "--database", str(db), "db", "check")
    assert code == 0
    lines = pl.splitlines()
    # The values line up after the longest label, whatever the language's labels.
    assert lines[0].startswith(f"baza:           {db} (") and lines[0].endswith(" bajtów)")
    assert lines[1] == f"schemat:        v{V} (ten Fixer: v{V})"
    assert lines[2] == "tryb dziennika: wal"
    assert lines[3] == "spójność:       ok"
    assert "campaigns:" in pl and lines[-1] == "OK"  # counts keep their (JSON) keys
    code, en, _ = run("en", "--database", str(db), "db", "check")
    assert (
        en.splitlines()[:2]
        == [
            en.splitlines()[0],
            f"schema:    v{V} (this Fixer: v{V})",
        ]
        and en.startswith(f"database:  {db} (")
        and " bytes)\n" in en
    )
    _, pl_json, _ = run("pl", "--database", str(db), "db", "check", "--json")
    _, en_json, _ = run("en", "--database", str(db), "db", "check", "--json")
    assert pl_json == en_json and json.loads(pl_json)["ok"] is True
    # A problem the storage layer found, and a note, in the reader's language.
    with closing(sqlite3.connect(db, isolation_level=None)) as raw:
        raw.execute("UPDATE campaigns SET version = 99 WHERE id = 't2'")
    (tmp_path / "fixer.sqlite3.discord.json").write_text("{}")
    code, pl, _ = run("pl", "--database", str(db), "db", "check")
    assert code == 1
    assert "PROBLEM: kampanie, których dziennik nie zgadza się ze stanem: 1" in pl
    assert "uwaga: fixer.sqlite3.discord.json (ustawienia Discorda sprzed schematu v4)" in pl
    code, en, _ = run("en", "--database", str(db), "db", "check")
    assert "PROBLEM: 1 campaigns have a log that does not match the state" in en
    assert "note: fixer.sqlite3.discord.json (Discord preferences from before schema v4)" in en


def test_backup_export_import_and_list_say_what_they_did_in_polish(
    tmp_path: Path, run: Run, toy_known: None
) -> None:
    src, dst = tmp_path / "a.sqlite3", tmp_path / "b.sqlite3"
    asyncio.run(_played(src))
    code, out, _ = run("pl", "--database", str(src), "db", "backup", str(tmp_path / "k.db"))
    assert (code, out) == (0, f"kopia zapasowa {src} zapisana w {tmp_path / 'k.db'}\n")
    file = tmp_path / "t1.json"
    code, out, _ = run("pl", "--database", str(src), "db", "export", "t1", str(file))
    assert code == 0
    assert out == (
        f"wyeksportowano kampanię t1 (v5, 5 ruchów, 0 ustawień Discorda) do {file}. "
        "Zawiera ręce graczy: nie udostępniaj jej.\n"
    )
    code, out, _ = run("pl", "--database", str(dst), "db", "import", str(file))
    assert code == 0 and out.startswith("zaimportowano kampanię t1 ('") and "do kanału" in out
    # A refusal of the storage layer: what is wrong, in Polish.
    code, _, err = run("pl", "--database", str(dst), "db", "import", str(file))
    assert (code, err) == (1, "błąd: Kanał chan-t1 ma już aktywną kampanię tej samej gry.\n")
    code, _, err = run("pl", "--database", str(src), "db", "export", "nope", "-")
    assert (code, err) == (1, "błąd: Nie ma kampanii nope.\n")
    # `db list` is for scripts: its lines are the same in every language.
    assert (
        run("pl", "--database", str(dst), "db", "list")[1]
        == run("en", "--database", str(dst), "db", "list")[1]
    )


def test_init_migrate_and_the_refusals_of_a_missing_or_foreign_file_in_polish(
    tmp_path: Path, run: Run
) -> None:
    db = tmp_path / "new" / "fixer.sqlite3"
    code, out, _ = run("pl", "--database", str(db), "db", "init")
    assert (code, out) == (0, f"utworzono nową, pustą bazę Fixera w {db}\n")
    code, _, err = run("pl", "--database", str(db), "db", "init")
    assert code == 1 and err.startswith(f"błąd: W {db} jest już baza Fixera (schemat v{V})")
    assert err.splitlines()[1].startswith("Są w niej kampanie")
    code, _, err = run("pl", "--database", str(tmp_path / "none.db"), "db", "check")
    assert code == 1 and err == (
        f"błąd: Nie ma bazy w {tmp_path / 'none.db'}.\nSprawdź BOT_DATABASE / --database; "
        "`python -m bot db init` tworzy nową.\n"
    )
    code, _, err = run("en", "--database", str(tmp_path / "none.db"), "db", "check")
    assert err.startswith(f"error: There is no database at {tmp_path / 'none.db'}.\n")
    foreign = tmp_path / "foreign.db"
    with closing(sqlite3.connect(foreign)) as raw:
        raw.execute("CREATE TABLE notes (x)")
    code, _, err = run("pl", "--database", str(foreign), "db", "migrate")
    assert code == 1 and err.startswith(f"błąd: {foreign} to baza SQLite, ale nie Fixera ("), err
    old = tmp_path / "old.db"
    build_v1(old)
    code, out, _ = run("pl", "--database", str(old), "db", "check")
    assert f"uwaga: schemat v1 jest starszy niż v{V}: zostanie zmigrowany" in out
    code, out, _ = run("pl", "--database", str(old), "db", "migrate")
    assert code == 0 and out.startswith(f"zmigrowano {old} ze schematu v1 do v{V} (kopia ")
    code, out, _ = run("pl", "--database", str(old), "db", "migrate")
    assert out == f"{old} ma już schemat v{V}\n"


def test_recover_copy_and_the_saved_items_summaries_in_polish(tmp_path: Path, run: Run) -> None:
    db = tmp_path / "fixer.sqlite3"
    asyncio.run(_played(db))
    dest = tmp_path / "rec.sqlite3"
    code, out, _ = run("pl", "--database", str(db), "db", "recover", str(dest))
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == f"odzyskano {db} do {dest} (schemat v{V})"
    assert "campaigns:       skopiowano 3 wiersze" in lines
    assert f"sprawdzenie {dest}: OK" in lines and "Odzyskano wszystko." in lines
    assert lines[-1].startswith(f"{db} nie został zmieniony. Aby użyć nowej bazy: ")
    copy = tmp_path / "copy.sqlite3"
    code, out, _ = run("pl", "db", "copy", str(db), str(copy))
    assert code == 0 and out.startswith("skopiowano 3 kampanie (15 ruchów) i ")
    assert out.endswith("; obie strony przechodzą sprawdzenie\n")
    code, out, _ = run("en", "db", "copy", str(db), str(tmp_path / "copy2.sqlite3"))
    assert out.startswith("copied 3 campaigns (15 actions) and ") and "both sides check OK" in out
    items = tmp_path / "items.json"
    code, out, _ = run("pl", "--database", str(db), "db", "export-items", str(items))
    assert (code, out) == (0, f"wyeksportowano 0 zapisanych elementów do {items}\n")
    code, out, _ = run("pl", "--database", str(copy), "db", "import-items", str(items))
    assert (code, out) == (0, f"zaimportowano 0 zapisanych elementów do {copy}\n")
    code, out, _ = run("en", "--database", str(copy), "db", "import-items", str(items))
    assert out == f"imported 0 saved items into {copy}\n"


def test_a_damaged_or_locked_database_is_explained_in_polish() -> None:
    from bot.storage import errors

    cases = {
        "database is locked": "Baza /d/f.db (while reading) jest zablokowana",
        "disk is full": "Dysk z /d/f.db (while reading) jest pełny",
        "file is not a database": "/d/f.db (while reading): ten plik nie jest bazą SQLite",
        "database disk image is malformed": "Baza /d/f.db (while reading) jest uszkodzona",
        "unable to open database file": "SQLite nie może otworzyć /d/f.db (while reading)",
        "attempt to write a readonly database": "Baza /d/f.db (while reading) jest tylko do",
        "disk I/O error": "Błąd wejścia/wyjścia dysku przy /d/f.db (while reading)",
        "something else": "Błąd bazy przy /d/f.db (while reading): something else",
    }
    for reason, polish in cases.items():
        message = errors.translate(sqlite3.OperationalError(reason), "/d/f.db", "reading").message
        said = storage_words("pl", message)
        assert said.startswith(polish), said
        assert f"({reason})" in said or said.endswith(reason)  # SQLite's words kept
        assert storage_words("en", message) == message


def test_every_storage_template_has_its_own_polish_and_matches_itself() -> None:
    for template in (*ERRORS, *REPORT):
        fields = sorted(set(re.findall(r"\{(\w+)\}", template)))
        values = {f: f"<{f}{i}>" for i, f in enumerate(fields)}
        english = template.format(**values)
        found = BOOK.match(english)
        assert found is not None and found[0] == template, template
        polish = storage_words("pl", english)
        assert polish != english and polish == t("pl", template, **values), template
    # A text no template knows stays English.
    assert storage_words("pl", "The moon is made of cheese.") == "The moon is made of cheese."


def test_the_terminal_table_says_why_it_cannot_use_the_database_in_polish(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    from cogs.legends.terminal.play import main as play

    junk = tmp_path / "junk.db"
    junk.write_bytes(b"x")  # not a database: refused, never overwritten
    for lang, said in (
        ("pl_PL.UTF-8", f"błąd: nie można użyć bazy danych {junk}: {junk} to plik SQLite bez "),
        ("C", f"error: cannot use the database {junk}: {junk} is an SQLite file without "),
    ):
        _lang(monkeypatch, lang)
        err = io.StringIO()
        argv = ["--db", str(junk)]
        assert play(argv, stdin=io.StringIO(""), stdout=io.StringIO(), stderr=err) == 1
        assert err.getvalue().startswith(said), err.getvalue()
    assert junk.read_bytes() == b"x"
