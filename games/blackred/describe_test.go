package blackred

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"skald/engine"
)

// arranged returns a match set up by a scenario's setup, as JSON.
func arranged(t *testing.T, seed uint64, opts engine.Options, setup string) *State {
	t.Helper()
	s := newState(t, seed, opts)
	if err := s.Arrange([]byte(setup)); err != nil {
		t.Fatal(err)
	}
	return s
}

// play applies actions given as text, each "seat: action", and returns the
// events.
func play(t *testing.T, s *State, steps ...string) engine.Log {
	t.Helper()
	var ev engine.Log
	for _, st := range steps {
		seat, text, _ := strings.Cut(st, ": ")
		se := Black
		if seat == "red" {
			se = Red
		}
		a, err := s.ParseAction(se, text)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(a, &ev); err != nil {
			t.Fatalf("%s: %v", st, err)
		}
	}
	return ev
}

// The battle: red's Champion and Sword Brother with swords, Battle
// Horns in play, Reinforcements played, against black's Sabotage.
const termsSetup = `{"attacker": "black",
	"black": {"deck": ["Knight's Blade", "Broadsword", "Duelist", "Raider"], "hand": ["sabotage", "shield-wall", "spy"]},
	"red": {"deck": ["Battle Horns", "Champion", "Sword Brother", "Red Guard", "Sergeant"], "hand": ["reinforcements", "pike-wall", "feint"]}}`

var termsBattle = []string{"black: weapon bow", "black: strategy sabotage", "red: strategy reinforcements",
	"red: weapon sword", "black: force 1", "red: force 2"}

// TestBattleTotalsShowTheirTerms checks issue 21, item 4 in the terminal:
// the events and Describe give every total as its terms, each bonus and
// malus named with its card, and the terms add up to the total.
func TestBattleTotalsShowTheirTerms(t *testing.T) {
	s := arranged(t, 5, nil, termsSetup)
	ev := play(t, s, termsBattle...)
	const red = "red uses 2 cards with sword: Champion's power 9 + Sword Brother's extra 3 + Battle Horns 2 + Reinforcements 3 - black's Sabotage 2 = 15 points"
	const black = "black uses 1 card with bow: Knight's Blade's power 1 = 1 point"
	var texts []string
	for _, e := range ev {
		if e.Type == "battle.cards" {
			texts = append(texts, e.Text)
		}
	}
	if len(texts) != 2 || texts[0] != black || texts[1] != red {
		t.Fatalf("battle.cards events:\n%s\nwant\n%s\n%s", strings.Join(texts, "\n"), black, red)
	}
	for _, seat := range []engine.Seat{Black, Red, engine.Spectator} {
		d := s.Describe(seat)
		for _, want := range []string{
			"Last battle (1), winner: red\n",
			"  black: 1 card with bow: Knight's Blade's power 1 = 1\n",
			"  red: 2 cards with sword: Champion's power 9 + Sword Brother's extra 3 + Battle Horns 2 + Reinforcements 3 - black's Sabotage 2 = 15\n",
		} {
			if !strings.Contains(d, want) {
				t.Errorf("Describe(%d) lacks %q:\n%s", seat, want, d)
			}
		}
	}
}

// TestSabotageFloorIsNamed checks that a total Sabotage takes below 0
// says that it counts 0.
func TestSabotageFloorIsNamed(t *testing.T) {
	s := arranged(t, 5, nil, `{"attacker": "black",
		"black": {"deck": ["Scout", "Broadsword", "Duelist"], "hand": ["shield-wall", "spy", "feint"]},
		"red": {"deck": ["Outrider", "Champion", "Sword Brother"], "hand": ["sabotage", "pike-wall", "reinforcements"]}}`)
	ev := play(t, s, "black: weapon sword", "black: strategy shield-wall", "red: strategy sabotage", "red: weapon bow", "black: force 1", "red: force 1")
	want := "battle.cards: black uses 1 card with sword: Scout's power 1 - red's Sabotage 2 = 0 points (never below 0)"
	if !strings.Contains(fmt.Sprint(ev), want) {
		t.Fatalf("events %v lack %q", ev, want)
	}
	if d := s.Describe(Black); !strings.Contains(d, "  black: 1 card with sword: Scout's power 1 - red's Sabotage 2 = 0 (never below 0)\n") {
		t.Fatalf("Describe lacks the floored total:\n%s", d)
	}
}

