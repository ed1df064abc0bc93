// Package testgame is a small game for testing bots and self-play batches:
// Goofspiel, played by two to five seats.
//
// Each seat holds bid cards. A deck of prize cards 1..n is shuffled face
// down. Each round the top prize is turned up and every seat bids one card
// from its hand; the highest bid takes the prize, and a tie for the highest
// bid discards it. Bids are discarded. After n rounds the seat with the most
// prize points wins and the others are placed by their points; seats tied
// for the most share the win, and a tie of every seat is a draw.
//
// Options choose the size of the hands (cards), whether bids are secret and
// simultaneous or open and in turn (order), and whether every seat holds
// 1..n or is dealt n cards at random from a larger deck (hands). A last
// option (panic) makes the game panic on purpose, for tests of what
// survives a broken game or bot: in Determinize, which only a searching bot
// calls, or in Apply in the second round. The order
// of the prize deck, the secret bids not yet revealed and, with dealt hands,
// the other seats' cards are hidden information, which
// [engine.State.Determinize] deals again.
//
// A further option (variant=table) plays the game with the decision
// points of package [skald/engine/decide] that Blood Rage and Runewars
// need, at a table of up to five: marks drafted before the first round, a
// veto window after each round's bids, and the next prize known to two
// seats only (table.go).
package testgame

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"skald/engine"
)

// MaxCards is the largest hand the game allows.
const MaxCards = 12

// Game is Goofspiel. Its zero value is ready to use.
type Game struct{}

// Name returns "bids".
func (Game) Name() string { return "bids" }

// Title returns the game's full name.
func (Game) Title() string { return "Goofspiel (test game)" }

// RulesVersion returns the version of the rules.
func (Game) RulesVersion() string { return "1" }

// Seats returns 2 and 5.
func (Game) Seats() (min, max int) { return 2, 5 }

// Options lists cards, order, hands, panic and variant.
func (Game) Options() []engine.OptionSpec {
	return []engine.OptionSpec{
		{Name: "cards", Default: "5", Min: 2, Max: MaxCards, Help: "cards in each hand and in the prize deck"},
		{Name: "order", Default: "simultaneous", Choices: []string{"simultaneous", "sequential"}, Help: "secret simultaneous bids, or open bids in turn"},
		{Name: "hands", Default: "equal", Choices: []string{"equal", "dealt"}, Help: "every seat holds 1..cards, or is dealt cards from 1..(seats+1)*cards (at most 63)"},
		{Name: "panic", Default: "none", Choices: []string{"none", "search", "apply"}, Help: "for tests, a game that panics on purpose: none; search: Determinize panics, so only a searching bot (mcts) triggers it; apply: Apply panics at the first bid of the second round"},
		{Name: "variant", Default: "standard", Choices: []string{"standard", "table"}, Help: "standard: Goofspiel; table: marks drafted, a veto window, the next prize shown to two seats (rules T1-T4)"},
	}
}

// Rules returns the rules.
func (Game) Rules() string {
	return `Goofspiel
1. Prize cards 1..n are shuffled face down. Each seat holds n bid cards:
   1..n each (hands=equal), or n dealt face down from 1..(seats+1)*n,
   63 cards at most (hands=dealt).
2. Each round the top prize is turned up and every seat bids one card from
   its hand: all at once and in secret (order=simultaneous), or openly in
   turn, starting with seat (round mod seats) (order=sequential).
3. The highest bid takes the prize and scores its value; a tie for the
   highest bid discards the prize. Bids are revealed and discarded.
4. After n rounds the seat with the most points wins, and the others
   are placed by their points; seats tied for the most share the win,
   and when every seat has as many points the game is a draw.
For tests only, panic=search makes every determinization (what a search
bot such as mcts plans on) panic, and panic=apply makes the first bid of
the second round panic instead of applying; panic=none (the default) plays
the game above.
` + tableRules
}

