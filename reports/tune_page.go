package reports

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/crucible-sim/crucible/analysis/tune"
)

// recheckColor draws the re-check's probes, apart from the search's.
var recheckColor = color.RGBA{R: 0x2c, G: 0xa0, B: 0x2c, A: 0xff}

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
	p.X.Label.Text = axisName(t.Axis)
	p.Y.Label.Text = metricWords(m, tuneSpec(r)) + " (" + m.String() + ")"
	lo, hi := t.Axis.Position(0), t.Axis.Position(t.Axis.Last())
	pad := (hi - lo) * 0.05
	p.X.Min, p.X.Max = lo-pad, hi+pad
	if !t.Axis.Continuous {
		p.X.Tick.Marker = wholeTicks{}
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

// axisName names a tune's field as its label says, its path beside
// ("Interceptors (attacker.ships.Interceptor)"), or by its path alone.
func axisName(ax tune.Axis) string {
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

var tunePage = Framed("tune", "crucible tune {{.R.Tune.Name}}", ".answer{font-size:1.15em}\n", nil, `<h1>crucible tune {{.R.Tune.Name}}</h1>
{{with .R.Tune.Description}}<p>{{.}}</p>{{end}}
<div class="answer">{{range .Headline}}<p{{if $.Warn}} class="warn"{{end}}>{{.}}</p>{{end}}</div>
<p class="meta">Base scenario <code>{{.R.Tune.Base.Name}}</code> (ruleset <code>{{.R.Tune.Base.Ruleset}}</code>), varying
<code>{{.R.Tune.Axis.Path}}</code> from {{.R.Tune.Axis.From}} to {{.R.Tune.Axis.To}} ({{.Kind}}) for {{.Target}};
{{.Direction}}. {{.Level}}. {{.R.Trials}} trials in all, seed <code>{{.R.Seed}}</code>, crucible {{.R.Version}}.</p>
{{with .Command}}<p>Reproduce with <code>{{.}}</code></p>{{end}}
{{range .R.Notes}}<p>Note: {{.}}</p>{{end}}
<h2>Probes</h2>
<img src="tune-curve.png" alt="the probes along {{.R.Tune.Axis.Path}} with their intervals, the target and the bracket">
<p>Every probe, as <a href="tune.csv">tune.csv</a> and <a href="tune.json">tune.json</a> give it: the search on the streams of
<code>{{.R.Streams}}</code> (common random numbers), the re-check on <code>{{.R.RecheckStreams}}</code>. Each interval is the one
its decision was read from, at the level of the look that decided it.</p>
<table id="probes"><tr><th>phase</th><th>{{.Axis}}</th><th>trials</th><th>looks</th><th>{{.R.Tune.Target.Metric}}</th><th>interval</th><th>level</th><th>decision</th></tr>
{{range .Rows}}<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>
{{end}}</table>
`)

// TuneHTML renders a tune's page, which shows tune-curve.png from the same
// directory. command is the command line that reproduces the tune.
func TuneHTML(r *tune.Result, command string) ([]byte, error) {
	data := struct {
		R                            *tune.Result
		Command, Kind, Target, Level string
		Axis                         string // the field as its label names it (axisName)
		Direction                    string
		Headline                     []string
		Warn                         bool
		Rows                         [][]string
	}{R: r, Command: command, Axis: axisName(r.Tune.Axis), Kind: axisKind(r.Tune.Axis), Target: targetWords(r), Level: levelStatement(r),
		Direction: directionText(r), Headline: Headline(r), Warn: r.Status != tune.Bracketed}
	for _, ps := range [][]tune.Probe{r.Probes, r.Recheck} {
		for _, p := range ps {
			data.Rows = append(data.Rows, probeCells(r, p))
		}
	}
	var b bytes.Buffer
	err := tunePage.Execute(&b, data)
	return b.Bytes(), err
}

// WriteTuneDir writes the report of a tune into dir (which must exist):
// tune.json (TuneObject), tune.csv (TuneRows), tune-curve.png
// (TuneCurvePNG) and index.html, each atomically.
func WriteTuneDir(dir string, r *tune.Result, command string) error {
	return writeFiles(dir, []reportFile{
		{"tune.json", func() ([]byte, error) {
			var b bytes.Buffer
			err := WriteTuneJSON(&b, r)
			return b.Bytes(), err
		}},
		{"tune.csv", func() ([]byte, error) { return csvBytes(TuneRows(r)) }},
		{"tune-curve.png", func() ([]byte, error) { return TuneCurvePNG(r) }},
		{"index.html", func() ([]byte, error) { return TuneHTML(r, command) }},
	})
}

// WriteTune replaces the directory's report with the report of a tune
// (WriteTuneDir), as WriteReport does for a run: whole or not at all.
func (d *OutDir) WriteTune(r *tune.Result) error {
	return d.replace(func(dir string) error { return WriteTuneDir(dir, r, d.Command) }, nil)
}
