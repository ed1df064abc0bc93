package sim

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"skald/engine"
)

// Report is what a batch of matches came to. Its JSON field names are
// stable.
type Report struct {
	// Game is the game's name.
	Game string `json:"game"`
	// Options are the matches' options, defaults included.
	Options engine.Options `json:"options"`
	// Seed is the batch's seed.
	Seed uint64 `json:"seed"`
	// Games is the number of matches played to the end.
	Games int `json:"games"`
	// Draws is the number of matches that ended with no winner.
	Draws int `json:"draws"`
	// Failed is the number of matches that failed, and Failures lists
	// them in the order of the batch. The other figures count the matches
	// played to the end only.
	Failed   int       `json:"failed"`
	Failures []Failure `json:"failures,omitempty"`
	// Seats tallies each seat's results, whichever bot played it.
	Seats []SeatStats `json:"seats"`
	// Bots tallies each bot's results, whichever seat it played, in the
	// order of Options.Bots.
	Bots []BotStats `json:"bots"`
	// FirstPlayer tallies the results of the seat that made the first
	// action of each match.
	FirstPlayer Tally `json:"first_player"`
	// Length describes the lengths of the matches in actions.
	Length Lengths `json:"length"`
	// Counts adds up, over the batch, what the game counts of each match
	// (engine.Counter): how often each ability acted, say. Names never
	// counted are absent; CountNames lists every name the game may count.
	Counts map[string]int `json:"counts,omitempty"`
	// Never lists the names the game may count (engine.CountNamer) that
	// no match of the batch counted.
	Never []string `json:"never,omitempty"`
	// WallSeconds is the time the batch took.
	WallSeconds float64 `json:"wall_seconds"`
	// GamesPerSecond is Games divided by WallSeconds.
	GamesPerSecond float64 `json:"games_per_second"`
}

// Tally counts the matches of a seat or a bot: how many it played, won and
// drew, and its win rate, wins/games, with the 95% Wilson score interval
// [WinRateLow, WinRateHigh]. A draw is not counted as half a win.
type Tally struct {
	Games       int     `json:"games"`
	Wins        int     `json:"wins"`
	Draws       int     `json:"draws"`
	WinRate     float64 `json:"win_rate"`
	WinRateLow  float64 `json:"win_rate_low"`
	WinRateHigh float64 `json:"win_rate_high"`
}

// Losses returns the matches played and neither won nor drawn.
func (t Tally) Losses() int { return t.Games - t.Wins - t.Draws }

// add counts one match.
func (t *Tally) add(won, drawn bool) {
	t.Games++
	if won {
		t.Wins++
	}
	if drawn {
		t.Draws++
	}
}

// finish computes the win rate and its interval.
func (t *Tally) finish() {
	if t.Games > 0 {
		t.WinRate = float64(t.Wins) / float64(t.Games)
	}
	t.WinRateLow, t.WinRateHigh = Wilson(t.Wins, t.Games, Z95)
}

// SeatStats tallies the matches of one seat.
type SeatStats struct {
	Seat engine.Seat `json:"seat"`
	// Name is the game's name for the seat, or its number.
	Name string `json:"name"`
	Tally
}

// BotStats tallies the matches of one of the batch's bots. Name is the
// bot's spec; when several bots have the same spec, their names are
// numbered in order: "random#1", "random#2".
type BotStats struct {
	Name string `json:"name"`
	Spec string `json:"spec"`
	Tally
}

// Lengths describes the lengths of matches in actions. Percentiles are by
// the nearest-rank method.
type Lengths struct {
	Mean float64 `json:"mean"`
	Min  int     `json:"min"`
	P50  int     `json:"p50"`
	P90  int     `json:"p90"`
	Max  int     `json:"max"`
}

// report sums up the matches played.
func report(g engine.Game, cfg engine.Config, o Options, outcomes []outcome, wall time.Duration) *Report {
	seats := cfg.Seats
	r := &Report{Game: g.Name(), Options: cfg.Options, Seed: o.Seed, WallSeconds: wall.Seconds()}
	r.Seats = make([]SeatStats, seats)
	for s := range r.Seats {
		r.Seats[s].Seat = engine.Seat(s)
		r.Seats[s].Name = engine.SeatName(g, engine.Seat(s))
	}
	r.Bots = make([]BotStats, seats)
	for b, spec := range o.Bots {
		r.Bots[b].Name, r.Bots[b].Spec = botName(o.Bots, b), spec
	}
	defer func() {
		if cn, ok := g.(engine.CountNamer); ok {
			for _, n := range cn.CountNames() {
				if r.Counts[n] == 0 {
					r.Never = append(r.Never, n)
				}
			}
		}
	}()
	var lengths []int
	for i, out := range outcomes {
		if !out.played {
			continue
		}
		r.Games++
		draw := out.winners.Empty()
		if draw {
			r.Draws++
		}
		for s := range seats {
			won := out.winners.Has(engine.Seat(s))
			r.Seats[s].add(won, draw)
			r.Bots[(s+i%seats)%seats].add(won, draw)
		}
		if out.first != engine.Spectator {
			r.FirstPlayer.add(out.winners.Has(out.first), draw)
		}
		lengths = append(lengths, out.length)
		for name, n := range out.counts {
			if r.Counts == nil {
				r.Counts = map[string]int{}
			}
			r.Counts[name] += n
		}
	}
	for s := range r.Seats {
		r.Seats[s].finish()
		r.Bots[s].finish()
	}
	r.FirstPlayer.finish()
	r.Length = lengthStats(lengths)
	if r.WallSeconds > 0 {
		r.GamesPerSecond = float64(r.Games) / r.WallSeconds
	}
	return r
}

