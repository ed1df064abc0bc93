package testgame

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"skald/engine"
	"skald/engine/decide"
)

// The table variant (variant=table) is Goofspiel at a table of two to five
// seats played with the parts of package decide that Blood Rage and
// Runewars need, so that the kernel, the bots, the simulator and the
// server are proven on them before those games: marks are drafted
// (decide.Draft), bids are secret picks revealed together (decide.Picks),
// a won prize may be vetoed in a reaction window (decide.Window), and the
// next prize is known to two seats only, the round's lookout and its left
// neighbour.
const tableRules = `
With variant=table (2 to 5 seats; bids are secret and simultaneous, so
order=sequential is refused):
T1. Before the first round, marks are drafted. The mark deck holds the
    prize values 1..n over and over, 3 cards for each seat, shuffled; each
    seat is dealt 3. All seats pick one of their hand at once and in
    secret, keep it face down and pass the rest to the left (clockwise);
    then they pick again from what they were passed, and the last card of
    each hand is discarded, known only to the seat that held it.
T2. Each round one seat, the lookout (seat round mod seats), looks at the
    next prize and shows it to its left neighbour; nobody else sees it.
T3. Each seat holds one veto. When the bids are revealed and one seat
    takes the prize, the seats holding a veto are offered, one at a time
    and clockwise from the winner's left, to veto or pass. A veto discards
    the prize; a veto may be answered by another veto, which lets the prize
    stand again, and so on. After a veto every seat still holding one that
    passed is offered again, and the one who vetoed once another seat has
    vetoed. When every seat offered has passed, the prize goes as the last
    veto left it. A seat's veto is spent when it vetoes.
T4. A seat that takes a prize it marked (it kept a mark of the prize's
    value) scores the prize once more for each such mark, and shows them.
`

// Kinds of the table variant's actions; a bid is kind 0, as in the game
// without the variant.
const (
	kindBid uint8 = iota
	kindMark
	kindVeto
	kindPass
)

// markHand is the number of marks dealt to each seat, and markLeft the
// number left over in each hand when the draft ends.
const (
	markHand = 3
	markLeft = 1
)

// Mark returns the action of seat drafting a mark of value v.
func Mark(seat engine.Seat, v int) engine.Action {
	return engine.Action{Seat: seat, Kind: kindMark, Arg: [4]int16{int16(v)}}
}

// Veto returns the action of seat vetoing the prize in the veto window.
func Veto(seat engine.Seat) engine.Action { return engine.Action{Seat: seat, Kind: kindVeto} }

// Pass returns the action of seat passing in the veto window.
func Pass(seat engine.Seat) engine.Action { return engine.Action{Seat: seat, Kind: kindPass} }

// tableState is a match of the table variant. Like State it holds cards as
// bits and the parts as values, so that cloning is one copy.
type tableState struct {
	cards, seats int8
	dealt        bool
	fault        string // the panic option
	rng          engine.Rand
	prizes       [MaxCards]int8 // prize deck; prizes[round] is up
	round        int8
	hands        [engine.MaxSeats]uint64 // bid cards not yet discarded, face-down bids included
	unseen       uint64                  // bid cards no seat holds (hands=dealt)
	score        [engine.MaxSeats]int16
	history      [MaxCards][engine.MaxSeats]int8

	draft  decide.Draft                  // the marks (T1); a mark is a card of the draft
	shown  [engine.MaxSeats]decide.Cards // marks shown when they scored (T4)
	bids   decide.Picks                  // this round's bids
	veto   decide.Window                 // the veto window (T3)
	vetoes engine.SeatSet                // seats holding their veto
	vetoed bool                          // the prize up is vetoed
	winner engine.Seat                   // the highest bidder while the window is open
}

