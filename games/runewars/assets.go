package runewars

import "skald/engine"

var _ engine.AssetProvider = (*Game)(nil)

// assetUnit is a unit type as its faction sheet prints it.
type assetUnit struct {
	Name       string `json:"name"`
	Faction    string `json:"faction"` // a faction id, or "neutral"
	Shape      string `json:"shape"`
	Health     int    `json:"health"`
	Initiative int    `json:"initiative"`
	Supply     int    `json:"supply"`
	Fast       bool   `json:"fast,omitempty"`
	Flying     bool   `json:"flying,omitempty"`
	Ability    string `json:"ability,omitempty"`
	Text       string `json:"text,omitempty"`
}

// assetArea is an area as its tile prints it.
type assetArea struct {
	Name    string `json:"name"`
	Tile    string `json:"tile"`
	Terrain string `json:"terrain"`
	Food    int    `json:"food,omitempty"`
	Wood    int    `json:"wood,omitempty"`
	Ore     int    `json:"ore,omitempty"`
	City    bool   `json:"city,omitempty"`
}

// assetTile is a map tile: a quest tile or a faction's home realm.
type assetTile struct {
	Name  string   `json:"name"`
	Quest string   `json:"quest,omitempty"`
	Home  string   `json:"home,omitempty"`
	Areas []string `json:"areas"`
}

// assetCity is a city token.
type assetCity struct {
	Name      string         `json:"name"`
	Food      int            `json:"food,omitempty"`
	Wood      int            `json:"wood,omitempty"`
	Ore       int            `json:"ore,omitempty"`
	Influence int            `json:"influence,omitempty"`
	Allies    map[string]int `json:"allies,omitempty"`
	Runes     int            `json:"runes,omitempty"` // an Alternate City's dragon runes (RW-D17)
}

// assetFate is a fate card: what each base shape reads on it, and its
// destiny symbol.
type assetFate struct {
	ID       int               `json:"id"`
	Sections map[string]string `json:"sections"`
	Destiny  string            `json:"destiny"`
}

// assetFaction is a faction's sheet, as far as the renderer names it.
type assetFaction struct {
	Name  string   `json:"name"`
	Good  bool     `json:"good"`
	Units []string `json:"units"`
}

// assetHero is a hero card.
type assetHero struct {
	Name     string `json:"name"`
	Good     bool   `json:"good"`
	Strength int    `json:"strength"`
	Agility  int    `json:"agility"`
	Wisdom   int    `json:"wisdom"`
	Health   int    `json:"health"`
	Ability  string `json:"ability"`
	Text     string `json:"text"`
}

// assetQuest is a quest card: where it is attempted, what it tests (or
// the imaginary foe it duels, RW-R50) and gives.
type assetQuest struct {
	Name    string    `json:"name"`
	Area    string    `json:"area"`
	Test    string    `json:"test,omitempty"`
	Pass    string    `json:"pass,omitempty"`
	Foe     *assetFoe `json:"foe,omitempty"`
	Rewards int       `json:"rewards"`
}

// assetFoe is a quest's imaginary foe.
type assetFoe struct {
	Name   string `json:"name"`
	Health int    `json:"health"`
	Strike int    `json:"strike"`
}

// assetReward is a reward card.
type assetReward struct {
	Name   string `json:"name"`
	Kind   string `json:"kind"`
	Effect string `json:"effect"`
}

// assetObjective is an objective card: its goal in words and the
// objective cards drawn on completing it.
type assetObjective struct {
	Name string `json:"name"`
	Good bool   `json:"good"`
	Goal string `json:"goal"`
	Draw int    `json:"draw,omitempty"`
}

