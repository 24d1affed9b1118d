package figure

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"sort"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/crucible-sim/crucible/analysis/sweep"
	"github.com/crucible-sim/crucible/reports/words"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
)

// The colours of a sweep's plots, one per meaning; the metric's own
// colour is its side's (sideColors) or, for an end reason, panelFill.
var (
	exactColor     = color.Black
	breakEvenColor = color.RGBA{R: 0xff, G: 0x7f, B: 0x0e, A: 0xff}
	halfColor      = color.RGBA{R: 0x99, G: 0x99, B: 0x99, A: 0xff}
	missingColor   = color.RGBA{R: 0xdd, G: 0xdd, B: 0xdd, A: 0xff}
)

// MaxCurvePanels is the most values of a second field whose curves are
// drawn, a panel each; a larger sweep is shown by its heat map alone.
const MaxCurvePanels = 30

// CurveDrawn reports whether a sweep's report has curve.png: some point
// finished, and the second field, if any, has at most MaxCurvePanels
// values.
func CurveDrawn(s *sweep.Result) bool {
	return len(s.Points) > 0 && CurveNote(s) == ""
}

// CurveNote says why a sweep's report has no curve when its second field
// has too many values for one panel each, and "" otherwise, so that the
// text and the page say what the directory lacks.
func CurveNote(s *sweep.Result) string {
	if len(s.Sweep.Axes) < 2 || len(s.Sweep.Axes[1].Values) <= MaxCurvePanels {
		return ""
	}
	a, what := s.Sweep.Axes[1], "curve (curve.png)"
	if s.Sweep.Kinds[0] == sweep.Categorical {
		what = "ranking plot (rank.png)"
	}
	return fmt.Sprintf("no %s: it draws one panel per value of the second field, at most %d, and %s has %d; the heat map (heatmap.png) shows the whole grid",
		what, MaxCurvePanels, a.Name(), len(a.Values))
}

func metricColor(m rules.Metric) color.Color {
	if m.Kind == rules.WinShare {
		return sideColors[m.Side]
	}
	return panelFill
}

// SweepCurvePNG draws the sweep's metric along its first field: each
// finished point with its 95 % error bar, the band those intervals span
// (linear between points, as the break-even reads it on a continuous
// field), the exact curve where the solver gave one, the level and the
// break-even on it. A sweep of two fields gets one panel per value of the
// second.
func SweepCurvePNG(s *sweep.Result) ([]byte, error) {
	lines := s.Lines()
	metric, axis := words.MetricName(s), s.Sweep.Axes[0].Name()
	if len(s.Sweep.Axes) == 1 {
		p, err := curvePanel(s, lines[0])
		if err != nil {
			return nil, err
		}
		p.Title.Text = fmt.Sprintf("%s: %s by %s (%d trials a point, %s intervals)", s.Sweep.Name, metric, axis, s.Trials, words.IntervalName(s.Sweep.Metric))
		p.Title.Padding = vg.Points(6)
		return render(p, 9*vg.Inch, 5.5*vg.Inch)
	}
	panels, err := givenPanels(s, lines, func(l sweep.Line) int { return l.Given }, func(l sweep.Line) (*plot.Plot, error) {
		p, err := curvePanel(s, l)
		if p != nil {
			p.Legend = plot.NewLegend() // one legend for all would need a panel of its own; the single-field plot explains the marks
		}
		return p, err
	})
	if err != nil {
		return nil, err
	}
	return panelGrid(fmt.Sprintf("%s: %s by %s, one panel per %s (%s intervals)", s.Sweep.Name, metric, axis, s.Sweep.Axes[1].Name(), words.IntervalName(s.Sweep.Metric)), panels)
}

// givenPanels draws one panel per value of a sweep's second field, each
// titled by that value: draw(item) for each item, given(item) its value's
// index.
func givenPanels[T any](s *sweep.Result, items []T, given func(T) int, draw func(T) (*plot.Plot, error)) ([]*plot.Plot, error) {
	var panels []*plot.Plot
	for _, it := range items {
		p, err := draw(it)
		if err != nil {
			return nil, err
		}
		p.Title.Text = words.GivenWords(s, given(it))
		p.Title.TextStyle.Font.Size = vg.Points(10)
		panels = append(panels, p)
	}
	return panels, nil
}