// newTable starts a match of the table variant with resolved options.
func newTable(cfg engine.Config, opts engine.Options) (engine.State, error) {
	if opts["order"] != "simultaneous" {
		return nil, fmt.Errorf("option order=%s: variant=table bids in secret, all at once (order=simultaneous)", opts["order"])
	}
	n, _ := strconv.Atoi(opts["cards"])
	s := &tableState{
		cards:  int8(n),
		seats:  int8(cfg.Seats),
		dealt:  opts["hands"] == "dealt",
		fault:  opts["panic"],
		rng:    engine.NewRand(cfg.Seed),
		vetoes: engine.SeatSet(1<<cfg.Seats - 1),
		winner: engine.Spectator,
	}
	for i := range n {
		s.prizes[i] = int8(i + 1)
	}
	s.rng.Shuffle(n, func(i, j int) { s.prizes[i], s.prizes[j] = s.prizes[j], s.prizes[i] })
	if s.dealt {
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
	} else {
		for seat := range cfg.Seats {
			s.hands[seat] = span(1, n)
		}
	}
	// The mark deck: card i is a mark of value i mod n + 1.
	marks := make([]int, markHand*cfg.Seats)
	for i := range marks {
		marks[i] = i
	}
	s.rng.Shuffle(len(marks), func(i, j int) { marks[i], marks[j] = marks[j], marks[i] })
	hands := make([]decide.Cards, cfg.Seats)
	for i, c := range marks {
		hands[i/markHand] = hands[i/markHand].With(c)
	}
	if err := s.draft.Deal(hands, decide.Alternate(0), markLeft); err != nil {
		return nil, fmt.Errorf("dealing the marks: %w", err)
	}
	return s, nil
}

// dealtDeck returns the number of bid cards that seats are dealt hands of
// n from with hands=dealt: (seats+1)*n, but 63 at most, since cards are
// bits of a uint64 (only five seats with more than 10 cards reach it).
func dealtDeck(seats, n int) int { return min(63, (seats+1)*n) }

// markValue returns the value of mark card c.
func (s *tableState) markValue(c int) int { return c%int(s.cards) + 1 }

func (s *tableState) over() bool { return s.round >= s.cards }

// lookout returns the round's lookout and its left neighbour, who see the
// next prize (T2), or Spectator twice when there is no next prize.
func (s *tableState) lookout() (engine.Seat, engine.Seat) {
	if s.round+1 >= s.cards {
		return engine.Spectator, engine.Spectator
	}
	l := engine.Seat(s.round % s.seats)
	return l, decide.Left(l, int(s.seats))
}

// Deciders returns the seats drafting, the seat offered the veto window,
// or the seats still to bid.
func (s *tableState) Deciders() engine.SeatSet {
	switch {
	case s.over():
		return 0
	case !s.draft.Over():
		return s.draft.Waiting()
	case !s.veto.Closed():
		return s.veto.Deciders()
	}
	return s.bids.Waiting()
}

// Legal appends seat's marks to draft (one action per value), its veto and
// pass, or its bids.
func (s *tableState) Legal(seat engine.Seat, buf []engine.Action) []engine.Action {
	if !s.Deciders().Has(seat) {
		return buf
	}
	switch {
	case !s.draft.Over():
		var values uint64
		for h := s.draft.Hand(seat); h != 0; h = h.Without(h.First()) {
			values |= 1 << s.markValue(h.First())
		}
		for ; values != 0; values &= values - 1 {
			buf = append(buf, Mark(seat, bits.TrailingZeros64(values)))
		}
	case !s.veto.Closed():
		buf = append(buf, Veto(seat), Pass(seat))
	default:
		for h := s.hands[seat]; h != 0; h &= h - 1 {
			buf = append(buf, Bid(seat, bits.TrailingZeros64(h)))
		}
	}
	return buf
}

// Apply plays a mark, a bid, a veto or a pass. With panic=apply it panics
// at the first bid of the second round.
func (s *tableState) Apply(a engine.Action, events *engine.Log) error {
	if s.fault == "apply" && s.round == 1 && a.Kind == kindBid {
		panic(fmt.Sprintf("testgame: panic=apply: bid %d of seat %d in round 2", a.Arg[0], a.Seat))
	}
	if s.over() {
		return engine.Illegal("rule 4", "the game is over")
	}
	if a.Seat < 0 || int8(a.Seat) >= s.seats {
		return engine.Illegal("rule 2", "there is no seat %d", a.Seat)
	}
	if a.Arg[1] != 0 || a.Arg[2] != 0 || a.Arg[3] != 0 || (a.Kind >= kindVeto && a.Arg[0] != 0) {
		return engine.Illegal("rule 2", "not an action of the game")
	}
	switch a.Kind {
	case kindMark:
		return s.mark(a.Seat, int(a.Arg[0]), events)
	case kindBid:
		return s.bid(a.Seat, int(a.Arg[0]), events)
	case kindVeto, kindPass:
		return s.answer(a.Seat, a.Kind == kindVeto, events)
	}
	return engine.Illegal("rule 2", "not an action of the game")
}

