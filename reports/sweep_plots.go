package reports

import (
	"bytes"
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

	"github.com/crucible-sim/crucible/analysis"
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

// curveDrawn reports whether a sweep's report has curve.png: some point
// finished, and the second field, if any, has at most MaxCurvePanels
// values.
func curveDrawn(s *analysis.SweepResult) bool {
	return len(s.Points) > 0 && CurveNote(s) == ""
}

// CurveNote says why a sweep's report has no curve when its second field
// has too many values for one panel each, and "" otherwise, so that the
// text and the page say what the directory lacks.
func CurveNote(s *analysis.SweepResult) string {
	if len(s.Sweep.Axes) < 2 || len(s.Sweep.Axes[1].Values) <= MaxCurvePanels {
		return ""
	}
	a := s.Sweep.Axes[1]
	return fmt.Sprintf("no curve (curve.png): it draws one panel per value of the second field, at most %d, and %s has %d; the heat map (heatmap.png) shows the whole grid",
		MaxCurvePanels, a.Path, len(a.Values))
}

func metricColor(m rules.Metric) color.Color {
	if m.Kind == rules.WinShare {
		return sideColors[m.Side]
	}
	return panelFill
}

// SweepCurvePNG draws the sweep's metric along its first field: each
// finished point with its 95 % Wilson error bar, the band those intervals
// span (linear between points, as the break-even reads it), the exact
// curve where the solver gave one, the 50 % line and the break-even
// interval on it. A sweep of two fields gets one panel per value of the
// second.
func SweepCurvePNG(s *analysis.SweepResult) ([]byte, error) {
	lines := s.BreakEvens()
	if len(s.Sweep.Axes) == 1 {
		p, err := curvePanel(s, lines[0])
		if err != nil {
			return nil, err
		}
		p.Title.Text = fmt.Sprintf("%s: %s by %s (%d trials a point, 95 %% Wilson intervals)", s.Sweep.Name, sweepNames(s).described(s.Sweep.Metric), s.Sweep.Axes[0].Path, s.Trials)
		p.Title.Padding = vg.Points(6)
		return render(p, 9*vg.Inch, 5.5*vg.Inch)
	}
	var panels []*plot.Plot
	for _, line := range lines {
		p, err := curvePanel(s, line)
		if err != nil {
			return nil, err
		}
		p.Title.Text = given(s, line)
		p.Title.TextStyle.Font.Size = vg.Points(10)
		p.Legend = plot.NewLegend() // one legend for all would need a panel of its own; the single-field plot explains the marks
		panels = append(panels, p)
	}
	return panelGrid(fmt.Sprintf("%s: %s by %s, one panel per %s (95 %% Wilson intervals)", s.Sweep.Name, sweepNames(s).described(s.Sweep.Metric), s.Sweep.Axes[0].Path, s.Sweep.Axes[1].Path), panels)
}

// rowPoints returns the finished points of a break-even line (all of
// them for one field; one value of the second field otherwise), ordered
// along the first field.
func rowPoints(s *analysis.SweepResult, line analysis.BreakEvenLine) ([]analysis.PointResult, []float64) {
	pos := s.Sweep.Axes[0].Positions()
	var pts []analysis.PointResult
	for _, p := range s.Points {
		if line.Given < 0 || p.At[1] == line.Given {
			pts = append(pts, p)
		}
	}
	sort.SliceStable(pts, func(i, j int) bool { return pos[pts[i].At[0]] < pos[pts[j].At[0]] })
	xs := make([]float64, len(pts))
	for i, p := range pts {
		xs[i] = pos[p.At[0]]
	}
	return pts, xs
}

// curvePanel draws one curve of SweepCurvePNG.
func curvePanel(s *analysis.SweepResult, line analysis.BreakEvenLine) (*plot.Plot, error) {
	m, axis := s.Sweep.Metric, s.Sweep.Axes[0]
	pts, xs := rowPoints(s, line)
	p := plot.New()
	p.X.Label.Text = axis.Path
	p.Y.Label.Text = sweepNames(s).described(m)
	p.Y.Min, p.Y.Max = 0, 1.3 // room above 100 % for the legend
	p.Y.Tick.Marker = shareTicks{}
	setAxisX(p, axis)
	p.Add(plotter.NewGrid())
	if len(pts) == 0 {
		return p, nil
	}
	mc := yErrPoints{XYs: make(plotter.XYs, len(pts)), lo: make([]float64, len(pts)), hi: make([]float64, len(pts))}
	for i, pt := range pts {
		sh := pt.Share(m)
		mc.XYs[i] = plotter.XY{X: xs[i], Y: sh.P}
		mc.lo[i], mc.hi[i] = sh.P-sh.Lo, sh.Hi-sh.P
	}
	if len(pts) > 1 {
		if err := addBand(p, mc, m); err != nil {
			return nil, err
		}
	}
	if err := addHalf(p, xs, line); err != nil {
		return nil, err
	}
	if err := addExact(p, pts, xs, m); err != nil {
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
	p.Legend.Add(m.String()+" (Monte Carlo, 95 % Wilson)", dots)
	p.Legend.Top = true
	p.Legend.Left = true
	p.Legend.TextStyle.Font.Size = vg.Points(9)
	return p, nil
}

// yErrPoints are points with asymmetric (Wilson) error bars along y.
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

// addHalf draws the 50 % line across the points and the break-even
// interval(s) on it.
func addHalf(p *plot.Plot, xs []float64, line analysis.BreakEvenLine) error {
	half, err := plotter.NewLine(plotter.XYs{{X: xs[0], Y: analysis.Half}, {X: xs[len(xs)-1], Y: analysis.Half}})
	if err != nil {
		return err
	}
	half.Color = halfColor
	half.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	p.Add(half)
	for i, sp := range line.Spans {
		seg, err := plotter.NewLine(plotter.XYs{{X: sp.Lo, Y: analysis.Half}, {X: sp.Hi, Y: analysis.Half}})
		if err != nil {
			return err
		}
		seg.Color, seg.Width = breakEvenColor, vg.Points(5)
		p.Add(seg)
		if i == 0 {
			p.Legend.Add("break-even interval", seg)
		}
	}
	return nil
}

// addExact draws the exact curve through the points the solver solved;
// a point it did not solve breaks the curve rather than being bridged.
func addExact(p *plot.Plot, pts []analysis.PointResult, xs []float64, m rules.Metric) error {
	var runs []plotter.XYs
	var cur plotter.XYs
	for i, pt := range pts {
		x, ok := pt.ExactShare(m)
		if !ok {
			if len(cur) > 0 {
				runs, cur = append(runs, cur), nil
			}
			continue
		}
		cur = append(cur, plotter.XY{X: xs[i], Y: x})
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
		ax.Tick.Marker = wholeTicks{}
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
func newSweepGrid(s *analysis.SweepResult, value func(analysis.PointResult) (float64, bool)) sweepGrid {
	ax, ay := s.Sweep.Axes[0].Positions(), s.Sweep.Axes[1].Positions()
	cx, cy := ascending(ax), ascending(ay)
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

// ascending returns the indices of xs in ascending order of value.
func ascending(xs []float64) []int {
	idx := make([]int, len(xs))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return xs[idx[a]] < xs[idx[b]] })
	return idx
}

func inverse(perm []int) []int {
	inv := make([]int, len(perm))
	for i, p := range perm {
		inv[p] = i
	}
	return inv
}

// SweepHeatMapPNG draws a two-field sweep's metric over its grid, from 0
// to 100 % on a diverging scale whose neutral middle is 50 %, with the
// 50 % contour of the Monte Carlo shares (solid) and, where the solver
// solved every point, of the exact ones (dashed). Cells are labelled with
// their share when there are few enough to read; a point that did not
// finish is grey.
func SweepHeatMapPNG(s *analysis.SweepResult) ([]byte, error) {
	m := s.Sweep.Metric
	mc := newSweepGrid(s, func(p analysis.PointResult) (float64, bool) { return p.Share(m).P, true })
	cmap := heatColors(m)
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: %s (%d trials a point)", s.Sweep.Name, sweepNames(s).described(m), s.Trials)
	p.Title.Padding = vg.Points(6)
	p.X.Label.Text, p.Y.Label.Text = s.Sweep.Axes[0].Path, s.Sweep.Axes[1].Path
	setAxis(&p.X, s.Sweep.Axes[0])
	setAxis(&p.Y, s.Sweep.Axes[1])
	heat := plotter.NewHeatMap(mc, cmap.Palette(256))
	heat.Min, heat.Max, heat.NaN = 0, 1, missingColor
	p.Add(heat)
	if len(mc.xs)*len(mc.ys) <= 400 {
		if err := addCellLabels(p, mc); err != nil {
			return nil, err
		}
	}
	var lines []string
	if mc.contourable() {
		addContour(p, mc, nil)
		lines = append(lines, "solid line: 50 % contour of the Monte Carlo shares")
	}
	exact := newSweepGrid(s, func(p analysis.PointResult) (float64, bool) { return p.ExactShare(m) })
	if exact.contourable() {
		addContour(p, exact, []vg.Length{vg.Points(5), vg.Points(3)})
		lines = append(lines, "dashed: of the exact shares")
	}
	if len(lines) > 0 {
		p.Title.Text += "\n" + strings.Join(lines, "; ")
	}
	return heatWithBar(p, cmap, m)
}

// heatColors is the scale of a heat map of m: blue where side a does
// well and red where side b does, as in every other plot, white at 50 %.
func heatColors(m rules.Metric) palette.ColorMap {
	var cmap palette.ColorMap = moreland.SmoothBlueRed()
	if m == (rules.Metric{Kind: rules.WinShare, Side: rules.A}) {
		cmap = palette.Reverse(cmap)
	}
	cmap.SetMin(0)
	cmap.SetMax(1)
	return cmap
}

// addCellLabels writes each cell's share on it.
func addCellLabels(p *plot.Plot, g sweepGrid) error {
	var l plotter.XYLabels
	for c := range g.xs {
		for r := range g.ys {
			if z := g.z[c][r]; !math.IsNaN(z) {
				l.XYs = append(l.XYs, plotter.XY{X: g.xs[c], Y: g.ys[r]})
				l.Labels = append(l.Labels, fmt.Sprintf("%.1f", 100*z))
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

// addContour draws the 50 % contour of g (the title says which line is
// which: a legend would cover cells).
func addContour(p *plot.Plot, g sweepGrid, dashes []vg.Length) {
	c := plotter.NewContour(g, []float64{analysis.Half}, nil)
	c.LineStyles = []draw.LineStyle{{Color: exactColor, Width: vg.Points(2), Dashes: dashes}}
	c.Min, c.Max = 0, 1
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
	bar.Y.Tick.Marker = shareTicks{}
	bar.Y.Padding = 0
	bar.Title.Text = " " // aligns the bar's top with the map's
	p.Draw(draw.Crop(dc, 0, -barWidth, 0, 0))
	bar.Draw(draw.Crop(dc, w-barWidth+0.2*vg.Inch, 0, 0, -0.3*vg.Inch))
	var buf bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: img}).WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
