package tacticsdavid

import (
	"fmt"
	"go/ast"
	goparser "go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestAbilityConstants checks that every ability constant of abilitynum.go
// has the number and, in its comment, the name of data/abilities.yaml.
func TestAbilityConstants(t *testing.T) {
	f, err := goparser.ParseFile(token.NewFileSet(), "abilitynum.go", nil, goparser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	c := DefaultContent()
	seen := map[int]bool{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, sp := range g.Specs {
			v := sp.(*ast.ValueSpec)
			n, err := strconv.Atoi(v.Values[0].(*ast.BasicLit).Value)
			if err != nil || n < 1 || n > numAbilities {
				t.Errorf("%s: value %v is not an ability number", v.Names[0], v.Values[0])
				continue
			}
			name := strings.TrimSpace(strings.TrimPrefix(v.Comment.Text(), "//"))
			if want := c.Abilities[n-1].Name; name != want {
				t.Errorf("%s = %d: comment %q, want the ability's name %q", v.Names[0], n, name, want)
			}
			seen[n] = true
		}
	}
	if len(seen) != numAbilities {
		t.Errorf("%d ability constants, want %d", len(seen), numAbilities)
	}
}

// specialFiles are the scenario file prefixes of the specials.
var specialFiles = map[int]string{spSwarm: "special-swarm", spRelentless: "special-relentless", spHulking: "special-hulking"}

// TestAbilityScenarios checks that every ability and special skald plays
// has its scenario files in testdata/scenarios/abilities (NNN-name*.yaml,
// special-name*.yaml) citing it, and that no file is there for one that is
// not played: an ability counts as played only with its tests.
func TestAbilityScenarios(t *testing.T) {
	files, err := filepath.Glob("testdata/scenarios/abilities/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	g := New()
	has := map[int]int{}
	num := regexp.MustCompile(`^(\d{3})-`)
	for _, f := range files {
		base := filepath.Base(f)
		n := 0
		if m := num.FindStringSubmatch(base); m != nil {
			n, _ = strconv.Atoi(m[1])
		}
		for k, p := range specialFiles {
			if strings.HasPrefix(base, p) {
				n = k
			}
		}
		if n < 1 || n >= numFired {
			t.Errorf("%s: name it NNN-ability.yaml or special-name.yaml", f)
			continue
		}
		if !played.has(n) {
			t.Errorf("%s: %s has a scenario but is not registered as played", f, g.abName(n))
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		cite := fmt.Sprintf("Ability List, %03d %s", n, g.abName(n))
		if n > numAbilities {
			cite = "Special List, " + g.abName(n)
		}
		if !strings.Contains(string(b), cite) {
			t.Errorf("%s: its rule should cite %q", f, cite)
		}
		has[n]++
	}
	for n := 1; n < numFired; n++ {
		if played.has(n) && has[n] == 0 {
			t.Errorf("%s is played but has no scenario in testdata/scenarios/abilities", g.abName(n))
		}
	}
}

// TestStatusCountsAbilities checks that docs/STATUS.md reports the number
// of abilities and specials played as the code has them.
func TestStatusCountsAbilities(t *testing.T) {
	b, err := os.ReadFile("../../docs/STATUS.md")
	if err != nil {
		t.Fatal(err)
	}
	ab, sp := playedCount()
	for _, want := range []string{fmt.Sprintf("Abilities played: %d/202", ab), fmt.Sprintf("Specials played: %d/3", sp)} {
		if !strings.Contains(string(b), want) {
			t.Errorf("docs/STATUS.md does not say %q", want)
		}
	}
}

// TestAbilitySlugs checks that every ability has a distinct word that
// parses back.
func TestAbilitySlugs(t *testing.T) {
	g := New()
	for n := 1; n <= numAbilities; n++ {
		w := g.abSlug(n)
		p := parser0(w)
		if got := g.parseAb(&p); got != n || p.err != nil {
			t.Errorf("ability %d %q: word %q parses as %d (%v)", n, g.abName(n), w, got, p.err)
		}
	}
}

func parser0(w string) parser { return parser{f: []string{w}} }

// TestAbilityUnits checks the unit numbers abilities name.
func TestAbilityUnits(t *testing.T) {
	c := DefaultContent()
	for n, want := range map[int]string{unitSlime: "Slime", unitBittyBug: "Bitty Bug", unitWolf: "Wolf", unitPup: "Pup",
		unitHound: "Hound", unitBear: "Bear", unitEgg: "Egg", unitBabyDragon: "Baby Dragon", unitZombie: "Zombie", unitSkeleton: "Skeleton"} {
		if u := c.Unit(n); u == nil || u.Name != want {
			t.Errorf("unit %d is not the %s", n, want)
		}
	}
}