// breakEvenAt returns the break-even of the line at the second field's
// value given; ok is false when there is none (no level, or names).
func breakEvenAt(s *sweep.Result, given int) (sweep.BreakEvenLine, bool) {
	for _, be := range s.BreakEvens() {
		if be.Given == given {
			return be, true
		}
	}
	return sweep.BreakEvenLine{}, false
}

// rowPoints returns the finished points of a line ordered along the
// first field, with their positions.
func rowPoints(s *sweep.Result, line sweep.Line) ([]sweep.PointResult, []float64) {
	order := make([]int, len(line.At))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return line.Xs[order[a]] < line.Xs[order[b]] })
	pts := make([]sweep.PointResult, len(order))
	xs := make([]float64, len(order))
	for i, k := range order {
		pts[i], xs[i] = s.Points[line.At[k]], line.Xs[k]
	}
	return pts, xs
}

// curvePanel draws one curve of SweepCurvePNG.
func curvePanel(s *sweep.Result, line sweep.Line) (*plot.Plot, error) {
	m, axis := s.Sweep.Metric, s.Sweep.Axes[0]
	pts, xs := rowPoints(s, line)
	p := plot.New()
	p.X.Label.Text = axis.Name()
	p.Y.Label.Text = words.MetricName(s)
	if m.Share() {
		p.Y.Min, p.Y.Max = 0, 1.3 // room above 100 % for the legend
		p.Y.Tick.Marker = shareTicks{}
	}
	setAxisX(p, axis)
	p.Add(plotter.NewGrid())
	if len(pts) == 0 {
		return p, nil
	}
	mc := yErrPoints{XYs: make(plotter.XYs, len(pts)), lo: make([]float64, len(pts)), hi: make([]float64, len(pts))}
	for i, pt := range pts {
		e := pt.Estimate
		mc.XYs[i] = plotter.XY{X: xs[i], Y: e.Value}
		mc.lo[i], mc.hi[i] = e.Value-e.Lo, e.Hi-e.Value
	}
	if len(pts) > 1 {
		if err := addBand(p, mc, m); err != nil {
			return nil, err
		}
	}
	if be, ok := breakEvenAt(s, line.Given); ok {
		level, _ := s.Sweep.LevelOf()
		if err := addLevel(p, xs, level, words.SweepLevel(s), be); err != nil {
			return nil, err
		}
	}
	if err := addExact(p, pts, xs); err != nil {
		return nil, err
	}
	dots, err := plotter.NewScatter(mc)
	if err != nil {
		return nil, err
	}
	dots.GlyphStyle = draw.GlyphStyle{Color: metricColor(m), Radius: vg.Points(3), Shape: draw.CircleGlyph{}}
	bars, err := plotter.NewYErrorBars(mc)
	if err != nil {
		return nil, err
	}
	bars.LineStyle.Color = metricColor(m)
	p.Add(bars, dots)
	p.Legend.Add(m.String()+" (Monte Carlo, "+words.IntervalName(m)+")", dots)
	p.Legend.Top = true
	p.Legend.Left = true
	p.Legend.TextStyle.Font.Size = vg.Points(9)
	if !m.Share() {
		// room above the points for the legend
		p.Y.Max += 0.3 * (p.Y.Max - p.Y.Min)
	}
	return p, nil
}

// yErrPoints are points with asymmetric error bars along y.
type yErrPoints struct {
	plotter.XYs
	lo, hi []float64
}

func (e yErrPoints) YError(i int) (float64, float64) { return e.lo[i], e.hi[i] }

// addBand shades the band the points' intervals span, linear between
// points: the band whose meeting with 50 % is the break-even.
func addBand(p *plot.Plot, mc yErrPoints, m rules.Metric) error {
	var ring plotter.XYs
	for i, xy := range mc.XYs {
		ring = append(ring, plotter.XY{X: xy.X, Y: xy.Y - mc.lo[i]})
	}
	for i := len(mc.XYs) - 1; i >= 0; i-- {
		ring = append(ring, plotter.XY{X: mc.XYs[i].X, Y: mc.XYs[i].Y + mc.hi[i]})
	}
	band, err := plotter.NewPolygon(ring)
	if err != nil {
		return err
	}
	r, g, b, _ := metricColor(m).RGBA()
	band.Color = color.NRGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8), A: 0x40}
	band.LineStyle.Width = 0
	p.Add(band)
	p.Legend.Add("95 % band, linear between points", band)
	return nil
}

