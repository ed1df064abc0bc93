package engine

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Result is how a match ended: who won, and each seat's place and score.
//
// Places rank the seats from 1, the best. Seats that tie share a place and
// the places after them are skipped (competition ranking: 1, 1, 3), so a
// seat's place is one more than the number of seats ahead of it. Scores are
// the game's own points where its rules count them (Goofspiel's prizes, the
// kills of a Tactics David kills mission, Blood Rage's glory); otherwise a
// seat scores 1 for a win and 0 otherwise. Places follow the rules of
// winning, which need not be the scores alone: a tie broken by another
// count, a battle won by killing every enemy unit.
//
// Winners holds the seats in place 1, unless every seat is in place 1: then
// the match is a draw and Winners is empty, as it always was for a draw.
// Several winners share a victory (two of three seats tied for the most
// points).
//
// Places and Scores are arrays, not slices, so that a result, made at the
// end of every playout of a search, costs no allocation: entry s is seat
// s's, and the entries past the match's seats are zero. A game builds its
// result with [Ranked] (places from scores) or [Won] (places and scores from
// the winners), and may then set the scores its rules count. A result whose
// Places are all zero, as a game written before places makes, gives no
// places: [Result.Complete] derives them from Winners as Won does.
type Result struct {
	// Winners holds the winning seats: those in place 1; empty for a draw.
	Winners SeatSet
	// Reason says how the game ended, citing the rule.
	Reason string
	// Places holds each seat's place, from 1; zero past the match's seats.
	Places [MaxSeats]int8
	// Scores holds each seat's score; zero past the match's seats.
	Scores [MaxSeats]float64
}

// Ranked returns the result of a match whose seats scored scores, one per
// seat, more being better: each seat's place is one more than the number of
// seats that scored more, and the winners are the seats in place 1 (none
// when every seat is, a draw). It panics if there are more scores than
// [MaxSeats].
func Ranked(scores []float64, reason string) Result {
	if len(scores) > MaxSeats {
		panic(fmt.Sprintf("engine: Ranked: %d scores for at most %d seats", len(scores), MaxSeats))
	}
	r := Result{Reason: reason}
	copy(r.Scores[:], scores)
	for s, v := range scores {
		p := int8(1)
		for _, w := range scores {
			if w > v {
				p++
			}
		}
		r.Places[s] = p
		if p == 1 {
			r.Winners = r.Winners.With(Seat(s))
		}
	}
	if r.Winners.Len() == len(scores) {
		r.Winners = 0 // every seat is first: a draw
	}
	return r
}

// Won returns the result of a match of n seats won by winners, for a game
// whose rules name winners and count no points: each winner scores 1 and
// takes place 1, and every other seat scores 0 and shares the place after
// the winners. With no winners, or every seat winning, the match is a draw:
// every seat takes place 1 and scores 0, and Winners is empty. Seats of
// winners from n on are ignored. It panics if n is not from 1 to
// [MaxSeats].
func Won(n int, winners SeatSet, reason string) Result {
	if n < 1 || n > MaxSeats {
		panic(fmt.Sprintf("engine: Won: %d seats, want 1 to %d", n, MaxSeats))
	}
	winners &= SeatSet(1<<uint(n) - 1)
	if winners.Len() == n {
		winners = 0
	}
	r := Result{Winners: winners, Reason: reason}
	behind := int8(winners.Len() + 1)
	for s := range n {
		switch {
		case winners.Empty():
			r.Places[s] = 1
		case winners.Has(Seat(s)):
			r.Places[s], r.Scores[s] = 1, 1
		default:
			r.Places[s] = behind
		}
	}
	return r
}

// Seats returns the number of seats r places: the entries of Places before
// the first zero. It is zero for a result that gives no places.
func (r Result) Seats() int {
	n := 0
	for n < MaxSeats && r.Places[n] != 0 {
		n++
	}
	return n
}

// Place returns seat's place, from 1; zero for a seat r does not place.
func (r Result) Place(seat Seat) int {
	if seat < 0 || int(seat) >= MaxSeats {
		return 0
	}
	return int(r.Places[seat])
}

