package figure

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/compare"
	"github.com/crucible-sim/crucible/reports/words"
	"github.com/crucible-sim/crucible/sim"
)

// variantColors draw A and B on one axis: A as the paired intervals' blue,
// B in orange, a pair that reads apart for the colour-blind too.
var variantColors = [2]color.Color{
	color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff},
	color.RGBA{R: 0xff, G: 0x7f, B: 0x0e, A: 0xff},
}

// OverlayPNG draws A's and B's distributions on one axis, a panel each:
// the rounds first, then every distribution counter both report. Each
// variant is an outline over the same bins (a value's share of the
// trials), with its mean dashed, so that a shift shows as one outline
// beside the other — what two panels on axes of their own hide.
func OverlayPNG(c *compare.Comparison) ([]byte, error) {
	unit := words.UnitName(c.Rounds.Unit)
	ra, rb := c.A.Tally.Rounds, c.B.Tally.Rounds
	panels := []*plot.Plot{}
	p, err := overlayPanel("Distribution of "+unit+", A and B", unit, [2]*sim.Hist{&ra, &rb},
		[2]int64{cappedTrials(c.A), cappedTrials(c.B)})
	if err != nil {
		return nil, err
	}
	panels = append(panels, p)
	for _, k := range c.Counters {
		if k.Dist == nil {
			continue
		}
		ha, hb := distByName(c.A, k.Name), distByName(c.B, k.Name)
		if ha == nil || hb == nil {
			continue
		}
		p, err := overlayPanel("Distribution of "+k.Name+", A and B", "value", [2]*sim.Hist{ha, hb}, [2]int64{})
		if err != nil {
			return nil, err
		}
		panels = append(panels, p)
	}
	return panelGrid("A and B on one axis", panels)
}

// distByName returns the histogram of a result's distribution counter.
func distByName(r *analysis.Result, name string) *sim.Hist {
	for _, d := range r.Dists() {
		if d.Name == name {
			return d.Hist
		}
	}
	return nil
}

// overlayPanel draws two histograms as outlines on one axis. A variant's
// trials at a cap (apart) that sit in its last bin are left out of its
// outline and stated in the legend, as histPanelApart does.
func overlayPanel(title, unit string, hs [2]*sim.Hist, apart [2]int64) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font.Size = vg.Points(10)
	p.X.Label.Text = unit
	p.Y.Label.Text = "share per " + words.Singular(unit)
	p.Legend.Top = true
	p.Legend.TextStyle.Font.Size = vg.Points(8)
	logX := wantsLogX(hs[0]) || wantsLogX(hs[1])
	if logX {
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = plot.LogTicks{Prec: -1}
		p.Y.Label.Text = "share per 1/8 octave"
	} else {
		p.X.Tick.Marker = WholeTicks{}
	}
	top, xmax := 0.0, math.Inf(-1)
	for i, h := range hs {
		var err error
		if top, xmax, err = addOutline(p, i, h, apart[i], logX, top, xmax); err != nil {
			return nil, err
		}
	}
	if top > 0 {
		p.Y.Min, p.Y.Max = 0, top*1.35 // headroom for the legend
	}
	if !logX && !math.IsInf(xmax, 0) {
		p.X.Max = xmax
	}
	return p, nil
}

// addOutline draws variant i's histogram h (without the trials at a cap,
// apart, as dropCapped leaves them out) and its mean on p, and returns the
// highest share and the right end of the axis so far, given those before.
func addOutline(p *plot.Plot, i int, h *sim.Hist, apart int64, logX bool, top, xmax float64) (float64, float64, error) {
	name := [2]string{"A", "B"}[i]
	mean := h.Mean()
	h, capped := dropCapped(h, apart)
	if capped != "" {
		p.Legend.Add(name + ": " + capped)
	}
	pts := Outline(h, logX)
	if len(pts) == 0 {
		return top, xmax, nil
	}
	line, err := plotter.NewLine(pts)
	if err != nil {
		return 0, 0, err
	}
	line.Color, line.Width = variantColors[i], vg.Points(1.5)
	p.Add(line)
	p.Legend.Add(fmt.Sprintf("%s (mean %.4g)", name, mean), line)
	for _, q := range pts {
		top = max(top, q.Y)
	}
	if !logX {
		xmax = max(xmax, float64(h.Quantile(0.999))+0.5)
	}
	if mean > 0 || !logX {
		m, err := plotter.NewLine(plotter.XYs{{X: mean, Y: 0}, {X: mean, Y: top * 1.05}})
		if err != nil {
			return 0, 0, err
		}
		m.Color, m.Width, m.Dashes = variantColors[i], vg.Points(1), []vg.Length{vg.Points(3), vg.Points(2)}
		p.Add(m)
	}
	return top, xmax, nil
}

// Outline returns the outline of a histogram's shares per value: flat over
// each bin (Low−½ to High+½), down to zero between bins that do not touch;
// on a log axis, over buckets 1/8 octave wide (logBinned).
func Outline(h *sim.Hist, logX bool) plotter.XYs {
	var pts plotter.XYs
	if logX {
		const half = 0.5 / 8
		for _, b := range logBinned(h) {
			pts = append(pts, plotter.XY{X: b.X * math.Exp2(-half), Y: b.Y}, plotter.XY{X: b.X * math.Exp2(half), Y: b.Y})
		}
		return pts
	}
	n := float64(h.N())
	prev := math.Inf(-1)
	for _, b := range h.Bins() {
		lo, hi := float64(b.Low)-0.5, float64(b.High)+0.5
		y := float64(b.Count) / n / float64(b.High-b.Low+1)
		if lo != prev {
			if len(pts) > 0 {
				pts = append(pts, plotter.XY{X: prev, Y: 0})
			}
			pts = append(pts, plotter.XY{X: lo, Y: 0})
		}
		pts = append(pts, plotter.XY{X: lo, Y: y}, plotter.XY{X: hi, Y: y})
		prev = hi
	}
	if len(pts) > 0 {
		pts = append(pts, plotter.XY{X: prev, Y: 0})
	}
	return pts
}
