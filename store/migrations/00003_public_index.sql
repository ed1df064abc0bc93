-- The lobby's index holds the public matches only: a private match's
-- row changes its "updated" at every action, and an index over every
-- match made each of those a delete and an insert in the index as well
-- (a page of it written again per action, in SQLite's log, for a
-- list that never shows private matches).

-- +goose Up
DROP INDEX matches_public;
CREATE INDEX matches_public ON matches (status, updated) WHERE public = 1;

-- +goose Down
DROP INDEX matches_public;
CREATE INDEX matches_public ON matches (public, status, updated);
