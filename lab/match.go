package lab

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"skald/ai"
	"skald/engine"
	"skald/sim"
)

// Fielder is implemented by a game's state that can say what a seat
// fielded in the match: its army, the cards it played, its deck. The lab
// asks it when the match is over.
type Fielder interface {
	Fielded(seat engine.Seat, add func(kind, name string, cost float64))
}

// ActionFielder is implemented by a game's state that can say what an
// action plays (a card from the hand, say). The lab asks it before each
// action is applied; what it names is fielded by the action's seat.
type ActionFielder interface {
	Fields(a engine.Action, add func(kind, name string, cost float64))
}

// Item is one kind of thing a seat fielded in a match, and how many.
type Item struct {
	Kind string  `json:"kind"`
	Name string  `json:"name"`
	Cost float64 `json:"cost,omitempty"`
	N    int     `json:"n"`
}

// Match is what the lab keeps of one match: enough to build every figure
// of a report, and nothing that depends on the machine.
type Match struct {
	// Index is the match's number in the study, from 0.
	Index int `json:"i"`
	// Variant is the index of its variant (Study.Variants).
	Variant int `json:"variant,omitempty"`
	// Failed says why the match did not end, when it did not; the other
	// fields are then empty.
	Failed string `json:"failed,omitempty"`
	// Places holds each seat's place (1 the best) and Rewards what the
	// result is worth to it (engine.Result.Reward).
	Places  []int     `json:"places,omitempty"`
	Rewards []float64 `json:"rewards,omitempty"`
	// Draw is set when no seat won.
	Draw bool `json:"draw,omitempty"`
	// Length is the number of actions; First the seat of the first.
	Length int `json:"length"`
	First  int `json:"first"`
	// Legal is the sum, over the decisions, of the number of actions the
	// deciding seat could choose between.
	Legal int64 `json:"legal"`
	// LeadChanges counts the times the seat the game's evaluation puts
	// alone in front changed; DecidedAt is the number of actions played
	// when the winner took the lead it kept to the end (-1 when the game
	// has no evaluation, no single winner, or a winner not alone in front
	// at the end).
	LeadChanges int  `json:"lead_changes"`
	DecidedAt   int  `json:"decided_at"`
	Evaluated   bool `json:"evaluated,omitempty"` // the game evaluates positions

	// Fielded lists what each seat fielded, sorted by kind and name.
	Fielded [][]Item `json:"fielded,omitempty"`
}

