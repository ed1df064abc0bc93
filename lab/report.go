package lab

import (
	"fmt"
	"math"
	"slices"

	"skald/engine"
	"skald/sim"
)

// Report is what a study came to. Its JSON form is stable and, for the
// same study, the same byte for byte however the shards were played.
type Report struct {
	Study Study  `json:"study"`
	ID    string `json:"id"`
	// Matches counts the matches played to the end, Failed those that
	// did not end (Failures says why, for the first few), Draws those
	// with no winner.
	Matches  int      `json:"matches"`
	Failed   int      `json:"failed"`
	Failures []string `json:"failures,omitempty"`
	Draws    Rate     `json:"draws"`
	// Seats gives each seat's results, whichever bot played it; Bots each
	// bot spec's, whichever seat it played; First the results of the seat
	// that made each match's first action.
	Seats []Rate `json:"seats"`
	Bots  []Rate `json:"bots"`
	First Rate   `json:"first"`
	// Variants gives each variant's seats, when the study varies options.
	Variants []VariantStats `json:"variants,omitempty"`
	// Factions gives the results of each deck, clan or faction a seat
	// fielded (things of kind "deck", "clan" or "faction").
	Factions []Rate `json:"factions,omitempty"`
	// Length describes the matches' lengths in actions; Histogram counts
	// them in bins of BinWidth actions from 0.
	Length Lengths `json:"length"`
	// Quality gives Ludii's game-quality measures.
	Quality Quality `json:"quality"`
	// Attribution gives, per thing fielded, how often and with what
	// result, and its value fitted by a regression that controls for the
	// rest of what the seat fielded.
	Attribution *Attribution `json:"attribution,omitempty"`
}

// Rate is a proportion of wins among Games, with its 95% Wilson interval,
// and the mean reward (engine.Result.Reward: 1 a win alone, 0.5 a draw at
// two seats) with its 95% interval.
type Rate struct {
	Name       string  `json:"name"`
	Games      int     `json:"games"`
	Wins       int     `json:"wins"`
	Rate       float64 `json:"rate"`
	Low        float64 `json:"low"`
	High       float64 `json:"high"`
	Reward     float64 `json:"reward"`
	RewardLow  float64 `json:"reward_low"`
	RewardHigh float64 `json:"reward_high"`
}

// rating is a Rate being counted.
type rating struct {
	name    string
	wins    int
	rewards []float64
}

func (r *rating) add(win bool, reward float64) {
	if win {
		r.wins++
	}
	r.rewards = append(r.rewards, reward)
}

func (r *rating) rate() Rate {
	n := len(r.rewards)
	out := Rate{Name: r.name, Games: n, Wins: r.wins}
	if n > 0 {
		out.Rate = float64(r.wins) / float64(n)
	}
	out.Low, out.High = sim.Wilson(r.wins, n, sim.Z95)
	out.Reward, out.RewardLow, out.RewardHigh = sim.Mean(r.rewards, sim.Z95)
	return out
}

// VariantStats is one variant's results.
type VariantStats struct {
	Label string `json:"label"`
	Draws Rate   `json:"draws"`
	Seats []Rate `json:"seats"`
}

// Lengths describes match lengths in actions; percentiles by nearest rank.
type Lengths struct {
	Mean      float64 `json:"mean"`
	Min       int     `json:"min"`
	P50       int     `json:"p50"`
	P90       int     `json:"p90"`
	Max       int     `json:"max"`
	BinWidth  int     `json:"bin_width"`
	Histogram []int   `json:"histogram"`
}

