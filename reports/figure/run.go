package figure

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/reports/words"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/sim"
)

// panelFill fills every histogram panel: one colour, since a colour per
// panel would suggest a meaning it does not have.
var panelFill = color.RGBA{R: 0x4c, G: 0x72, B: 0xb0, A: 0xff}

var sideColors = map[rules.Side]color.Color{
	rules.A:    color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff},
	rules.B:    color.RGBA{R: 0xd6, G: 0x27, B: 0x28, A: 0xff},
	rules.None: color.RGBA{R: 0x7f, G: 0x7f, B: 0x7f, A: 0xff},
}

// errPoints are bar ends with asymmetric error bars along x.
type errPoints struct {
	plotter.XYs
	lo, hi []float64
}

func (e errPoints) XError(i int) (float64, float64) { return e.lo[i], e.hi[i] }

// Contested returns the results in which some trial had a winner: the ones
// a win-rate chart has something to say about. (A lifespan, or a duel that
// always reaches its cap, is all "no winner"; its table says so.)
func Contested(results []*analysis.Result) []*analysis.Result {
	var out []*analysis.Result
	for _, r := range results {
		if r.Tally.Wins[rules.A]+r.Tally.Wins[rules.B] > 0 {
			out = append(out, r)
		}
	}
	return out
}

// WinRatesPNG draws the headline of every result — the victories of side
// a and of side b, and no winner (analysis.Headline: a non-victory end such
// as an escape counts for none of them) — as horizontal grouped bars with
// 95 % Clopper–Pearson error bars, one row per scenario (the first at the top), so
// that long scenario names stay legible however many scenarios a run has.
func WinRatesPNG(results []*analysis.Result) ([]byte, error) {
	return WinRatesFigure(results, FormatPNG)
}

// WinRatesFigure is WinRatesPNG in format.
func WinRatesFigure(results []*analysis.Result, format string) ([]byte, error) {
	p := plot.New()
	p.Title.Text = "Win rates (95 % Clopper–Pearson intervals)"
	p.X.Label.Text = "share of trials"
	p.Title.Padding = vg.Points(6)
	// Room right of 1 keeps the legend clear of the bars; the ticks stop at
	// 100 %, the most a share can be.
	p.X.Min, p.X.Max = 0, 1.22
	p.X.Tick.Marker = shareTicks{}
	n := len(results)
	rows := make([]string, n)
	specs := make([]rules.Spec, n)
	for i, r := range results {
		rows[n-1-i], specs[i] = r.Scenario, r.Spec
	}
	var names words.SideNames
	if n > 0 {
		names = words.CommonNames(specs, nil)
	}
	rowHeight := 0.42 * vg.Inch
	height := vg.Length(n)*rowHeight + 1.6*vg.Inch
	barWidth := rowHeight * 0.26
	heads := make([]analysis.Headline, n)
	for i, r := range results {
		heads[i] = r.Headline()
	}
	for k, s := range []rules.Side{rules.A, rules.B, rules.None} {
		// Bars and error bars share data-space centres: row + dy, with the
		// a bar on top of each group.
		dy := float64(1-k) * 0.27
		vals := make(plotter.Values, n)
		pts := errPoints{XYs: make(plotter.XYs, n), lo: make([]float64, n), hi: make([]float64, n)}
		for i := range results {
			row := n - 1 - i
			sh := heads[i].Victories[s]
			vals[row] = sh.P
			pts.XYs[row] = plotter.XY{X: sh.P, Y: float64(row) + dy}
			pts.lo[row], pts.hi[row] = sh.P-sh.Lo, sh.Hi-sh.P
		}
		bars, err := plotter.NewBarChart(vals, barWidth)
		if err != nil {
			return nil, err
		}
		bars.Horizontal = true
		bars.Color = sideColors[s]
		bars.LineStyle.Width = 0
		bars.XMin = dy
		eb, err := plotter.NewXErrorBars(pts)
		if err != nil {
			return nil, err
		}
		eb.CapWidth = barWidth / 2
		p.Add(bars, eb)
		p.Legend.Add(legendText(names, s), bars)
	}
	p.NominalY(rows...)
	p.Legend.Top = true
	p.Add(plotter.NewGrid())
	return renderAs(p, 9*vg.Inch, height, format)
}

