package figure

import (
	"fmt"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/reports/words"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/sim"
)

// The designer's charts of one scenario, which its section of a page
// shows: how long a battle lasts, as a distribution and as the share of
// battles over by each round, and for each distribution of a counter (the
// survivors of a type, a cascade's length), the chance of at least k.

// figureW and figureH are the size of one panel of a section's figure:
// about 500 × 330 px on the page, two side by side in a 1,400 px window.
const figureW, figureH = 5.2 * vg.Inch, 3.4 * vg.Inch

// mass is one value of a distribution over whole numbers: P(lo ≤ value ≤
// hi) (lo == hi but where a histogram groups large values).
type mass struct {
	lo, hi int64
	p      float64
}

func HistSteps(h *sim.Hist) []mass { return binSteps(h.Bins()) }

// binSteps is a histogram's non-empty bins as masses.
func binSteps(bins []sim.Bin) []mass {
	var n int64
	for _, b := range bins {
		n += b.Count
	}
	var out []mass
	for _, b := range bins {
		out = append(out, mass{b.Low, b.High, float64(b.Count) / float64(n)})
	}
	return out
}

func ExactSteps(ps []float64) []mass {
	var out []mass
	for v, p := range ps {
		if p > 0 {
			out = append(out, mass{int64(v), int64(v), p})
		}
	}
	return out
}

// quantileOf returns the least value at which the distribution reaches q.
func quantileOf(steps []mass, q float64) int64 {
	cum := 0.0
	for _, s := range steps {
		if cum += s.p; cum >= q-1e-12 {
			return s.hi
		}
	}
	if len(steps) == 0 {
		return 0
	}
	return steps[len(steps)-1].hi
}

// overByPanel draws the share of battles over by each value: P(value ≤ r)
// as a step curve.
func overByPanel(steps []mass, unit string, logX bool) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = "Share of trials over by " + words.Singular(unit) + " r"
	p.Title.TextStyle.Font.Size = vg.Points(11)
	p.X.Label.Text, p.Y.Label.Text = words.Singular(unit)+" r", "P(over by r)"
	var xys plotter.XYs
	cum := 0.0
	if len(steps) > 0 && !logX {
		xys = append(xys, plotter.XY{X: float64(steps[0].lo) - 1, Y: 0})
	}
	for _, s := range steps {
		cum += s.p
		if logX && s.hi < 1 {
			continue
		}
		xys = append(xys, plotter.XY{X: float64(s.hi), Y: math.Min(cum, 1)})
	}
	if len(xys) > 0 {
		line, err := plotter.NewLine(xys)
		if err != nil {
			return nil, err
		}
		line.StepStyle = plotter.PostStep
		line.Color, line.Width = panelFill, vg.Points(1.8)
		p.Add(line)
	}
	p.Add(plotter.NewGrid())
	p.Y.Min, p.Y.Max = 0, 1.02
	p.Y.Tick.Marker = shareTicks{}
	if logX {
		p.X.Scale, p.X.Tick.Marker = plot.LogScale{}, plot.LogTicks{Prec: -1}
	} else {
		p.X.Tick.Marker = WholeTicks{}
	}
	return p, nil
}

// cutAt stops a panel's x axis at the 99.9th percentile of a distribution
// whose values run on past it, and says so in its label.
func cutAt(p *plot.Plot, steps []mass) {
	if len(steps) == 0 {
		return
	}
	if q, last := quantileOf(steps, 0.999), steps[len(steps)-1].hi; q < last {
		p.X.Max = float64(q) + 0.5
		p.X.Label.Text = fmt.Sprintf("%s (axis to p99.9; max %d)", p.X.Label.Text, last)
	}
}

// RoundsFigure draws a result's rounds in two panels: the distribution
// (histPanelApart: its axis stops at the 99.9th percentile, stated) and
// the share of battles over by each round, on the same axis.
func RoundsFigure(r *analysis.Result, format string) ([]byte, error) {
	unit := words.UnitOf(r)
	h := &r.Tally.Rounds
	left, err := histPanelApart("Distribution of "+unit, h, unit, panelFill, cappedTrials(r))
	if err != nil {
		return nil, err
	}
	logX := h.Max() >= sim.ExactBelow || h.Max() > 1000*max(h.Min(), 1)
	right, err := overByPanel(HistSteps(h), unit, logX)
	if err != nil {
		return nil, err
	}
	if !logX {
		right.X.Min, right.X.Max = left.X.Min, left.X.Max
		cutAt(right, HistSteps(h))
	}
	return panelGridAs("", []*plot.Plot{left, right}, 2, figureW, figureH, format)
}

// ExactRoundsFigure draws an exact distribution of rounds as RoundsFigure
// draws a run's: bars, and the share over by each round, the axis cut at
// the 99.9th percentile where the solver's distribution runs on (stated).
func ExactRoundsFigure(e *rules.Exact, format string) ([]byte, error) {
	unit := words.UnitName(e.RoundsUnit)
	steps := ExactSteps(e.Rounds)
	left := plot.New()
	left.Title.Text = "Exact distribution of " + unit
	left.Title.TextStyle.Font.Size = vg.Points(11)
	left.X.Label.Text, left.Y.Label.Text = unit, "probability"
	var bins []plotter.HistogramBin
	for _, s := range steps {
		bins = append(bins, plotter.HistogramBin{Min: float64(s.lo) - 0.5, Max: float64(s.hi) + 0.5, Weight: s.p})
	}
	if len(bins) > 0 {
		left.Add(&plotter.Histogram{Bins: bins, FillColor: panelFill})
	}
	left.X.Tick.Marker = WholeTicks{}
	cutAt(left, steps)
	right, err := overByPanel(steps, unit, false)
	if err != nil {
		return nil, err
	}
	right.X.Min, right.X.Max = left.X.Min, left.X.Max
	return panelGridAs("", []*plot.Plot{left, right}, 2, figureW, figureH, format)
}

