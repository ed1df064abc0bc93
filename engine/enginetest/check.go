package enginetest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"skald/engine"
)

// maxApplied is the most legal actions of one seat that a deep check
// applies at one position (chosen at random when there are more).
const maxApplied = 48

// maxShown is the most duplicated actions a failure names.
const maxShown = 3

// stop is what a checker panics with after reporting a failure, to end
// the match; a panic with anything else is the game's.
type stop struct{}

// stats counts what a set's checks did, for the log.
type stats struct {
	matches, positions, deep, applied, refused, determinized, searches, longest int
}

// checker plays one seat count and option set of a game.
type checker struct {
	t     testing.TB
	g     engine.Game
	cfg   engine.Config // of the current match: seats, resolved options, seed
	conf  Config
	every int
	step  int
	rng   engine.Rand // the match's choices and samples
	legal [engine.MaxSeats][]engine.Action
	texts map[string]engine.Action
	seen  map[engine.Action]int
	views [engine.MaxSeats + 1][]byte // views[seat+1] of the position, in deep checks
	spare engine.State                // a Copier's copies are made into it, dirty from earlier positions
	next  []engine.Action             // a FastPath's NextLegal
	stats stats
}

// checkSet plays the matches of one seat count and option set. It
// reports the first failure and stops.
func checkSet(t testing.TB, g engine.Game, seats int, opts engine.Options, conf Config) {
	t.Helper()
	resolved, err := engine.Resolve(g.Options(), opts)
	if err != nil {
		t.Errorf("%s, %d seats: %v", g.Name(), seats, err)
		return
	}
	c := &checker{t: t, g: g, conf: conf, every: max(conf.Every, 1),
		texts: map[string]engine.Action{}, seen: map[engine.Action]int{}}
	searches := conf.Searches
	if searches <= 0 {
		searches = DefaultSearches
	}
	n := conf.matches()
	for i := range n {
		c.cfg = engine.Config{Seats: seats, Seed: conf.Seed + uint64(i), Options: resolved}
		// The search starts from a step drawn up to the length of the
		// longest match so far: the first match searches at once.
		search := -1
		if i < searches {
			r := engine.NewRand(c.cfg.Seed ^ 0x5eed)
			search = r.IntN(c.stats.longest + 1)
		}
		if !c.match(search) {
			return
		}
	}
	s := c.stats
	if s.searches == 0 {
		t.Errorf("%s: in %d matches no seat had two legal actions to search from", c.set(), n)
		return
	}
	t.Logf("%s: %d matches (the longest %d actions), %d positions, %d checked in depth: %d legal actions applied, %d forged ones refused, %d determinizations, %d searches; records replayed",
		c.set(), s.matches, s.longest, s.positions, s.deep, s.applied, s.refused, s.determinized, s.searches)
}

// set names the game, the seats and the options.
func (c *checker) set() string {
	return fmt.Sprintf("%s (%d seats, options %s)", c.g.Name(), c.cfg.Seats, c.cfg.Options)
}

// where names the set, the match's seed and the step.
func (c *checker) where() string {
	return fmt.Sprintf("%s seed %d, step %d", c.set(), c.cfg.Seed, c.step)
}

// failf reports a failure at the current position and ends the match.
func (c *checker) failf(format string, args ...any) {
	c.t.Helper()
	c.t.Errorf("%s: %s", c.where(), fmt.Sprintf(format, args...))
	panic(stop{})
}

// name returns a seat's name for messages.
func (c *checker) name(seat engine.Seat) string { return engine.SeatName(c.g, seat) }