// addLevel draws the level across the points and the break-even on it:
// the interval(s) on a continuous field, the bracket's two grid values on
// an integer one.
func addLevel(p *plot.Plot, xs []float64, level float64, levelName string, line sweep.BreakEvenLine) error {
	half, err := plotter.NewLine(plotter.XYs{{X: xs[0], Y: level}, {X: xs[len(xs)-1], Y: level}})
	if err != nil {
		return err
	}
	half.Color = halfColor
	half.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	p.Add(half)
	p.Legend.Add("break-even level, "+levelName, half)
	for i, sp := range line.Spans {
		seg, err := plotter.NewLine(plotter.XYs{{X: sp.Lo, Y: level}, {X: sp.Hi, Y: level}})
		if err != nil {
			return err
		}
		seg.Color, seg.Width = breakEvenColor, vg.Points(5)
		p.Add(seg)
		if i == 0 && sp.LoAt >= 0 {
			p.Legend.Add("break-even: the grid values around it", seg)
		} else if i == 0 {
			p.Legend.Add("break-even interval", seg)
		}
	}
	return nil
}

// addExact draws the exact curve through the points the solver solved;
// a point it did not solve breaks the curve rather than being bridged.
func addExact(p *plot.Plot, pts []sweep.PointResult, xs []float64) error {
	var runs []plotter.XYs
	var cur plotter.XYs
	for i, pt := range pts {
		if pt.ExactMetric == nil {
			if len(cur) > 0 {
				runs, cur = append(runs, cur), nil
			}
			continue
		}
		cur = append(cur, plotter.XY{X: xs[i], Y: pt.ExactMetric.F})
	}
	if len(cur) > 0 {
		runs = append(runs, cur)
	}
	for i, run := range runs {
		l, s, err := plotter.NewLinePoints(run)
		if err != nil {
			return err
		}
		l.Color, l.Width = exactColor, vg.Points(1)
		s.GlyphStyle = draw.GlyphStyle{Color: exactColor, Radius: vg.Points(3), Shape: draw.CrossGlyph{}}
		p.Add(l, s)
		if i == 0 {
			p.Legend.Add("exact (solver)", l, s)
		}
	}
	return nil
}

// setAxisX marks the x axis with an axis's values: whole numbers, any
// numbers, or the names at their indices.
func setAxisX(p *plot.Plot, a scenarios.Axis) {
	setAxis(&p.X, a)
}

func setAxis(ax *plot.Axis, a scenarios.Axis) {
	pos := a.Positions()
	lo, hi := slices.Min(pos), slices.Max(pos) // a sweep's axis has values
	pad := math.Max((hi-lo)*0.04, 0.5*step(pos))
	ax.Min, ax.Max = lo-pad, hi+pad
	switch {
	case !a.Numeric() || len(pos) <= maxValueTicks:
		ax.Tick.Marker = valueTicks{pos: pos, labels: a.Values}
	case whole(pos):
		ax.Tick.Marker = WholeTicks{}
	}
}

// maxValueTicks is the most values of a numeric field marked one by one
// on its axis; more get evenly spaced ticks.
const maxValueTicks = 15

// step returns the smallest gap between positions (1 for one position).
func step(pos []float64) float64 {
	s := append([]float64(nil), pos...)
	sort.Float64s(s)
	gap := math.Inf(1)
	for i := 1; i < len(s); i++ {
		gap = math.Min(gap, s[i]-s[i-1])
	}
	if math.IsInf(gap, 1) {
		return 1
	}
	return gap
}

func whole(xs []float64) bool {
	for _, x := range xs {
		if x != math.Trunc(x) {
			return false
		}
	}
	return true
}

// valueTicks marks an axis at a field's grid values, labelled as written
// (names on a field of names, at their indices), so that no tick suggests
// a value the grid does not have.
type valueTicks struct {
	pos    []float64
	labels []string
}

func (v valueTicks) Ticks(min, max float64) []plot.Tick {
	var ts []plot.Tick
	for i, x := range v.pos {
		if x >= min && x <= max {
			ts = append(ts, plot.Tick{Value: x, Label: v.labels[i]})
		}
	}
	return ts
}

// sweepGrid is a two-field sweep's metric as a plotter.GridXYZ: columns
// are the first field's values and rows the second's, each in ascending
// position; points that did not finish are NaN.
type sweepGrid struct {
	xs, ys []float64
	z      [][]float64 // z[c][r]
}