// New starts a match.
func (g Game) New(cfg engine.Config) (engine.State, error) {
	lo, hi := g.Seats()
	if cfg.Seats < lo || cfg.Seats > hi {
		return nil, fmt.Errorf("bids is played by %d to %d seats, not %d", lo, hi, cfg.Seats)
	}
	opts, err := engine.Resolve(g.Options(), cfg.Options)
	if err != nil {
		return nil, err
	}
	if opts["variant"] == "table" {
		return newTable(cfg, opts)
	}
	n, _ := strconv.Atoi(opts["cards"])
	s := &State{
		cards: int8(n),
		seats: int8(cfg.Seats),
		seq:   opts["order"] == "sequential",
		dealt: opts["hands"] == "dealt",
		fault: opts["panic"],
		rng:   engine.NewRand(cfg.Seed),
	}
	for i := range n {
		s.prizes[i] = int8(i + 1)
	}
	s.rng.Shuffle(n, func(i, j int) { s.prizes[i], s.prizes[j] = s.prizes[j], s.prizes[i] })
	if !s.dealt {
		for seat := range cfg.Seats {
			s.hands[seat] = span(1, n)
		}
		return s, nil
	}
	deck := make([]int, dealtDeck(cfg.Seats, n))
	for i := range deck {
		deck[i] = i + 1
	}
	s.rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	for i, c := range deck {
		if seat := i / n; seat < cfg.Seats {
			s.hands[seat] |= 1 << c
		} else {
			s.unseen |= 1 << c
		}
	}
	return s, nil
}

// span returns the set of cards lo..hi.
func span(lo, hi int) uint64 { return (1<<(hi+1) - 1) &^ (1<<lo - 1) }

// State is a match of Goofspiel. Cards are bits of a uint64, so that
// cloning is one small copy.
type State struct {
	cards, seats int8
	seq, dealt   bool
	fault        string // the panic option: "none", "search" or "apply"
	rng          engine.Rand
	prizes       [MaxCards]int8 // prize deck; prizes[round] is up
	round        int8
	hands        [engine.MaxSeats]uint64 // cards not yet discarded, pending bids included
	unseen       uint64                  // cards no seat holds (hands=dealt)
	bids         [engine.MaxSeats]int8   // this round's bids; 0 is none yet
	score        [engine.MaxSeats]int16
	history      [MaxCards][engine.MaxSeats]int8 // revealed bids of past rounds
}

func (s *State) over() bool { return s.round >= s.cards }

// next returns the seat to bid next with order=sequential.
func (s *State) next() engine.Seat {
	for i := range s.seats {
		seat := (s.round + i) % s.seats
		if s.bids[seat] == 0 {
			return engine.Seat(seat)
		}
	}
	return engine.Spectator
}

// Deciders returns the seats still to bid this round.
func (s *State) Deciders() engine.SeatSet {
	if s.over() {
		return 0
	}
	if s.seq {
		return engine.Seats(s.next())
	}
	var d engine.SeatSet
	for seat := range s.seats {
		if s.bids[seat] == 0 {
			d = d.With(engine.Seat(seat))
		}
	}
	return d
}

// Legal appends a bid of each card in seat's hand when seat must bid.
func (s *State) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	if !s.Deciders().Has(seat) {
		return buf
	}
	for h := s.hands[seat]; h != 0; h &= h - 1 {
		buf = append(buf, Bid(seat, bits.TrailingZeros64(h)))
	}
	return buf
}

// Bid returns the action of seat bidding card.
func Bid(seat engine.Seat, card int) engine.Action {
	return engine.Action{Seat: seat, Arg: [4]int16{int16(card)}}
}

// Apply plays a bid. With panic=apply it panics at the first bid of the
// second round.
func (s *State) Apply(a engine.Action, events *engine.Log) error {
	if s.fault == "apply" && s.round == 1 {
		panic(fmt.Sprintf("testgame: panic=apply: bid %d of seat %d in round 2", a.Arg[0], a.Seat))
	}
	if s.over() {
		return engine.Illegal("rule 4", "the game is over")
	}
	if a.Seat < 0 || int8(a.Seat) >= s.seats {
		return engine.Illegal("rule 2", "there is no seat %d", a.Seat)
	}
	if !s.Deciders().Has(a.Seat) {
		return engine.Illegal("rule 2", "seat %d does not bid now", a.Seat)
	}
	c := int(a.Arg[0])
	if a.Kind != 0 || a.Arg[1] != 0 || a.Arg[2] != 0 || a.Arg[3] != 0 || c < 1 || c > 63 {
		return engine.Illegal("rule 2", "not a bid")
	}
	if s.hands[a.Seat]&(1<<c) == 0 {
		return engine.Illegal("rule 2", "seat %d holds no card %d", a.Seat, c)
	}
	s.bids[a.Seat] = int8(c)
	if s.seq {
		events.Add(engine.Everyone, "bid", "seat %d bids %d", a.Seat, c)
	} else {
		events.Add(engine.Everyone, "bid.secret", "seat %d bids in secret", a.Seat)
		events.Add(engine.Seats(a.Seat), "bid", "you bid %d", c)
	}
	if s.Deciders().Empty() {
		s.resolve(events)
	}
	return nil
}