// match plays one match, having the search bot choose at the first
// position from step search on (if not -1) where a seat has two legal
// actions, and reports whether it passed.
func (c *checker) match(search int) (ok bool) {
	c.t.Helper()
	c.step = 0
	defer func() {
		if p := recover(); p != nil {
			if _, ours := p.(stop); !ours {
				c.t.Errorf("%s: panic: %v\n%s", c.where(), p, debug.Stack())
			}
			ok = false
		}
	}()
	c.rng = engine.NewRand(^c.cfg.Seed)
	var rec bytes.Buffer
	seats := make([]string, c.cfg.Seats)
	for i := range seats {
		seats[i] = "random"
	}
	m, err := engine.NewMatch(c.g, c.cfg, seats, &rec)
	if err != nil {
		c.failf("the match does not start: %v", err)
	}
	s := m.State
	var last engine.Action // the action played last
	played := false
	for ; ; c.step++ {
		c.stats.positions++
		dec := c.position(s)
		_, over := s.Result()
		deep := c.step == 0 || dec.Empty() || c.rng.IntN(c.every) == 0
		if deep {
			c.deep(s, dec, last, played)
		}
		if over {
			break
		}
		if c.step == MaxSteps {
			c.failf("not over after %d actions", c.step)
		}
		if search >= 0 && c.step >= search && c.search(s, dec) {
			search = -1
		}
		seat := dec.First()
		legal := c.legal[seat]
		a := legal[c.rng.IntN(len(legal))]
		c.play(m, a, deep)
		last, played = a, true
	}
	c.stats.matches++
	c.stats.longest = max(c.stats.longest, c.step)
	c.replay(&rec, s)
	return true
}

// position checks the deciders, the end and every seat's legal list, kept
// in c.legal, and returns the deciders.
func (c *checker) position(s engine.State) engine.SeatSet {
	c.t.Helper()
	dec := s.Deciders()
	_, over := s.Result()
	switch {
	case dec.Empty() && !over:
		c.failf("no seat decides but the match is not over")
	case !dec.Empty() && over:
		c.failf("the match is over but %v decide", c.names(dec))
	}
	for _, seat := range dec.List() {
		if int(seat) >= c.cfg.Seats {
			c.failf("seat %d decides in a match of %d seats", seat, c.cfg.Seats)
		}
	}
	if f, ok := s.(engine.FastPath); ok && dec.Empty() {
		if c.next = f.NextLegal(c.next[:0]); len(c.next) > 0 {
			c.failf("no seat decides but NextLegal lists %d actions: %v", len(c.next), c.next)
		}
	}
	for seat := range engine.Seat(c.cfg.Seats) {
		legal := s.Legal(seat, c.legal[seat][:0])
		c.legal[seat] = legal
		switch {
		case dec.Has(seat) && len(legal) == 0:
			c.failf("seat %s decides but has no legal action", c.name(seat))
		case !dec.Has(seat) && len(legal) > 0:
			c.failf("seat %s does not decide but has %d legal actions, such as %q", c.name(seat), len(legal), s.FormatAction(legal[0]))
		}
		if f, ok := s.(engine.FastPath); ok && seat == dec.First() {
			c.next = f.NextLegal(c.next[:0])
			if !slices.Equal(c.next, legal) {
				c.failf("NextLegal lists %d actions, %v, and Legal of the first decider, %s, %d: %v", len(c.next), c.next, c.name(seat), len(legal), legal)
			}
		}
		if dups := duplicates(s, legal, c.seen); dups != "" {
			c.failf("seat %s's legal list of %d actions names %s", c.name(seat), len(legal), dups)
		}
		clear(c.texts)
		for _, a := range legal {
			if a.Seat != seat {
				c.failf("seat %s's legal list holds an action of seat %d: %q", c.name(seat), a.Seat, s.FormatAction(a))
			}
			text := s.FormatAction(a)
			if b, ok := c.texts[text]; ok {
				c.failf("seat %s has two legal actions with the text %q: %+v and %+v", c.name(seat), text, b, a)
			}
			c.texts[text] = a
			if b, err := s.ParseAction(seat, text); err != nil || b != a {
				c.failf("the text %q of seat %s's legal action %+v parses to %+v, %v", text, c.name(seat), a, b, err)
			}
		}
	}
	return dec
}

// names returns the names of the seats in set.
func (c *checker) names(set engine.SeatSet) []string {
	var out []string
	for _, seat := range set.List() {
		out = append(out, c.name(seat))
	}
	return out
}