// mark drafts a mark of value v for seat (T1).
func (s *tableState) mark(seat engine.Seat, v int, events *engine.Log) error {
	if s.draft.Over() {
		return engine.Illegal("rule T1", "the marks are drafted already")
	}
	if !s.draft.Waiting().Has(seat) {
		return engine.Illegal("rule T1", "seat %d has drafted a mark already; the others are drafting", seat)
	}
	card := -1
	for h := s.draft.Hand(seat); h != 0; h = h.Without(h.First()) {
		if s.markValue(h.First()) == v {
			card = h.First()
			break
		}
	}
	if card < 0 {
		return engine.Illegal("rule T1", "seat %d has no mark %d to draft", seat, v)
	}
	passed, err := s.draft.Pick(seat, card)
	if err != nil {
		return fmt.Errorf("testgame: drafting mark %d of seat %d: %w", v, seat, err)
	}
	events.Add(engine.Everyone, "mark.secret", "seat %d drafts a mark", seat)
	events.Add(engine.Seats(seat), "mark", "you draft mark %d", v)
	if !passed {
		return nil
	}
	if !s.draft.Over() {
		events.Add(engine.Everyone, "marks.pass", "the marks pass %s", s.draft.Direction())
		return nil
	}
	events.Add(engine.Everyone, "marks.drafted", "the marks are drafted; the last of each hand is discarded")
	s.startRound(events)
	return nil
}

// startRound turns the prize up, shows the next one to the lookout and its
// neighbour (T2) and asks every seat to bid.
func (s *tableState) startRound(events *engine.Log) {
	s.bids.Ask(engine.SeatSet(1<<s.seats - 1))
	events.Add(engine.Everyone, "round", "round %d: prize %d is up", s.round+1, s.prizes[s.round])
	if l, m := s.lookout(); l != engine.Spectator && l != m {
		next := s.prizes[s.round+1]
		// One event for the two seats who share the secret (T2).
		events.Add(engine.Seats(l, m), "lookout", "seat %d looks at the next prize, %d, and shows it to seat %d", l, next, m)
	}
}

// bid plays seat's secret bid of card (rule 2).
func (s *tableState) bid(seat engine.Seat, card int, events *engine.Log) error {
	if !s.draft.Over() {
		return engine.Illegal("rule T1", "the marks are being drafted")
	}
	if !s.veto.Closed() {
		return engine.Illegal("rule T3", "seat %d is offered the veto", s.veto.Offered())
	}
	if !s.bids.Waiting().Has(seat) {
		return engine.Illegal("rule 2", "seat %d does not bid now", seat)
	}
	if card < 1 || card > 63 || s.hands[seat]&(1<<card) == 0 {
		return engine.Illegal("rule 2", "seat %d holds no card %d", seat, card)
	}
	revealed, err := s.bids.Pick(seat, int16(card))
	if err != nil {
		return fmt.Errorf("testgame: bid %d of seat %d: %w", card, seat, err)
	}
	events.Add(engine.Everyone, "bid.secret", "seat %d bids in secret", seat)
	events.Add(engine.Seats(seat), "bid", "you bid %d", card)
	if revealed {
		s.reveal(events)
	}
	return nil
}

// reveal finds the highest bid and opens the veto window when one seat
// takes the prize (T3).
func (s *tableState) reveal(events *engine.Log) {
	best, winner := int16(0), engine.Spectator
	var row [engine.MaxSeats]int8
	for seat := range engine.Seat(s.seats) {
		b, _ := s.bids.Get(seat)
		row[seat] = int8(b)
		switch {
		case b > best:
			best, winner = b, seat
		case b == best:
			winner = engine.Spectator
		}
	}
	events.Add(engine.Everyone, "bids", "bids %v", row[:s.seats])
	s.winner, s.vetoed = winner, false
	if winner != engine.Spectator {
		if err := s.veto.OpenAfter(int(s.seats), winner, s.vetoes); err != nil {
			panic(fmt.Sprintf("testgame: opening the veto window: %v", err)) // seats and winner are the table's
		}
		if !s.veto.Closed() {
			events.Add(engine.Everyone, "veto.open", "seat %d takes prize %d unless vetoed", winner, s.prizes[s.round])
			return
		}
	}
	s.award(events)
}

