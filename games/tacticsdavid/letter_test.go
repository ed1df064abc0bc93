package tacticsdavid

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"skald/engine"
)

// Tests of issue 20, "Rules held to the letter": the rules every ability
// used in the Combat Phase meets in one place (TD-87), the Combat Lock
// binding every attack of the locked unit's turn (TD-157), and a search
// bot's copy rolling its own dice.

// unitAt is a unit of a Setup.
func unitAt(player, unit, at, facing string, more ...func(*UnitSetup)) UnitSetup {
	u := UnitSetup{Player: player, Unit: unit, At: at, Facing: facing}
	for _, f := range more {
		f(&u)
	}
	return u
}

func withStatus(st ...string) func(*UnitSetup) { return func(u *UnitSetup) { u.Statuses = st } }
func withItems(it ...string) func(*UnitSetup)  { return func(u *UnitSetup) { u.Items = it } }

// abilityActions returns the legal "ability" actions of piece i naming
// ability n.
func abilityActions(s *State, i, n int) []engine.Action {
	var out []engine.Action
	for _, a := range s.Legal(engine.Seat(s.player), nil) {
		if a.Kind == actAbility && int(a.Arg[0]) == i && int(a.Arg[1]) == n {
			out = append(out, a)
		}
	}
	return out
}