// play applies a, the chosen action, to a clone with events and to the
// match without, and checks that the clone is independent of the match
// and that both reach the same hash. In a deep check it also checks that
// no view of the match changed.
func (c *checker) play(m *engine.Match, a engine.Action, deep bool) {
	c.t.Helper()
	s := m.State
	text := s.FormatAction(a)
	// What an action names: its kind is its text's first word, and it
	// names nothing empty.
	if d, ok := s.(engine.ActionDescriber); ok {
		p := d.ActionParts(a)
		if verb, _, _ := strings.Cut(text, " "); p.Kind != verb {
			c.failf("the action %q has the kind %q, not its first word %q", text, p.Kind, verb)
		}
		for _, r := range p.Refs {
			if r == "" {
				c.failf("the action %q names an empty ref: %q", text, p.Refs)
			}
		}
	}
	h := s.Hash()
	cl := s.Clone()
	if cl.Hash() != h {
		c.failf("a clone's hash %x is not the original's %x", cl.Hash(), h)
	}
	var events engine.Log
	if err := cl.Apply(a, &events); err != nil {
		c.failf("seat %s's legal action %q is refused: %v", c.name(a.Seat), text, err)
	}
	for _, e := range events {
		if e.Type == "" || e.Text == "" {
			c.failf("after %q, an event without a type or a text: %+v", text, e)
		}
		// An event is public or addressed to some of the match's seats.
		if all := engine.Everyone >> (engine.MaxSeats - c.cfg.Seats); !e.Public() && (e.To.Empty() || e.To&^all != 0) {
			c.failf("after %q, event %q is addressed to seats %08b, neither everyone nor some of the %d seats", text, e, e.To, c.cfg.Seats)
		}
	}
	if s.Hash() != h {
		c.failf("%q applied to a clone changed the original's hash", text)
	}
	if deep {
		for seat := engine.Spectator; int(seat) < c.cfg.Seats; seat++ {
			if v := c.view(s, seat); !bytes.Equal(v, c.views[seat+1]) {
				c.failf("%q applied to a clone changed %s's view of the original:\n%s", text, c.name(seat), diff("before", c.views[seat+1], "after", v))
			}
		}
	}
	fast := c.fastCopy(s, a, text)
	if err := m.Play(a, nil); err != nil {
		c.failf("seat %s's legal action %q is refused: %v", c.name(a.Seat), text, err)
	}
	if s.Hash() != cl.Hash() {
		c.failf("%q reaches hash %x without events and %x with them on a clone", text, s.Hash(), cl.Hash())
	}
	// A record, a server and a log name an action by its text, made before
	// or after it is played: the text may not depend on the state.
	if after := s.FormatAction(a); after != text {
		c.failf("the action %q reads %q once played: its text depends on the state", text, after)
	}
	if fast != nil && fast.Hash() != s.Hash() {
		c.failf("%q reaches hash %x by Apply and %x by ApplyLegal on a copy made by CloneInto", text, s.Hash(), fast.Hash())
	}
}

// fastCopy checks the optional fast paths at s, before a is played: a
// Copier's copy into c.spare (a state of an earlier position, or of an
// earlier match) has s's hash and leaves s alone when a is applied to it,
// by ApplyLegal for a FastPath. It returns the copy with a applied, or
// nil when s is neither.
func (c *checker) fastCopy(s engine.State, a engine.Action, text string) engine.State {
	c.t.Helper()
	_, copier := s.(engine.Copier)
	_, fast := s.(engine.FastPath)
	if !copier && !fast {
		return nil
	}
	h := s.Hash()
	cp := s.Clone()
	if copier {
		if c.spare == nil {
			c.spare = s.Clone()
		}
		if !s.(engine.Copier).CloneInto(c.spare) {
			c.failf("CloneInto refuses a state of the same game")
		}
		cp = c.spare
		if cp.Hash() != h {
			c.failf("a copy made by CloneInto has hash %x, the original %x", cp.Hash(), h)
		}
	}
	if fast {
		cp.(engine.FastPath).ApplyLegal(a)
	} else if err := cp.Apply(a, nil); err != nil {
		c.failf("seat %s's legal action %q is refused on a copy made by CloneInto: %v", c.name(a.Seat), text, err)
	}
	if s.Hash() != h {
		c.failf("%q applied to a copy made by CloneInto or by ApplyLegal changed the original's hash", text)
	}
	return cp
}

// view returns the JSON of seat's view of s.
func (c *checker) view(s engine.State, seat engine.Seat) []byte {
	c.t.Helper()
	b, err := json.Marshal(s.View(seat))
	if err != nil {
		c.failf("%s's view does not marshal to JSON: %v", c.name(seat), err)
	}
	return b
}