// legendText names a side in a chart of several scenarios: by the label
// they all give it ("attacker wins (a)"), else by its letter.
func legendText(n words.SideNames, s rules.Side) string {
	switch {
	case s == rules.None:
		return n.Victories(s)
	case n.Tag(s) == "":
		return "side " + s.String() + " wins"
	}
	return n.Victories(s) + n.Tag(s)
}

// shareTicks marks a share axis at every 20 % from 0 to 100 %, with minor
// ticks at every 10 %.
type shareTicks struct{}

func (shareTicks) Ticks(min, max float64) []plot.Tick {
	var ts []plot.Tick
	for i := 0; i <= 10; i++ {
		v := float64(i) / 10
		if v < min || v > max {
			continue
		}
		t := plot.Tick{Value: v}
		if i%2 == 0 {
			t.Label = fmt.Sprintf("%d %%", i*10)
		}
		ts = append(ts, t)
	}
	return ts
}

// WholeTicks marks an axis of whole numbers at a step of 1, 2 or 5 times a
// power of ten, about five marks across it.
type WholeTicks struct{}

func (WholeTicks) Ticks(min, max float64) []plot.Tick {
	if !(max > min) || math.IsInf(max-min, 0) {
		return nil
	}
	step := 1.0
search:
	for mag := 1.0; ; mag *= 10 {
		for _, m := range [...]float64{1, 2, 5} {
			if step = m * mag; (max-min)/step <= 6 {
				break search
			}
		}
	}
	var ts []plot.Tick
	for v := math.Ceil(min/step) * step; v <= max; v += step {
		ts = append(ts, plot.Tick{Value: v, Label: strconv.FormatFloat(v+0, 'f', -1, 64)}) // +0: no "-0"
	}
	return ts
}

// RoundsPNG draws each result's distribution of rounds as a histogram in a
// panel of its own, three panels to a row, so that a battle of three rounds
// and one of three hundred are each legible on their own axis. A panel's x
// axis stops at the result's 99.9th percentile (its label then gives the
// maximum), and a dashed line marks the mean. Values past the exact range,
// or spanning more than three decades, go in 1/8-octave buckets on a log
// axis. All results should count the same unit (see RoundPlots).
func RoundsPNG(results []*analysis.Result) ([]byte, error) {
	unit := "rounds"
	if len(results) > 0 {
		unit = words.UnitOf(results[0])
	}
	var panels []*plot.Plot
	for _, r := range results {
		p, err := histPanelApart(r.Scenario, &r.Tally.Rounds, unit, panelFill, cappedTrials(r))
		if err != nil {
			return nil, err
		}
		panels = append(panels, p)
	}
	return panelGrid("Distribution of "+unit, panels)
}

// cappedTrials returns the trials that ended at a round or turn cap (end
// reasons named "…-cap").
func cappedTrials(r *analysis.Result) int64 {
	var n int64
	for i, name := range r.Tally.EndNames {
		if strings.HasSuffix(name, "-cap") {
			n += r.Tally.Ends[i]
		}
	}
	return n
}

// CountersPNG draws the distribution of every distribution counter of
// every result, a panel each, as RoundsPNG draws rounds.
func CountersPNG(results []*analysis.Result) ([]byte, error) {
	var panels []*plot.Plot
	for _, r := range results {
		for _, d := range r.Dists() {
			p, err := histPanel(r.Scenario+": "+d.Name, d.Hist, "value", panelFill)
			if err != nil {
				return nil, err
			}
			panels = append(panels, p)
		}
	}
	return panelGrid("Distributions of counters", panels)
}

// panelGrid lays panels out three to a row under a title, as PNG.
func panelGrid(heading string, list []*plot.Plot) ([]byte, error) {
	return panelGridAs(heading, list, 3, 4.4*vg.Inch, 3*vg.Inch, FormatPNG)
}