// play plays match i of study s, whose game g has been checked.
func play(ctx context.Context, g engine.Game, s *Study, variants []Variant, i int) (m Match, err error) {
	m = Match{Index: i, First: -1, DecidedAt: -1}
	m.Variant = s.VariantOf(i, len(variants))
	seats := len(s.Seats)
	cfg := engine.Config{Seats: seats, Seed: sim.GameSeed(s.Seed, i)}
	if cfg.Options, err = engine.Resolve(g.Options(), variants[m.Variant].Options); err != nil {
		return m, fmt.Errorf("match %d: %w", i, err)
	}
	lineup := sim.Lineup(s.Seats, i)
	bots := make([]ai.Bot, seats)
	for k, spec := range lineup {
		if bots[k], err = ai.New(spec, sim.BotSeed(s.Seed, i, engine.Seat(k))); err != nil {
			return m, fmt.Errorf("match %d: %w", i, err)
		}
	}
	counts := make([]map[[2]string]*Item, seats)
	for k := range counts {
		counts[k] = map[[2]string]*Item{}
	}
	field := func(seat int) func(kind, name string, cost float64) {
		return func(kind, name string, cost float64) {
			if seat < 0 || seat >= seats {
				return
			}
			key := [2]string{kind, name}
			it := counts[seat][key]
			if it == nil {
				it = &Item{Kind: kind, Name: name, Cost: cost}
				counts[seat][key] = it
			}
			it.N++
		}
	}
	defer func() {
		if p := recover(); p != nil {
			m = Match{Index: i, Variant: m.Variant, First: -1, DecidedAt: -1, Failed: fmt.Sprintf("panic after %d actions: %v", m.Length, p)}
		}
	}()
	st, err := g.New(cfg)
	if err != nil {
		return Match{Index: i, Variant: m.Variant, First: -1, DecidedAt: -1, Failed: "starting the match: " + err.Error()}, nil
	}
	eval, _ := st.(engine.Evaluator)
	af, _ := st.(ActionFielder)
	var leaders []int8 // the seat alone in front after each action, or -1
	var buf []engine.Action
	for {
		seat := st.Deciders().First()
		if seat == engine.Spectator {
			break
		}
		if err := ctx.Err(); err != nil {
			return m, err
		}
		if int(seat) >= seats {
			return Match{Index: i, Variant: m.Variant, First: -1, DecidedAt: -1, Failed: fmt.Sprintf("seat %d decides in a match of %d seats", seat, seats)}, nil
		}
		buf = st.Legal(seat, buf[:0])
		m.Legal += int64(len(buf))
		a := bots[seat].Choose(st, seat)
		if af != nil {
			af.Fields(a, field(int(a.Seat)))
		}
		if err := st.Apply(a, nil); err != nil {
			return Match{Index: i, Variant: m.Variant, First: -1, DecidedAt: -1, Failed: fmt.Sprintf("bot %s of seat %d chose %q at step %d: %v", lineup[seat], seat, st.FormatAction(a), m.Length+1, err)}, nil
		}
		if m.Length == 0 {
			m.First = int(seat)
		}
		m.Length++
		if eval != nil {
			leaders = append(leaders, leader(eval, seats))
		}
	}
	res, ok := st.Result()
	if !ok {
		return Match{Index: i, Variant: m.Variant, First: -1, DecidedAt: -1, Failed: fmt.Sprintf("no seat decides after %d actions but the game is not over", m.Length)}, nil
	}
	res = res.Complete(seats)
	if err := res.Check(seats); err != nil {
		return Match{Index: i, Variant: m.Variant, First: -1, DecidedAt: -1, Failed: fmt.Sprintf("broken result: %v", err)}, nil
	}
	m.Draw = res.Winners.Empty()
	for k := range seats {
		m.Places = append(m.Places, res.Place(engine.Seat(k)))
		m.Rewards = append(m.Rewards, res.Reward(engine.Seat(k)))
	}
	if eval != nil {
		m.Evaluated = true
		m.LeadChanges, m.DecidedAt = leads(leaders, res, seats)
	}
	if f, ok := st.(Fielder); ok {
		for k := range seats {
			f.Fielded(engine.Seat(k), field(k))
		}
	}
	m.Fielded = make([][]Item, seats)
	for k, c := range counts {
		m.Fielded[k] = []Item{}
		for _, it := range c {
			m.Fielded[k] = append(m.Fielded[k], *it)
		}
		slices.SortFunc(m.Fielded[k], func(a, b Item) int {
			return cmp.Or(cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.Name, b.Name))
		})
	}
	return m, nil
}

// leader returns the seat the evaluation puts alone in front, or -1.
func leader(e engine.Evaluator, seats int) int8 {
	best, who := -1.0, int8(-1)
	for k := range seats {
		v := e.Evaluate(engine.Seat(k))
		switch {
		case v > best+1e-9:
			best, who = v, int8(k)
		case v > best-1e-9:
			who = -1
		}
	}
	return who
}

// leads counts the changes of the seat alone in front (a position with
// no one alone in front keeps the last leader), and the action after
// which the single winner led to the end, or -1.
func leads(leaders []int8, res engine.Result, seats int) (changes, decided int) {
	last := int8(-1)
	for _, l := range leaders {
		if l >= 0 && l != last {
			if last >= 0 {
				changes++
			}
			last = l
		}
	}
	if res.Winners.Len() != 1 {
		return changes, -1
	}
	w := int8(res.Winners.First())
	k := len(leaders)
	for k > 0 && leaders[k-1] == w {
		k--
	}
	if k == len(leaders) {
		return changes, -1 // the winner is not alone in front at the end
	}
	return changes, k + 1
}
