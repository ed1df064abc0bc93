package tacticsdavid

import (
	"encoding/json"
	"testing"

	"skald/engine"
	"skald/games/tacticsdavid/battlefield"
)

// arranged returns a battle set up from a Setup.
func arranged(t *testing.T, opts engine.Options, su Setup) *State {
	t.Helper()
	st, err := New().New(engine.Config{Seed: 1, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(su)
	s := st.(*State)
	if err := s.Arrange(b); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestStatusOrder checks the status constants against statuses.yaml.
func TestStatusOrder(t *testing.T) {
	c := DefaultContent()
	for i, st := range c.Statuses {
		if statusNames[i] != st.Name {
			t.Errorf("status %d: code has %s, statuses.yaml %s", i, statusNames[i], st.Name)
		}
	}
}

// TestDefendDice checks the defending dice of the type table and the
// terrain (seed 004, "Unit Type/Attack Type Affects", "Terrain Types"):
// the highest defending roll possible shows which dice are rolled.
func TestDefendDice(t *testing.T) {
	// Knight P, Apprentice M (48), Lost Soul E; the defender stands on
	// 1,1 of Bramble Creek Crossing's terrain rows or on an open field.
	tests := []struct {
		attacker, defender string
		bf                 string
		at                 string
		max                int
	}{
		{"Knight", "Knight", "open-field-7x11", "1,1", 6},            // as normal
		{"Knight", "Apprentice", "open-field-7x11", "1,1", 3},        // P on M: a D3 replaces the D6
		{"Knight", "Lost Soul", "open-field-7x11", "1,1", 6},         // P on E: normal dice, no kill
		{"Apprentice", "Knight", "open-field-7x11", "1,1", 9},        // M on P: adds a D3
		{"Apprentice", "Apprentice", "open-field-7x11", "1,1", 6},    // as normal
		{"Apprentice", "Lost Soul", "open-field-7x11", "1,1", 3},     // M on E: a D3 replaces
		{"Lost Soul", "Knight", "open-field-7x11", "1,1", 3},         // E on P: a D3 replaces
		{"Lost Soul", "Apprentice", "open-field-7x11", "1,1", 6},     // as normal
		{"Lost Soul", "Lost Soul", "open-field-7x11", "1,1", 6},      // as normal
		{"Knight", "Knight", "bramble-creek-crossing", "6,1", 4},     // Road: a D4
		{"Knight", "Knight", "bramble-creek-crossing", "1,2", 9},     // Forest: + D3
		{"Knight", "Knight", "bramble-creek-crossing", "0,4", 9},     // Water: + D3
		{"Apprentice", "Knight", "bramble-creek-crossing", "6,1", 7}, // Road D4 + the M-on-P D3
		{"Knight", "Apprentice", "bramble-creek-crossing", "1,2", 6}, // Forest: D3 replaces the D6, + D3
	}
	for _, tc := range tests {
		s := arranged(t, engine.Options{"battlefield": tc.bf}, Setup{Units: []UnitSetup{
			{Player: "one", Unit: tc.attacker, At: "3,3", Facing: "N"},
			{Player: "two", Unit: tc.defender, At: tc.at, Facing: "S"},
		}})
		_, _, max := s.defendRoll(0, 1, Front, 0)
		if max != tc.max {
			t.Errorf("%s on %s at %s of %s: highest defending roll %d, want %d", tc.attacker, tc.defender, tc.at, tc.bf, max, tc.max)
		}
		_, _, max = s.defendRoll(0, 1, Front, 2)
		if max != tc.max+12 {
			t.Errorf("%s on %s: two duel rounds add two D6: %d, want %d", tc.attacker, tc.defender, max, tc.max+12)
		}
	}
}

// TestSideHit checks which side an attack strikes (seed 004, "Melee Area
// of Attack": "the closest parallel edge of the Melee Unit's Front
// Facing"; Magical attacks: the chosen side).
func TestSideHit(t *testing.T) {
	tests := []struct {
		attacker         string
		afacing, dfacing string
		side             int8
		want             int
	}{
		{"Knight", "N", "S", 0, Front},
		{"Knight", "N", "N", 0, Back},
		{"Knight", "N", "E", 0, Right}, // its right side faces south, toward the attacker
		{"Knight", "N", "W", 0, Left},
		{"Knight", "E", "W", 0, Front},
		{"Knight", "E", "N", 0, Left},
		{"Apprentice", "N", "S", Back, Back}, // Magical: its chosen side
		{"Apprentice", "N", "N", Left, Left},
	}
	for _, tc := range tests {
		s := arranged(t, nil, Setup{Units: []UnitSetup{
			{Player: "one", Unit: tc.attacker, At: "3,3", Facing: tc.afacing},
			{Player: "two", Unit: "Knight", At: "3,2", Facing: tc.dfacing},
		}})
		if got := s.sideHit(attack{attacker: 0, target: 1, side: tc.side}, 1); got != tc.want {
			t.Errorf("%s facing %s on a unit facing %s: side %d, want %d", tc.attacker, tc.afacing, tc.dfacing, got, tc.want)
		}
	}
}

// TestExposed checks which unit of a team an attack from each side meets
// (seed 004, figs. 9.1-9.2).
func TestExposed(t *testing.T) {
	for _, tc := range []struct {
		orient, half string
		edge         battlefield.Facing
		want         int
	}{
		{"vertical", "north", battlefield.East, -1},
		{"vertical", "north", battlefield.West, -1},
		{"vertical", "north", battlefield.North, 0},
		{"vertical", "north", battlefield.South, 1},
		{"horizontal", "west", battlefield.North, -1},
		{"horizontal", "west", battlefield.West, 0},
		{"horizontal", "east", battlefield.West, 1},
	} {
		team := 1
		s := arranged(t, nil, Setup{Units: []UnitSetup{
			{Player: "one", Unit: "Knight", At: "3,3", Facing: "N", TeamWith: &team, Orient: tc.orient, Half: tc.half},
			{Player: "one", Unit: "Soldier", At: "3,3", Facing: "N"},
			{Player: "two", Unit: "Knight", At: "0,0", Facing: "S"},
		}})
		if got := s.exposed(0, tc.edge); got != tc.want {
			t.Errorf("%s team, u0 %s, edge %s: exposed %d, want %d", tc.orient, tc.half, tc.edge, got, tc.want)
		}
	}
}

// TestBaseStrength checks the order of TD-30.
func TestBaseStrength(t *testing.T) {
	for _, tc := range []struct {
		statuses []string
		bonus    int
		want     int // Knight's front 4
	}{
		{nil, 0, 4},
		{[]string{"Pumped"}, 0, 5},
		{[]string{"Burned"}, 0, 2},
		{[]string{"Pumped", "Burned"}, 1, 3},
		{[]string{"Petrified"}, 0, 8},
		{[]string{"Burned", "Petrified"}, 0, 4},
	} {
		s := arranged(t, nil, Setup{Units: []UnitSetup{
			{Player: "one", Unit: "Knight", At: "3,3", Facing: "N", Statuses: tc.statuses},
			{Player: "two", Unit: "Knight", At: "0,0", Facing: "S"},
		}})
		if got := s.baseStrength(0, Front, tc.bonus, false); got != tc.want {
			t.Errorf("%v bonus %d: %d, want %d", tc.statuses, tc.bonus, got, tc.want)
		}
	}
}

// TestIllegalLeavesStateUnchanged applies illegal actions in every stage
// and checks that each is refused with a rule and changes nothing.
func TestIllegalLeavesStateUnchanged(t *testing.T) {
	st, _ := New().New(engine.Config{Seed: 3, Options: engine.Options{"armies": "auto"}})
	r := engine.NewRand(9)
	var legal []engine.Action
	for step := 0; step < 400 && !st.Deciders().Empty(); step++ {
		seat := st.Deciders().First()
		for k := 0; k < 5; k++ {
			a := engine.Action{Seat: seat, Kind: uint8(1 + r.IntN(numActs-1))}
			for i := range a.Arg {
				a.Arg[i] = int16(r.IntN(20) - 1)
			}
			legal = st.Legal(seat, legal[:0])
			isLegal := false
			for _, l := range legal {
				if l == a {
					isLegal = true
				}
			}
			if isLegal {
				continue
			}
			h := st.Hash()
			err := st.Apply(a, nil)
			if err == nil {
				t.Fatalf("step %d: %s applied but not listed as legal", step, st.FormatAction(a))
			}
			if _, ok := err.(*engine.IllegalError); !ok {
				t.Fatalf("%s: error %v is not an IllegalError", st.FormatAction(a), err)
			}
			if st.Hash() != h {
				t.Fatalf("%s: refused but changed the state", st.FormatAction(a))
			}
		}
		legal = st.Legal(seat, legal[:0])
		if err := st.Apply(legal[r.IntN(len(legal))], nil); err != nil {
			t.Fatal(err)
		}
	}
}

// TestDeterminizeHidesOpponentArmy checks that while the armies are
// built, a seat's determinization does not depend on the other's list
// (TD-42), not even on whether the other has bought anything yet, and that
// the view hides it.
func TestDeterminizeHidesOpponentArmy(t *testing.T) {
	mk := func(unit int) *State {
		st, _ := New().New(engine.Config{Seed: 4, Options: engine.Options{"limit": "50"}})
		s := st.(*State)
		buys := []engine.Action{act(0, actBuy, 2)}
		if unit > 0 {
			buys = append(buys, act(1, actBuy, unit))
		}
		for _, a := range buys {
			if err := s.Apply(a, nil); err != nil {
				t.Fatal(err)
			}
		}
		return s
	}
	a, b, none := mk(1), mk(30), mk(0)
	if len(none.armies[1]) != 0 || len(a.armies[1]) == 0 {
		t.Fatal("the lists are not as the test needs")
	}
	want := engine.Determinize(a, 0, new(engine.Rand)).Hash()
	for _, o := range []*State{b, none} {
		if got := engine.Determinize(o, 0, new(engine.Rand)).Hash(); got != want {
			t.Errorf("seat one's determinization depends on two's hidden list of %d entries", len(o.armies[1]))
		}
	}
	v := a.View(0).(*View)
	if v.Armies[1].List != nil || v.Armies[0].List == nil {
		t.Errorf("view of one: own list %v, other's %v; want own only", v.Armies[0].List, v.Armies[1].List)
	}
}