// panelGridAs lays panels of w×h out at most cols to a row under a title,
// in format.
func panelGridAs(heading string, list []*plot.Plot, most int, pw, ph vg.Length, format string) ([]byte, error) {
	cols := min(max(len(list), 1), most)
	rows := max((len(list)+cols-1)/cols, 1)
	panels := make([][]*plot.Plot, rows)
	for i := range panels {
		panels[i] = make([]*plot.Plot, cols)
	}
	for i, p := range list {
		panels[i/cols][i%cols] = p
	}
	titleHeight := 0.5 * vg.Inch
	if heading == "" {
		titleHeight = 0
	}
	w, h := vg.Length(cols)*pw, vg.Length(rows)*ph+titleHeight
	img := newCanvas(format, w, h)
	dc := draw.New(img)
	title := plot.New().Title.TextStyle // the style of a plot's title, larger
	title.Font.Size = vg.Points(14)
	title.XAlign, title.YAlign = draw.XCenter, draw.YTop
	// A heading wider than the grid is set smaller, not cut at its edges.
	if tw := title.Width(heading); tw > w-0.3*vg.Inch {
		title.Font.Size = max(vg.Points(8), title.Font.Size*(w-0.3*vg.Inch)/tw)
	}
	dc.FillText(title, vg.Point{X: w / 2, Y: h - 0.15*vg.Inch}, heading)
	grid := draw.Crop(dc, 0, 0, 0, -titleHeight)
	tiles := draw.Tiles{Rows: rows, Cols: cols, PadX: 0.25 * vg.Inch, PadY: 0.25 * vg.Inch,
		PadTop: 0.05 * vg.Inch, PadBottom: 0.05 * vg.Inch, PadLeft: 0.05 * vg.Inch, PadRight: 0.45 * vg.Inch}
	canvases := plot.Align(panels, tiles, grid)
	for j := range panels {
		for i, p := range panels[j] {
			if p != nil {
				p.Draw(canvases[j][i])
			}
		}
	}
	return encode(img)
}

// histPanel is one panel of RoundsPNG or CountersPNG: the histogram h of
// per-trial values counted in unit.
func histPanel(title string, h *sim.Hist, unit string, fill color.Color) (*plot.Plot, error) {
	return histPanelApart(title, h, unit, fill, 0)
}

