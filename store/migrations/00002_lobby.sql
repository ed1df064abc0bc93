-- The lobby, ratings and clocks (issue 22): public matches anyone may
-- join by name, players' names, their rating in each game, and each
-- match's clock. The SQL is the common subset of SQLite and PostgreSQL.

-- +goose Up
ALTER TABLE matches ADD COLUMN public INTEGER NOT NULL DEFAULT 0; -- 1: listed in the lobby
ALTER TABLE matches ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;  -- 0 unrated, 1 rated, 2 rated and counted
ALTER TABLE matches ADD COLUMN clock TEXT NOT NULL DEFAULT '';    -- JSON of the clock's settings; '' for none
CREATE INDEX matches_public ON matches (public, status, updated);

-- A player is the hash of a key the browser keeps; a name belongs to
-- one player.
CREATE TABLE accounts (
    player  TEXT PRIMARY KEY,
    name    TEXT NOT NULL UNIQUE,
    created BIGINT NOT NULL
);

-- Glicko-2: rating, deviation and volatility, per player and game.
CREATE TABLE ratings (
    player     TEXT NOT NULL REFERENCES accounts (player),
    game       TEXT NOT NULL,
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    matches    INTEGER NOT NULL,
    updated    BIGINT NOT NULL,
    PRIMARY KEY (player, game)
);
CREATE INDEX ratings_game ON ratings (game, rating);

-- +goose Down
DROP TABLE ratings;
DROP TABLE accounts;
DROP INDEX matches_public;
ALTER TABLE matches DROP COLUMN clock;
ALTER TABLE matches DROP COLUMN rated;
ALTER TABLE matches DROP COLUMN public;
