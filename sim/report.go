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
// [WinRateLow, WinRateHigh]. A draw is not counted as half a win; a win
// shared with other seats counts as a win of each.
//
// It also gives the mean of the places (1 the best; seats that tie share
// a place) and of the scores (the game's points, or 1 for a win and 0
// otherwise: see [engine.Result]) of the matches counted, each with its 95%
// interval by the normal approximation ([Mean]). A place's interval is
// kept within 1 and the number of seats.
type Tally struct {
	Games       int     `json:"games"`
	Wins        int     `json:"wins"`
	Draws       int     `json:"draws"`
	WinRate     float64 `json:"win_rate"`
	WinRateLow  float64 `json:"win_rate_low"`
	WinRateHigh float64 `json:"win_rate_high"`
	MeanPlace   float64 `json:"mean_place"`
	PlaceLow    float64 `json:"place_low"`
	PlaceHigh   float64 `json:"place_high"`
	MeanScore   float64 `json:"mean_score"`
	ScoreLow    float64 `json:"score_low"`
	ScoreHigh   float64 `json:"score_high"`
}

// Losses returns the matches played and neither won nor drawn.
func (t Tally) Losses() int { return t.Games - t.Wins - t.Draws }

// tallying is a Tally being counted: the places and scores of its
// matches, in the order of the batch, for the means.
type tallying struct {
	Tally
	places, scores []float64
}

// add counts one match that seat ended at place with score.
func (t *tallying) add(r engine.Result, seat engine.Seat) {
	t.Games++
	switch {
	case r.Winners.Empty():
		t.Draws++
	case r.Winners.Has(seat):
		t.Wins++
	}
	t.places = append(t.places, float64(r.Place(seat)))
	t.scores = append(t.scores, r.Score(seat))
}

// finish computes the rates and means and their intervals, for matches of
// seats seats.
func (t *tallying) finish(seats int) Tally {
	if t.Games > 0 {
		t.WinRate = float64(t.Wins) / float64(t.Games)
	}
	t.WinRateLow, t.WinRateHigh = Wilson(t.Wins, t.Games, Z95)
	t.MeanPlace, t.PlaceLow, t.PlaceHigh = Mean(t.places, Z95)
	if t.Games > 0 {
		t.PlaceLow, t.PlaceHigh = max(t.PlaceLow, 1), min(t.PlaceHigh, float64(seats))
	}
	t.MeanScore, t.ScoreLow, t.ScoreHigh = Mean(t.scores, Z95)
	return t.Tally
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
	// Think is how long the bot took to choose: a bot worth playing
	// answers a person promptly.
	Think Think `json:"think"`
}

// Think describes a bot's decision times over a batch, in milliseconds;
// percentiles by the nearest-rank method. Times depend on the machine and
// its load, unlike the rest of a report.
type Think struct {
	Decisions int     `json:"decisions"`
	P50       float64 `json:"p50_ms"`
	P95       float64 `json:"p95_ms"`
	Max       float64 `json:"max_ms"`
}