func (g sweepGrid) Dims() (c, r int)   { return len(g.xs), len(g.ys) }
func (g sweepGrid) Z(c, r int) float64 { return g.z[c][r] }
func (g sweepGrid) X(c int) float64    { return g.xs[c] }
func (g sweepGrid) Y(r int) float64    { return g.ys[r] }

// contourable reports whether a contour can be traced on the grid: two
// values of each field at least, and a value at every point (the tracer
// cannot go round a hole).
func (g sweepGrid) contourable() bool {
	if len(g.xs) < 2 || len(g.ys) < 2 {
		return false
	}
	for _, col := range g.z {
		for _, v := range col {
			if math.IsNaN(v) {
				return false
			}
		}
	}
	return true
}

// newSweepGrid lays out the value of each finished point (value returns
// it, ok false for none) on the grid of a two-field sweep.
func newSweepGrid(s *sweep.Result, value func(sweep.PointResult) (float64, bool)) sweepGrid {
	ax, ay := s.Sweep.Axes[0].Positions(), s.Sweep.Axes[1].Positions()
	cx, cy := sweep.Ascending(ax), sweep.Ascending(ay)
	g := sweepGrid{xs: make([]float64, len(ax)), ys: make([]float64, len(ay)), z: make([][]float64, len(ax))}
	for c := range g.z {
		g.xs[c] = ax[cx[c]]
		g.z[c] = make([]float64, len(ay))
		for r := range g.z[c] {
			g.z[c][r] = math.NaN()
		}
	}
	for r := range g.ys {
		g.ys[r] = ay[cy[r]]
	}
	col, row := inverse(cx), inverse(cy)
	for _, p := range s.Points {
		if v, ok := value(p); ok {
			g.z[col[p.At[0]]][row[p.At[1]]] = v
		}
	}
	return g
}

func inverse(perm []int) []int {
	inv := make([]int, len(perm))
	for i, p := range perm {
		inv[p] = i
	}
	return inv
}

// SweepHeatMapPNG draws a two-field sweep's metric over its grid on a
// diverging scale (heatRange): from 0 to 100 % for a share, over the
// values' range for anything else, its middle the level where there is
// one. Where
// the metric has a level and both fields are numbers, it draws the
// level's contour of the Monte Carlo values (solid) and, where the solver
// solved every point, of the exact ones (dashed); between names a contour
// would interpolate what has no order. Cells are labelled with their
// value when there are few enough to read; a point that did not finish is
// grey.
func SweepHeatMapPNG(s *sweep.Result) ([]byte, error) {
	m := s.Sweep.Metric
	mc := newSweepGrid(s, func(p sweep.PointResult) (float64, bool) { return p.Estimate.Value, true })
	lo, hi := heatRange(s, mc)
	cmap := heatColors(m, lo, hi)
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: %s (%d trials a point)", s.Sweep.Name, words.MetricName(s), s.Trials)
	p.Title.Padding = vg.Points(6)
	p.X.Label.Text, p.Y.Label.Text = s.Sweep.Axes[0].Name(), s.Sweep.Axes[1].Name()
	setAxis(&p.X, s.Sweep.Axes[0])
	setAxis(&p.Y, s.Sweep.Axes[1])
	heat := plotter.NewHeatMap(mc, cmap.Palette(256))
	heat.Min, heat.Max, heat.NaN = lo, hi, missingColor
	p.Add(heat)
	if len(mc.xs)*len(mc.ys) <= 400 {
		if err := addCellLabels(p, mc, m); err != nil {
			return nil, err
		}
	}
	level, hasLevel := s.Sweep.LevelOf()
	numeric := s.Sweep.Kinds[0] != sweep.Categorical && s.Sweep.Kinds[1] != sweep.Categorical
	var lines []string
	if hasLevel && numeric && mc.contourable() {
		addContour(p, mc, level, lo, hi, nil)
		lines = append(lines, fmt.Sprintf("solid line: %s contour of the Monte Carlo values", words.SweepLevel(s)))
	}
	exact := newSweepGrid(s, func(p sweep.PointResult) (float64, bool) {
		if p.ExactMetric == nil {
			return 0, false
		}
		return p.ExactMetric.F, true
	})
	if hasLevel && numeric && exact.contourable() {
		addContour(p, exact, level, lo, hi, []vg.Length{vg.Points(5), vg.Points(3)})
		lines = append(lines, "dashed: of the exact values")
	}
	if len(lines) > 0 {
		p.Title.Text += "\n" + strings.Join(lines, "; ")
	}
	return heatWithBar(p, cmap, m)
}