// resolve awards the prize once every seat has bid.
func (s *State) resolve(events *engine.Log) {
	prize := s.prizes[s.round]
	best, winner := int8(0), engine.Spectator
	for seat := range s.seats {
		switch b := s.bids[seat]; {
		case b > best:
			best, winner = b, engine.Seat(seat)
		case b == best:
			winner = engine.Spectator
		}
	}
	if winner != engine.Spectator {
		s.score[winner] += int16(prize)
	}
	for seat := range s.seats {
		s.hands[seat] &^= 1 << s.bids[seat]
	}
	s.history[s.round] = s.bids
	s.bids = [engine.MaxSeats]int8{}
	s.round++
	bids := (*lastBids)(s) // the state itself, printed lazily: boxing it allocates nothing
	if winner == engine.Spectator {
		events.Add(engine.Everyone, "round.tied", "bids %v tie; prize %d is discarded", bids, prize)
	} else {
		events.Add(engine.Everyone, "round.won", "bids %v: seat %d takes prize %d", bids, winner, prize)
	}
	if _, ok := s.Result(); ok {
		events.Add(engine.Everyone, "game.over", "%v", (*overReason)(s))
	}
}

// overReason prints how the match ended, only when an event is recorded.
type overReason State

func (o *overReason) String() string {
	r, _ := (*State)(o).Result()
	return r.Reason
}

// lastBids prints the last round's bids as a list, only when an event is
// recorded.
type lastBids State

func (b *lastBids) String() string { return fmt.Sprint(b.history[b.round-1][:b.seats]) }

// View is what a seat may see.
type View struct {
	Round   int     `json:"round"`
	Prize   int     `json:"prize,omitempty"`
	Hand    []int   `json:"hand,omitempty"`
	Held    []int   `json:"held"`
	Bids    []int   `json:"bids"` // 0: not yet; -1: secret
	Scores  []int   `json:"scores"`
	History [][]int `json:"history"`
}

// View returns what seat may see.
func (s *State) View(seat engine.Seat) any {
	v := View{Round: int(s.round)}
	if !s.over() {
		v.Prize = int(s.prizes[s.round])
	}
	if seat >= 0 && int8(seat) < s.seats {
		for h := s.hands[seat]; h != 0; h &= h - 1 {
			v.Hand = append(v.Hand, bits.TrailingZeros64(h))
		}
	}
	for o := range s.seats {
		v.Held = append(v.Held, bits.OnesCount64(s.hands[o]))
		b := int(s.bids[o])
		if b != 0 && !s.seq && engine.Seat(o) != seat {
			b = -1
		}
		v.Bids = append(v.Bids, b)
		v.Scores = append(v.Scores, int(s.score[o]))
	}
	for r := range s.round {
		row := make([]int, s.seats)
		for o := range row {
			row[o] = int(s.history[r][o])
		}
		v.History = append(v.History, row)
	}
	return v
}

// Result reports, once all prizes are taken, each seat's points as its
// score and its place by them: the most points win, and seats tied for the
// most share the win (rule 4).
func (s *State) Result() (engine.Result, bool) {
	if !s.over() {
		return engine.Result{}, false
	}
	return pointsResult(&s.score, int(s.seats)), true
}