// apply applies the action text, failing the test if it is refused.
func apply(t *testing.T, s *State, text string) {
	t.Helper()
	a, err := s.ParseAction(engine.Seat(s.player), text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	if err := s.Apply(a, nil); err != nil {
		t.Fatalf("%s: %v", text, err)
	}
}

// TestRangedMovedAbilities checks, for every ability issue 20 names, that
// a Ranged Unit that entered the Movement Phase may not use it: "Ranged
// Units may not enter both the Movement and Combat Phase in the same Turn
// unless they wish to perform a Ranged Melee Procedure" (seed 004, "Attack
// Modes"; TD-87). Each holder stands at 5,8 facing north with something to
// use its ability on; it may use it before moving; after a one-square move
// that keeps its targets in reach, the ability still offers the same use,
// but Legal does not list it and Apply refuses it with the rule.
func TestRangedMovedAbilities(t *testing.T) {
	enemy := unitAt("two", "Knight", "12,0", "S") // the battle goes on
	tests := []struct {
		ab    int
		units []UnitSetup
	}{
		{abRecover, []UnitSetup{unitAt("one", "Priest", "5,8", "N"), unitAt("one", "Knight", "5,5", "N", withStatus("Dead")), enemy}},
		{abHolyGuidance, []UnitSetup{unitAt("one", "Bishop", "5,8", "N"), unitAt("one", "Archer", "5,5", "N"), enemy}},
		{abRaiseDead, []UnitSetup{unitAt("one", "Lich", "5,8", "N"), unitAt("two", "Knight", "5,5", "S", withStatus("Dead")), enemy}},
		{abSummon, []UnitSetup{unitAt("one", "Summoner", "5,8", "N"), unitAt("one", "Soldier", "8,9", "N"), enemy}},
		{abSoothe, []UnitSetup{unitAt("one", "White Mage", "5,8", "N"), unitAt("one", "Knight", "5,5", "N", withStatus("Burned")), enemy}},
		{abRectify, []UnitSetup{unitAt("one", "Cleric", "5,8", "N"), unitAt("one", "Knight", "5,5", "N", withStatus("Burned")), enemy}},
		{abCrystalPower, []UnitSetup{unitAt("one", "Crystal Golem", "5,8", "N"), unitAt("one", "Knight", "5,6", "N", withStatus("Burned")), unitAt("two", "Knight", "5,4", "S"), enemy}},
		{abLob, []UnitSetup{unitAt("one", "Stone Golem", "5,8", "N", withItems("Sword")), unitAt("two", "Knight", "5,5", "S"), enemy}},
		{abAlchemy, []UnitSetup{unitAt("one", "Alchemist", "5,8", "N", withItems("Sword")), enemy}},
		{abPossess, []UnitSetup{unitAt("one", "Possessed", "5,8", "N"), unitAt("two", "Knight", "5,5", "S"), enemy}},
		{abPolymorph, []UnitSetup{unitAt("one", "Dark Artist", "5,8", "N"), unitAt("two", "Knight", "5,5", "S"), enemy}},
		{abChant, []UnitSetup{unitAt("one", "Shaman", "5,8", "N"), unitAt("one", "Knight", "5,6", "N", withStatus("Burned")), enemy}},
		// and two that held the rule themselves before it moved to canUseAb
		{abVenom, []UnitSetup{unitAt("one", "Viper", "5,8", "N"), unitAt("two", "Knight", "5,5", "S"), enemy}},
		{abVoodooDoll, []UnitSetup{unitAt("one", "Voodoo Priest", "5,8", "N"), unitAt("two", "Knight", "5,5", "S"), enemy}},
	}
	for _, tc := range tests {
		name := DefaultContent().Abilities[tc.ab-1].Name
		t.Run(fmt.Sprintf("%03d %s", tc.ab, name), func(t *testing.T) {
			s := arranged(t, engine.Options{"battlefield": "open-field-14x11"}, Setup{Player: "one", Units: tc.units})
			apply(t, s, "engage u0")
			before := abilityActions(s, 0, tc.ab)
			if len(before) == 0 {
				t.Fatalf("%s is not legal before moving: the setup gives it nothing to act on", name)
			}
			apply(t, s, "move 5,9 N")
			if !s.eng.moved || !s.info[s.pieces[0].prof].ranged {
				t.Fatal("the holder is not a Ranged Unit that moved")
			}
			if got := abilityActions(s, 0, tc.ab); len(got) > 0 {
				t.Errorf("after moving, Legal lists %s", s.FormatAction(got[0]))
			}
			c := s.choicesOf()
			actives[tc.ab].targets(s, 0, c)
			offered := false
			for _, a := range before {
				if c.has(int(a.Arg[2]), int(a.Arg[3])) {
					offered = true
					h := s.Hash()
					err := s.Apply(a, nil)
					if err == nil || !strings.Contains(err.Error(), "TD-87") {
						t.Fatalf("%s after moving: error %v, want the Attack Modes' rule (TD-87)", s.FormatAction(a), err)
					}
					if s.Hash() != h {
						t.Errorf("%s: refused but changed the state", s.FormatAction(a))
					}
				}
			}
			if !offered {
				t.Fatal("the move took the targets out of reach: the test would not show the rule")
			}
		})
	}
}

// TestRulesHeldInRandomPlay plays random battles between crowded armies of
// Ranged Units with abilities used in the Combat Phase, Enraged and Lucky
// units, and units Locked in Combat, and checks every legal list against
// the rules of issue 20:
//   - a Ranged Unit that entered the Movement Phase is offered no ability
//     of the Combat Phase but a Breath made as a Ranged Melee Procedure
//     (TD-87, TD-92);
//   - a unit Locked in Combat is offered no attack, Breath or ability that
//     is an attack, on any other unit than the other of its lock (TD-157);
//   - an Enraged unit that can attack is offered no ability in place of
//     its Attack Procedure (TD-157);
//   - a turn never ends, and a locked unit is never disengaged, with a
//     lock's attack owed and still possible.
func TestRulesHeldInRandomPlay(t *testing.T) {
	g := New()
	holders := []string{"Priest", "Bishop", "Lich", "Summoner", "White Mage", "Cleric", "Crystal Golem", "Stone Golem",
		"Alchemist", "Possessed", "Dark Artist", "Shaman", "Viper", "Voodoo Priest", "Red Dragon", "Hunter",
		"Machine Host", "Host", "Knight", "Wolf", "Giant", "Witch", "Trickster", "Blood Mage"}
	statuses := []string{"Burned", "Enraged", "Lucky", "Haste", "Dead", "Pumped", "Poisoned"}
	items := []string{"Sword", "Shield", "Potion", "Boots", "Binoculars"}
	checked := map[string]int{}
	for seed := uint64(0); seed < 200; seed++ {
		r := engine.NewRand(seed*104729 + 1)
		var units []UnitSetup
		used := map[string]bool{}
		for k := 0; k < 16; k++ {
			var at string
			for at == "" || used[at] {
				at = fmt.Sprintf("%d,%d", 3+r.IntN(8), 2+r.IntN(7))
			}
			used[at] = true
			u := unitAt([]string{"one", "two"}[k%2], holders[r.IntN(len(holders))], at, []string{"N", "E", "S", "W"}[r.IntN(4)])
			if st := statusIndex(statuses[r.IntN(len(statuses))]); r.IntN(2) == 0 && g.statusMay[st]&(1<<typeOf(g.c.UnitNamed(u.Unit).Type)) != 0 {
				u.Statuses = []string{statusNames[st]}
			}
			if r.IntN(2) == 0 {
				u.Items = []string{items[r.IntN(len(items))]}
			}
			units = append(units, u)
		}
		// Lock the first pair of enemies that stand face to face.
		for a := range units {
			for b := range units {
				if units[a].Player == "one" && units[b].Player == "two" && faceToFace(units[a], units[b]) && units[a].Statuses == nil && units[b].Statuses == nil {
					a, b := a, b
					units[a].LockedWith, units[b].LockedWith = &b, &a
					goto locked
				}
			}
		}
	locked:
		st, err := g.New(engine.Config{Seed: seed, Options: engine.Options{"battlefield": "open-field-14x11", "turns": "6"}})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		if err := s.Arrange(mustJSON(t, Setup{Player: "one", Units: units})); err != nil {
			t.Fatal(err)
		}
		playRandom(t, s, seed, func(a engine.Action, err error) {
			if err == nil {
				checkLetter(t, s, checked)
			}
		})
	}
	for _, what := range []string{"moved ranged unit", "locked unit", "enraged unit", "end of turn"} {
		if checked[what] == 0 {
			t.Errorf("no position checked of a %s: the test shows nothing of it", what)
		}
	}
	t.Logf("positions checked: %v", checked)
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// faceToFace reports whether two unit setups stand front to front in
// direct grid space contact.
func faceToFace(a, b UnitSetup) bool {
	var ax, ay, bx, by int
	fmt.Sscanf(a.At, "%d,%d", &ax, &ay)
	fmt.Sscanf(b.At, "%d,%d", &bx, &by)
	d := map[string][2]int{"N": {0, -1}, "E": {1, 0}, "S": {0, 1}, "W": {-1, 0}}
	opp := map[string]string{"N": "S", "S": "N", "E": "W", "W": "E"}
	return ax+d[a.Facing][0] == bx && ay+d[a.Facing][1] == by && opp[a.Facing] == b.Facing
}

// checkLetter checks the legal list of the position s against the rules
// TestRulesHeldInRandomPlay names.
func checkLetter(t *testing.T, s *State, checked map[string]int) {
	t.Helper()
	if s.over || s.pend.kind != pendNone || s.stage != stageBattle {
		return
	}
	legal := s.Legal(engine.Seat(s.player), nil)
	for _, m := range [2]int8{s.eng.p, s.eng.q} {
		if m < 0 {
			continue
		}
		i := int(m)
		p := &s.pieces[i]
		moved := s.eng.moved && s.info[p.prof].ranged
		if moved {
			checked["moved ranged unit"]++
		}
		if p.lock >= 0 {
			checked["locked unit"]++
		}
		k := s.member(i)
		enraged := p.has(Enraged) && !s.eng.attacked[k] && s.canAttackAny(i, k)
		if enraged {
			checked["enraged unit"]++
		}
		for _, a := range legal {
			switch a.Kind {
			case actAttack, actShoot, actMelee:
				if int(a.Arg[0]) == i && p.lock >= 0 && int(a.Arg[1]) != int(p.lock) && int(p.lock) != i {
					t.Fatalf("%s is offered though %s is Locked in Combat with %s", s.FormatAction(a), s.name(i), s.name(int(p.lock)))
				}
			case actAbility:
				if int(a.Arg[0]) != i {
					continue
				}
				ab := actives[a.Arg[1]]
				if ab.use != useAttack && ab.use != useCombat {
					continue
				}
				if moved && !(ab.attack && a.Arg[3]&4 != 0) {
					t.Fatalf("%s is offered though %s is a Ranged Unit that moved (TD-87)", s.FormatAction(a), s.name(i))
				}
				if p.lock >= 0 && ab.bound() && !ab.actsOn(s, i, int(a.Arg[2]), int(a.Arg[3]), int(p.lock)) && int(p.lock) != i {
					t.Fatalf("%s is offered though %s is Locked in Combat with %s (TD-157)", s.FormatAction(a), s.name(i), s.name(int(p.lock)))
				}
				if enraged && ab.use == useAttack && !ab.attack {
					t.Fatalf("%s is offered though %s is Enraged and can attack (TD-157)", s.FormatAction(a), s.name(i))
				}
			case actDisengage, actEndTurn:
				if s.lockDue(i, k) {
					t.Fatalf("%s is offered though %s owes its Combat Lock an attack or an escape", s.FormatAction(a), s.name(i))
				}
			}
		}
	}
	if s.eng.p < 0 && slices.Contains(legal, act(int(s.player), actEndTurn)) {
		checked["end of turn"]++
		for i := range s.pieces {
			p := &s.pieces[i]
			if int(p.owner) == int(s.player) && s.lockOwed(i) && p.flags&fEngaged == 0 {
				t.Fatalf("the turn may end though %s, Locked in Combat, was never engaged", s.name(i))
			}
		}
	}
}

// TestDeterminizedCopyRollsItsOwnDice checks that a search bot's copy of
// a battle (engine.Determinize) does not roll the real match's future
// dice: its stream is not the real one, nor a copy of it, nor does it
// carry the results a scenario forced on the real one; rolling in the copy
// leaves the real stream where it was; and the same Charge Test played in
// copies drawn from different search streams comes out differently.
func TestDeterminizedCopyRollsItsOwnDice(t *testing.T) {
	s := arranged(t, engine.Options{"battlefield": "open-field-14x11"}, Setup{Player: "one", Units: []UnitSetup{
		unitAt("one", "Knight", "5,9", "N"), unitAt("two", "Knight", "5,1", "S"),
	}})
	apply(t, s, "engage u0")
	draw := func(r *engine.Rand) []int {
		out := make([]int, 32)
		for k := range out {
			out[k] = r.Roll(6)
		}
		return out
	}
	future := s.rng.Clone()
	want := draw(&future) // the real match's next dice
	h := s.Hash()
	tests := 0
	charge := map[string]bool{}
	for seed := uint64(1); seed <= 40; seed++ {
		r := engine.NewRand(seed)
		c := engine.Determinize(s, 0, &r).(*State)
		if &c.rng == &s.rng {
			t.Fatal("the copy shares the real stream")
		}
		cr := c.rng.Clone()
		if got := draw(&cr); slices.Equal(got, want) {
			t.Fatalf("search seed %d: the copy's next 32 dice are the real match's", seed)
		}
		// Playing in the copy rolls the copy's dice, not the real ones.
		if err := c.Apply(act(0, actCharge), nil); err != nil {
			t.Fatal(err)
		}
		charge[fmt.Sprint(c.pieces[0].y, c.pend.n)] = true
		tests++
	}
	if s.Hash() != h {
		t.Fatal("determinizing and playing in the copies changed the real match")
	}
	real := s.rng.Clone()
	if got := draw(&real); !slices.Equal(got, want) {
		t.Fatal("the copies moved the real stream")
	}
	if len(charge) < 2 {
		t.Errorf("%d copies all charged alike: their dice do not come from their search streams", tests)
	}
	// Results forced on the real stream (a scenario's) are the real
	// match's future: the copy does not get them.
	s.rng.ForceDice(6, 6, 6, 6)
	r := engine.NewRand(7)
	c := engine.Determinize(s, 0, &r).(*State)
	if d, _ := c.rng.Forced(); d != 0 {
		t.Errorf("the copy carries %d dice forced on the real stream", d)
	}
	if d, _ := s.rng.Forced(); d != 4 {
		t.Errorf("the real stream has %d forced dice left, want 4", d)
	}
}

// TestBattlefieldSizes checks the battlefields of the rule book: "There
// are 3 common sized battlefields and each can be oriented vertically or
// horizontally. The smallest size is 7x11 Grid Spaces, the next biggest
// size is 14x11, and the biggest is 14x22 ... Players are not limited to
// these sizes however – make it as big or small as you want!" (seed 004,
// "The Grid"; TD-B1, TD-B5). Each shipped battlefield, the small one
// turned (11x7) and a field of another size drawn by the players host a
// whole random battle, armies built and deployed.
func TestBattlefieldSizes(t *testing.T) {
	// The turned field: player 1 on the west edge, player 2 on the east.
	turned := "name: Turned\nsize: 11x7\nterrain:\n" + strings.Repeat("...........\n", 7) +
		"deploy:\n" + strings.Repeat("11.......22\n", 7)
	small := "name: Skirmish\nsize: 5x6\nterrain:\n" + strings.Repeat(".....\n", 6) +
		"deploy:\n11111\n.....\n.....\n.....\n.....\n22222\n"
	tests := []struct {
		bf   string
		w, h int
	}{
		{"open-field-7x11", 7, 11},
		{"open-field-14x11", 14, 11},
		{"open-field-14x22", 14, 22},
		{"bramble-creek-crossing", 14, 11},
		{"deaths-highway", 14, 11},
		{turned, 11, 7},
		{small, 5, 6},
	}
	for k, tc := range tests {
		st, err := New().New(engine.Config{Seed: uint64(k), Options: engine.Options{"battlefield": tc.bf, "armies": "auto", "turns": "4", "limit": "40"}})
		if err != nil {
			t.Fatalf("battlefield %d: %v", k, err)
		}
		s := st.(*State)
		if s.bf.W != tc.w || s.bf.H != tc.h {
			t.Errorf("battlefield %d: %dx%d, want %dx%d", k, s.bf.W, s.bf.H, tc.w, tc.h)
		}
		playRandom(t, s, uint64(k), nil)
		if _, over := s.Result(); !over {
			t.Errorf("battlefield %d: the battle did not end", k)
		}
	}
}
