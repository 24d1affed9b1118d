package figure

import (
	"fmt"
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/crucible-sim/crucible/analysis/sweep"
	"github.com/crucible-sim/crucible/reports/words"
)

// apartColor fills the bar of a value told apart from the highest; a
// value tied with it takes the metric's own colour.
var apartColor = color.RGBA{R: 0xbb, G: 0xbb, B: 0xbb, A: 0xff}

// SweepRankPNG draws a sweep over a field of names as ranked horizontal
// bars, the highest at the top, each with its 95 % interval as a whisker
// (none for exact values); the values indistinguishable from the highest
// are in the metric's colour, the others grey. A field of names has no
// order, so no line joins them. A sweep of two fields gets one panel per
// value of the second.
func SweepRankPNG(s *sweep.Result) ([]byte, error) {
	rankings := s.Rankings()
	top, apart := "highest", "below"
	if len(rankings) > 0 && rankings[0].Lowest { // a loss rate: the best, lowest, at the top
		top, apart = "lowest", "above"
	}
	title := fmt.Sprintf("%s: %s by %s, %s at the top (%d trials a point)", s.Sweep.Name, words.MetricName(s), s.Sweep.Axes[0].Name(), top, s.Trials)
	if len(rankings) == 1 {
		p, err := rankPanel(s, rankings[0])
		if err != nil {
			return nil, err
		}
		p.Title.Text = title + "\ncoloured: indistinguishable from the " + top + "; grey: " + apart + " it"
		return render(p, 9*vg.Inch, vg.Length(2+0.4*float64(len(rankings[0].Order)))*vg.Inch)
	}
	panels, err := givenPanels(s, rankings, func(r sweep.Ranking) int { return r.Given }, func(r sweep.Ranking) (*plot.Plot, error) { return rankPanel(s, r) })
	if err != nil {
		return nil, err
	}
	return panelGrid(title+"; coloured: indistinguishable from the "+top, panels)
}

// rankPanel draws one ranking of SweepRankPNG.
func rankPanel(s *sweep.Result, r sweep.Ranking) (*plot.Plot, error) {
	m := s.Sweep.Metric
	p := plot.New()
	p.X.Label.Text = words.MetricName(s)
	if m.Share() {
		p.X.Min, p.X.Max = 0, 1
		p.X.Tick.Marker = shareTicks{}
	}
	n := len(r.Order)
	if n == 0 {
		return p, nil
	}
	tied, apart := make(plotter.Values, n), make(plotter.Values, n)
	whiskers := xErrPoints{XYs: make(plotter.XYs, n), lo: make([]float64, n), hi: make([]float64, n)}
	names := make([]string, n)
	for i, k := range r.Order {
		row := n - 1 - i // the first at the top
		pt := s.Points[k]
		e := pt.Value(r.Exact)
		names[row] = pt.Values[0]
		if r.Untested == "" && r.Tied[i] {
			tied[row] = e.Value
		} else {
			apart[row] = e.Value
		}
		whiskers.XYs[row] = plotter.XY{X: e.Value, Y: float64(row)}
		whiskers.lo[row], whiskers.hi[row] = e.Value-e.Lo, e.Hi-e.Value
	}
	for _, b := range []struct {
		v plotter.Values
		c color.Color
	}{{tied, metricColor(m)}, {apart, apartColor}} {
		bars, err := plotter.NewBarChart(b.v, vg.Points(14))
		if err != nil {
			return nil, err
		}
		bars.Horizontal, bars.Color, bars.LineStyle.Width = true, b.c, 0
		p.Add(bars)
	}
	if !r.Exact {
		if err := addWhiskers(p, whiskers); err != nil {
			return nil, err
		}
	}
	p.NominalY(names...)
	p.Add(plotter.NewGrid())
	return p, nil
}

// addWhiskers draws each point's interval as a whisker along x.
func addWhiskers(p *plot.Plot, w xErrPoints) error {
	eb, err := plotter.NewXErrorBars(w)
	if err != nil {
		return err
	}
	eb.LineStyle.Width = vg.Points(1.2)
	p.Add(eb)
	return nil
}

// xErrPoints are points with asymmetric error bars along x.
type xErrPoints struct {
	plotter.XYs
	lo, hi []float64
}

func (e xErrPoints) XError(i int) (float64, float64) { return e.lo[i], e.hi[i] }
