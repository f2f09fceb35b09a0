"""requirements.lock (what the Docker image installs) agrees with pyproject.toml: every
runtime dependency, and every dependency of those, pinned to one version inside
pyproject's range, with hashes; the Dockerfile installs exactly that, checking hashes,
and asks `python -m bot health`. Regenerate the lock with scripts/lock.sh."""

from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
FIX = "run scripts/lock.sh and commit requirements.lock"


def _pyproject_deps() -> list[Requirement]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return [Requirement(r) for r in data["project"]["dependencies"]]


def _lock() -> dict[str, tuple[Version, Marker | None, list[str]]]:
    """{name: (pinned version, environment marker, hashes)} from requirements.lock."""
    text = (ROOT / "requirements.lock").read_text(encoding="utf-8")
    entries: dict[str, tuple[Version, Marker | None, list[str]]] = {}
    # One requirement per logical line ("\\\n" continues it); comments are "# ...".
    for logical in re.sub(r"\\\n", " ", text).splitlines():
        line = logical.split(" #", 1)[0].strip()
        if not line or line.startswith("#"):
            continue
        spec, *opts = re.split(r"\s+(?=--)", line)
        req = Requirement(spec)
        pins = [s for s in req.specifier if s.operator == "=="]
        assert len(pins) == 1 and len(req.specifier) == 1, f"{spec!r} is not pinned; {FIX}"
        hashes = [o.split("=", 1)[1] for o in opts if o.startswith("--hash=")]
        assert all(h.startswith("sha256:") and len(h) == 71 for h in hashes), spec
        assert [o for o in opts if not o.startswith("--hash=")] == [], f"unexpected {opts}"
        entries[canonicalize_name(req.name)] = (Version(pins[0].version), req.marker, hashes)
    return entries


def test_every_lock_entry_is_pinned_with_hashes() -> None:
    lock = _lock()
    assert lock, "requirements.lock is empty"
    for name, (_, _, hashes) in lock.items():
        assert hashes, f"{name} has no --hash; {FIX}"


def test_every_runtime_dependency_is_pinned_inside_its_range() -> None:
    lock = _lock()
    for req in _pyproject_deps():
        name = canonicalize_name(req.name)
        assert name in lock, f"{req.name} (pyproject.toml) is missing from the lock; {FIX}"
        version = lock[name][0]
        assert req.specifier.contains(version, prereleases=True), (
            f"the lock pins {req.name}=={version}, outside pyproject's {req.specifier}; {FIX}"
        )


def test_the_lock_holds_every_dependency_of_the_dependencies() -> None:
    # Walk the installed distributions' own requirements (this environment, Python 3.11
    # like the image): each one reached must be in the lock.
    lock = _lock()
    todo = [canonicalize_name(r.name) for r in _pyproject_deps()]
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        assert name in lock, f"{name} is needed at run time but not in the lock; {FIX}"
        for raw in metadata.requires(name) or []:
            req = Requirement(raw)
            if req.marker is None or req.marker.evaluate({"extra": ""}):
                todo.append(canonicalize_name(req.name))
    assert {"aiohttp", "pydantic-core"} <= seen  # the walk went past the first level


def test_pyproject_keeps_ranges_for_library_users() -> None:
    for req in _pyproject_deps():
        assert not any(s.operator in ("==", "===") for s in req.specifier), (
            f"pyproject.toml pins {req}: keep a range there; the pins live in requirements.lock"
        )


def test_the_dockerfile_installs_the_lock_with_hashes_and_checks_health() -> None:
    text = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    run = re.sub(r"\\\n\s*", " ", text)
    install = [line for line in run.splitlines() if "pip install" in line]
    assert install, "the Dockerfile installs nothing"
    for line in install:
        assert "--require-hashes" in line and "-r /tmp/requirements.lock" in line, line
    assert "COPY requirements.lock" in text
    assert re.search(r'HEALTHCHECK .*CMD \["python", "-m", "bot", "health"\]', run)
    assert "--uid 10001" in text and "USER fixer" in text