// heatRange is the range of a heat map's colour scale: 0 to 1 for a
// share; for another metric its values' range, widened to be symmetric
// about its level where it has one (0 for the margin), so that the
// scale's neutral middle is the level.
func heatRange(s *sweep.Result, g sweepGrid) (lo, hi float64) {
	m := s.Sweep.Metric
	if m.Share() {
		return 0, 1
	}
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, col := range g.z {
		for _, v := range col {
			if !math.IsNaN(v) {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
	}
	if math.IsInf(lo, 0) {
		return 0, 1 // no point finished
	}
	if level, ok := s.Sweep.LevelOf(); ok {
		r := math.Max(math.Abs(level-lo), math.Abs(hi-level))
		lo, hi = level-r, level+r
	}
	if !(lo < hi) {
		lo, hi = lo-1, hi+1
	}
	return lo, hi
}

// heatColors is the scale of a heat map of m from lo to hi: blue where
// side a does well and red where side b does, as in every other plot,
// white in the middle.
func heatColors(m rules.Metric, lo, hi float64) palette.ColorMap {
	var cmap palette.ColorMap = moreland.SmoothBlueRed()
	if m == (rules.Metric{Kind: rules.WinShare, Side: rules.A}) || m.Kind == rules.Margin {
		cmap = palette.Reverse(cmap)
	}
	cmap.SetMin(lo)
	cmap.SetMax(hi)
	return cmap
}

// addCellLabels writes each cell's value on it.
func addCellLabels(p *plot.Plot, g sweepGrid, m rules.Metric) error {
	var l plotter.XYLabels
	for c := range g.xs {
		for r := range g.ys {
			if z := g.z[c][r]; !math.IsNaN(z) {
				l.XYs = append(l.XYs, plotter.XY{X: g.xs[c], Y: g.ys[r]})
				l.Labels = append(l.Labels, cellText(m, z))
			}
		}
	}
	if len(l.XYs) == 0 {
		return nil
	}
	labels, err := plotter.NewLabels(l)
	if err != nil {
		return err
	}
	for i := range labels.TextStyle {
		labels.TextStyle[i].XAlign, labels.TextStyle[i].YAlign = draw.XCenter, draw.YCenter
		labels.TextStyle[i].Font.Size = vg.Points(8)
	}
	p.Add(labels)
	return nil
}

// cellText writes a heat map cell's value: a share or the margin in
// percent (points), anything else in three digits.
func cellText(m rules.Metric, z float64) string {
	switch {
	case m.Share():
		return words.ShareDigits(z, 1)
	case m.Kind == rules.Margin:
		return words.PointsText(z)
	}
	return fmt.Sprintf("%.3g", z)
}

// addContour draws the contour of g at level (the title says which line
// is which: a legend would cover cells).
func addContour(p *plot.Plot, g sweepGrid, level, lo, hi float64, dashes []vg.Length) {
	c := plotter.NewContour(g, []float64{level}, nil)
	c.LineStyles = []draw.LineStyle{{Color: exactColor, Width: vg.Points(2), Dashes: dashes}}
	c.Min, c.Max = lo, hi
	p.Add(c)
}

// heatWithBar renders the heat map with its colour bar at the right.
func heatWithBar(p *plot.Plot, cmap palette.ColorMap, m rules.Metric) ([]byte, error) {
	const w, h, barWidth = 9 * vg.Inch, 6.5 * vg.Inch, 1.1 * vg.Inch
	img := vgimg.New(w, h)
	dc := draw.New(img)
	bar := plot.New()
	bar.Add(&plotter.ColorBar{ColorMap: cmap, Vertical: true})
	bar.HideX()
	bar.Y.Label.Text = m.String()
	if m.Share() {
		bar.Y.Tick.Marker = shareTicks{}
	}
	bar.Y.Padding = 0
	bar.Title.Text = " " // aligns the bar's top with the map's
	p.Draw(draw.Crop(dc, 0, -barWidth, 0, 0))
	bar.Draw(draw.Crop(dc, w-barWidth+0.2*vg.Inch, 0, 0, -0.3*vg.Inch))
	return encode(pngCanvas{img})
}