// Quality holds the game-quality measures Ludii reports (Browne's and
// Piette's metrics), computed from the study's matches:
//
//   - Balance: 1 minus the largest difference between two seats' win
//     rates (1: every seat wins as often).
//   - Decisiveness: the mean share of a match played after its winner
//     took the lead it kept to the end, by the game's evaluation
//     (engine.Evaluator); matches with a single winner only. Absent for a
//     game without an evaluation.
//   - Drawishness: the share of matches drawn.
//   - Duration: the mean number of actions.
//   - BranchingFactor: the mean number of actions the deciding seat
//     could choose between.
//   - LeadChange: the mean share of actions after which the seat alone
//     in front (by the evaluation) changed. Absent without an evaluation.
//   - Completion: the share of matches that ended (not failed).
type Quality struct {
	Balance         float64  `json:"balance"`
	Decisiveness    *float64 `json:"decisiveness,omitempty"`
	Drawishness     float64  `json:"drawishness"`
	Duration        float64  `json:"duration"`
	BranchingFactor float64  `json:"branching_factor"`
	LeadChange      *float64 `json:"lead_change,omitempty"`
	Completion      float64  `json:"completion"`
}

// factionKinds are the kinds of thing fielded that say which side a seat
// plays.
var factionKinds = []string{"clan", "deck", "faction"}

// maxFailures is how many failures a report lists.
const maxFailures = 20

// Build merges the shards of study s, which must be every shard of it, in
// index order, and reports on them.
func Build(s *Study, shards []*Shard) (*Report, error) {
	g, err := s.Check()
	if err != nil {
		return nil, err
	}
	id := s.ID()
	if len(shards) != s.Shards() {
		return nil, fmt.Errorf("report: %d of the study's %d shards", len(shards), s.Shards())
	}
	var ms []Match
	for k, sh := range shards {
		lo, hi := s.Range(k)
		switch {
		case sh.Study != id:
			return nil, fmt.Errorf("report: shard %d is of study %s, not %s", k, sh.Study, id)
		case sh.Index != k:
			return nil, fmt.Errorf("report: shard %d in place %d: give the shards in order", sh.Index, k)
		case len(sh.Matches) != hi-lo:
			return nil, fmt.Errorf("report: shard %d has %d matches, want %d", k, len(sh.Matches), hi-lo)
		}
		for j, m := range sh.Matches {
			if m.Index != lo+j {
				return nil, fmt.Errorf("report: shard %d holds match %d in place of match %d", k, m.Index, lo+j)
			}
			if m.Failed == "" && (len(m.Places) != len(s.Seats) || len(m.Rewards) != len(s.Seats)) {
				return nil, fmt.Errorf("report: match %d has results for %d seats, not %d", m.Index, len(m.Places), len(s.Seats))
			}
		}
		ms = append(ms, sh.Matches...)
	}
	return report(g, s, ms), nil
}