// Score returns seat's score; zero for a seat r does not place.
func (r Result) Score(seat Seat) float64 {
	if seat < 0 || int(seat) >= MaxSeats {
		return 0
	}
	return r.Scores[seat]
}

// Complete returns r for a match of n seats with its places and scores: r
// itself when it places seats, else the places and scores that [Won]
// derives from r's winners, with r's reason. A game that gives no places
// thus gets them from the kernel.
func (r Result) Complete(n int) Result {
	if r.Seats() > 0 {
		return r
	}
	return Won(n, r.Winners, r.Reason)
}

// Reward returns what r is worth to seat, from 0 to 1: the share of the
// other seats that seat finished ahead of, a seat tied with it counting
// half. With n seats and seat's place p shared by t seats, it is
// (n - p̄)/(n - 1) where p̄ = p + (t-1)/2 is the place with ties averaged.
// It is 1 alone in first place, 0 alone in last and 0.5 for a draw; at two
// seats, 1 for a win, 0.5 for a draw and 0 for a loss. Over all seats the
// rewards add up to n/2. Scores count only through places: how much a seat
// wins by is not worth more.
//
// Bots maximise it (the ai package) and an [Evaluator] judges positions on
// its scale. A result that gives no places, such as a playout cut short, is
// worth 1 to a winner, 0.5 to every seat of a draw and 0 otherwise.
func (r Result) Reward(seat Seat) float64 {
	n := r.Seats()
	if n < 2 || seat < 0 || int(seat) >= n {
		switch {
		case r.Winners.Empty():
			return 0.5
		case r.Winners.Has(seat):
			return 1
		}
		return 0
	}
	p := r.Places[seat]
	ahead, tied := 0, 0
	for s := range n {
		switch q := r.Places[s]; {
		case s == int(seat):
		case q > p:
			ahead++
		case q == p:
			tied++
		}
	}
	return (float64(ahead) + 0.5*float64(tied)) / float64(n-1)
}

// Check reports how r breaks the kernel's contract for a match of n seats,
// or nil: it must place exactly the n seats, by competition ranking (each
// place one more than the number of seats ahead), with finite scores, zero
// entries past n, and as Winners the seats in place 1, or none when every
// seat is in place 1.
func (r Result) Check(n int) error {
	if n < 1 || n > MaxSeats {
		return fmt.Errorf("result of a match of %d seats: want 1 to %d", n, MaxSeats)
	}
	for s := n; s < MaxSeats; s++ {
		if r.Places[s] != 0 || r.Scores[s] != 0 {
			return fmt.Errorf("result places seat %d (place %d, score %g) in a match of %d seats", s, r.Places[s], r.Scores[s], n)
		}
	}
	first := SeatSet(0)
	for s := range n {
		p := int(r.Places[s])
		ahead := 0
		for o := range n {
			if q := int(r.Places[o]); q >= 1 && q < p {
				ahead++
			}
		}
		switch {
		case p < 1 || p > n:
			return fmt.Errorf("result gives seat %d place %d, want 1 to %d (places %s)", s, p, n, r.places(n))
		case p != ahead+1:
			return fmt.Errorf("result gives seat %d place %d with %d seats ahead, want place %d: tied seats share a place and the places after them are skipped (places %s)", s, p, ahead, ahead+1, r.places(n))
		case math.IsNaN(r.Scores[s]) || math.IsInf(r.Scores[s], 0):
			return fmt.Errorf("result gives seat %d score %g, want a finite number", s, r.Scores[s])
		}
		if p == 1 {
			first = first.With(Seat(s))
		}
	}
	if first.Len() == n {
		first = 0
	}
	if r.Winners != first {
		return fmt.Errorf("result's winners are seats %v, want the seats in place 1, %v, none when all are (places %s)", r.Winners.List(), first.List(), r.places(n))
	}
	return nil
}

// places returns the first n places as text, such as "1 2 2".
func (r Result) places(n int) string {
	parts := make([]string, n)
	for s := range parts {
		parts[s] = strconv.Itoa(int(r.Places[s]))
	}
	return strings.Join(parts, " ")
}
