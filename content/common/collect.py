"""Reading TOML and validating it with pydantic, every problem collected as a
`ContentIssue` naming the file, the item and the field path (`effects[0].amount`), with a
"did you mean" hint where one helps. Each game's loader builds on `Collector`."""

from __future__ import annotations

import difflib
import re
import tomllib
import types
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from content.common.errors import ContentIssue, display_path
from rules.core.text import FieldError, did_you_mean

_LINE_RE = re.compile(r"\(at line (\d+), column (\d+)\)")


def index_of(seq: Any, i: int) -> Any:
    if isinstance(seq, list | tuple) and -len(seq) <= i < len(seq):
        return seq[i]
    return None


def field_path(loc: tuple[int | str, ...], data: Any) -> str:
    """Turn a pydantic error location into `effects[0].amount`.

    Tagged unions put the tag in the location (`effects, 0, damage, amount`); the tag is
    dropped by walking the raw data alongside the location.
    """
    out = ""
    cur = data
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
            cur = index_of(cur, part)
            continue
        if isinstance(cur, dict) and part not in cur and cur.get("type") == part:
            continue  # the discriminator tag, not a real key
        if "[" in part or "(" in part:
            continue  # validator names such as function-after[...]
        out += f".{part}" if out else part
        cur = cur.get(part) if isinstance(cur, dict) else None
    return out


def _clean_msg(msg: str) -> str:
    for prefix in ("Value error, ", "Assertion failed, "):
        if msg.startswith(prefix):
            return msg[len(prefix) :]
    return msg


_QUOTED_RE = re.compile(r"'([^']*)'")


def _unwrap(tp: Any) -> Any:
    """`X` of `Annotated[X, ...]`, `X | None` and `tuple[X, ...]` (a union stays a union)."""
    while True:
        origin = typing.get_origin(tp)
        if origin is typing.Annotated:
            tp = typing.get_args(tp)[0]
        elif origin in (typing.Union, types.UnionType):
            members = [a for a in typing.get_args(tp) if a is not type(None)]
            if len(members) != 1:
                return tp
            tp = members[0]
        else:
            return tp


def model_at(model: type[BaseModel], loc: tuple[int | str, ...]) -> type[BaseModel] | None:
    """The model that holds the item at pydantic location `loc` inside `model`."""
    tp: Any = model
    for part in loc:
        tp = _unwrap(tp)
        origin = typing.get_origin(tp)
        if origin is dict:
            tp = typing.get_args(tp)[1]  # any key of a table of items (translations)
            continue
        if isinstance(part, int):
            if origin in (tuple, list):
                tp = typing.get_args(tp)[0]
                continue
            return None
        if isinstance(tp, type) and issubclass(tp, BaseModel):
            fields = {f.alias or name: f for name, f in tp.model_fields.items()}
            fields.update(tp.model_fields)
            if part not in fields:
                return None
            tp = fields[part].annotation
        elif origin in (typing.Union, types.UnionType):
            # A tagged union: the location names the tag (the effect's `type`).
            tagged = [
                m
                for m in typing.get_args(tp)
                if isinstance(m, type)
                and issubclass(m, BaseModel)
                and "type" in m.model_fields
                and m.model_fields["type"].default == part
            ]
            if not tagged:
                return None
            tp = tagged[0]
        else:
            return None
    tp = _unwrap(tp)
    return tp if isinstance(tp, type) and issubclass(tp, BaseModel) else None


def field_names(model: type[BaseModel]) -> list[str]:
    return [f.alias or name for name, f in model.model_fields.items()]