func report(g engine.Game, s *Study, ms []Match) *Report {
	seats := len(s.Seats)
	variants := s.Variants()
	r := &Report{Study: *s, ID: s.ID()}
	bySeat := make([]rating, seats)
	for k := range bySeat {
		bySeat[k].name = engine.SeatName(g, engine.Seat(k))
	}
	botNames := slices.Compact(slices.Sorted(slices.Values(s.Seats)))
	byBot := make([]rating, len(botNames))
	for k := range byBot {
		byBot[k].name = botNames[k]
	}
	first := rating{name: "first"}
	draws := rating{name: "draws"}
	byVar := make([]struct {
		draws rating
		seats []rating
	}, len(variants))
	for v := range byVar {
		byVar[v].draws.name = "draws"
		byVar[v].seats = make([]rating, seats)
		for k := range seats {
			byVar[v].seats[k].name = bySeat[k].name
		}
	}
	factions := map[string]*rating{}
	var lengths []int
	var legal, decisions float64
	var decisive, leadChange []float64
	hasEval := false
	for _, m := range ms {
		if m.Failed != "" {
			r.Failed++
			if len(r.Failures) < maxFailures {
				r.Failures = append(r.Failures, fmt.Sprintf("match %d: %s", m.Index, m.Failed))
			}
			continue
		}
		r.Matches++
		lineup := sim.Lineup(s.Seats, m.Index)
		draws.add(m.Draw, 0)
		byVar[m.Variant].draws.add(m.Draw, 0)
		for k := range seats {
			win := m.Places[k] == 1 && !m.Draw
			bySeat[k].add(win, m.Rewards[k])
			byBot[slices.Index(botNames, lineup[k])].add(win, m.Rewards[k])
			byVar[m.Variant].seats[k].add(win, m.Rewards[k])
			if k < len(m.Fielded) {
				for _, it := range m.Fielded[k] {
					if slices.Contains(factionKinds, it.Kind) {
						f := factions[it.Name]
						if f == nil {
							f = &rating{name: it.Name}
							factions[it.Name] = f
						}
						f.add(win, m.Rewards[k])
					}
				}
			}
		}
		if m.First >= 0 && m.First < seats {
			first.add(m.Places[m.First] == 1 && !m.Draw, m.Rewards[m.First])
		}
		lengths = append(lengths, m.Length)
		legal += float64(m.Legal)
		decisions += float64(m.Length)
		if m.Evaluated {
			hasEval = true
			if m.DecidedAt >= 0 {
				decisive = append(decisive, float64(m.Length-m.DecidedAt)/float64(max(m.Length, 1)))
			}
			if m.Length > 0 {
				leadChange = append(leadChange, float64(m.LeadChanges)/float64(m.Length))
			}
		}
	}
	r.Draws = draws.rate()
	for k := range bySeat {
		r.Seats = append(r.Seats, bySeat[k].rate())
	}
	for k := range byBot {
		r.Bots = append(r.Bots, byBot[k].rate())
	}
	r.First = first.rate()
	if len(variants) > 1 {
		for v, vs := range byVar {
			st := VariantStats{Label: variants[v].Label, Draws: vs.draws.rate()}
			for k := range vs.seats {
				st.Seats = append(st.Seats, vs.seats[k].rate())
			}
			r.Variants = append(r.Variants, st)
		}
	}
	for _, name := range sortedKeys(factions) {
		r.Factions = append(r.Factions, factions[name].rate())
	}
	r.Length = lengthStats(lengths)
	q := &r.Quality
	if r.Matches > 0 {
		lo, hi := 1.0, 0.0
		for _, st := range r.Seats {
			lo, hi = min(lo, st.Rate), max(hi, st.Rate)
		}
		q.Balance = 1 - (hi - lo)
		q.Drawishness = r.Draws.Rate
		q.Duration = r.Length.Mean
	}
	if decisions > 0 {
		q.BranchingFactor = legal / decisions
	}
	if len(ms) > 0 {
		q.Completion = float64(r.Matches) / float64(len(ms))
	}
	if hasEval {
		l, _, _ := sim.Mean(leadChange, sim.Z95)
		q.LeadChange = &l
		if len(decisive) > 0 {
			d, _, _ := sim.Mean(decisive, sim.Z95)
			q.Decisiveness = &d
		}
	}
	r.Attribution = attribute(s, ms)
	return r
}

// lengthStats describes lengths, with a histogram of about 20 bins.
func lengthStats(ls []int) Lengths {
	if len(ls) == 0 {
		return Lengths{}
	}
	s := slices.Clone(ls)
	slices.Sort(s)
	sum := 0
	for _, l := range s {
		sum += l
	}
	rank := func(p float64) int { return s[max(int(math.Ceil(p*float64(len(s))))-1, 0)] }
	out := Lengths{Mean: float64(sum) / float64(len(s)), Min: s[0], P50: rank(0.5), P90: rank(0.9), Max: s[len(s)-1]}
	out.BinWidth = max(1, niceWidth(s[len(s)-1]/20+1))
	out.Histogram = make([]int, s[len(s)-1]/out.BinWidth+1)
	for _, l := range s {
		out.Histogram[l/out.BinWidth]++
	}
	return out
}

// niceWidth rounds w up to 1, 2 or 5 times a power of ten.
func niceWidth(w int) int {
	for p := 1; ; p *= 10 {
		for _, m := range []int{1, 2, 5} {
			if m*p >= w {
				return m * p
			}
		}
	}
}