// deep runs the checks that cost most: every legal action applied (up to
// maxApplied per seat), forged actions refused, the JSON form of the
// legal actions, and the determinization contract for every seat. last
// is the action played last, if played.
func (c *checker) deep(s engine.State, dec engine.SeatSet, last engine.Action, played bool) {
	c.t.Helper()
	c.stats.deep++
	for seat := engine.Spectator; int(seat) < c.cfg.Seats; seat++ {
		c.views[seat+1] = c.view(s, seat)
	}
	for _, seat := range dec.List() {
		legal := c.legal[seat]
		for i, a := range legal {
			if len(legal) > maxApplied && c.rng.IntN(len(legal)) >= maxApplied {
				continue
			}
			j, err := engine.MarshalAction(s, a)
			if err != nil {
				c.failf("seat %s's legal action %q has no JSON form: %v", c.name(seat), s.FormatAction(a), err)
			}
			if b, err := engine.UnmarshalAction(s, j); err != nil || b != a {
				c.failf("the JSON form %s of seat %s's legal action %+v reads back as %+v, %v", j, c.name(seat), a, b, err)
			}
			cl := s.Clone()
			if err := cl.Apply(a, nil); err != nil {
				c.failf("seat %s's legal action %q (number %d of %d) is refused: %v", c.name(seat), s.FormatAction(a), i+1, len(legal), err)
			}
			if _, ok := s.(engine.FastPath); ok {
				fc := s.Clone()
				fc.(engine.FastPath).ApplyLegal(a)
				if fc.Hash() != cl.Hash() {
					c.failf("seat %s's legal action %q (number %d of %d) reaches hash %x by Apply and %x by ApplyLegal", c.name(seat), s.FormatAction(a), i+1, len(legal), cl.Hash(), fc.Hash())
				}
			}
			c.stats.applied++
		}
		c.forged(s, dec, legal[c.rng.IntN(len(legal))])
	}
	if played {
		c.refused(s, last, "the action just played")
	}
	for seat := range engine.Seat(c.cfg.Seats) {
		c.determinize(s, seat)
	}
	c.playRandom(s)
}

// playRandom checks a RandomPlayer's own loop against Deciders, Legal and
// Apply: from s, a random number of random actions (to the end at the
// first position) reach the same state and draw the same numbers.
func (c *checker) playRandom(s engine.State) {
	c.t.Helper()
	if _, ok := s.(engine.RandomPlayer); !ok {
		return
	}
	limit := MaxSteps
	if c.step > 0 {
		limit = 1 + c.rng.IntN(64)
	}
	seed := c.rng.Uint64()
	r1, r2 := engine.NewRand(seed), engine.NewRand(seed)
	s1, s2 := s.Clone(), s.Clone()
	n1, _ := s1.(engine.RandomPlayer).PlayRandom(&r1, nil, limit)
	var buf []engine.Action
	n2 := 0
	for ; n2 < limit; n2++ {
		seat := s2.Deciders().First()
		if seat == engine.Spectator {
			break
		}
		if buf = s2.Legal(seat, buf[:0]); len(buf) == 0 {
			break
		}
		if err := s2.Apply(buf[r2.IntN(len(buf))], nil); err != nil {
			c.failf("a legal action is refused in a random playout: %v", err)
		}
	}
	if n1 != n2 || s1.Hash() != s2.Hash() || r1.Uint64() != r2.Uint64() {
		c.failf("PlayRandom(limit %d) plays %d actions to hash %x; Legal and Apply play %d to %x (or draw other numbers)", limit, n1, s1.Hash(), n2, s2.Hash())
	}
}

// forged tries actions made from a, a legal action, that no legal list
// should name: a's for a seat that does not decide, for no seat, of
// another kind, with an argument out of range.
func (c *checker) forged(s engine.State, dec engine.SeatSet, a engine.Action) {
	c.t.Helper()
	for seat := range engine.Seat(c.cfg.Seats) {
		if !dec.Has(seat) {
			f := a
			f.Seat = seat
			c.refused(s, f, "another seat's action")
			break
		}
	}
	for _, seat := range []engine.Seat{engine.Spectator, engine.Seat(c.cfg.Seats)} {
		if seat < engine.MaxSeats {
			f := a
			f.Seat = seat
			c.refused(s, f, "an action of no seat")
		}
	}
	f := a
	f.Kind = math.MaxUint8 - uint8(c.rng.IntN(2))
	c.refused(s, f, "an action of another kind")
	i := c.rng.IntN(len(a.Arg))
	for _, v := range []int16{math.MaxInt16, math.MinInt16} {
		f := a
		f.Arg[i] = v
		c.refused(s, f, "an argument out of range")
	}
}

