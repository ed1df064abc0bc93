package server

import (
	"net/http"

	"skald/games/tacticsdavid/battlefield"
)

// gameAssets returns, by game, the data a game's browser renderer needs
// beyond its views: Tactics David's attack areas, to highlight the grid
// spaces an attack hits. A game's renderer asks for them at
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
}

func (s *Server) handleAssets(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("game")
	if _, err := lookupGame(name); err != nil {
		s.fail(w, r, Errorf(ENOTFOUND, "%v", err))
		return
	}
	var v any = map[string]any{}
	if f, ok := gameAssets[name]; ok {
		v = f()
	}
	writeJSON(w, http.StatusOK, v)
}
