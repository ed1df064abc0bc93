package battlefield

import (
	"embed"
	"io/fs"
	"sort"
	"strings"
)

//go:embed data/*.txt
var dataFS embed.FS

// areasFile is the attack area file among the data files; every other
// data/*.txt is a battlefield.
const areasFile = "areas.txt"

// embeddedField is a battlefield shipped with skald and the name of its
// file without ".txt", which Named accepts too.
type embeddedField struct {
	id string
	b  *Battlefield
}

var embedded = mustLoadFields()

func mustLoadFields() []embeddedField {
	entries, err := fs.ReadDir(dataFS, "data")
	if err != nil {
		panic("tacticsdavid/battlefield: embedded data: " + err.Error())
	}
	var out []embeddedField
	for _, e := range entries {
		if e.Name() == areasFile || !strings.HasSuffix(e.Name(), ".txt") {
			continue
		}
		data, err := dataFS.ReadFile("data/" + e.Name())
		if err != nil {
			panic("tacticsdavid/battlefield: embedded data: " + err.Error())
		}
		b, err := Parse("data/"+e.Name(), data)
		if err != nil {
			// The embedded data is checked by the package's tests.
			panic("tacticsdavid/battlefield: embedded data: " + err.Error())
		}
		out = append(out, embeddedField{strings.TrimSuffix(e.Name(), ".txt"), b})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].b.Name < out[j].b.Name })
	return out
}

// All returns copies of the battlefields skald ships, by name: the two of
// the Battlefield Book (Bramble Creek Crossing, Death's Highway, TD-B6 and
// TD-B7) and an open field of each size of the rule book (TD-B5).
func All() []*Battlefield {
	out := make([]*Battlefield, len(embedded))
	for i, e := range embedded {
		out[i] = e.b.Clone()
	}
	return out
}

// Names returns the names of the battlefields skald ships, in the order
// of All.
func Names() []string {
	out := make([]string, len(embedded))
	for i, e := range embedded {
		out[i] = e.b.Name
	}
	return out
}

// Named returns a copy of the shipped battlefield with the given name (in
// any case) or file name ("deaths-highway", with or without ".txt").
func Named(name string) (*Battlefield, bool) {
	id := strings.TrimSuffix(name, ".txt")
	for _, e := range embedded {
		if strings.EqualFold(e.b.Name, name) || e.id == id {
			return e.b.Clone(), true
		}
	}
	return nil, false
}
