package tacticsdavid

import (
	"encoding/json"
	"fmt"
	"testing"

	"skald/engine"
)

// c2Units are the units whose abilities are group C2's (and a few that
// give them something to act on).
var c2Units = []string{"Summoner", "Thief", "Apprentice", "White Mage", "Lich", "Alchemist", "Chemist", "Cleric",
	"Priest", "Parasite", "Stone Golem", "Crystal Golem", "Kraken", "Turtle Island", "Host", "Possessed",
	"Lost Soul", "Ghoul", "Dark Artist", "Stitched Corpse", "Probe", "Machine Host", "Mech Man", "Spider",
	"Medic", "Shaman", "Druid", "Bishop", "Viper", "Samurai", "Knight", "Angel"}

// TestC2RandomBattles plays random battles between armies of the units of
// group C2, crowded in the middle of the battlefield with statuses and
// items, so that their abilities act often: no panic, no stuck state,
// every legal action accepted, printed and parsed back, clones hash
// alike, views and determinized copies are made for each seat, and every
// ability of the group acts at least once over the games.
func TestC2RandomBattles(t *testing.T) {
	g := New()
	statuses := []string{"Burned", "Pumped", "Lucky", "Haste", "Paralyzed", "Confused", "Dead", "Petrified", "Enchanted", "Fearful"}
	items := []string{"Sword", "Shield", "Potion", "Boots", "Axe", "Binoculars"}
	counts := map[string]int{}
	for seed := uint64(0); seed < 300; seed++ {
		r := engine.NewRand(seed * 7919)
		type unit struct {
			Player   string   `json:"player"`
			Unit     string   `json:"unit"`
			At       string   `json:"at"`
			Facing   string   `json:"facing"`
			Statuses []string `json:"statuses,omitempty"`
			Items    []string `json:"items,omitempty"`
		}
		var units []unit
		used := map[string]bool{}
		for k := 0; k < 20; k++ {
			var at string
			for {
				at = fmt.Sprintf("%d,%d", 3+r.IntN(8), 2+r.IntN(7))
				if !used[at] {
					break
				}
			}
			used[at] = true
			u := unit{Player: []string{"one", "two"}[k%2], Unit: c2Units[r.IntN(len(c2Units))], At: at, Facing: []string{"N", "E", "S", "W"}[r.IntN(4)]}
			if st := statusIndex(statuses[r.IntN(len(statuses))]); r.IntN(2) == 0 && g.statusMay[st]&(1<<typeOf(g.c.UnitNamed(u.Unit).Type)) != 0 {
				u.Statuses = []string{statusNames[st]}
			}
			if r.IntN(2) == 0 {
				u.Items = []string{items[r.IntN(len(items))]}
			}
			units = append(units, u)
		}
		st, err := g.New(engine.Config{Seed: seed, Options: engine.Options{"battlefield": "open-field-14x11", "turns": "8"}})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		b, _ := json.Marshal(map[string]any{"player": "one", "units": units})
		if err := s.Arrange(b); err != nil {
			// A unit that may not have that status or item: without them.
			for k := range units {
				units[k].Statuses, units[k].Items = nil, nil
			}
			b, _ = json.Marshal(map[string]any{"player": "one", "units": units})
			if err := s.Arrange(b); err != nil {
				t.Fatal(err)
			}
		}
		var tl tally
		s.tally = &tl
		play := engine.NewRand(seed)
		var legal, abs []engine.Action
		for n := 0; !s.Deciders().Empty(); n++ {
			if n > 20000 {
				t.Fatalf("seed %d: no end", seed)
			}
			seat := s.Deciders().First()
			legal = s.Legal(seat, legal[:0])
			if len(legal) == 0 {
				t.Fatalf("seed %d: seat %d has no legal action (%s)", seed, seat, describeState(s))
			}
			// Abilities are chosen half of the time they are offered.
			abs = abs[:0]
			for _, l := range legal {
				if l.Kind == actAbility {
					abs = append(abs, l)
				}
			}
			a := legal[play.IntN(len(legal))]
			if len(abs) > 0 && play.IntN(2) == 0 {
				a = abs[play.IntN(len(abs))]
			}
			txt := s.FormatAction(a)
			if p, err := s.ParseAction(seat, txt); err != nil || p != a {
				t.Fatalf("seed %d: %q parses as %v, %v", seed, txt, p, err)
			}
			var ev engine.Log
			if err := s.Apply(a, &ev); err != nil {
				t.Fatalf("seed %d: legal %s refused: %v", seed, txt, err)
			}
			if c := s.Clone(); c.Hash() != s.Hash() {
				t.Fatalf("seed %d: clone hash differs after %s", seed, txt)
			}
			if n%7 == 0 {
				for _, v := range []engine.Seat{0, 1, engine.Spectator} {
					s.View(v)
					s.Determinize(v, &play)
				}
			}
			for i := range s.pieces {
				p := &s.pieces[i]
				if p.flags&fRemoved != 0 {
					continue
				}
				if q := s.at(s.pt(i)); q < 0 {
					t.Fatalf("seed %d: after %s, u%d stands on %d,%d but the board has no one there (%v)", seed, txt, i, p.x, p.y, ev)
				} else if q != i && int(p.team) != q {
					t.Fatalf("seed %d: after %s, u%d and u%d share %d,%d outside a team (%v)", seed, txt, i, q, p.x, p.y, ev)
				}
				if p.lock >= 0 && int(s.pieces[p.lock].lock) != i {
					t.Fatalf("seed %d: after %s, a bad Combat Lock u%d-u%d (%v)", seed, txt, i, p.lock, ev)
				}
			}
		}
		for n := range tl {
			if tl[n] > 0 {
				counts[g.abName(n)] += int(tl[n])
			}
		}
	}
	for _, n := range []int{abSummon, abSteal, abStudy, abSoothe, abRaiseDead, abAlchemy, abChemistry, abRectify, abRecover,
		abHost, abLob, abCrystalPower, abGrappleTentacle, abIslandSpring, abCurse, abPossess, abFalseGuide, abGhoulBlight,
		abPolymorph, abPickingUpThePieces, abLearn, abAlter, abRepair, abBite, abBandages, abChant, abNatureShape, abHolyGuidance} {
		if counts[g.abName(n)] == 0 {
			t.Errorf("%s never acted", g.abName(n))
		}
	}
	t.Logf("%v", counts)
}