// answer plays seat's veto or pass in the veto window (T3).
func (s *tableState) answer(seat engine.Seat, veto bool, events *engine.Log) error {
	if s.veto.Offered() != seat {
		if s.veto.Closed() {
			return engine.Illegal("rule T3", "no veto is offered now")
		}
		return engine.Illegal("rule T3", "the veto is offered to seat %d, not seat %d", s.veto.Offered(), seat)
	}
	if !veto {
		if err := s.veto.Pass(seat); err != nil {
			return fmt.Errorf("testgame: pass of seat %d: %w", seat, err)
		}
		events.Add(engine.Everyone, "veto.pass", "seat %d passes", seat)
	} else {
		if err := s.veto.Answer(seat); err != nil {
			return fmt.Errorf("testgame: veto of seat %d: %w", seat, err)
		}
		s.veto.Leave(seat)
		s.vetoes = s.vetoes.Without(seat)
		s.vetoed = !s.vetoed
		if s.vetoed {
			events.Add(engine.Everyone, "veto", "seat %d vetoes: prize %d is discarded unless a veto answers", seat, s.prizes[s.round])
		} else {
			events.Add(engine.Everyone, "veto", "seat %d vetoes the veto: prize %d stands", seat, s.prizes[s.round])
		}
	}
	if s.veto.Closed() {
		s.award(events)
	}
	return nil
}

// award gives the prize to the round's winner unless vetoed, with its marks
// (T4), discards the bids and starts the next round.
func (s *tableState) award(events *engine.Log) {
	prize := s.prizes[s.round]
	switch w := s.winner; {
	case w == engine.Spectator:
		events.Add(engine.Everyone, "round.tied", "the bids tie; prize %d is discarded", prize)
	case s.vetoed:
		events.Add(engine.Everyone, "round.vetoed", "prize %d is vetoed and discarded", prize)
	default:
		s.score[w] += int16(prize)
		marks := 0
		for m := s.draft.Kept(w); m != 0; m = m.Without(m.First()) {
			if c := m.First(); s.markValue(c) == int(prize) {
				s.draft.Take(w, c)
				s.shown[w] = s.shown[w].With(c)
				s.score[w] += int16(prize)
				marks++
			}
		}
		if marks > 0 {
			events.Add(engine.Everyone, "round.won", "seat %d takes prize %d and shows %d mark(s) of it: %d points", w, prize, marks, int(prize)*(marks+1))
		} else {
			events.Add(engine.Everyone, "round.won", "seat %d takes prize %d", w, prize)
		}
	}
	for seat := range engine.Seat(s.seats) {
		b, _ := s.bids.Get(seat)
		s.hands[seat] &^= 1 << b
		s.history[s.round][seat] = int8(b)
	}
	s.bids.Ask(0)
	s.winner, s.vetoed = engine.Spectator, false
	s.round++
	if s.over() {
		if r, ok := s.Result(); ok {
			events.Add(engine.Everyone, "game.over", "%s", r.Reason)
		}
		return
	}
	s.startRound(events)
}