// TestTermsAddUpToTheTotals checks in random play that the terms players
// read reckon every battle's total as the rules do (State.total).
func TestTermsAddUpToTheTotals(t *testing.T) {
	battles := 0
	for seed := uint64(0); seed < 200; seed++ {
		s := newState(t, seed, nil)
		r := engine.NewRand(seed + 7)
		last := uint16(0)
		for d := s.Deciders(); !d.Empty(); d = s.Deciders() {
			legal := s.Legal(d.First(), nil)
			var ev engine.Log
			if err := s.Apply(legal[r.IntN(len(legal))], &ev); err != nil {
				t.Fatal(err)
			}
			if s.last.number == last {
				continue
			}
			last = s.last.number
			battles++
			for i := range s.side {
				rk := s.reckon(engine.Seat(i))
				if rk.total != int(s.last.total[i]) {
					t.Fatalf("seed %d battle %d: %s's terms %q add up to %d, the rules count %d", seed, last, colourNames[i], rk.String(), rk.total, s.last.total[i])
				}
				if rk.n < int(s.last.force[i]) {
					t.Fatalf("seed %d battle %d: %d terms for %d cards", seed, last, rk.n, s.last.force[i])
				}
			}
		}
	}
	t.Logf("%d battles", battles)
}

// TestDescribeShowsTheOpening checks issue 21, item 5: before the first
// action the terminal says who attacks first and why, the roll included,
// and which unit cards battle 1 placed; from battle 2 on the events do.
func TestDescribeShowsTheOpening(t *testing.T) {
	for seed := uint64(0); seed < 40; seed++ {
		s := newState(t, seed, nil)
		d := s.Describe(Black)
		want := fmt.Sprintf("Before battle 1:\n  the D2 for the first attacker rolls %d: %s attacks first\n  battle 1: %s attacks\n",
			s.first+1, colourNames[s.first], colourNames[s.first])
		if !strings.Contains(d, want) {
			t.Fatalf("seed %d: Describe lacks %q:\n%s", seed, want, d)
		}
		for i := range s.side {
			for _, c := range s.side[i].out[:s.side[i].nOut] { // unit cards placed in battle 1
				placed := fmt.Sprintf("  %s has %s among the top three: ", colourNames[i], s.c.Decks[i][c].Name)
				if !strings.Contains(d, placed) {
					t.Fatalf("seed %d: Describe lacks %q:\n%s", seed, placed, d)
				}
			}
		}
	}
	s := newState(t, 3, engine.Options{"first": "red"})
	if d := s.Describe(engine.Spectator); !strings.Contains(d, "  red attacks first (option first=red)\n") {
		t.Fatalf("Describe lacks the option:\n%s", d)
	}
	s = arranged(t, 5, nil, termsSetup)
	d := s.Describe(Red)
	if !strings.Contains(d, "Before battle 1:\n  black attacks first (arranged)\n  battle 1: black attacks\n  red has Battle Horns among the top three: You get 2 extra points in the next battle.\n") {
		t.Fatalf("Describe lacks battle 1's unit card:\n%s", d)
	}
	play(t, s, termsBattle...)
	if d := s.Describe(Red); strings.Contains(d, "Before battle 1") {
		t.Fatalf("battle 2 still shows the opening:\n%s", d)
	}
}