// Assets returns what the browser's Runewars renderer needs beyond the
// views, which name units, areas, tiles, cities and fate cards by id:
// {"units": {id: profile}, "areas": {id: ...}, "tiles": {id: ...},
// "cities": {id: ...}, "fate": [card...], "factions": {id: ...}, "heroes":
// {id: ...}, "quests": {id: ...}, "rewards": {id: ...}, "objectives": {id:
// ...}}, so that
// it can show a unit's profile, the areas of a tile still to lay, a city's
// yield and what a fate card drawn in battle reads. It makes g an
// [engine.AssetProvider].
func (g *Game) Assets() any {
	c := g.c
	faction := func(i int) string {
		if i < 0 || i >= len(c.Factions) {
			return "neutral"
		}
		return c.Factions[i].ID
	}
	units := map[string]assetUnit{}
	for i := range c.Units {
		u := &c.Units[i]
		units[u.ID] = assetUnit{Name: u.Name, Faction: faction(u.Faction), Shape: u.Shape.String(), Health: u.Health,
			Initiative: u.Initiative, Supply: u.Supply, Fast: u.Fast, Flying: u.Flying, Ability: u.Ability.Name, Text: u.Ability.Text}
	}
	areas := map[string]assetArea{}
	for i := range c.Areas {
		a := &c.Areas[i]
		areas[a.ID] = assetArea{Name: a.Name, Tile: c.Tiles[a.Tile].ID, Terrain: a.Terrain,
			Food: a.Res[Food], Wood: a.Res[Wood], Ore: a.Res[Ore], City: a.City}
	}
	tiles := map[string]assetTile{}
	for i := range c.Tiles {
		t := &c.Tiles[i]
		at := assetTile{Name: t.Name, Quest: t.Quest}
		if t.Home >= 0 {
			at.Home = faction(t.Home)
		}
		for _, a := range t.Areas {
			at.Areas = append(at.Areas, c.Areas[a].ID)
		}
		tiles[t.ID] = at
	}
	cities := map[string]assetCity{}
	for i := range c.Cities {
		ct := &c.Cities[i]
		ac := assetCity{Name: ct.Name, Food: ct.Res[Food], Wood: ct.Res[Wood], Ore: ct.Res[Ore], Influence: ct.Influence, Runes: ct.Runes}
		for _, al := range ct.Allies {
			if ac.Allies == nil {
				ac.Allies = map[string]int{}
			}
			ac.Allies[c.Units[al.Unit].ID] += al.N
		}
		cities[ct.ID] = ac
	}
	fate := make([]assetFate, 0, len(c.Fate))
	for _, f := range c.Fate {
		af := assetFate{ID: f.ID, Sections: map[string]string{}, Destiny: f.Destiny.String()}
		for sh, sec := range f.Sections {
			af.Sections[Shape(sh).String()] = sec.String()
		}
		fate = append(fate, af)
	}
	factions := map[string]assetFaction{}
	for i := range c.Factions {
		f := &c.Factions[i]
		af := assetFaction{Name: f.Name, Good: f.Good, Units: []string{}}
		for _, u := range f.Units {
			af.Units = append(af.Units, c.Units[u].ID)
		}
		factions[f.ID] = af
	}
	heroes := map[string]assetHero{}
	for i := range c.Heroes {
		hc := &c.Heroes[i]
		heroes[hc.ID] = assetHero{Name: hc.Name, Good: hc.Good, Strength: hc.Attrs[Strength], Agility: hc.Attrs[Agility],
			Wisdom: hc.Attrs[Wisdom], Health: hc.Health, Ability: hc.Ability.Name, Text: hc.Ability.Text}
	}
	quests := map[string]assetQuest{}
	for i := range c.Quests {
		q := &c.Quests[i]
		if q.Foe.Health > 0 {
			quests[q.ID] = assetQuest{Name: q.Name, Area: c.Areas[q.Area].ID, Rewards: q.Rewards,
				Foe: &assetFoe{Name: q.Foe.Name, Health: q.Foe.Health, Strike: q.Foe.Strike}}
			continue
		}
		quests[q.ID] = assetQuest{Name: q.Name, Area: c.Areas[q.Area].ID, Test: q.Test.String(), Pass: q.Pass.String(), Rewards: q.Rewards}
	}
	rewards := map[string]assetReward{}
	for i := range c.Rewards {
		r := &c.Rewards[i]
		rewards[r.ID] = assetReward{Name: r.Name, Kind: rewardKinds[r.Kind], Effect: r.Text}
	}
	objectives := map[string]assetObjective{}
	for i := range c.Objectives {
		o := &c.Objectives[i]
		objectives[o.ID] = assetObjective{Name: o.Name, Good: o.Good, Goal: o.Text, Draw: o.Draw}
	}
	return map[string]any{"units": units, "areas": areas, "tiles": tiles, "cities": cities, "fate": fate, "factions": factions,
		"heroes": heroes, "quests": quests, "rewards": rewards, "objectives": objectives}
}
