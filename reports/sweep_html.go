package reports

import (
	"bytes"
	"html/template"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
)

var sweepPage = Framed("sweep", "crucible sweep {{.S.Sweep.Name}}", "", template.FuncMap{"pct": pct, "num": num}, `<h1>crucible sweep {{.S.Sweep.Name}}</h1>
{{with .S.Sweep.Description}}<p>{{.}}</p>{{end}}
<p>Base scenario <code>{{.S.Sweep.Base}}</code> (ruleset <code>{{.S.Sweep.Ruleset}}</code>), varying
{{range $i, $a := .S.Sweep.Axes}}{{if $i}} and {{end}}<code>{{$a.Path}}</code> over {{len $a.Values}} values{{end}}:
{{len .S.Sweep.Points}} points × {{.S.Trials}} trials, seed <code>{{.S.Seed}}</code>, crucible {{.S.Version}}.
Every point is fought on the same random streams (those of <code>{{.S.Sweep.Streams}}</code>), so that neighbouring
points differ by the rule, not by luck. Intervals are 95 % Wilson intervals.</p>
{{with .Command}}<p>Reproduce with <code>{{.}}</code></p>{{end}}
{{if .S.Interrupted}}<p class="warn">Interrupted: {{len .S.Points}} of {{len .S.Sweep.Points}} points finished; this page covers those.</p>{{end}}
<h2>Break-even</h2>
<p>Where the 95 % band of {{.Metric}} contains 50 % (the band's ends linear between grid points; <a href="breakeven.csv">breakeven.csv</a>):</p>
<ul>{{range .BreakEven}}<li>{{with .Given}}at <code>{{.}}</code>: {{end}}{{.Text}}</li>{{end}}</ul>
{{range .Notes}}<p>Note: {{.}}</p>{{end}}
{{if .Curve}}<h2>{{.Metric}} along {{(index .S.Sweep.Axes 0).Path}}</h2><img src="curve.png" alt="{{.Metric}} by {{(index .S.Sweep.Axes 0).Path}} with error bars">{{else}}{{with .CurveNote}}<p>Note: {{.}}.</p>{{end}}{{end}}
{{if .Heat}}<h2>Heat map</h2><img src="heatmap.png" alt="{{.Metric}} over the grid with its 50 % contour">{{end}}
<h2>Points</h2>
<p>Every metric of every point, with intervals and exact values: <a href="sweep.csv">sweep.csv</a>.</p>
<table><tr><th>point</th>{{range .S.Sweep.Axes}}<th>{{.Path}}</th>{{end}}<th>{{.Metric}}</th><th>95 % interval</th>{{if .Solved}}<th>exact</th>{{end}}{{range .Wins}}<th>{{.}}</th>{{end}}<th>mean {{.Unit}}</th></tr>
{{range .Rows}}<tr><td>{{.P.Index}}</td>{{range .P.Values}}<td>{{.}}</td>{{end}}<td>{{pct .M.P}}</td><td>[{{pct .M.Lo}}, {{pct .M.Hi}}]</td>{{if $.Solved}}<td>{{.Exact}}</td>{{end}}<td>{{pct .A.P}}</td><td>{{pct .B.P}}</td><td>{{pct .None.P}}</td><td>{{num .Mean}}</td></tr>
{{end}}</table>
`)

// sweepRow is one point of the sweep page's table.
type sweepRow struct {
	P             analysis.PointResult
	M, A, B, None analysis.Share
	Exact         string
	Mean          float64
}

// breakEvenItem is one break-even line of the sweep page.
type breakEvenItem struct{ Given, Text string }

// SweepHTML renders a sweep's page, which shows curve.png and heatmap.png
// from the same directory when curve and heat say they were written.
// command is the command line that reproduces the sweep.
func SweepHTML(s *analysis.SweepResult, command string, curve, heat bool) ([]byte, error) {
	data := struct {
		S           *analysis.SweepResult
		Command     string
		Curve, Heat bool
		Solved      bool
		Unit        string
		Notes       []string
		CurveNote   string
		BreakEven   []breakEvenItem
		Rows        []sweepRow
		Metric      string   // the metric as people read it
		Wins        []string // the heads of the win columns
	}{S: s, Command: command, Curve: curve, Heat: heat, Solved: anySolved(s), Unit: unitOfSweep(s), Notes: ExactNotes(s), CurveNote: CurveNote(s)}
	names := sweepNames(s)
	data.Metric = names.described(s.Sweep.Metric)
	for _, side := range []rules.Side{rules.A, rules.B, rules.None} {
		data.Wins = append(data.Wins, names.described(rules.Metric{Kind: rules.WinShare, Side: side}))
	}
	for _, line := range s.BreakEvens() {
		data.BreakEven = append(data.BreakEven, breakEvenItem{Given: given(s, line), Text: BreakEvenText(s, line)})
	}
	for _, p := range s.Points {
		r := p.Result
		data.Rows = append(data.Rows, sweepRow{P: p, M: p.Share(s.Sweep.Metric), A: r.Win(rules.A), B: r.Win(rules.B), None: r.Win(rules.None),
			Exact: exactCell(p, s.Sweep.Metric), Mean: p.Rounds.Mean})
	}
	var b bytes.Buffer
	err := sweepPage.Execute(&b, data)
	return b.Bytes(), err
}

// WriteSweepDir writes the report of a sweep into dir (which must exist):
// sweep.csv (SweepRows), breakeven.csv (BreakEvenRows), curve.png (unless
// no point finished, or the second field has more than MaxCurvePanels
// values: CurveNote, which the page repeats), heatmap.png (for two fields)
// and index.html, each atomically.
func WriteSweepDir(dir string, s *analysis.SweepResult, command string) error {
	curve := curveDrawn(s)
	heat := len(s.Points) > 0 && len(s.Sweep.Axes) == 2
	files := []reportFile{
		{"sweep.csv", func() ([]byte, error) { return csvBytes(SweepRows(s)) }},
		{"breakeven.csv", func() ([]byte, error) { return csvBytes(BreakEvenRows(s)) }},
	}
	if curve {
		files = append(files, reportFile{"curve.png", func() ([]byte, error) { return SweepCurvePNG(s) }})
	}
	if heat {
		files = append(files, reportFile{"heatmap.png", func() ([]byte, error) { return SweepHeatMapPNG(s) }})
	}
	files = append(files, reportFile{"index.html", func() ([]byte, error) { return SweepHTML(s, command, curve, heat) }})
	return writeFiles(dir, files)
}
