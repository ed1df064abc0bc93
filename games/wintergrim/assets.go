package wintergrim

import (
	"fmt"
	"strings"

	"skald/engine"
)

var _ engine.AssetProvider = (*Game)(nil)

// assetCard is a card as printed, for the browser: its description
// ("Vanheim Unit – Worker"), cost, Req, weapon, skills, values and text.
type assetCard struct {
	Name   string         `json:"name"`
	Type   string         `json:"type"`
	Desc   string         `json:"desc"`
	Cost   int            `json:"cost"`
	Req    []string       `json:"req,omitempty"`
	Weapon string         `json:"weapon,omitempty"`
	Skills string         `json:"skills,omitempty"`
	Stats  map[string]int `json:"stats,omitempty"`
	Text   string         `json:"text,omitempty"`
}

var (
	assetTypes  = [...]string{"unit", "structure", "area", "path", "tactic", "weather"}
	assetRealms = [...]string{"Asheim", "Vanheim", "Godheim", "Helheim"}
	assetKinds  = [...]string{"CC", "RC", "P"}
)

// Assets returns what the browser's Wintergrim renderer needs beyond the
// views, which name cards only ("woodsman#57"): the game's cards as
// printed, by id ({"cards": {"archer": {...}, ...}}). It makes g an
// [engine.AssetProvider].
func (g *Game) Assets() any {
	out := map[string]assetCard{}
	for i := range g.c.Cards {
		c := &g.c.Cards[i]
		ac := assetCard{Name: c.Name, Desc: c.Description(), Cost: int(c.Cost), Skills: c.Skills.String(), Text: c.Text}
		if int(c.Type) < len(assetTypes) {
			ac.Type = assetTypes[c.Type]
		}
		for _, r := range c.Req {
			ac.Req = append(ac.Req, assetReq(r))
		}
		if w := c.Weapon; w.Kind >= 0 && int(w.Kind) < len(assetKinds) {
			if w.Kind == PS {
				ac.Weapon = w.Name + " (P)"
			} else {
				ac.Weapon = fmt.Sprintf("%s (%s, %d damage)", w.Name, assetKinds[w.Kind], w.Damage)
			}
		}
		switch c.Type {
		case TypeUnit:
			ac.Stats = map[string]int{"CC": int(c.CC), "RC": int(c.RC), "A": int(c.A), "H": int(c.H), "P": int(c.P), "L": int(c.L), "R": int(c.R), "F": int(c.F)}
		case TypeStructure:
			ac.Stats = map[string]int{"A": int(c.A), "H": int(c.H), "R": int(c.R), "F": int(c.F)}
		}
		out[c.ID] = ac
	}
	return map[string]any{"cards": out}
}

// assetReq writes a Req as the terminal does: "local Asheim worker".
func assetReq(r Req) string {
	var t []string
	if r.Local {
		t = append(t, "local")
	}
	if r.Realm >= 0 && int(r.Realm) < len(assetRealms) {
		t = append(t, assetRealms[r.Realm])
	}
	switch {
	case r.Name != "":
		t = append(t, r.Name)
	case r.Class != 0:
		for _, cn := range []struct {
			bit  uint8
			name string
		}{{Worker, "worker"}, {Leader, "leader"}, {Warrior, "warrior"}, {Elite, "elite"}} {
			if r.Class&cn.bit != 0 {
				t = append(t, cn.name)
			}
		}
	case r.Type >= 0 && int(r.Type) < len(assetTypes):
		t = append(t, assetTypes[r.Type])
	default:
		t = append(t, "card")
	}
	return strings.Join(t, " ")
}
