package decide_test

import (
	"fmt"

	"skald/engine"
	"skald/engine/decide"
)

// A call to battle at a table of four: seat 1 pillages, and from its left
// each seat may move a figure in or pass; a figure moved in reopens the
// window to those who passed.
func ExampleWindow() {
	var w decide.Window
	if err := w.Open(4, decide.Left(1, 4), engine.Seats(0, 1, 2, 3)); err != nil {
		panic(err)
	}
	for _, answer := range []string{"pass", "pass", "move", "pass", "pass", "pass", "pass"} {
		seat := w.Offered()
		if answer == "pass" {
			w.Pass(seat)
		} else {
			w.Reopen(seat)
		}
		fmt.Printf("seat %d: %s\n", seat, answer)
	}
	fmt.Println("closed:", w.Closed())
	// Output:
	// seat 2: pass
	// seat 3: pass
	// seat 0: move
	// seat 1: pass
	// seat 2: pass
	// seat 3: pass
	// seat 0: pass
	// closed: true
}

// Three seats bid in secret: each sees its own bid and the others' face
// down until the last bid reveals them all.
func ExamplePicks() {
	var p decide.Picks
	p.Ask(engine.Seats(0, 1, 2))
	p.Pick(2, 5)
	p.Pick(0, 3)
	v, f := p.Seen(1, 2)
	fmt.Println("seat 1 sees seat 2's bid:", v, f)
	v, f = p.Seen(2, 2)
	fmt.Println("seat 2 sees its own bid:", v, f)
	revealed, _ := p.Pick(1, 4)
	v, f = p.Seen(1, 2)
	fmt.Println("revealed:", revealed, "- seat 1 sees seat 2's bid:", v, f)
	// Output:
	// seat 1 sees seat 2's bid: 0 face down
	// seat 2 sees its own bid: 5 face up
	// revealed: true - seat 1 sees seat 2's bid: 5 face up
}

// Two seats draft four cards: each keeps one, passes the other, and keeps
// what it is passed.
func ExampleDraft() {
	var d decide.Draft
	hands := []decide.Cards{decide.Cards(0).With(0).With(1), decide.Cards(0).With(2).With(3)}
	if err := d.Deal(hands, decide.Alternate(0), 0); err != nil {
		panic(err)
	}
	d.Pick(0, 1)
	d.Pick(1, 2)
	fmt.Println("seat 0 now picks from card", d.Hand(0).First())
	d.Pick(0, 3)
	d.Pick(1, 0)
	fmt.Println("over:", d.Over(), "- seat 0 kept", d.Kept(0).Len(), "cards, seat 1 card", d.Kept(1).First(), "and more")
	// Output:
	// seat 0 now picks from card 3
	// over: true - seat 0 kept 2 cards, seat 1 card 0 and more
}