// TableView is what a seat may see of a match of the table variant. Lists
// hold one entry a seat.
type TableView struct {
	Round int    `json:"round"`
	Phase string `json:"phase"` // draft, bids, veto or over
	Prize int    `json:"prize,omitempty"`
	Past  []int  `json:"past"` // the prizes of the rounds played
	// Next is the next prize, for the lookout and its left neighbour only.
	Next    int   `json:"next,omitempty"`
	Lookout int   `json:"lookout"` // the round's lookout; -1 when no next prize
	Hand    []int `json:"hand,omitempty"`
	// Draft is the marks the seat drafts from now, Drafted the one it has
	// drafted face down this pass, Marks those it keeps face down, and
	// Discard the mark left over in its hand when the draft ended.
	Draft   []int   `json:"draft,omitempty"`
	Drafted int     `json:"drafted,omitempty"`
	Marks   []int   `json:"marks,omitempty"`
	Discard []int   `json:"discard,omitempty"`
	Held    []int   `json:"held"`
	Bids    []int   `json:"bids"`    // 0: not yet; -1: secret
	Marked  []int   `json:"marked"`  // face-down marks kept
	Shown   [][]int `json:"shown"`   // marks shown when they scored
	Vetoes  []bool  `json:"vetoes"`  // holds its veto
	Offered int     `json:"offered"` // the seat offered the veto window; -1 when closed
	Vetoed  bool    `json:"vetoed"`
	Scores  []int   `json:"scores"`
	History [][]int `json:"history"`
}

// values returns the values of marks c, in increasing order of card.
func (s *tableState) values(c decide.Cards) []int {
	var out []int
	for ; c != 0; c = c.Without(c.First()) {
		out = append(out, s.markValue(c.First()))
	}
	return out
}

// View returns what seat may see.
func (s *tableState) View(seat engine.Seat) any {
	v := TableView{Round: int(s.round), Lookout: -1, Offered: int(s.veto.Offered())}
	switch {
	case s.over():
		v.Phase = "over"
	case !s.draft.Over():
		v.Phase = "draft"
	case !s.veto.Closed():
		v.Phase = "veto"
	default:
		v.Phase = "bids"
	}
	if !s.over() {
		v.Prize = int(s.prizes[s.round])
		if l, m := s.lookout(); l != engine.Spectator {
			v.Lookout = int(l)
			if seat == l || seat == m {
				v.Next = int(s.prizes[s.round+1])
			}
		}
	}
	mine := seat >= 0 && int8(seat) < s.seats
	if mine {
		for h := s.hands[seat]; h != 0; h &= h - 1 {
			v.Hand = append(v.Hand, bits.TrailingZeros64(h))
		}
		if s.draft.Over() {
			v.Discard = s.values(s.draft.Hand(seat))
		} else {
			v.Draft = s.values(s.draft.Hand(seat))
			if c, ok := s.draft.Picked(seat); ok {
				v.Drafted = s.markValue(c)
			}
		}
		v.Marks = s.values(s.draft.Kept(seat))
	}
	for o := range engine.Seat(s.seats) {
		v.Held = append(v.Held, bits.OnesCount64(s.hands[o]))
		b, f := s.bids.Seen(seat, o)
		switch f {
		case decide.FaceDown:
			v.Bids = append(v.Bids, -1)
		default:
			v.Bids = append(v.Bids, int(b))
		}
		v.Marked = append(v.Marked, s.draft.Kept(o).Len())
		v.Shown = append(v.Shown, append([]int{}, s.values(s.shown[o])...))
		v.Vetoes = append(v.Vetoes, s.vetoes.Has(o))
		v.Scores = append(v.Scores, int(s.score[o]))
	}
	v.Vetoed = s.vetoed
	v.Past = []int{}
	for r := range s.round {
		v.Past = append(v.Past, int(s.prizes[r]))
		row := make([]int, s.seats)
		for o := range row {
			row[o] = int(s.history[r][o])
		}
		v.History = append(v.History, row)
	}
	return v
}

// Result reports, once all prizes are taken, each seat's points as its
// score and its place by them (rule 4).
func (s *tableState) Result() (engine.Result, bool) {
	if !s.over() {
		return engine.Result{}, false
	}
	return pointsResult(&s.score, int(s.seats)), true
}

// Clone returns an independent copy.
func (s *tableState) Clone() engine.State {
	c := *s
	c.rng = s.rng.Clone()
	return &c
}

