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