// botName names bots[b], numbering specs that occur more than once.
func botName(bots []string, b int) string {
	if slices.Index(bots, bots[b]) == b && slices.Index(bots[b+1:], bots[b]) < 0 {
		return bots[b]
	}
	k := 0
	for _, spec := range bots[:b+1] {
		if spec == bots[b] {
			k++
		}
	}
	return fmt.Sprintf("%s#%d", bots[b], k)
}

func lengthStats(lengths []int) Lengths {
	if len(lengths) == 0 {
		return Lengths{}
	}
	slices.Sort(lengths)
	sum := 0
	for _, n := range lengths {
		sum += n
	}
	rank := func(p float64) int {
		k := int(math.Ceil(p * float64(len(lengths))))
		return lengths[max(k, 1)-1]
	}
	return Lengths{
		Mean: float64(sum) / float64(len(lengths)),
		Min:  lengths[0],
		P50:  rank(0.5),
		P90:  rank(0.9),
		Max:  lengths[len(lengths)-1],
	}
}

// Text returns the report as a readable table.
func (r *Report) Text() string {
	var b strings.Builder
	b.WriteString(r.Game)
	if len(r.Options) > 0 {
		fmt.Fprintf(&b, " (%s)", r.Options)
	}
	fmt.Fprintf(&b, ", seed %d\n%d games, %d drawn", r.Seed, r.Games, r.Draws)
	if r.Failed > 0 {
		fmt.Fprintf(&b, ", %d failed", r.Failed)
	}
	fmt.Fprintf(&b, ", %.2fs, %.1f games/s\n", r.WallSeconds, r.GamesPerSecond)
	width := len("first to act")
	for _, s := range r.Bots {
		width = max(width, len(s.Name))
	}
	for _, s := range r.Seats {
		width = max(width, len(seatLabel(s)))
	}
	header := func(name string) {
		fmt.Fprintf(&b, "\n%-*s  %6s  %6s  %6s  %6s  %8s  %s\n", width, name, "games", "wins", "draws", "losses", "win rate", "95% interval")
	}
	row := func(name string, t Tally) {
		fmt.Fprintf(&b, "%-*s  %6d  %6d  %6d  %6d  %7.1f%%  [%.1f%%, %.1f%%]\n", width, name, t.Games, t.Wins, t.Draws, t.Losses(), 100*t.WinRate, 100*t.WinRateLow, 100*t.WinRateHigh)
	}
	header("bot")
	for _, s := range r.Bots {
		row(s.Name, s.Tally)
	}
	header("seat")
	for _, s := range r.Seats {
		row(seatLabel(s), s.Tally)
	}
	row("first to act", r.FirstPlayer)
	l := r.Length
	fmt.Fprintf(&b, "\nlength in actions: mean %.1f, min %d, median %d, p90 %d, max %d\n", l.Mean, l.Min, l.P50, l.P90, l.Max)
	if len(r.Counts) > 0 || len(r.Never) > 0 {
		names := make([]string, 0, len(r.Counts))
		for n := range r.Counts {
			names = append(names, n)
		}
		slices.SortFunc(names, func(a, b string) int {
			if r.Counts[a] != r.Counts[b] {
				return r.Counts[b] - r.Counts[a]
			}
			return strings.Compare(a, b)
		})
		fmt.Fprintf(&b, "\ncounted (%d names):\n", len(names))
		for _, n := range names {
			fmt.Fprintf(&b, "  %7d  %s\n", r.Counts[n], n)
		}
		if len(r.Never) > 0 {
			fmt.Fprintf(&b, "never (%d): %s\n", len(r.Never), strings.Join(r.Never, ", "))
		}
	}
	if len(r.Failures) > 0 {
		fmt.Fprintf(&b, "\nfailed (%d):\n", len(r.Failures))
		for _, f := range r.Failures {
			fmt.Fprintf(&b, "  match %d, seed %d, seats %s: %s\n", f.Match, f.Seed, strings.Join(f.Lineup, " "), f.Error)
			if f.RecordFile != "" {
				fmt.Fprintf(&b, "    record: %s (the %d actions before; skald replay %[1]s)\n", f.RecordFile, max(f.Step-1, 0))
			}
		}
	}
	return b.String()
}

// seatLabel returns a seat's number and, if it has one, its name.
func seatLabel(s SeatStats) string {
	if n := strconv.Itoa(int(s.Seat)); s.Name != n {
		return n + " " + s.Name
	}
	return s.Name
}