// refused checks that Apply refuses f, an action described by what,
// unless a legal list names it: with an *engine.IllegalError citing a
// rule and saying why, and without changing the hash.
func (c *checker) refused(s engine.State, f engine.Action, what string) {
	c.t.Helper()
	if f.Seat >= 0 && int(f.Seat) < c.cfg.Seats && slices.Contains(c.legal[f.Seat], f) {
		return
	}
	h := s.Hash()
	err := s.Apply(f, nil)
	text := actionText(s, f)
	var ill *engine.IllegalError
	switch {
	case err == nil:
		c.failf("%s, %+v (%q), is not a legal action of seat %d but Apply accepts it", what, f, text, f.Seat)
	case !errors.As(err, &ill):
		c.failf("%s, %+v (%q), is refused with %T %v, not an *engine.IllegalError", what, f, text, err, err)
	case ill.Rule == "" || ill.Why == "":
		c.failf("%s, %+v (%q), is refused without a rule or a reason: %+v", what, f, text, ill)
	case s.Hash() != h:
		c.failf("%s, %+v (%q), is refused but the hash changed", what, f, text)
	}
	c.stats.refused++
}

// determinize checks the determinization contract for seat at s.
func (c *checker) determinize(s engine.State, seat engine.Seat) {
	c.t.Helper()
	c.stats.determinized++
	h := s.Hash()
	r := engine.NewRand(c.rng.Uint64())
	d := engine.Determinize(s, seat, &r)
	if s.Hash() != h {
		c.failf("determinizing for %s changed the real match's hash", c.name(seat))
	}
	who := c.name(seat)
	c.sameAsSeen(s, d, seat, "the copy determinized for "+who)
	if sr, dr := s.Rand(), d.Rand(); sr != nil && dr != nil {
		if a, b := next(sr, 3), next(dr, 3); slices.Equal(a, b) {
			c.failf("the copy determinized for %s draws the real match's random stream (%x): a search knows the dice and shuffles to come", who, a)
		}
	}
	// A second match that seat cannot tell from s: s with what seat
	// cannot see dealt again, made as d was (so it shows seat and the
	// spectator what s shows them). Its copies are s's.
	r2 := engine.NewRand(c.rng.Uint64())
	o := engine.Determinize(s, seat, &r2)
	k := c.rng.Uint64()
	ra, rb := engine.NewRand(k), engine.NewRand(k)
	da, db := engine.Determinize(s, seat, &ra), engine.Determinize(o, seat, &rb)
	if da.Hash() != db.Hash() {
		c.failf("the copy determinized for %s depends on what %s cannot see: two matches %s cannot tell apart give, with the same stream, copies of hashes %x and %x%s",
			who, who, who, da.Hash(), db.Hash(), c.unlike(da, db))
	}
}

// sameAsSeen checks that d, a copy of s described by what, shows seat and
// the spectator the views they have of s, and seat the deciders, its
// legal actions and the end of s.
func (c *checker) sameAsSeen(s, d engine.State, seat engine.Seat, what string) {
	c.t.Helper()
	for _, v := range []engine.Seat{seat, engine.Spectator} {
		if got, want := c.view(d, v), c.views[v+1]; !bytes.Equal(got, want) {
			c.failf("%s shows %s another view than the real match:\n%s", what, c.name(v), diff("real", want, "copy", got))
		}
	}
	if got, want := d.Deciders(), s.Deciders(); got != want {
		c.failf("%s has deciders %v, the real match %v", what, c.names(got), c.names(want))
	}
	_, over := s.Result()
	if _, dover := d.Result(); dover != over {
		c.failf("%s is over: %v, the real match: %v", what, dover, over)
	}
	got, want := c.texts2(d, d.Legal(seat, nil)), c.texts2(s, c.legal[seat])
	if !slices.Equal(got, want) {
		c.failf("%s gives %s the legal actions %q, the real match %q", what, c.name(seat), got, want)
	}
}

