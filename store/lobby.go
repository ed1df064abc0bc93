package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (s *sqlStore) JoinSeat(ctx context.Context, id string, seat int, st Seat, clock string) error {
	defer s.writing()()
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("join match %s: %w", id, err)
	}
	defer tx.Rollback()
	m, err := s.matchIn(ctx, tx, id)
	if err != nil {
		return err
	}
	if seat < 0 || seat >= len(m.Seats) {
		return fmt.Errorf("join match %s: seat %d: %w", id, seat, ErrNotFound)
	}
	if !m.Public || !m.Seats[seat].Open() {
		return fmt.Errorf("join match %s: seat %d is not open: %w", id, seat, ErrConflict)
	}
	prev, _ := json.Marshal(m.Seats)
	m.Seats[seat] = st
	next, err := json.Marshal(m.Seats)
	if err != nil {
		return fmt.Errorf("join match %s: %w", id, err)
	}
	// Compared with the seats read, so that of two servers joining one
	// seat at once only one changes it.
	if clock == "" {
		clock = m.Clock
	}
	res, err := tx.ExecContext(ctx, s.q(`UPDATE matches SET seats = ?, clock = ?, updated = ? WHERE id = ? AND seats = ?`),
		string(next), clock, ms(time.Now()), id, string(prev))
	if err != nil {
		return fmt.Errorf("join match %s: %w", id, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("join match %s: %w", id, err)
	} else if n != 1 {
		return fmt.Errorf("join match %s: the seats changed: %w", id, ErrConflict)
	}
	if s.postgres {
		// Step 0: the other servers reread the match's seats.
		if _, err := tx.ExecContext(ctx, `SELECT pg_notify($1, $2)`, notifyChannel, id+" 0"); err != nil {
			return fmt.Errorf("join match %s: notify: %w", id, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("join match %s: %w", id, err)
	}
	return nil
}

func (s *sqlStore) PublicMatches(ctx context.Context, status string, limit int) ([]*Match, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT `+matchColumns+` FROM matches WHERE public = 1 AND status = ? ORDER BY updated DESC, id LIMIT ?`), status, limit)
	if err != nil {
		return nil, fmt.Errorf("public %s matches: %w", status, err)
	}
	defer rows.Close()
	var out []*Match
	for rows.Next() {
		m, err := scanMatch(rows)
		if err != nil {
			return nil, fmt.Errorf("public %s matches: %w", status, err)
		}
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("public %s matches: %w", status, err)
	}
	return out, nil
}

func (s *sqlStore) ClaimName(ctx context.Context, player, name string) error {
	defer s.writing()()
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("claim name %q: %w", name, err)
	}
	defer tx.Rollback()
	var owner string
	err = tx.QueryRowContext(ctx, s.q(`SELECT player FROM accounts WHERE name = ?`), name).Scan(&owner)
	switch {
	case err == nil && owner == player:
		return nil
	case err == nil:
		return fmt.Errorf("claim name %q: %w", name, ErrNameTaken)
	case !errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("claim name %q: %w", name, err)
	}
	res, err := tx.ExecContext(ctx, s.q(`UPDATE accounts SET name = ? WHERE player = ?`), name, player)
	if err == nil {
		var n int64
		if n, err = res.RowsAffected(); err == nil && n == 0 {
			_, err = tx.ExecContext(ctx, s.q(`INSERT INTO accounts (player, name, created) VALUES (?, ?, ?)`), player, name, ms(time.Now()))
		}
	}
	if err == nil {
		err = tx.Commit()
	}
	if err != nil {
		if isUniqueViolation(err) {
			return fmt.Errorf("claim name %q: %w", name, ErrNameTaken)
		}
		return fmt.Errorf("claim name %q: %w", name, err)
	}
	return nil
}

func (s *sqlStore) Name(ctx context.Context, player string) (string, error) {
	var name string
	err := s.db.QueryRowContext(ctx, s.q(`SELECT name FROM accounts WHERE player = ?`), player).Scan(&name)
	if errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("player's name: %w", ErrNotFound)
	}
	if err != nil {
		return "", fmt.Errorf("player's name: %w", err)
	}
	return name, nil
}

const ratingColumns = `r.player, a.name, r.game, r.rating, r.deviation, r.volatility, r.matches, r.updated`

func scanRating(rows *sql.Rows) (Rating, error) {
	var r Rating
	var updated int64
	err := rows.Scan(&r.Player, &r.Name, &r.Game, &r.Rating, &r.Deviation, &r.Volatility, &r.Matches, &updated)
	r.Updated = fromMS(updated)
	return r, err
}

func (s *sqlStore) Ratings(ctx context.Context, game string, players []string) (map[string]Rating, error) {
	out := map[string]Rating{}
	if len(players) == 0 {
		return out, nil
	}
	args := []any{game}
	marks := make([]string, len(players))
	for i, p := range players {
		marks[i] = "?"
		args = append(args, p)
	}
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT `+ratingColumns+` FROM ratings r JOIN accounts a ON a.player = r.player
		WHERE r.game = ? AND r.player IN (`+strings.Join(marks, ", ")+`)`), args...)
	if err != nil {
		return nil, fmt.Errorf("ratings in %s: %w", game, err)
	}
	defer rows.Close()
	for rows.Next() {
		r, err := scanRating(rows)
		if err != nil {
			return nil, fmt.Errorf("ratings in %s: %w", game, err)
		}
		out[r.Player] = r
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("ratings in %s: %w", game, err)
	}
	return out, nil
}

