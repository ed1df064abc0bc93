package lab

import (
	"bytes"
	"cmp"
	"fmt"
	"html/template"
	"image/color"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// The report's plots are drawn by gonum/plot as SVG, inline in the HTML
// file, so the report is one file that needs no network.

var (
	barColor  = color.RGBA{R: 70, G: 110, B: 170, A: 255}
	lineColor = color.RGBA{R: 200, G: 80, B: 60, A: 255}
)

// svg renders p as an inline SVG element.
func svg(p *plot.Plot, w, h vg.Length) (template.HTML, error) {
	c := vgsvg.NewWith(vgsvg.UseWH(w, h), vgsvg.EmbedFonts(false))
	p.Draw(draw.New(c))
	var b bytes.Buffer
	if _, err := c.WriteTo(&b); err != nil {
		return "", fmt.Errorf("plot %q: %w", p.Title.Text, err)
	}
	out := b.Bytes()
	if i := bytes.Index(out, []byte("<svg")); i > 0 {
		out = out[i:] // drop the XML declaration: the SVG is inline
	}
	return template.HTML(out), nil
}

// intervals is a set of estimates with intervals, at x = 0, 1, 2…
type intervals []Interval

func (v intervals) Len() int                        { return len(v) }
func (v intervals) XY(i int) (float64, float64)     { return float64(i), v[i].Est }
func (v intervals) YError(i int) (float64, float64) { return v[i].Est - v[i].Low, v[i].High - v[i].Est }
func (v intervals) Value(i int) float64             { return v[i].Est }

// ratePlot draws win rates with their intervals as bars.
func ratePlot(title string, rs []Rate) (template.HTML, error) {
	if len(rs) == 0 {
		return "", nil
	}
	p := plot.New()
	p.Title.Text = title
	p.Y.Label.Text = "win rate"
	p.Y.Min, p.Y.Max = 0, 1
	vs := make(intervals, len(rs))
	names := make([]string, len(rs))
	for i, r := range rs {
		vs[i] = Interval{r.Rate, r.Low, r.High}
		names[i] = r.Name
	}
	bars, err := plotter.NewBarChart(vs, vg.Points(min(40, 400/float64(len(rs)))))
	if err != nil {
		return "", fmt.Errorf("plot %q: %w", title, err)
	}
	bars.Color = barColor
	bars.LineStyle.Width = 0
	errs, err := plotter.NewYErrorBars(vs)
	if err != nil {
		return "", fmt.Errorf("plot %q: %w", title, err)
	}
	p.Add(bars, errs, plotter.NewGrid())
	p.NominalX(names...)
	return svg(p, vg.Points(max(300, 60*float64(len(rs)))), 220)
}

// lengthPlot draws the histogram of match lengths.
func lengthPlot(l Lengths) (template.HTML, error) {
	if len(l.Histogram) == 0 {
		return "", nil
	}
	p := plot.New()
	p.Title.Text = "Match length"
	p.X.Label.Text = "actions"
	p.Y.Label.Text = "matches"
	bins := make([]plotter.HistogramBin, len(l.Histogram))
	for i, n := range l.Histogram {
		bins[i] = plotter.HistogramBin{Min: float64(i * l.BinWidth), Max: float64((i + 1) * l.BinWidth), Weight: float64(n)}
	}
	h := &plotter.Histogram{Bins: bins, Width: float64(l.BinWidth), FillColor: barColor, LineStyle: draw.LineStyle{Color: color.White, Width: vg.Points(0.5)}}
	p.Add(h)
	return svg(p, 520, 220)
}

// valuePlot draws the fitted values of the most fielded things, each
// with its interval, one a line.
func valuePlot(a *Attribution, n int) (template.HTML, error) {
	if a == nil {
		return "", nil
	}
	var ts []Thing
	for _, t := range a.Things {
		if t.Value != nil {
			ts = append(ts, t)
		}
	}
	if len(ts) == 0 {
		return "", nil
	}
	slices.SortStableFunc(ts, func(x, y Thing) int { return cmp.Compare(y.Fielded, x.Fielded) })
	ts = ts[:min(n, len(ts))]
	slices.SortStableFunc(ts, func(x, y Thing) int { return cmp.Compare(x.Value.Est, y.Value.Est) })
	p := plot.New()
	p.Title.Text = fmt.Sprintf("Fitted value of one more copy (the %d most fielded)", len(ts))
	p.X.Label.Text = "reward (1 a win, 0 a loss)"
	xy := make(plotter.XYs, len(ts))
	xe := make(plotter.XErrors, len(ts))
	names := make([]string, len(ts))
	for i, t := range ts {
		xy[i] = plotter.XY{X: t.Value.Est, Y: float64(i)}
		xe[i] = struct{ Low, High float64 }{t.Value.Est - t.Value.Low, t.Value.High - t.Value.Est}
		names[i] = t.Kind + " " + t.Name
	}
	sc, err := plotter.NewScatter(xy)
	if err != nil {
		return "", fmt.Errorf("plot values: %w", err)
	}
	sc.GlyphStyle.Color = barColor
	bars, err := plotter.NewXErrorBars(struct {
		plotter.XYs
		plotter.XErrors
	}{xy, xe})
	if err != nil {
		return "", fmt.Errorf("plot values: %w", err)
	}
	p.Add(plotter.NewGrid(), bars, sc)
	p.NominalY(names...)
	return svg(p, 640, vg.Points(80+14*float64(len(ts))))
}

// calibrationPlot draws each priced thing's fitted worth against its
// printed cost, with the line where they are equal.
func calibrationPlot(a *Attribution) (template.HTML, error) {
	if a == nil || a.Calibration == nil || !a.Calibration.Valid {
		return "", nil
	}
	var xy plotter.XYs
	var ye plotter.YErrors
	top := 0.0
	for _, t := range a.Things {
		if t.Worth == nil {
			continue
		}
		xy = append(xy, plotter.XY{X: t.Cost, Y: t.Worth.Est})
		ye = append(ye, struct{ Low, High float64 }{t.Worth.Est - t.Worth.Low, t.Worth.High - t.Worth.Est})
		top = max(top, t.Cost)
	}
	if len(xy) == 0 {
		return "", nil
	}
	p := plot.New()
	p.Title.Text = "Fitted worth against printed cost"
	p.X.Label.Text = "printed cost"
	p.Y.Label.Text = "fitted worth, in cost"
	sc, err := plotter.NewScatter(xy)
	if err != nil {
		return "", fmt.Errorf("plot calibration: %w", err)
	}
	sc.GlyphStyle.Color = barColor
	bars, err := plotter.NewYErrorBars(struct {
		plotter.XYs
		plotter.YErrors
	}{xy, ye})
	if err != nil {
		return "", fmt.Errorf("plot calibration: %w", err)
	}
	bars.LineStyle.Color = color.Gray{Y: 170}
	even, err := plotter.NewLine(plotter.XYs{{X: 0, Y: 0}, {X: top, Y: top}})
	if err != nil {
		return "", fmt.Errorf("plot calibration: %w", err)
	}
	even.LineStyle.Color = lineColor
	p.Add(plotter.NewGrid(), bars, sc, even)
	p.Legend.Add("worth = cost", even)
	return svg(p, 560, 360)
}
