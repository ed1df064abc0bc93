-- The matches, their actions in order, and which players joined which
-- seats. The SQL is the common subset of SQLite and PostgreSQL.

-- +goose Up
CREATE TABLE matches (
    id         TEXT PRIMARY KEY,
    game       TEXT NOT NULL,
    rules      TEXT NOT NULL,
    options    TEXT NOT NULL,            -- JSON object of option values
    seed       TEXT NOT NULL,            -- uint64 in decimal
    seats      TEXT NOT NULL,            -- JSON array of {player, token}: token hashes
    spectator  TEXT NOT NULL,            -- hash of the spectator token
    rematch_of TEXT NOT NULL DEFAULT '',
    rematch    TEXT NOT NULL DEFAULT '',
    status     TEXT NOT NULL,            -- playing or over
    result     TEXT NOT NULL DEFAULT '',
    actions    INTEGER NOT NULL DEFAULT 0, -- the number of actions stored
    created    BIGINT NOT NULL,          -- Unix milliseconds
    updated    BIGINT NOT NULL
);
CREATE INDEX matches_status ON matches (status);

-- One row per accepted action; (match_id, seq) is unique, so two servers
-- can never both store an action as the same step of a match.
CREATE TABLE actions (
    match_id TEXT NOT NULL REFERENCES matches (id),
    seq      INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    action   TEXT NOT NULL,
    hash     TEXT NOT NULL,
    at       BIGINT NOT NULL,
    PRIMARY KEY (match_id, seq)
);

CREATE TABLE players (
    player   TEXT NOT NULL,              -- hash of the player's key
    match_id TEXT NOT NULL REFERENCES matches (id),
    seat     INTEGER NOT NULL,
    at       BIGINT NOT NULL,
    PRIMARY KEY (player, match_id, seat)
);

-- +goose Down
DROP TABLE players;
DROP TABLE actions;
DROP TABLE matches;
