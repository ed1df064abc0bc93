package lab

import (
	"cmp"
	"fmt"
	"html/template"
	"io"
	"slices"
)

// WriteHTML writes the report as one HTML file with its plots inline as
// SVG: it needs no network and no other file.
func (r *Report) WriteHTML(w io.Writer) error {
	data := struct {
		*Report
		Plots   map[string]template.HTML
		Fielded []Thing
	}{Report: r, Plots: map[string]template.HTML{}}
	var err error
	add := func(name string, h template.HTML, e error) {
		if e != nil && err == nil {
			err = e
		}
		data.Plots[name] = h
	}
	seatRates := append(append([]Rate{}, r.Seats...), r.First)
	seatRates[len(seatRates)-1].Name = "first to act"
	h, e := ratePlot("Win rate by seat, and of the first to act", seatRates)
	add("seats", h, e)
	if len(r.Bots) > 1 {
		h, e = ratePlot("Win rate by bot", r.Bots)
		add("bots", h, e)
	}
	if len(r.Factions) > 0 {
		h, e = ratePlot("Win rate by deck, clan or faction", r.Factions)
		add("factions", h, e)
	}
	h, e = lengthPlot(r.Length)
	add("length", h, e)
	h, e = valuePlot(r.Attribution, 40)
	add("values", h, e)
	h, e = calibrationPlot(r.Attribution)
	add("calibration", h, e)
	if err != nil {
		return err
	}
	if r.Attribution != nil {
		data.Fielded = slices.Clone(r.Attribution.Things)
		slices.SortStableFunc(data.Fielded, func(x, y Thing) int { return cmp.Compare(y.Fielded, x.Fielded) })
	}
	if err := reportPage.Execute(w, data); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	return nil
}