// Determinize returns a copy in which everything seat may not see is dealt
// again from r: the prize deck but for the prize up (and the next, if seat
// is the lookout or its neighbour), the other seats' marks, draft hands,
// face-down picks and discards, their secret bids and, with dealt hands,
// their bid cards. What is dealt again is first put in a fixed order, so
// that the copy depends on nothing seat cannot see. With panic=search it
// panics.
func (s *tableState) Determinize(seat engine.Seat, r *engine.Rand) engine.State {
	if s.fault == "search" {
		panic(fmt.Sprintf("testgame: panic=search: seat %d searches", seat))
	}
	c := *s // engine.Determinize gives the copy a fresh stream
	if !c.over() {
		from := int(c.round) + 1
		if l, m := c.lookout(); seat != engine.Spectator && (seat == l || seat == m) {
			from++
		}
		var hidden uint64
		for i := from; i < int(c.cards); i++ {
			hidden |= 1 << c.prizes[i]
		}
		for i := from; i < int(c.cards); i++ {
			p := pick(hidden, r)
			hidden &^= 1 << p
			c.prizes[i] = int8(p)
		}
	}
	c.draft.Redeal(seat, 0, r)
	secret := c.bids.Hidden(seat)
	if c.dealt {
		// Pool every bid card seat cannot see, then deal the other seats
		// as many as they held. Revealed bids stay where they are.
		pool := c.unseen
		var need [engine.MaxSeats]int
		for o := range engine.Seat(c.seats) {
			if o == seat {
				continue
			}
			h := c.hands[o]
			if b, f := c.bids.Seen(seat, o); f == decide.FaceUp {
				h &^= 1 << b
			}
			pool |= h
			need[o] = bits.OnesCount64(h)
			c.hands[o] &^= h
		}
		for o := range engine.Seat(c.seats) {
			for range need[o] {
				card := pick(pool, r)
				pool &^= 1 << card
				c.hands[o] |= 1 << card
			}
		}
		c.unseen = pool
	}
	for o := range engine.Seat(c.seats) {
		if secret.Has(o) {
			c.bids.Repick(o, int16(pick(c.hands[o], r)))
		}
	}
	return &c
}

// Hash returns a hash of the whole state.
func (s *tableState) Hash() uint64 {
	b := make([]byte, 0, 512)
	b = append(b, 't', byte(s.cards), byte(s.seats), byte(s.round))
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
		b = strconv.AppendUint(b, uint64(s.shown[o]), 16)
		b = append(b, byte(s.score[o]), byte(s.score[o]>>8))
	}
	b = strconv.AppendUint(b, s.unseen, 16)
	for r := range s.round {
		for o := range s.seats {
			b = append(b, byte(s.history[r][o]))
		}
	}
	b = s.draft.AppendState(b)
	b = s.bids.AppendState(b)
	b = s.veto.AppendState(b)
	b = append(b, byte(s.vetoes), byte(s.winner))
	if s.vetoed {
		b = append(b, 1)
	}
	b = s.rng.AppendState(b)
	return engine.HashBytes(b)
}

// Rand returns the match's random stream.
func (s *tableState) Rand() *engine.Rand { return &s.rng }

// FormatAction returns "bid N", "mark N", "veto" or "pass".
func (s *tableState) FormatAction(a engine.Action) string {
	switch a.Kind {
	case kindMark:
		return "mark " + strconv.Itoa(int(a.Arg[0]))
	case kindVeto:
		return "veto"
	case kindPass:
		return "pass"
	}
	return "bid " + strconv.Itoa(int(a.Arg[0]))
}

// ParseAction parses "bid N" (or "N"), "mark N", "veto" or "pass".
func (s *tableState) ParseAction(seat engine.Seat, text string) (engine.Action, error) {
	t := strings.TrimSpace(text)
	switch t {
	case "veto":
		return Veto(seat), nil
	case "pass":
		return Pass(seat), nil
	}
	if rest, ok := strings.CutPrefix(t, "mark"); ok {
		n, err := strconv.Atoi(strings.TrimSpace(rest))
		if err != nil || n < 1 || n > MaxCards {
			return engine.Action{}, fmt.Errorf("%q is not a mark: want \"mark N\" with N from 1 to %d", text, MaxCards)
		}
		return Mark(seat, n), nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(t, "bid")))
	if err != nil || n < 1 || n > 63 {
		return engine.Action{}, fmt.Errorf("%q is not an action: want \"bid N\", \"mark N\", \"veto\" or \"pass\"", text)
	}
	return Bid(seat, n), nil
}