// thinkStats returns the percentiles of ds, which it sorts.
func thinkStats(ds []time.Duration) Think {
	if len(ds) == 0 {
		return Think{}
	}
	slices.Sort(ds)
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	rank := func(p float64) time.Duration { return ds[max(int(math.Ceil(p*float64(len(ds))))-1, 0)] }
	return Think{Decisions: len(ds), P50: ms(rank(0.50)), P95: ms(rank(0.95)), Max: ms(ds[len(ds)-1])}
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
	bySeat, byBot := make([]tallying, seats), make([]tallying, seats)
	think := make([][]time.Duration, seats)
	var first tallying
	for i, out := range outcomes {
		if !out.played {
			continue
		}
		r.Games++
		if out.result.Winners.Empty() {
			r.Draws++
		}
		for s := range seats {
			bySeat[s].add(out.result, engine.Seat(s))
			byBot[(s+i%seats)%seats].add(out.result, engine.Seat(s))
			if s < len(out.think) {
				think[(s+i%seats)%seats] = append(think[(s+i%seats)%seats], out.think[s]...)
			}
		}
		if out.first != engine.Spectator {
			first.add(out.result, out.first)
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
		r.Seats[s].Tally = bySeat[s].finish(seats)
		r.Bots[s].Tally = byBot[s].finish(seats)
		r.Bots[s].Think = thinkStats(think[s])
	}
	r.FirstPlayer = first.finish(seats)
	r.Length = lengthStats(lengths)
	if r.WallSeconds > 0 {
		r.GamesPerSecond = float64(r.Games) / r.WallSeconds
	}
	return r
}

// nameWidth is the width of the longest bot name.
func nameWidth(bots []BotStats) int {
	w := 0
	for _, b := range bots {
		w = max(w, len(b.Name))
	}
	return w
}

// msText prints milliseconds readably: "0.04 ms", "12 ms", "1.3 s".
func msText(ms float64) string {
	switch {
	case ms >= 1000:
		return fmt.Sprintf("%.1f s", ms/1000)
	case ms >= 10:
		return fmt.Sprintf("%.0f ms", ms)
	}
	return fmt.Sprintf("%.2f ms", ms)
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
	// One table of bots and one of seats, in the same columns: the name
	// on the left, the figures on the right.
	head := []string{"games", "wins", "draws", "losses", "win rate", "95% interval", "mean place", "95% interval", "mean score", "95% interval"}
	var rows [][]string
	row := func(name string, t Tally) {
		rows = append(rows, []string{name, strconv.Itoa(t.Games), strconv.Itoa(t.Wins), strconv.Itoa(t.Draws), strconv.Itoa(t.Losses()),
			fmt.Sprintf("%.1f%%", 100*t.WinRate), fmt.Sprintf("[%.1f%%, %.1f%%]", 100*t.WinRateLow, 100*t.WinRateHigh),
			fmt.Sprintf("%.2f", t.MeanPlace), fmt.Sprintf("[%.2f, %.2f]", t.PlaceLow, t.PlaceHigh),
			fmt.Sprintf("%.2f", t.MeanScore), fmt.Sprintf("[%.2f, %.2f]", t.ScoreLow, t.ScoreHigh)})
	}
	rows = append(rows, append([]string{"bot"}, head...))
	for _, s := range r.Bots {
		row(s.Name, s.Tally)
	}
	rows = append(rows, nil, append([]string{"seat"}, head...))
	for _, s := range r.Seats {
		row(seatLabel(s), s.Tally)
	}
	row("first to act", r.FirstPlayer)
	widths := make([]int, len(head)+1)
	for _, cells := range rows {
		for c, cell := range cells {
			widths[c] = max(widths[c], len(cell))
		}
	}
	for _, cells := range rows {
		b.WriteString("\n")
		if cells == nil {
			continue
		}
		for c, cell := range cells {
			if c == 0 {
				fmt.Fprintf(&b, "%-*s", widths[c], cell)
			} else {
				fmt.Fprintf(&b, "  %*s", widths[c], cell)
			}
		}
	}
	fmt.Fprintf(&b, "\n\nplaces from 1, the best, to %d; tied seats share a place. Scores are the game's points, or 1 for a win.\n", len(r.Seats))
	l := r.Length
	fmt.Fprintf(&b, "\nlength in actions: mean %.1f, min %d, median %d, p90 %d, max %d\n", l.Mean, l.Min, l.P50, l.P90, l.Max)
	b.WriteString("\ndecision time:\n")
	for _, s := range r.Bots {
		t := s.Think
		fmt.Fprintf(&b, "  %-*s %7d decisions  median %s  p95 %s  max %s\n", nameWidth(r.Bots), s.Name, t.Decisions, msText(t.P50), msText(t.P95), msText(t.Max))
	}
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