func (s *sqlStore) SaveRatings(ctx context.Context, match string, rs []Rating) error {
	return s.RateMatch(ctx, match, "", nil, func(map[string]Rating) ([]Rating, error) { return rs, nil })
}

func (s *sqlStore) RateMatch(ctx context.Context, match, game string, players []string, update func(map[string]Rating) ([]Rating, error)) error {
	defer s.writing()()
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("ratings of match %s: %w", match, err)
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, s.q(`UPDATE matches SET rated = 2 WHERE id = ? AND rated = 1 AND status = ?`), match, Over)
	if err != nil {
		return fmt.Errorf("ratings of match %s: %w", match, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("ratings of match %s: %w", match, err)
	} else if n != 1 {
		return fmt.Errorf("ratings of match %s: not a rated match over and not yet counted: %w", match, ErrConflict)
	}
	cur := map[string]Rating{}
	if len(players) > 0 {
		sorted := slices.Sorted(slices.Values(players))
		marks := make([]string, len(sorted))
		args := make([]any, len(sorted))
		for i, p := range sorted {
			marks[i], args[i] = "?", p
		}
		in := strings.Join(marks, ", ")
		if s.postgres {
			// Hold the players, in one order, until the commit.
			if _, err := tx.ExecContext(ctx, s.q(`SELECT player FROM accounts WHERE player IN (`+in+`) ORDER BY player FOR UPDATE`), args...); err != nil {
				return fmt.Errorf("ratings of match %s: %w", match, err)
			}
		}
		rows, err := tx.QueryContext(ctx, s.q(`SELECT `+ratingColumns+` FROM ratings r JOIN accounts a ON a.player = r.player
			WHERE r.game = ? AND r.player IN (`+in+`)`), append([]any{game}, args...)...)
		if err != nil {
			return fmt.Errorf("ratings of match %s: %w", match, err)
		}
		for rows.Next() {
			r, err := scanRating(rows)
			if err != nil {
				rows.Close()
				return fmt.Errorf("ratings of match %s: %w", match, err)
			}
			cur[r.Player] = r
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("ratings of match %s: %w", match, err)
		}
	}
	rs, err := update(cur)
	if err != nil {
		return fmt.Errorf("ratings of match %s: %w", match, err)
	}
	now := ms(time.Now())
	for _, r := range rs {
		_, err := tx.ExecContext(ctx, s.q(`INSERT INTO ratings (player, game, rating, deviation, volatility, matches, updated)
			VALUES (?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (player, game) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
				volatility = excluded.volatility, matches = excluded.matches, updated = excluded.updated`),
			r.Player, r.Game, r.Rating, r.Deviation, r.Volatility, r.Matches, now)
		if err != nil {
			return fmt.Errorf("ratings of match %s: %w", match, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("ratings of match %s: %w", match, err)
	}
	return nil
}

func (s *sqlStore) Leaderboard(ctx context.Context, game string, limit int) ([]Rating, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT `+ratingColumns+` FROM ratings r JOIN accounts a ON a.player = r.player
		WHERE r.game = ? ORDER BY r.rating DESC, a.name LIMIT ?`), game, limit)
	if err != nil {
		return nil, fmt.Errorf("leaderboard of %s: %w", game, err)
	}
	defer rows.Close()
	out := []Rating{}
	for rows.Next() {
		r, err := scanRating(rows)
		if err != nil {
			return nil, fmt.Errorf("leaderboard of %s: %w", game, err)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("leaderboard of %s: %w", game, err)
	}
	return out, nil
}

func (s *sqlStore) EndByClock(ctx context.Context, id string, actions int, clock, result string) error {
	defer s.writing()()
	res, err := s.db.ExecContext(ctx, s.q(`UPDATE matches SET status = ?, result = ?, clock = ?, updated = ? WHERE id = ? AND status = ? AND actions = ?`),
		Over, result, clock, ms(time.Now()), id, Playing, actions)
	if err != nil {
		return fmt.Errorf("end match %s on time: %w", id, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("end match %s on time: %w", id, err)
	} else if n != 1 {
		return fmt.Errorf("end match %s on time: it moved on or ended: %w", id, ErrConflict)
	}
	return nil
}

func (s *sqlStore) PlayerRatings(ctx context.Context, player string) ([]Rating, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT `+ratingColumns+` FROM ratings r JOIN accounts a ON a.player = r.player
		WHERE r.player = ? ORDER BY r.updated DESC, r.game`), player)
	if err != nil {
		return nil, fmt.Errorf("player's ratings: %w", err)
	}
	defer rows.Close()
	out := []Rating{}
	for rows.Next() {
		r, err := scanRating(rows)
		if err != nil {
			return nil, fmt.Errorf("player's ratings: %w", err)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("player's ratings: %w", err)
	}
	return out, nil
}