var reportPage = template.Must(template.New("report").Funcs(template.FuncMap{
	"pct": func(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) },
	"f3":  func(x float64) string { return fmt.Sprintf("%.3f", x) },
	"f1":  func(x float64) string { return fmt.Sprintf("%.1f", x) },
	"iv": func(v *Interval) string {
		if v == nil {
			return "—"
		}
		return fmt.Sprintf("%+.3f [%+.3f, %+.3f]", v.Est, v.Low, v.High)
	},
	"money": func(v *Interval) string {
		if v == nil {
			return "—"
		}
		return fmt.Sprintf("%.1f [%.1f, %.1f]", v.Est, v.Low, v.High)
	},
	"worth": func(v Interval) string { return fmt.Sprintf("%.1f [%.1f, %.1f]", v.Est, v.Low, v.High) },
	"opt": func(v *float64) string {
		if v == nil {
			return "— (the game has no evaluation of a position)"
		}
		return fmt.Sprintf("%.3f", *v)
	},
}).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>skald lab: {{.Study.Game}} ({{.ID}})</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:.5em 0 1.5em}th,td{padding:.2em .6em;border-bottom:1px solid #ddd;text-align:right}
th:first-child,td:first-child{text-align:left}th{background:#f4f4f4}
code{background:#f4f4f4;padding:0 .2em}.note{color:#555}svg{display:block;margin:.5em 0}
</style></head><body>
<h1>{{.Study.Game}}: balance lab report</h1>
<p>Study <code>{{.ID}}</code>: {{.Study.Matches}} matches ({{.Matches}} ended, {{.Failed}} failed) in shards of {{.Study.ShardSize}},
seed {{.Study.Seed}}, seats {{range $i, $s := .Study.Seats}}{{if $i}}, {{end}}<code>{{$s}}</code>{{end}} (rotated between matches){{if .Study.Options}}, options <code>{{range $k, $v := .Study.Options}}{{$k}}={{$v}} {{end}}</code>{{end}}.
Every figure has its 95% interval (win rates: Wilson; means: normal).</p>
{{if .Failures}}<h2>Failures</h2><ul>{{range .Failures}}<li>{{.}}</li>{{end}}</ul>{{end}}

<h2>Balance</h2>
{{.Plots.seats}}
<table><tr><th>seat</th><th>matches</th><th>wins</th><th>win rate</th><th>interval</th><th>mean reward</th><th>interval</th></tr>
{{range .Seats}}<tr><td>{{.Name}}</td><td>{{.Games}}</td><td>{{.Wins}}</td><td>{{pct .Rate}}</td><td>{{pct .Low}}–{{pct .High}}</td><td>{{f3 .Reward}}</td><td>{{f3 .RewardLow}}–{{f3 .RewardHigh}}</td></tr>{{end}}
<tr><td>first to act</td><td>{{.First.Games}}</td><td>{{.First.Wins}}</td><td>{{pct .First.Rate}}</td><td>{{pct .First.Low}}–{{pct .First.High}}</td><td>{{f3 .First.Reward}}</td><td>{{f3 .First.RewardLow}}–{{f3 .First.RewardHigh}}</td></tr>
<tr><td>draws</td><td>{{.Draws.Games}}</td><td>{{.Draws.Wins}}</td><td>{{pct .Draws.Rate}}</td><td>{{pct .Draws.Low}}–{{pct .Draws.High}}</td><td></td><td></td></tr>
</table>
{{if gt (len .Bots) 1}}{{.Plots.bots}}
<table><tr><th>bot</th><th>matches</th><th>wins</th><th>win rate</th><th>interval</th><th>mean reward</th></tr>
{{range .Bots}}<tr><td>{{.Name}}</td><td>{{.Games}}</td><td>{{.Wins}}</td><td>{{pct .Rate}}</td><td>{{pct .Low}}–{{pct .High}}</td><td>{{f3 .Reward}}</td></tr>{{end}}</table>{{end}}
{{if .Factions}}<h2>Decks, clans, factions</h2>{{.Plots.factions}}
<table><tr><th>side</th><th>seat-matches</th><th>wins</th><th>win rate</th><th>interval</th><th>mean reward</th></tr>
{{range .Factions}}<tr><td>{{.Name}}</td><td>{{.Games}}</td><td>{{.Wins}}</td><td>{{pct .Rate}}</td><td>{{pct .Low}}–{{pct .High}}</td><td>{{f3 .Reward}}</td></tr>{{end}}</table>{{end}}
{{if .Report.Variants}}<h2>Variants</h2>
<table><tr><th>variant</th>{{range (index .Report.Variants 0).Seats}}<th>{{.Name}} win rate [interval]</th>{{end}}<th>draws</th></tr>
{{range .Report.Variants}}<tr><td>{{.Label}}</td>{{range .Seats}}<td>{{pct .Rate}} [{{pct .Low}}–{{pct .High}}] of {{.Games}}</td>{{end}}<td>{{pct .Draws.Rate}}</td></tr>{{end}}</table>{{end}}

<h2>Game quality (Ludii's measures)</h2>
<table><tr><th>measure</th><th>value</th><th>meaning</th></tr>
<tr><td>balance</td><td>{{f3 .Quality.Balance}}</td><td>1 − the largest gap between two seats' win rates</td></tr>
<tr><td>decisiveness</td><td>{{opt .Quality.Decisiveness}}</td><td>share of a match played after its winner took the lead it kept</td></tr>
<tr><td>drawishness</td><td>{{f3 .Quality.Drawishness}}</td><td>share of matches drawn</td></tr>
<tr><td>duration</td><td>{{f1 .Quality.Duration}}</td><td>mean actions a match</td></tr>
<tr><td>branching factor</td><td>{{f1 .Quality.BranchingFactor}}</td><td>mean legal actions at a decision</td></tr>
<tr><td>lead change</td><td>{{opt .Quality.LeadChange}}</td><td>share of actions after which the leader changed</td></tr>
<tr><td>completion</td><td>{{f3 .Quality.Completion}}</td><td>share of matches that ended</td></tr></table>
{{.Plots.length}}
<p>Length in actions: mean {{f1 .Length.Mean}}, min {{.Length.Min}}, median {{.Length.P50}}, 90th percentile {{.Length.P90}}, max {{.Length.Max}}.</p>

{{with .Attribution}}<h2>Attribution</h2>
<p class="note">Each thing's fitted value is the reward one more copy is worth with the rest of what the seat fielded held fixed: a ridge regression (penalty {{.Ridge}}) over {{.Rows}} seat-matches of each seat's reward on its counts relative to the match's mean, seats and bots as controls; {{.Fitted}} things fielded in at least {{.MinFielded}} seat-matches are fitted.</p>
{{$.Plots.values}}
{{with .Calibration}}<h2>Cost calibration</h2>
{{if .Valid}}<p>One unit of printed cost is worth {{f3 .PerCost.Est}} reward [{{f3 .PerCost.Low}}, {{f3 .PerCost.High}}]; a thing's worth is its fitted value over that.</p>
{{$.Plots.calibration}}
<h3>The {{len .OverPriced}} most over-priced</h3>
<table><tr><th>thing</th><th>cost</th><th>fitted worth [interval]</th><th>cost − worth</th><th>fielded</th></tr>
{{range .OverPriced}}<tr><td>{{.Kind}} {{.Name}}</td><td>{{.Cost}}</td><td>{{worth .Worth}}</td><td>{{f1 .Gap}}</td><td>{{.Fielded}}</td></tr>{{end}}</table>
<h3>The {{len .UnderPriced}} most under-priced</h3>
<table><tr><th>thing</th><th>cost</th><th>fitted worth [interval]</th><th>cost − worth</th><th>fielded</th></tr>
{{range .UnderPriced}}<tr><td>{{.Kind}} {{.Name}}</td><td>{{.Cost}}</td><td>{{worth .Worth}}</td><td>{{f1 .Gap}}</td><td>{{.Fielded}}</td></tr>{{end}}</table>
{{else}}<p>{{.Note}}</p>{{end}}{{end}}
<h3>Every thing fielded</h3>
<table><tr><th>thing</th><th>cost</th><th>seat-matches</th><th>copies</th><th>win rate of its side [interval]</th><th>fitted value [interval]</th><th>worth [interval]</th></tr>
{{range $.Fielded}}<tr><td>{{.Kind}} {{.Name}}</td><td>{{if .Cost}}{{.Cost}}{{end}}</td><td>{{.Fielded}}</td><td>{{.Copies}}</td><td>{{pct .Win.Rate}} [{{pct .Win.Low}}–{{pct .Win.High}}]</td><td>{{iv .Value}}</td><td>{{money .Worth}}</td></tr>{{end}}</table>
{{end}}
</body></html>
`))
