package server

import (
	"fmt"
	"net/http"
	"strings"

	"skald/games/tacticsdavid/battlefield"
	"skald/games/wintergrim"
)

// gameAssets returns, by game, the data a game's browser renderer needs
// beyond its views: Tactics David's attack areas, to highlight the grid
// spaces an attack hits; Wintergrim's cards as printed, since its views
// name cards only ("woodsman#57"). A game's renderer asks for them at
// /api/games/GAME/assets; games without any get {}.
var gameAssets = map[string]func() any{
	"tacticsdavid": func() any {
		type area struct {
			Code   string   `json:"code"`
			Ranged bool     `json:"ranged"`
			Hits   [][2]int `json:"hits"` // offsets for an attacker facing north
		}
		var out []area
		for _, a := range battlefield.Areas() {
			ar := area{Code: a.Code, Ranged: a.Ranged}
			for _, p := range a.Hits {
				ar.Hits = append(ar.Hits, [2]int{p.X, p.Y})
			}
			out = append(out, ar)
		}
		return map[string]any{"areas": out}
	},
	"wintergrim": wintergrimCards,
}

// wgCard is a Wintergrim card as printed, for the browser: its
// description ("Vanheim Unit – Worker"), cost, Req, weapon, skills,
// values and text.
type wgCard struct {
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
	wgTypes  = [...]string{"unit", "structure", "area", "path", "tactic", "weather"}
	wgRealms = [...]string{"Asheim", "Vanheim", "Godheim", "Helheim"}
	wgKinds  = [...]string{"CC", "RC", "P"}
)

// wintergrimCards returns the embedded cards by id.
func wintergrimCards() any {
	out := map[string]wgCard{}
	for i := range wintergrim.DefaultContent().Cards {
		c := &wintergrim.DefaultContent().Cards[i]
		wc := wgCard{Name: c.Name, Desc: c.Description(), Cost: int(c.Cost), Skills: c.Skills.String(), Text: c.Text}
		if int(c.Type) < len(wgTypes) {
			wc.Type = wgTypes[c.Type]
		}
		for _, r := range c.Req {
			wc.Req = append(wc.Req, wgReq(r))
		}
		if w := c.Weapon; w.Kind >= 0 && int(w.Kind) < len(wgKinds) {
			if w.Kind == wintergrim.PS {
				wc.Weapon = w.Name + " (P)"
			} else {
				wc.Weapon = fmt.Sprintf("%s (%s, %d damage)", w.Name, wgKinds[w.Kind], w.Damage)
			}
		}
		switch c.Type {
		case wintergrim.TypeUnit:
			wc.Stats = map[string]int{"CC": int(c.CC), "RC": int(c.RC), "A": int(c.A), "H": int(c.H), "P": int(c.P), "L": int(c.L), "R": int(c.R), "F": int(c.F)}
		case wintergrim.TypeStructure:
			wc.Stats = map[string]int{"A": int(c.A), "H": int(c.H), "R": int(c.R), "F": int(c.F)}
		}
		out[c.ID] = wc
	}
	return map[string]any{"cards": out}
}

// wgReq writes a Req as the terminal does: "local Asheim worker".
func wgReq(r wintergrim.Req) string {
	var t []string
	if r.Local {
		t = append(t, "local")
	}
	if r.Realm >= 0 && int(r.Realm) < len(wgRealms) {
		t = append(t, wgRealms[r.Realm])
	}
	switch {
	case r.Name != "":
		t = append(t, r.Name)
	case r.Class != 0:
		for _, cn := range []struct {
			bit  uint8
			name string
		}{{wintergrim.Worker, "worker"}, {wintergrim.Leader, "leader"}, {wintergrim.Warrior, "warrior"}, {wintergrim.Elite, "elite"}} {
			if r.Class&cn.bit != 0 {
				t = append(t, cn.name)
			}
		}
	case r.Type >= 0 && int(r.Type) < len(wgTypes):
		t = append(t, wgTypes[r.Type])
	default:
		t = append(t, "card")
	}
	return strings.Join(t, " ")
}

func (s *Server) handleAssets(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("game")
	if _, err := s.lookupGame(name); err != nil {
		s.fail(w, r, Errorf(ENOTFOUND, "%v", err))
		return
	}
	var v any = map[string]any{}
	if f, ok := gameAssets[name]; ok {
		v = f()
	}
	writeJSON(w, http.StatusOK, v)
}