// histPanelApart is histPanel for rounds of which `apart` trials ended at a
// cap: when they all sit in the last bin, that bin is left out of the bars
// (a bar of 13 % at round 200 would squash the rest into the floor) and
// stated in the legend instead.
func histPanelApart(title string, h *sim.Hist, unit string, fill color.Color, apart int64) (*plot.Plot, error) {
	mean := h.Mean() // the mean of every trial, the capped ones too
	h, capped := dropCapped(h, apart)
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font.Size = vg.Points(10)
	p.X.Label.Text = unit
	p.Y.Label.Text = "share per " + words.Singular(unit)
	bins, logX := histBins(p, h, unit)
	if len(bins) == 0 {
		return p, nil
	}
	hist := &plotter.Histogram{Bins: bins, FillColor: fill}
	if len(bins) <= 40 { // thinner bars would be more outline than fill
		hist.LineStyle = draw.LineStyle{Color: color.White, Width: vg.Points(0.5)}
	}
	p.Add(hist)
	top := 0.0
	for _, b := range bins {
		top = max(top, b.Weight)
	}
	p.Y.Max = top * 1.3    // headroom: the legend sits above the bars
	if mean > 0 || !logX { // a log axis has no place for a mean of 0
		if err := addMean(p, mean, top, capped); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// histBins returns the bars of h, each weighing its share of the trials
// per unit of width, and sets p's x axis for them: a log axis with bins
// 1/8 octave wide when h spans many decades (logX), else whole units to
// the 99.9th percentile.
func histBins(p *plot.Plot, h *sim.Hist, unit string) (bins []plotter.HistogramBin, logX bool) {
	n := float64(h.N())
	logX = wantsLogX(h)
	if logX {
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = plot.LogTicks{Prec: -1}
		p.Y.Label.Text = "share per 1/8 octave"
		for _, b := range logBinned(h) {
			bins = append(bins, plotter.HistogramBin{Min: b.X * math.Exp2(-0.5/8), Max: b.X * math.Exp2(0.5/8), Weight: b.Y})
		}
		return bins, logX
	}
	for _, b := range h.Bins() {
		width := float64(b.High - b.Low + 1)
		bins = append(bins, plotter.HistogramBin{Min: float64(b.Low) - 0.5, Max: float64(b.High) + 0.5, Weight: float64(b.Count) / n / width})
	}
	if q := h.Quantile(0.999); q < h.Max() {
		p.X.Max = float64(q) + 0.5
		p.X.Label.Text = fmt.Sprintf("%s (axis to p99.9; max %d)", unit, h.Max())
	}
	p.X.Tick.Marker = WholeTicks{}
	return bins, logX
}

// dropCapped returns h without its last bin, and a legend's words saying
// so, when the trials at a cap (apart of them) all sit in that bin and
// are not all of h's; else h as it is and "".
func dropCapped(h *sim.Hist, apart int64) (*sim.Hist, string) {
	at := h.Count(h.Max())
	if apart <= 0 || h.Max() >= sim.ExactBelow || at < apart || at >= h.N() {
		return h, ""
	}
	capped := fmt.Sprintf("at %d, the cap: %s, not drawn", h.Max(), words.Pct(float64(at)/float64(h.N())))
	rest := h.Clone()
	rest.DropMax()
	return &rest, capped
}

// wantsLogX reports whether h spans so many decades that it reads only on
// a log axis.
func wantsLogX(h *sim.Hist) bool {
	return h.Max() >= sim.ExactBelow || h.Max() > 1000*max(h.Min(), 1)
}

// addMean draws the mean as a dashed line up to the bars' top, in a
// legend that also states what was left out of the bars (capped), if any.
func addMean(p *plot.Plot, mean, top float64, capped string) error {
	line, err := plotter.NewLine(plotter.XYs{{X: mean, Y: 0}, {X: mean, Y: top * 1.05}})
	if err != nil {
		return err
	}
	line.Dashes = []vg.Length{vg.Points(3), vg.Points(2)}
	line.Width = vg.Points(1)
	p.Add(line)
	p.Legend.Add(fmt.Sprintf("mean %.4g", mean), line)
	if capped != "" {
		p.Legend.Add(capped)
	}
	p.Legend.Top = true
	p.Legend.TextStyle.Font.Size = vg.Points(9)
	return nil
}

// logBinned regroups a histogram into buckets 1/8 of an octave wide, the
// resolution at which a distribution spanning many decades reads well on a
// log axis; each point is a bucket's geometric centre and its share of the
// trials. Values of 0 are left out (they have no place on a log axis).
func logBinned(h *sim.Hist) plotter.XYs {
	const perOctave = 8
	n := float64(h.N())
	shares := map[int]float64{}
	lowest, highest := math.MaxInt, math.MinInt
	for _, b := range h.Bins() {
		if b.Low < 1 {
			continue
		}
		k := int(math.Floor(math.Log2(float64(b.Low)) * perOctave))
		shares[k] += float64(b.Count) / n
		lowest, highest = min(lowest, k), max(highest, k)
	}
	var xys plotter.XYs
	for k := lowest; k <= highest; k++ {
		xys = append(xys, plotter.XY{X: math.Exp2((float64(k) + 0.5) / perOctave), Y: shares[k]})
	}
	return xys
}

// RoundPlot is one distribution plot: the results that count one unit.
type RoundPlot struct {
	File    string
	Unit    string
	Results []*analysis.Result
}

// RoundPlots groups results by the unit their rounds count, so that battles
// of a few rounds and lifetimes of billions of seconds are not drawn on one
// axis. Rounds go to rounds.png; any other unit u to rounds-u.png (or to
// rounds.png when no result counts rounds).
func RoundPlots(results []*analysis.Result) []RoundPlot {
	var plots []RoundPlot
	index := map[string]int{}
	for _, r := range results {
		u := words.UnitOf(r)
		i, ok := index[u]
		if !ok {
			i = len(plots)
			index[u] = i
			plots = append(plots, RoundPlot{File: "rounds-" + u + ".png", Unit: u})
		}
		plots[i].Results = append(plots[i].Results, r)
	}
	if i, ok := index["rounds"]; ok {
		plots[i].File = "rounds.png"
	} else if len(plots) > 0 {
		plots[0].File = "rounds.png"
	}
	return plots
}

func render(p *plot.Plot, w, h vg.Length) ([]byte, error) { return renderAs(p, w, h, FormatPNG) }