func statusIndex(name string) int {
	for k, n := range statusNames {
		if n == name {
			return k
		}
	}
	return -1
}

// TestStudyDeterminize checks that a search keeps the top two items of the
// Item Deck that Study showed a player (TD-116), deals them again for the
// other player, and forgets them once the first is drawn and a shuffle
// comes.
func TestStudyDeterminize(t *testing.T) {
	st, err := New().New(engine.Config{Seed: 3, Options: engine.Options{"battlefield": "open-field-14x11"}})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	if err := s.Arrange([]byte(`{"player": "one", "units": [
		{"player": "one", "unit": "Apprentice", "at": "5,8", "facing": "N"},
		{"player": "two", "unit": "Knight", "at": "5,2", "facing": "S"}], "deck": ["Potion", "Boots"]}`)); err != nil {
		t.Fatal(err)
	}
	for _, txt := range []string{"engage u0", "ability u0 study -", "ability u0 study - 2"} {
		a, err := s.ParseAction(0, txt)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(a, nil); err != nil {
			t.Fatalf("%s: %v", txt, err)
		}
	}
	boots, potion := int8(s.itemNamed("Boots")), int8(s.itemNamed("Potion"))
	r := engine.NewRand(1)
	moved := false
	for k := 0; k < 20; k++ {
		c := s.Determinize(0, &r).(*State)
		if c.deck[0] != boots || c.deck[1] != potion {
			t.Fatalf("one saw Boots, Potion on top; its search deals %v", c.deck[:2])
		}
		o := s.Determinize(1, &r).(*State)
		if o.peek[0] != [2]int8{} {
			t.Fatalf("two's search knows what one saw")
		}
		if o.deck[0] != boots || o.deck[1] != potion {
			moved = true
		}
	}
	if !moved {
		t.Errorf("two's searches always find one's order: it is not dealt again")
	}
	// The Boots are drawn: one still knows the Potion is on top.
	s.deck = s.deck[1:]
	if got := s.peeked(0); len(got) != 1 || got[0] != potion {
		t.Errorf("after a draw one knows %v, want the Potion", got)
	}
	s.shuffleDeck()
	if got := s.peeked(0); got != nil {
		t.Errorf("after a shuffle one still knows %v", got)
	}
}