def describe_input(
    err: dict[str, Any],
    model: type[BaseModel] | None = None,
    missing: dict[str, str] | None = None,
) -> str:
    """The message of one pydantic error, in content terms and with a hint when one helps."""
    kind = err.get("type")
    ctx = err.get("ctx") or {}
    loc = tuple(err.get("loc", ()))
    value = err.get("input")
    if kind == "extra_forbidden":
        key = str(loc[-1]) if loc else ""
        holder = model_at(model, loc[:-1]) if model is not None else None
        hint = did_you_mean(key, field_names(holder)) if holder is not None else ""
        if holder is not None and not hint:
            hint = f" (known fields: {', '.join(field_names(holder))})"
        return f"unknown field '{key}'{hint}"
    if kind == "union_tag_invalid":
        tag, expected = ctx.get("tag"), str(ctx.get("expected_tags", ""))
        hint = did_you_mean(str(tag), _QUOTED_RE.findall(expected))
        return f"unknown effect type {tag!r}{hint} (expected one of {expected})"
    if kind == "union_tag_not_found":
        return "effect without a 'type' (every effect needs one, e.g. type = \"damage\")"
    if kind in ("enum", "literal_error"):
        expected = str(ctx.get("expected", ""))
        hint = did_you_mean(str(value), _QUOTED_RE.findall(expected))
        return f"{value!r} is not one of {expected}{hint}"
    if kind == "missing":
        key = str(loc[-1]) if loc else ""
        extra = (missing or {}).get(key) if len(loc) == 1 else None
        return f"required field '{key}' is missing" + (f": {extra}" if extra else "")
    if kind == "string_pattern_mismatch":
        pattern = str(ctx.get("pattern", ""))
        if pattern == r"^[a-z0-9][a-z0-9-]*$":
            slug = re.sub(r"[^a-z0-9]+", "-", str(value).lower()).strip("-")
            hint = f" (try '{slug}')" if slug and slug != value else ""
            return f"{value!r} is not an id: use lower case letters, digits and dashes{hint}"
        if "[0-9]+" in pattern:
            return f'{value!r} is not a version: write "1", "1.2" or "1.2.3"'
    return _clean_msg(str(err.get("msg", "invalid")))


@dataclass
class Collector:
    root: Path
    issues: list[ContentIssue] = field(default_factory=list)
    # Raw text of files that could not be parsed: ids are salvaged from it so references
    # to what they define are not reported again as unknown.
    unparsed: dict[Path, str] = field(default_factory=dict)

    def add(
        self,
        path: Path,
        message: str,
        item: str = "",
        fld: str = "",
        line: int | None = None,
    ) -> None:
        issue = ContentIssue(display_path(path), message, item, fld, line)
        # A pack's identity and its item share id/name: one problem, reported once.
        if issue not in self.issues:
            self.issues.append(issue)

    def validate(
        self,
        model: type[BaseModel],
        data: Any,
        path: Path,
        item: str,
        missing: dict[str, str] | None = None,
    ) -> Any:
        """`model` validated from `data`, or None after recording every error.
        `missing`: a hint per top-level field, added when that field is missing."""
        try:
            return model.model_validate(data)
        except ValidationError as exc:
            errors = exc.errors()
            # A misspelt field is also a missing one: report only the misspelling when
            # its hint names the missing field.
            meant = set()
            for err in errors:
                if err["type"] == "extra_forbidden" and err["loc"]:
                    holder = model_at(model, tuple(err["loc"][:-1]))
                    names = field_names(holder) if holder is not None else []
                    close = difflib.get_close_matches(str(err["loc"][-1]), names, n=1)
                    if close:
                        meant.add((*err["loc"][:-1], close[0]))
            for err in errors:
                loc = tuple(err["loc"])
                if err["type"] == "missing" and loc in meant:
                    continue
                cause = (err.get("ctx") or {}).get("error")
                if isinstance(cause, FieldError):
                    loc += (cause.field,)
                message = describe_input(dict(err), model, missing)
                self.add(path, message, item, field_path(loc, data))
            return None

    def load_toml(self, path: Path) -> dict[str, Any] | None:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            self.add(path, f"cannot read file: {exc}")
            return None
        try:
            return tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            m = _LINE_RE.search(str(exc))
            line = int(m.group(1)) if m else None
            msg = _LINE_RE.sub("", str(exc)).strip()
            if m:
                msg += f" (line {m.group(1)}, column {m.group(2)})"
            self.add(path, f"TOML syntax error: {msg}", line=line)
            self.unparsed[path] = text
            return None
