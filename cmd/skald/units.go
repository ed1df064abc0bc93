package main

import (
	"fmt"
	"strings"
	"text/tabwriter"
)

func init() {
	register(command{name: "units", args: "GAME [--filter TEXT]", help: "a game's units with their cost and profile", run: runUnits})
}

// unitTabler is implemented by games whose armies are bought from a list
// of units, such as Tactics David. The command knows no game: it asks the
// game, as games.Lookup returns it, for its table.
type unitTabler interface {
	// UnitTable returns the column names and a row of cells per unit.
	UnitTable() (columns []string, rows [][]string)
	// UnitLegend explains the columns' codes.
	UnitLegend() string
}

func runUnits(e *env, args []string) error {
	fs := newFlags(e, "units")
	filter := fs.String("filter", "", "list only the units whose row holds TEXT (any case), such as a name, an ability or a class code")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	g, err := gameArg(pos)
	if err != nil {
		return err
	}
	t, ok := g.(unitTabler)
	if !ok {
		fmt.Fprintf(e.stdout, "%s has no unit list: its armies are not bought from units (see skald rules %s).\n", shortTitle(g.Title()), g.Name())
		return nil
	}
	columns, rows := t.UnitTable()
	q := strings.ToLower(strings.TrimSpace(*filter))
	var shown [][]string
	for _, r := range rows {
		if q == "" || strings.Contains(strings.ToLower(strings.Join(r, "\t")), q) {
			shown = append(shown, r)
		}
	}
	if len(shown) == 0 {
		fmt.Fprintf(e.stdout, "No unit of %s matches %q (%d units in all).\n", shortTitle(g.Title()), *filter, len(rows))
		return nil
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(columns, "\t"))
	for _, r := range shown {
		fmt.Fprintln(tw, strings.Join(r, "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if q != "" {
		fmt.Fprintf(e.stdout, "%d of %d units match %q.\n", len(shown), len(rows), *filter)
	} else {
		fmt.Fprintf(e.stdout, "%d units.\n", len(rows))
	}
	fmt.Fprintf(e.stdout, "\n%s\n", t.UnitLegend())
	return nil
}

// shortTitle is a game's title up to its first comma: "Black & Red".
func shortTitle(title string) string {
	t, _, _ := strings.Cut(title, ",")
	return t
}
