package figure

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/crucible-sim/crucible/analysis/tune"
	"github.com/crucible-sim/crucible/reports/words"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// TuneCurvePNG draws a tune's probes along the field: each Monte Carlo
// probe at its estimate with the interval its decision was read from (the
// search's in the metric's colour, the re-check's in green, a little to the
// right), each exact probe as a cross, the target's value as a dashed line,
// and the bracket as a thick segment on it between its two ends.
func TuneCurvePNG(r *tune.Result) ([]byte, error) {
	t := r.Tune
	m := t.Target.Metric
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: %s along %s (intervals as each probe was decided)", t.Name, m, t.Axis.Path)
	p.Title.Padding = vg.Points(6)
	p.X.Label.Text = AxisName(t.Axis)
	p.Y.Label.Text = words.MetricWords(m, words.TuneSpec(r)) + " (" + m.String() + ")"
	lo, hi := t.Axis.Position(0), t.Axis.Position(t.Axis.Last())
	pad := (hi - lo) * 0.05
	p.X.Min, p.X.Max = lo-pad, hi+pad
	if !t.Axis.Continuous {
		p.X.Tick.Marker = WholeTicks{}
	}
	if m.Share() {
		p.Y.Min, p.Y.Max = 0, 1.3 // room above 100 % for the legend
		p.Y.Tick.Marker = shareTicks{}
	} else {
		ylo, yhi := probeRange(r)
		p.Y.Min, p.Y.Max = ylo, yhi+0.4*(yhi-ylo) // room above the probes for the legend
	}
	p.Add(plotter.NewGrid())
	target, err := plotter.NewLine(plotter.XYs{{X: lo, Y: t.Target.Value}, {X: hi, Y: t.Target.Value}})
	if err != nil {
		return nil, err
	}
	target.Color, target.Dashes = halfColor, []vg.Length{vg.Points(4), vg.Points(3)}
	p.Add(target)
	p.Legend.Add("target "+t.Target.String(), target)
	if err := addBracket(p, r); err != nil {
		return nil, err
	}
	offset := (hi - lo) * 0.008
	for _, g := range []struct {
		probes []tune.Probe
		color  color.Color
		shift  float64
		name   string
	}{{r.Probes, metricColor(m), 0, "search (on common random numbers)"}, {r.Recheck, recheckColor, offset, "re-check (fresh streams)"}} {
		if err := addProbes(p, t.Axis, g.probes, g.color, g.shift, g.name); err != nil {
			return nil, err
		}
	}
	p.Legend.Top, p.Legend.Left = true, true
	p.Legend.TextStyle.Font.Size = vg.Points(9)
	return render(p, 9*vg.Inch, 5.5*vg.Inch)
}

// recheckColor draws the re-check's probes, apart from the search's.
var recheckColor = color.RGBA{R: 0x2c, G: 0xa0, B: 0x2c, A: 0xff}

// AxisName names a tune's field as its label says, its path beside
// ("Interceptors (attacker.ships.Interceptor)"), or by its path alone.
func AxisName(ax tune.Axis) string {
	if name := strings.TrimSpace(strings.ReplaceAll(ax.Label, "{}", "")); name != "" {
		return name + " (" + ax.Path + ")"
	}
	return ax.Path
}

// probeRange returns the lowest and highest value the probes' intervals
// and the target reach.
func probeRange(r *tune.Result) (lo, hi float64) {
	lo, hi = r.Tune.Target.Value, r.Tune.Target.Value
	for _, ps := range [][]tune.Probe{r.Probes, r.Recheck} {
		for _, p := range ps {
			if p.Trials > 0 || p.Exact != nil {
				lo, hi = math.Min(lo, p.Estimate.Lo), math.Max(hi, p.Estimate.Hi)
			}
		}
	}
	if hi == lo {
		hi = lo + 1
	}
	return lo, hi
}

// addBracket draws the stated bracket on the target line.
func addBracket(p *plot.Plot, r *tune.Result) error {
	if r.Below == nil || r.Above == nil {
		return nil
	}
	ax, v := r.Tune.Axis, r.Tune.Target.Value
	seg, err := plotter.NewLine(plotter.XYs{{X: ax.Position(r.Below.Index), Y: v}, {X: ax.Position(r.Above.Index), Y: v}})
	if err != nil {
		return err
	}
	seg.Color, seg.Width = breakEvenColor, vg.Points(5)
	p.Add(seg)
	p.Legend.Add("bracket", seg)
	return nil
}

// addProbes draws a group of probes: Monte Carlo ones with error bars,
// exact ones as crosses.
func addProbes(p *plot.Plot, ax tune.Axis, probes []tune.Probe, c color.Color, shift float64, name string) error {
	var mc yErrPoints
	var exact plotter.XYs
	for _, pr := range probes {
		x, e := ax.Position(pr.Index)+shift, pr.Estimate
		if pr.Exact != nil {
			exact = append(exact, plotter.XY{X: x, Y: e.Value})
			continue
		}
		if pr.Trials == 0 || math.IsNaN(e.Value) {
			continue
		}
		mc.XYs = append(mc.XYs, plotter.XY{X: x, Y: e.Value})
		mc.lo, mc.hi = append(mc.lo, e.Value-e.Lo), append(mc.hi, e.Hi-e.Value)
	}
	if len(mc.XYs) > 0 {
		dots, err := plotter.NewScatter(mc)
		if err != nil {
			return err
		}
		dots.GlyphStyle = draw.GlyphStyle{Color: c, Radius: vg.Points(3), Shape: draw.CircleGlyph{}}
		bars, err := plotter.NewYErrorBars(mc)
		if err != nil {
			return err
		}
		bars.LineStyle.Color = c
		p.Add(bars, dots)
		p.Legend.Add(name, dots)
	}
	if len(exact) > 0 {
		s, err := plotter.NewScatter(exact)
		if err != nil {
			return err
		}
		s.GlyphStyle = draw.GlyphStyle{Color: exactColor, Radius: vg.Points(4), Shape: draw.CrossGlyph{}}
		p.Add(s)
		p.Legend.Add(name+", exact", s)
	}
	return nil
}
