package figure

import (
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/crucible-sim/crucible/analysis/sweep"
	"github.com/crucible-sim/crucible/reports/words"
	"github.com/crucible-sim/crucible/sim"
)

// overlaidRounds is the rounds distribution of one point a sweep kept
// (analysis.Sweep.Overlaid), with the label its curve carries.
type overlaidRounds struct {
	label string
	steps []mass
}

// SweepOverlaid returns the rounds distributions a sweep kept, in grid
// order, each labelled by the first field as people read it and its value
// ("Interceptors = 4").
func SweepOverlaid(s *sweep.Result) []overlaidRounds {
	var out []overlaidRounds
	for _, p := range s.Points {
		if len(p.RoundsBins) > 0 {
			out = append(out, overlaidRounds{s.Sweep.Axes[0].Name() + " = " + p.Values[0], binSteps(p.RoundsBins)})
		}
	}
	return out
}

// RoundsOverlaid reports whether a sweep's report has rounds.svg: two
// points or more kept their rounds, so that there is something to set side
// by side.
func RoundsOverlaid(s *sweep.Result) bool { return len(SweepOverlaid(s)) >= 2 }

// SweepRoundsFigure draws the rounds of up to analysis.MaxOverlaid points
// of a sweep on one axis, a curve each: the distribution and the share of
// trials over by each round, as a scenario's RoundsFigure, so that how the
// field moves the length of a battle reads off one chart. Both axes stop
// at the 99.9th percentile of the longest point (stated); a lifespan whose
// values run past sim.ExactBelow is drawn as the share over by r alone,
// on a log axis, since its grouped values have no common bar width.
func SweepRoundsFigure(s *sweep.Result, format string) ([]byte, error) {
	curves := SweepOverlaid(s)
	unit := words.UnitOfSweep(s)
	var last, q int64
	for _, c := range curves {
		last = max(last, c.steps[len(c.steps)-1].hi)
		q = max(q, quantileOf(c.steps, 0.999))
	}
	logX := last >= sim.ExactBelow
	title := fmt.Sprintf("Distribution of %s by %s", unit, s.Sweep.Axes[0].Name())
	if len(s.Sweep.Axes) > 1 {
		title += fmt.Sprintf(" (at %s = %s)", s.Sweep.Axes[1].Name(), s.Sweep.Axes[1].Values[0])
	}
	over := plot.New()
	over.Title.Text = "Share of trials over by " + words.Singular(unit) + " r"
	over.X.Label.Text, over.Y.Label.Text = words.Singular(unit)+" r", "P(over by r)"
	dist := plot.New()
	dist.Title.Text = "Distribution of " + unit
	dist.X.Label.Text, dist.Y.Label.Text = unit, "share of trials"
	for k, c := range curves {
		if err := addOverlaid(over, dist, c, k, logX); err != nil {
			return nil, err
		}
	}
	panels := []*plot.Plot{dist, over}
	if logX {
		panels = panels[1:]
		over.X.Scale, over.X.Tick.Marker = plot.LogScale{}, plot.LogTicks{Prec: -1}
	} else {
		for _, p := range panels {
			p.X.Tick.Marker = WholeTicks{}
			p.X.Min = math.Min(p.X.Min, 0)
			if q < last {
				p.X.Max = float64(q) + 0.5
				p.X.Label.Text = fmt.Sprintf("%s (axis to p99.9; max %d)", p.X.Label.Text, last)
			}
		}
	}
	for _, p := range panels {
		p.Title.TextStyle.Font.Size = vg.Points(11)
		p.Add(plotter.NewGrid())
		p.Y.Min = 0
		p.Y.Tick.Marker = shareTicks{}
		p.Legend.Top = true
		p.Legend.TextStyle.Font.Size = vg.Points(9)
	}
	// Room above the curves for the legend, as in AtLeastFigure.
	over.Y.Max = 1.5
	dist.Y.Max *= 1.5
	return panelGridAs(title, panels, 2, figureW, figureH, format)
}

// addOverlaid adds the k-th point's curves: P(value ≤ r) as a step curve
// to over and, on a linear axis, P(value = r) as a line through the
// values to dist.
func addOverlaid(over, dist *plot.Plot, c overlaidRounds, k int, logX bool) error {
	style := draw.LineStyle{Color: plotutil.Color(k), Width: vg.Points(1.6), Dashes: plotutil.Dashes(k)}
	var cum, at plotter.XYs
	sum := 0.0
	if !logX {
		cum = append(cum, plotter.XY{X: float64(c.steps[0].lo) - 1, Y: 0})
	}
	for _, m := range c.steps {
		sum += m.p
		if !(logX && m.hi < 1) {
			cum = append(cum, plotter.XY{X: float64(m.hi), Y: math.Min(sum, 1)})
		}
		at = append(at, plotter.XY{X: float64(m.lo), Y: m.p / float64(m.hi-m.lo+1)})
	}
	line, err := plotter.NewLine(cum)
	if err != nil {
		return err
	}
	line.StepStyle, line.LineStyle = plotter.PostStep, style
	over.Add(line)
	over.Legend.Add(c.label, line)
	if logX {
		return nil
	}
	lp, pts, err := plotter.NewLinePoints(at)
	if err != nil {
		return err
	}
	lp.LineStyle = style
	pts.GlyphStyle = draw.GlyphStyle{Color: style.Color, Radius: vg.Points(2.2), Shape: plotutil.Shape(k)}
	dist.Add(lp, pts)
	dist.Legend.Add(c.label, lp, pts)
	return nil
}
