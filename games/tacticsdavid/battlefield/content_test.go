package battlefield_test

import (
	"testing"

	"skald/games/tacticsdavid"
	"skald/games/tacticsdavid/battlefield"
)

// TestAreasOfTheContent: every attack area a unit or an item of the game's
// content names has a shape here, melee for melee units and ranged for
// ranged ones, and the areas the book ties to weapons and the Lich are the
// ones it names (seed 004, ITEM LIST and UNIT LIST).
func TestAreasOfTheContent(t *testing.T) {
	c := tacticsdavid.DefaultContent()
	for _, a := range c.Areas {
		if _, ok := battlefield.AreaByCode(a.Code); !ok {
			t.Errorf("area %s of the content has no shape", a.Code)
		}
	}
	if len(c.Areas) != len(battlefield.Areas()) {
		t.Errorf("the content lists %d areas, the battlefield %d", len(c.Areas), len(battlefield.Areas()))
	}
	for _, u := range c.Units {
		a, ok := battlefield.AreaByCode(u.AttackArea)
		if !ok {
			t.Errorf("unit %d %s: area %q has no shape", u.Number, u.Name, u.AttackArea)
			continue
		}
		if a.Ranged != (u.Mode == "R") {
			t.Errorf("unit %d %s: attack mode %s with area %s", u.Number, u.Name, u.Mode, a.Code)
		}
	}
	items := map[string]string{}
	for _, it := range c.Items {
		if it.AttackArea == "" {
			continue
		}
		if _, ok := battlefield.AreaByCode(it.AttackArea); !ok {
			t.Errorf("item %d %s: area %q has no shape", it.Number, it.Name, it.AttackArea)
		}
		items[it.Name] = it.AttackArea
	}
	for name, want := range map[string]string{"Sword": "MA", "Spear": "MB", "Flail": "MC", "Axe": "MD", "War Hammer": "MA", "Rod of Hailfire": "RH"} {
		if items[name] != want {
			t.Errorf("%s has area %q, want %s", name, items[name], want)
		}
	}
	if u := c.UnitNamed("Lich"); u == nil || u.AttackArea != "RH" {
		t.Errorf("the Lich's area is not RH: %+v", u)
	}
}
