"""Discord's message limits, checked on what the bot would send (embeds as dicts,
components as the action rows discord.py serialises)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

CONTENT = 2000
TITLE = 256
DESCRIPTION = 4096
FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
AUTHOR = 256
EMBEDS_TOTAL = 6000
EMBEDS = 10
ROWS = 5
PER_ROW = 5
LABEL = 80
CUSTOM_ID = 100
SELECT_OPTIONS = 25


def embed_chars(d: dict[str, Any]) -> int:
    n = len(d.get("title", "") or "") + len(d.get("description", "") or "")
    n += sum(len(f.get("name", "")) + len(f.get("value", "")) for f in d.get("fields", []))
    n += len((d.get("footer") or {}).get("text", "") or "")
    n += len((d.get("author") or {}).get("name", "") or "")
    return n


def problems(
    content: str | None, embeds: Sequence[discord.Embed], components: Sequence[dict[str, Any]]
) -> list[str]:
    """Every way this message breaks a Discord limit (empty: it would be accepted)."""
    out: list[str] = []
    if content is not None and len(content) > CONTENT:
        out.append(f"content {len(content)} > {CONTENT}")
    if len(embeds) > EMBEDS:
        out.append(f"{len(embeds)} embeds")
    total = 0
    for e in embeds:
        d: dict[str, Any] = dict(e.to_dict())
        total += embed_chars(d)
        if len(d.get("title", "") or "") > TITLE:
            out.append(f"title {len(d['title'])}")
        if len(d.get("description", "") or "") > DESCRIPTION:
            out.append(f"description {len(d['description'])}")
        fields = d.get("fields", [])
        if len(fields) > FIELDS:
            out.append(f"{len(fields)} fields")
        for f in fields:
            if not f.get("name") or not f.get("value"):
                out.append(f"empty field {f!r}")
            if len(f.get("name", "")) > FIELD_NAME:
                out.append(f"field name {len(f['name'])}")
            if len(f.get("value", "")) > FIELD_VALUE:
                out.append(f"field value {len(f['value'])}")
        if len((d.get("footer") or {}).get("text", "") or "") > FOOTER:
            out.append("footer")
    if total > EMBEDS_TOTAL:
        out.append(f"embeds total {total} > {EMBEDS_TOTAL}")
    if not content and not embeds:
        out.append("empty message")
    if len(components) > ROWS:
        out.append(f"{len(components)} action rows")
    seen: set[str] = set()
    for row in components:
        items = row.get("components", [])
        if len(items) > PER_ROW:
            out.append(f"{len(items)} buttons in a row")
        if not items:
            out.append("empty action row")
        for c in items:
            cid = c.get("custom_id", "")
            if len(cid) > CUSTOM_ID:
                out.append(f"custom_id {len(cid)}")
            if cid in seen:
                out.append(f"duplicate custom_id {cid}")
            seen.add(cid)
            if len(c.get("label", "") or "") > LABEL:
                out.append(f"label {len(c['label'])}")
            if c.get("type") == 3 and len(c.get("options", [])) > SELECT_OPTIONS:
                out.append("select options")
    return out
