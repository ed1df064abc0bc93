package runewars

import (
	"bytes"
	"encoding/json"
	"testing"

	"skald/engine"
)

// TestAssetsNameWhatViewsName plays seeded random matches and checks that
// every unit, area, tile, city and fate card a view names is in the
// renderer's assets, with the area's tile and terrain as the view gives
// them, and that the assets' JSON is the same on every call.
func TestAssetsNameWhatViewsName(t *testing.T) {
	g := New()
	first, err := json.Marshal(g.Assets())
	if err != nil {
		t.Fatalf("marshalling the assets: %v", err)
	}
	again, _ := json.Marshal(g.Assets())
	if !bytes.Equal(first, again) {
		t.Fatal("the assets' JSON differs between two calls")
	}
	var a struct {
		Units    map[string]assetUnit    `json:"units"`
		Areas    map[string]assetArea    `json:"areas"`
		Tiles    map[string]assetTile    `json:"tiles"`
		Cities   map[string]assetCity    `json:"cities"`
		Fate     []assetFate             `json:"fate"`
		Factions map[string]assetFaction `json:"factions"`
	}
	if err := json.Unmarshal(first, &a); err != nil {
		t.Fatalf("reading the assets back: %v", err)
	}
	fate := map[int]bool{}
	for _, f := range a.Fate {
		fate[f.ID] = true
		if len(f.Sections) != int(numShapes) {
			t.Errorf("fate card %d has %d sections, want %d", f.ID, len(f.Sections), numShapes)
		}
	}
	for id, tl := range a.Tiles {
		for _, ar := range tl.Areas {
			if a.Areas[ar].Tile != id {
				t.Errorf("tile %s lists area %s, which says it is on tile %q", id, ar, a.Areas[ar].Tile)
			}
		}
	}
	for id, f := range a.Factions {
		for _, u := range f.Units {
			if a.Units[u].Faction != id {
				t.Errorf("faction %s lists unit %s, whose faction is %q", id, u, a.Units[u].Faction)
			}
		}
	}
	checked := 0
	for seed := uint64(1); seed <= 6; seed++ {
		seats := 2 + int(seed%3)
		st, err := g.New(engine.Config{Seats: seats, Seed: seed, Options: map[string]string{"years": "2"}})
		if err != nil {
			t.Fatal(err)
		}
		r := engine.NewRand(seed)
		var buf []engine.Action
		for step := 0; step < 400; step++ {
			if _, over := st.Result(); over {
				break
			}
			v := st.(*State).view(engine.Seat(step % seats))
			for _, ar := range v.Areas {
				aa, ok := a.Areas[ar.ID]
				if !ok || aa.Tile != ar.Tile || aa.Terrain != ar.Terrain || aa.Name != ar.Name {
					t.Fatalf("seed %d step %d: area %+v is %+v in the assets", seed, step, ar, aa)
				}
				if ar.City != "" {
					if _, ok := a.Cities[ar.City]; !ok {
						t.Fatalf("seed %d step %d: city %s of %s is not in the assets", seed, step, ar.City, ar.ID)
					}
				}
				for _, u := range ar.Units {
					if _, ok := a.Units[u.Unit]; !ok {
						t.Fatalf("seed %d step %d: unit %s in %s is not in the assets", seed, step, u.Unit, ar.ID)
					}
				}
				checked++
			}
			for _, th := range v.Tiles {
				for _, tl := range th.Tiles {
					if _, ok := a.Tiles[tl]; !ok {
						t.Fatalf("seed %d step %d: tile %s of %s is not in the assets", seed, step, tl, th.Faction)
					}
				}
			}
			for _, p := range v.Players {
				if _, ok := a.Factions[p.Faction]; !ok {
					t.Fatalf("seed %d step %d: faction %s is not in the assets", seed, step, p.Faction)
				}
			}
			if v.Battle != nil {
				for _, c := range v.Battle.Cards {
					if !fate[c] {
						t.Fatalf("seed %d step %d: fate card %d is not in the assets", seed, step, c)
					}
				}
			}
			d := st.Deciders().First()
			buf = st.Legal(d, buf[:0])
			if err := st.Apply(buf[r.IntN(len(buf))], nil); err != nil {
				t.Fatalf("seed %d step %d: %v", seed, step, err)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no area was checked")
	}
}