// pointsResult ranks seats by their points: the most points win, seats
// tied for the most share the win, and all tied is a draw (rule 4).
func pointsResult(score *[engine.MaxSeats]int16, seats int) engine.Result {
	var points [engine.MaxSeats]float64
	for seat := range seats {
		points[seat] = float64(score[seat])
	}
	r := engine.Ranked(points[:seats], "most points [rule 4]")
	switch {
	case r.Winners.Empty():
		r.Reason = "every seat has as many points: a draw [rule 4]"
	case r.Winners.Len() > 1:
		r.Reason = "tie for the most points: a shared win [rule 4]"
	}
	return r
}

// Clone returns an independent copy.
func (s *State) Clone() engine.State {
	c := *s
	c.rng = s.rng.Clone()
	return &c
}

// Determinize returns a copy in which the prize deck, the secret bids and,
// with dealt hands, the other seats' hands are dealt again from r. With
// panic=search it panics.
func (s *State) Determinize(seat engine.Seat, r *engine.Rand) engine.State {
	if s.fault == "search" {
		panic(fmt.Sprintf("testgame: panic=search: seat %d searches", seat))
	}
	c := *s // engine.Determinize gives the copy a fresh stream
	// The prizes face down are put in order first, so that the copy
	// depends on nothing seat cannot see, then shuffled.
	if down := int(c.round) + 1; down < int(c.cards) {
		slices.Sort(c.prizes[down:c.cards])
	}
	for i := int(c.cards) - 1; i > int(c.round); i-- {
		j := int(c.round) + 1 + r.IntN(i-int(c.round))
		c.prizes[i], c.prizes[j] = c.prizes[j], c.prizes[i]
	}
	secret := func(o int8) bool { return !c.seq && c.bids[o] != 0 }
	if c.dealt {
		// Pool every card seat cannot see, then deal the other seats
		// as many as they held. Open bids stay where they are.
		pool := c.unseen
		var need [engine.MaxSeats]int
		for o := range c.seats {
			if engine.Seat(o) == seat {
				continue
			}
			h := c.hands[o]
			if c.bids[o] != 0 && !secret(o) {
				h &^= 1 << c.bids[o]
			}
			pool |= h
			need[o] = bits.OnesCount64(h)
			c.hands[o] &^= h
		}
		for o := range c.seats {
			for range need[o] {
				card := pick(pool, r)
				pool &^= 1 << card
				c.hands[o] |= 1 << card
			}
		}
		c.unseen = pool
	}
	for o := range c.seats {
		if engine.Seat(o) != seat && secret(o) {
			c.bids[o] = int8(pick(c.hands[o], r))
		}
	}
	return &c
}

// pick returns a card of set chosen uniformly with r.
func pick(set uint64, r *engine.Rand) int {
	k := r.IntN(bits.OnesCount64(set))
	for range k {
		set &= set - 1
	}
	return bits.TrailingZeros64(set)
}

// Hash returns a hash of the whole state.
func (s *State) Hash() uint64 {
	b := make([]byte, 0, 256)
	b = append(b, byte(s.cards), byte(s.seats), byte(s.round))
	if s.seq {
		b = append(b, 1)
	}
	if s.dealt {
		b = append(b, 2)
	}
	if s.fault != "none" && s.fault != "" {
		b = append(b, s.fault...)
	}
	for _, p := range s.prizes {
		b = append(b, byte(p))
	}
	for o := range s.seats {
		b = strconv.AppendUint(b, s.hands[o], 16)
		b = append(b, byte(s.bids[o]), byte(s.score[o]), byte(s.score[o]>>8))
	}
	b = strconv.AppendUint(b, s.unseen, 16)
	for r := range s.round {
		for o := range s.seats {
			b = append(b, byte(s.history[r][o]))
		}
	}
	b = s.rng.AppendState(b)
	return engine.HashBytes(b)
}

// Rand returns the match's random stream.
func (s *State) Rand() *engine.Rand { return &s.rng }

// FormatAction returns "bid N".
func (s *State) FormatAction(a engine.Action) string { return "bid " + strconv.Itoa(int(a.Arg[0])) }

// ParseAction parses "bid N" or "N".
func (s *State) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	t := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(text), "bid"))
	n, err := strconv.Atoi(t)
	if err != nil || n < 1 || n > 63 {
		return engine.Action{}, fmt.Errorf("%q is not a bid: want \"bid N\"", text)
	}
	return Bid(seat, n), nil
}
