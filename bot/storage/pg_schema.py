"""The PostgreSQL schema and its forward migrations (for `PostgresStore`).

PostgreSQL has no ``user_version``: the version lives in a table of its own,
``fixer_schema`` (one row, with the application's name so a database of something else is
recognised and refused). ``PG_MIGRATIONS[n]`` takes the schema from version n to n+1; each
runs in one transaction together with the new version row.

PostgreSQL v1 holds the same data model as SQLite schema v5 (`bot.storage.schema`): the
same tables, columns and constraints, so an export from either store imports into the
other. JSON values stay TEXT (not jsonb) so they round-trip byte for byte.

Rules for adding a migration: append, never edit a released one.
"""

from __future__ import annotations

from bot.storage import schema

APPLICATION = "fixer"

# The SQLite schema version whose data model PostgreSQL v1 holds: exports from
# PostgreSQL carry it, so SQLite (which compares it with its own) accepts them.
DATA_MODEL_VERSION = 6  # v2 added saved_items, SQLite's v6

_V1 = """
CREATE TABLE campaigns (
    id          TEXT PRIMARY KEY,
    game        TEXT NOT NULL,
    name        TEXT NOT NULL,
    owner       TEXT NOT NULL,
    guild_id    TEXT,
    channel_id  TEXT,
    status      TEXT NOT NULL CHECK (status IN ('active', 'finished', 'archived')),
    version     BIGINT NOT NULL,
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL,
    state       TEXT NOT NULL
);
CREATE UNIQUE INDEX campaigns_active_channel
    ON campaigns (channel_id, game) WHERE status = 'active' AND channel_id IS NOT NULL;
CREATE INDEX campaigns_status ON campaigns (status, game);
CREATE TABLE genesis (
    campaign_id TEXT PRIMARY KEY REFERENCES campaigns (id) ON DELETE CASCADE,
    version     BIGINT NOT NULL,
    state       TEXT NOT NULL
);
CREATE TABLE actions (
    campaign_id    TEXT NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    seq            BIGINT NOT NULL CHECK (seq > 0),
    version_before BIGINT NOT NULL,
    player         TEXT NOT NULL,
    kind           TEXT NOT NULL DEFAULT '',
    interaction_id TEXT,
    created_at     BIGINT NOT NULL,
    action         TEXT NOT NULL,
    events         TEXT NOT NULL,
    PRIMARY KEY (campaign_id, seq)
);
CREATE UNIQUE INDEX actions_interaction
    ON actions (campaign_id, interaction_id) WHERE interaction_id IS NOT NULL;
-- The log is append-only: rows change never, and go only with their campaign.
CREATE FUNCTION fixer_actions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' OR EXISTS (SELECT 1 FROM campaigns WHERE id = OLD.campaign_id) THEN
        RAISE EXCEPTION 'the action log is append-only'
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN OLD;
END $$;
CREATE TRIGGER actions_append_only BEFORE UPDATE OR DELETE ON actions
    FOR EACH ROW EXECUTE FUNCTION fixer_actions_append_only();
CREATE TABLE runs (
    campaign_id     TEXT NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    number          BIGINT NOT NULL,
    label           TEXT NOT NULL,
    status          TEXT NOT NULL,
    started_version BIGINT,
    ended_version   BIGINT,
    started_at      BIGINT,
    ended_at        BIGINT,
    PRIMARY KEY (campaign_id, number)
);
CREATE TABLE campaign_prefs (
    campaign_id TEXT NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    key         TEXT NOT NULL,
    value       TEXT NOT NULL CHECK (value::jsonb IS NOT NULL),
    updated_at  BIGINT NOT NULL,
    PRIMARY KEY (campaign_id, key)
);
CREATE TABLE prefs (
    key         TEXT PRIMARY KEY,
    value       TEXT NOT NULL CHECK (value::jsonb IS NOT NULL),
    updated_at  BIGINT NOT NULL
);
"""

# v2 (SQLite v6): things a player keeps across campaigns and servers (a TCG deck list…),
# keyed by game, kind, owner and name compared case-insensitively; the body is JSON.
_V2 = """
CREATE TABLE saved_items (
    game        TEXT NOT NULL,
    kind        TEXT NOT NULL,
    owner       TEXT NOT NULL,
    name        TEXT NOT NULL,
    body        TEXT NOT NULL CHECK ((body::json) IS NOT NULL),
    updated_at  BIGINT NOT NULL
);
CREATE UNIQUE INDEX saved_items_key ON saved_items (game, kind, owner, lower(name));
"""

# v3: what several bot processes on one database share besides the game state
# (bot/storage/pg_shared.py). Neither is data to export or copy: both are rebuilt from
# the game state (a timer is armed again by the next process that shows the table).
# * timers: each table's deadline and reminder series, claimed by the one process that
#   fires it (a claim runs out, so a dead process's timer is taken over);
# * published: the newest state version whose public update went out, so a process
#   that posts an older update after a newer one knows to post the board again.
_V3 = """
CREATE TABLE timers (
    campaign_id TEXT NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    game        TEXT NOT NULL,
    kind        TEXT NOT NULL,
    key         TEXT NOT NULL,
    version     BIGINT NOT NULL,
    due_at      DOUBLE PRECISION NOT NULL,
    number      INTEGER NOT NULL DEFAULT 1,
    claimed_by  TEXT,
    claim_until DOUBLE PRECISION,
    PRIMARY KEY (campaign_id, kind)
);
CREATE INDEX timers_due ON timers (game, due_at);
CREATE TABLE published (
    campaign_id TEXT PRIMARY KEY REFERENCES campaigns (id) ON DELETE CASCADE,
    version     BIGINT NOT NULL
);
"""

PG_MIGRATIONS: list[str] = [_V1, _V2, _V3]

PG_CURRENT_VERSION = len(PG_MIGRATIONS)

# The version table, created before the first migration.
VERSION_TABLE = """
CREATE TABLE IF NOT EXISTS fixer_schema (
    application TEXT NOT NULL,
    version     INTEGER NOT NULL
)
"""

assert schema.CURRENT_VERSION >= DATA_MODEL_VERSION
