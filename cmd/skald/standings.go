package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"skald/engine"
)

// standings returns the place and score of each seat of a finished match,
// one line a seat, best place first, such as "  1. red (random), score 1"
// and then "  2. black (human), score 0". players names who played each
// seat, as a record's header does. A result without places gets them from
// its winners; one that breaks the kernel's contract says so instead.
func standings(g engine.Game, r engine.Result, players []string) string {
	n := len(players)
	r = r.Complete(n)
	if err := r.Check(n); err != nil {
		return fmt.Sprintf("  (no places: %v)\n", err)
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return int(r.Places[a]) - int(r.Places[b]) })
	var b strings.Builder
	for _, s := range order {
		seat := engine.Seat(s)
		fmt.Fprintf(&b, "  %d. %s (%s), score %s\n", r.Place(seat), engine.SeatName(g, seat), players[s], strconv.FormatFloat(r.Score(seat), 'f', -1, 64))
	}
	return b.String()
}

// outcome names who won a finished match and how, such as "red won: black
// lost all units", "red and blue won: …" or "a draw: …".
func outcome(g engine.Game, r engine.Result) string {
	var names []string
	for _, s := range r.Winners.List() {
		names = append(names, engine.SeatName(g, s))
	}
	head := "a draw"
	if len(names) > 0 {
		head = andList(names) + " won"
	}
	if r.Reason == "" {
		return head
	}
	return head + ": " + r.Reason
}

// yourResult tells the person who played seat how the match ended for
// them: "you won", "you lost", "you drew", and with more than two seats
// the place they finished in, such as "you lost, finishing 3rd of 4".
func yourResult(g engine.Game, r engine.Result, seat engine.Seat, n int) string {
	r = r.Complete(n)
	if r.Check(n) != nil {
		return ""
	}
	p := r.Place(seat)
	var tied []string
	for s := range n {
		if engine.Seat(s) != seat && r.Place(engine.Seat(s)) == p {
			tied = append(tied, engine.SeatName(g, engine.Seat(s)))
		}
	}
	switch {
	case r.Winners.Empty():
		return "you drew"
	case p == 1 && len(tied) == 0:
		return "you won"
	case p == 1:
		return "you won, sharing first place with " + andList(tied)
	case n == 2:
		return "you lost"
	case len(tied) > 0:
		return fmt.Sprintf("you lost, finishing %s of %d with %s", ordinal(p), n, andList(tied))
	}
	return fmt.Sprintf("you lost, finishing %s of %d", ordinal(p), n)
}

// andList joins names as "a", "a and b", "a, b and c".
func andList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// ordinal returns 1st, 2nd, 3rd, 4th, ….
func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}