// texts2 returns the sorted texts of actions.
func (c *checker) texts2(s engine.State, actions []engine.Action) []string {
	out := make([]string, len(actions))
	for i, a := range actions {
		out[i] = s.FormatAction(a)
	}
	slices.Sort(out)
	return out
}

// unlike says which view tells a from b, to help find a dependence.
func (c *checker) unlike(a, b engine.State) string {
	for seat := range engine.Seat(c.cfg.Seats) {
		if va, vb := c.view(a, seat), c.view(b, seat); !bytes.Equal(va, vb) {
			return fmt.Sprintf("; %s's views of them differ:\n%s", c.name(seat), diff("first", va, "second", vb))
		}
	}
	return " (every view of them is the same: the difference is in what no seat sees)"
}

// search has the search bot choose at s for a deciding seat with at
// least two legal actions, if there is one, and reports whether it did.
func (c *checker) search(s engine.State, dec engine.SeatSet) bool {
	c.t.Helper()
	for _, seat := range dec.List() {
		if len(c.legal[seat]) < 2 {
			continue
		}
		h := s.Hash()
		bot := c.conf.Search(c.cfg.Seed ^ uint64(c.step))
		a := bot.Choose(s, seat)
		if !slices.Contains(c.legal[seat], a) {
			c.failf("the search bot chose %+v (%q) for %s, not a legal action", a, s.FormatAction(a), c.name(seat))
		}
		if s.Hash() != h {
			c.failf("the search bot's choice for %s changed the real match", c.name(seat))
		}
		c.stats.searches++
		return true
	}
	return false
}

// replay reads the match's record back from its JSON lines and replays
// it, every hash compared, to s's hash.
func (c *checker) replay(rec *bytes.Buffer, s engine.State) {
	c.t.Helper()
	r, err := engine.ReadRecord(rec, "the record")
	if err != nil {
		c.failf("the record does not read back: %v", err)
	}
	if len(r.Steps) != c.step {
		c.failf("the record holds %d actions of %d", len(r.Steps), c.step)
	}
	end, err := engine.Replay(c.g, r, nil)
	if err != nil {
		c.failf("the record does not replay: %v", err)
	}
	if end.Hash() != s.Hash() {
		c.failf("the record replays to hash %x, the match ended at %x", end.Hash(), s.Hash())
	}
}

// next returns the next n values of a copy of r.
func next(r *engine.Rand, n int) []uint64 {
	cp := r.Clone()
	out := make([]uint64, n)
	for i := range out {
		out[i] = cp.Uint64()
	}
	return out
}

// diff shows where two JSON texts, the first named an and the second bn,
// first differ, with some context.
func diff(an string, a []byte, bn string, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-80)
	cut := func(x []byte) string { return string(x[from:min(len(x), i+80)]) }
	return fmt.Sprintf("  %s: …%s…\n  %s: …%s…", an, cut(a), bn, cut(b))
}

// actionText returns a's text, or its fields if FormatAction panics on it (a
// forged action): the failure being reported matters more.
func actionText(s engine.State, a engine.Action) (t string) {
	defer func() {
		if recover() != nil {
			t = fmt.Sprintf("%+v", a)
		}
	}()
	return s.FormatAction(a)
}

// duplicates describes the actions that legal names more than once (the
// first few: each as its text and how often and where it occurs), or
// returns "" if there are none. seen is scratch space.
func duplicates(st engine.State, legal []engine.Action, seen map[engine.Action]int) string {
	clear(seen)
	var dup []engine.Action
	for _, a := range legal {
		seen[a]++
		if seen[a] == 2 {
			dup = append(dup, a)
		}
	}
	if dup == nil {
		return ""
	}
	var parts []string
	for _, a := range dup[:min(len(dup), maxShown)] {
		var at []string
		for i, b := range legal {
			if b == a {
				at = append(at, fmt.Sprint(i))
			}
		}
		parts = append(parts, fmt.Sprintf("%q %d times (at %s)", st.FormatAction(a), seen[a], strings.Join(at, ", ")))
	}
	if n := len(dup) - maxShown; n > 0 {
		parts = append(parts, fmt.Sprintf("and %d more", n))
	}
	return strings.Join(parts, ", ")
}