// TestDescribeShowsTheWholeDeckAndTheUsedCards checks issue 21, item 5:
// the owner reads his whole battle deck, and everyone reads the cards
// each side has taken out of the game, not only their number.
func TestDescribeShowsTheWholeDeckAndTheUsedCards(t *testing.T) {
	s := arranged(t, 5, nil, termsSetup)
	d := s.Describe(Black)
	n := int(s.side[Black].nDeck)
	if !strings.Contains(d, fmt.Sprintf("\n    %2d. ", n)) || strings.Contains(d, "more") {
		t.Fatalf("Describe does not list all %d cards of the deck:\n%s", n, d)
	}
	if got := len(regexp.MustCompile(`(?m)^ +\d+\. `).FindAllString(d, -1)); got != n {
		t.Fatalf("Describe lists %d deck cards, want %d:\n%s", got, n, d)
	}
	play(t, s, termsBattle...)
	for _, seat := range []engine.Seat{Black, Red, engine.Spectator} {
		d := s.Describe(seat)
		for _, want := range []string{
			"BLACK", "  out of the game: Knight's Blade\n",
			"RED", "  out of the game: Battle Horns, Champion, Sword Brother\n",
		} {
			if !strings.Contains(d, want) {
				t.Errorf("Describe(%d) lacks %q:\n%s", seat, want, d)
			}
		}
		if !strings.Contains(d, "5 units, 1 gravestone; battle deck 27 cards, 1 out of the game; 3 strategy cards in hand") {
			t.Errorf("Describe(%d): black's counts:\n%s", seat, d)
		}
	}
}

// TestPlayerTextsCiteTheRulebook checks issue 21, item 7: what a player
// reads (the rules, the options' help, events, refusals, results) cites the
// rulebook by game and section or a ruling by number, never "seed 002" nor
// a file; refusals carry no package prefix; counts are singular at one.
func TestPlayerTextsCiteTheRulebook(t *testing.T) {
	bad := regexp.MustCompile(`(?i)seed 00|seeds/|\.md\b|\.txt\b|blackred:|\(s\)|\b1 (units|cards|points|gravestones|battle cards)\b`)
	check := func(what, text string) {
		t.Helper()
		if m := bad.FindString(text); m != "" {
			t.Fatalf("%s: %q in %q", what, m, text)
		}
	}
	check("rules", New().Rules())
	for _, o := range New().Options() {
		check("option "+o.Name, o.Help)
	}
	all := everyAction()
	for seed := uint64(0); seed < 60; seed++ {
		s := newState(t, seed, engine.Options{"units": "2"})
		for _, text := range s.View(Black).(View).Opening {
			check("opening", text)
		}
		r := engine.NewRand(seed)
		for d := s.Deciders(); !d.Empty(); d = s.Deciders() {
			check("describe", s.Describe(Black))
			for _, a := range all {
				if err := s.Clone().Apply(a, nil); err != nil {
					var ie *engine.IllegalError
					if !errors.As(err, &ie) || !strings.HasPrefix(ie.Rule, "Black & Red rules, ") && !strings.HasPrefix(ie.Rule, "ruling BR-") {
						t.Fatalf("refusal %q cites no rulebook section nor ruling", err)
					}
					check("refusal", err.Error())
				}
			}
			legal := s.Legal(d.First(), nil)
			var ev engine.Log
			if err := s.Apply(legal[r.IntN(len(legal))], &ev); err != nil {
				t.Fatal(err)
			}
			for _, e := range ev {
				check("event", e.Text)
			}
		}
		res, _ := s.Result()
		check("result", res.Reason)
		check("describe", s.Describe(engine.Spectator))
	}
	for _, text := range []string{"axe", "weapon axe", "strategy nothing", "force 9", "dance now"} {
		_, err := newState(t, 1, nil).ParseAction(Black, text)
		if err == nil {
			t.Fatalf("%q parsed", text)
		}
		check("parse", err.Error())
	}
}
