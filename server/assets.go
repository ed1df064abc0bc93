package server

import (
	"net/http"

	"skald/engine"
)

// handleAssets serves the data a game's browser renderer needs beyond its
// views (Tactics David's attack areas, Wintergrim's cards as printed), as
// the game provides it through [engine.AssetProvider]; a game that
// provides none gets {}. The server knows no game: it finds this one
// through its lookup, as it finds every game.
func (s *Server) handleAssets(w http.ResponseWriter, r *http.Request) {
	g, err := s.lookupGame(r.PathValue("game"))
	if err != nil {
		s.fail(w, r, Errorf(ENOTFOUND, "%v", err))
		return
	}
	var v any = map[string]any{}
	if p, ok := g.(engine.AssetProvider); ok {
		v = p.Assets()
	}
	writeJSON(w, http.StatusOK, v)
}