// AtLeast is one distribution as the chance of at least k, for k from 1
// to the largest value.
type AtLeast struct {
	name string
	side rules.Side
	Xys  plotter.XYs
	// exact marks the exact distribution of a counter whose estimate is
	// drawn too: the same colour, dashed, without a legend entry of its
	// own.
	Exact bool
}

func AtLeastOf(name string, masses []mass) AtLeast {
	a := AtLeast{name: name, side: words.CounterSide(name)}
	above := 1.0 // P(value ≥ the next mass's lo)
	for i, m := range masses {
		// Between this mass and the next, P(value ≥ k) stays at what is
		// left above this one: a point at every whole k there, where they
		// are few enough to draw.
		next := m.lo + 1
		if i+1 < len(masses) && masses[i+1].lo-m.lo <= 100 {
			next = masses[i+1].lo
		}
		if m.lo >= 1 {
			a.Xys = append(a.Xys, plotter.XY{X: float64(m.lo), Y: math.Max(above, 0)})
		}
		above -= m.p
		for k := m.hi + 1; k < next; k++ {
			if k >= 1 {
				a.Xys = append(a.Xys, plotter.XY{X: float64(k), Y: math.Max(above, 0)})
			}
		}
	}
	return a
}

// AtLeastFigure draws, for each distribution of a counter, the chance
// that it reaches at least k (for survivors: at least k ships of the type
// survive), a panel per side named as the battle names it, a curve per
// counter, and dashed in the same colour the exact curve of a counter
// whose estimate is drawn. It returns nil when there is nothing to draw.
func AtLeastFigure(names words.SideNames, dists []AtLeast, format string) ([]byte, error) {
	var panels []*plot.Plot
	for _, s := range []rules.Side{rules.A, rules.B, rules.None} {
		p, err := atLeastPanel(names, s, dists)
		if err != nil {
			return nil, err
		}
		if p != nil {
			panels = append(panels, p)
		}
	}
	if len(panels) == 0 {
		return nil, nil
	}
	return panelGridAs("", panels, 2, figureW, figureH, format)
}

// atLeastPanel is AtLeastFigure's panel of side s (rules.None: the
// counters of no side); nil when s has no estimated counter.
func atLeastPanel(names words.SideNames, s rules.Side, dists []AtLeast) (*plot.Plot, error) {
	p := plot.New()
	p.Title.TextStyle.Font.Size = vg.Points(11)
	p.Title.Text = "P(at least k)"
	if s != rules.None {
		p.Title.Text = names.Name(s) + names.Tag(s) + ": P(at least k)"
	}
	p.X.Label.Text, p.Y.Label.Text = "k", "P(at least k)"
	k, colour := 0, map[string]int{} // each estimate's colour, by name
	for _, d := range dists {
		if d.side != s || len(d.Xys) == 0 || d.Exact {
			continue
		}
		lp, pts, err := plotter.NewLinePoints(d.Xys)
		if err != nil {
			return nil, err
		}
		c := plotutil.Color(k)
		lp.Color, lp.Width = c, vg.Points(1.8)
		pts.GlyphStyle = draw.GlyphStyle{Color: c, Radius: vg.Points(3), Shape: draw.CircleGlyph{}}
		p.Add(lp, pts)
		label := d.name
		if s != rules.None {
			label = strings.TrimPrefix(label, s.String()+".")
		}
		p.Legend.Add(label, lp, pts)
		colour[d.name] = k
		k++
	}
	if k == 0 {
		return nil, nil
	}
	exact, err := addExactCurves(p, dists, colour)
	if err != nil {
		return nil, err
	}
	if exact {
		p.Title.Text += " (dashed: exact)"
	}
	p.Add(plotter.NewGrid())
	p.Y.Min, p.Y.Max = 0, 1.3 // room above 100 % for the legend
	p.Y.Tick.Marker, p.X.Tick.Marker = shareTicks{}, WholeTicks{}
	p.X.Min = math.Min(p.X.Min, 1) - 0.3
	p.X.Max += 0.3
	p.Legend.Top = true
	p.Legend.TextStyle.Font.Size = vg.Points(9)
	return p, nil
}

// addExactCurves draws, dashed in its estimate's colour, the exact curve
// of each counter drawn estimated on p (colour: their colours by name),
// and reports whether it drew any.
func addExactCurves(p *plot.Plot, dists []AtLeast, colour map[string]int) (bool, error) {
	exact := false
	for _, d := range dists {
		if ck, ok := colour[d.name]; ok && d.Exact && len(d.Xys) > 0 {
			line, err := plotter.NewLine(d.Xys)
			if err != nil {
				return false, err
			}
			line.Color, line.Width, line.Dashes = plotutil.Color(ck), vg.Points(1.2), []vg.Length{vg.Points(4), vg.Points(3)}
			p.Add(line)
			exact = true
		}
	}
	return exact, nil
}
