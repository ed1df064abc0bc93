package tacticsdavid

import (
	"skald/engine"
	"skald/games/tacticsdavid/battlefield"
)

var _ engine.AssetProvider = (*Game)(nil)

// assetArea is an attack area for the browser: the grid spaces it hits,
// as offsets from an attacker facing north.
type assetArea struct {
	Code   string   `json:"code"`
	Ranged bool     `json:"ranged"`
	Hits   [][2]int `json:"hits"`
}

// Assets returns what the browser's Tactics David renderer needs beyond
// the views: the attack areas ({"areas": [...]}, MA to MK then RA to RI),
// so that it can highlight the spaces an attack hits, and the unit list
// ({"units": [...]}: each unit's cost, profile and ability), so that a
// player sees what a unit is before buying it. It makes g an
// [engine.AssetProvider].
func (g *Game) Assets() any {
	var out []assetArea
	for _, a := range battlefield.Areas() {
		ar := assetArea{Code: a.Code, Ranged: a.Ranged}
		for _, p := range a.Hits {
			ar.Hits = append(ar.Hits, [2]int{p.X, p.Y})
		}
		out = append(out, ar)
	}
	return map[string]any{"areas": out, "units": g.assetUnits()}
}
