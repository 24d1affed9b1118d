package sweepreport

import (
	"bytes"
	"html/template"
	"io"
	"strings"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/sweep"
	"github.com/crucible-sim/crucible/reports/figure"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/reports/frame"
	"github.com/crucible-sim/crucible/reports/outdir"
	"github.com/crucible-sim/crucible/reports/words"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/sim"
)

var sweepPage = frame.Page("sweep", "crucible sweep {{.S.Sweep.Name}}", "", template.FuncMap{"pct": words.Pct, "num": words.Num}, `<h1>crucible sweep {{.S.Sweep.Name}}</h1>
{{with .S.Sweep.Description}}<p>{{.}}</p>{{end}}
<p>Base scenario <code>{{.S.Sweep.Base}}</code> (ruleset <code>{{.S.Sweep.Ruleset}}</code>), varying
{{range $i, $a := .S.Sweep.Axes}}{{if $i}} and {{end}}{{if $a.Label}}{{$a.Label}} (<code>{{$a.Path}}</code>){{else}}<code>{{$a.Path}}</code>{{end}} over {{len $a.Values}} values{{end}}:
{{len .S.Sweep.Points}} points × {{.S.Trials}} trials, seed <code>{{.S.Seed}}</code>, crucible {{.S.Version}}.
Every point is fought on the same random streams (those of <code>{{.S.Sweep.Streams}}</code>), so that neighbouring
points differ by the rule, not by luck. Intervals are {{.Interval}} intervals, as claims use.</p>
{{with .Command}}<p>Reproduce with <code>{{.}}</code></p>{{end}}
{{if .S.Interrupted}}<p class="warn">Interrupted: {{len .S.Points}} of {{len .S.Sweep.Points}} points finished; this page covers those.</p>{{end}}
{{range .Shapes}}<p class="warn" id="not-monotonic">{{.}}</p>{{end}}
{{if .BreakEvenHead}}<h2>Break-even</h2>
<p>{{.BreakEvenHead}} (<a href="breakeven.csv">breakeven.csv</a>):</p>
<ul>{{range .BreakEven}}<li>{{with .Given}}at <code>{{.}}</code>: {{end}}{{.Text}}</li>{{end}}</ul>{{end}}
{{if .Rankings}}<h2>Ranking</h2>
{{if .Rank}}<img src="rank.png" alt="{{.Metric}} by {{.Field}}: ranked bars with 95 % whiskers">{{end}}
{{range .Rankings}}<p>{{with .Given}}At <code>{{.}}</code>: {{end}}{{.Head}} (<a href="ranking.csv">ranking.csv</a>).</p>
<table class="ranking"><tr><th>rank</th><th>{{$.Field}}</th><th>{{$.Metric}}</th><th>interval</th><th>{{.Against}}</th></tr>
{{range .Rows}}<tr><td>{{.Rank}}</td><td>{{.Value}}</td><td>{{.Figure}}</td><td>{{.Band}}</td><td>{{.Mark}}</td></tr>
{{end}}</table>{{end}}{{end}}
{{range .Notes}}<p>Note: {{.}}</p>{{end}}
{{if .Curve}}<h2>{{.Metric}} along {{.Field}}</h2><img src="curve.png" alt="{{.Metric}} by {{.Field}} with error bars">{{else}}{{with .CurveNote}}<p>Note: {{.}}.</p>{{end}}{{end}}
{{if .Heat}}<h2>Heat map</h2><img src="heatmap.png" alt="{{.Metric}} over the grid">{{end}}
{{if .Rounds}}<h2>Distribution of {{.Unit}} at {{.Overlaid}} values of {{.Field}}</h2><figure><img src="rounds.svg" alt="the distribution of {{.Unit}} at {{.Overlaid}} values of {{.Field}}, on one axis"></figure>{{end}}
<h2>Points</h2>
{{with .KeyPoints}}<p>{{.}}</p>{{end}}
<p>Every metric of every point, with intervals and exact values: <a href="sweep.csv">sweep.csv</a>; the points, break-even, ranking and shape: <a href="sweep.json">sweep.json</a>.</p>
<table id="points"><tr><th>point</th>{{range .S.Sweep.Axes}}<th>{{.Name}}</th>{{end}}<th>{{.Metric}}</th><th>95 % interval</th>{{if .Solved}}<th>exact</th>{{end}}{{range .Wins}}<th>{{.}}</th>{{end}}<th>mean {{.Unit}}</th>{{if .KeyPoints}}<th>listed as</th>{{end}}</tr>
{{range .Rows}}<tr><td>{{.P.Index}}</td>{{range .P.Values}}<td>{{.}}</td>{{end}}<td>{{.Figure}}</td><td>{{.Band}}</td>{{if $.Solved}}<td>{{.Exact}}</td>{{end}}{{range .Shares}}<td>{{pct .P}}</td>{{end}}<td>{{num .Mean}}</td>{{if $.KeyPoints}}<td>{{.Why}}</td>{{end}}</tr>
{{end}}</table>
`)

// sweepRow is one point of the sweep page's table; Why says why a large
// grid's page lists it (keyPoints).
type sweepRow struct {
	P                        sweep.PointResult
	Shares                   []analysis.Share // the win shares of shareSides, in order
	Figure, Band, Exact, Why string
	Mean                     float64
}

// shareSides are the sides whose win shares the page's table shows beside
// the metric: every outcome but the one the metric already is, so a sweep
// of win.a does not print A's share twice.
func shareSides(m rules.Metric) []rules.Side {
	var out []rules.Side
	for _, side := range []rules.Side{rules.A, rules.B, rules.None} {
		if m.Kind == rules.WinShare && m.Side == side {
			continue
		}
		out = append(out, side)
	}
	return out
}

// breakEvenItem is one break-even line of the sweep page.
type breakEvenItem struct{ Given, Text string }

// rankingItem is one ranking of the sweep page.
type rankingItem struct {
	Given, Head, Against string
	Rows                 []rankRow
}

// HTML renders a sweep's page, which shows curve.png, heatmap.png,
// rank.png and rounds.svg from the same directory when drawn says they
// were written.
// command is the command line that reproduces the sweep.
func HTML(s *sweep.Result, command string, drawn sweepPlots) ([]byte, error) {
	var b bytes.Buffer
	err := writeHTML(&b, s, command, drawn)
	return b.Bytes(), err
}

// writeHTML writes HTML's page to w as it is rendered.
func writeHTML(w io.Writer, s *sweep.Result, command string, drawn sweepPlots) error {
	data := struct {
		S              *sweep.Result
		Command        string
		Curve, Heat    bool
		Rank           bool
		Rounds         bool // rounds.svg, the rounds of a few points on one axis
		Overlaid       int  // how many points it draws
		Solved         bool
		Unit, Interval string
		Notes, Shapes  []string
		CurveNote      string
		BreakEvenHead  string
		BreakEven      []breakEvenItem
		Rankings       []rankingItem
		Rows           []sweepRow
		KeyPoints      string   // what the table lists when it cannot list every point
		Metric, Field  string   // the metric and the first field as people read them
		Wins           []string // the heads of the win columns
	}{S: s, Command: command, Curve: drawn.curve, Heat: drawn.heat, Rank: drawn.rank, Rounds: drawn.rounds, Overlaid: len(figure.SweepOverlaid(s)), Solved: anySolved(s), Unit: words.UnitOfSweep(s),
		Interval: words.IntervalName(s.Sweep.Metric), Notes: ExactNotes(s), Shapes: ShapeTexts(s), CurveNote: figure.CurveNote(s),
		BreakEvenHead: BreakEvenHead(s), Metric: words.MetricName(s), Field: s.Sweep.Axes[0].Name()}
	names := words.SweepNames(s)
	for _, side := range shareSides(s.Sweep.Metric) {
		data.Wins = append(data.Wins, names.Described(rules.Metric{Kind: rules.WinShare, Side: side}))
	}
	for _, line := range s.BreakEvens() {
		data.BreakEven = append(data.BreakEven, breakEvenItem{Given: words.GivenWords(s, line.Given), Text: BreakEvenText(s, line)})
	}
	for _, r := range s.Rankings() {
		against := "against " + RankTop(r)
		if r.Level != nil {
			against = "against " + words.SweepLevel(s)
		}
		data.Rankings = append(data.Rankings, rankingItem{Given: words.GivenWords(s, r.Given), Head: RankingHead(s, r), Against: against, Rows: rankRows(s, r)})
	}
	data.Rows, data.KeyPoints = pageRows(s)
	return sweepPage.Execute(w, data)
}

// pageRows returns the rows of the page's table: every point, or, in a
// grid of more than MaxPageRows, the key points (keyPoints) and the
// sentence that says which they are.
func pageRows(s *sweep.Result) ([]sweepRow, string) {
	m := s.Sweep.Metric
	row := func(p sweep.PointResult) sweepRow {
		row := sweepRow{P: p, Figure: words.Figure(m, p.Estimate.Value), Band: band(m, p.Estimate), Exact: exactCell(p, m), Mean: p.Rounds.Mean}
		for _, side := range shareSides(m) {
			row.Shares = append(row.Shares, p.Result.Win(side))
		}
		return row
	}
	var rows []sweepRow
	if len(s.Points) <= MaxPageRows {
		for _, p := range s.Points {
			rows = append(rows, row(p))
		}
		return rows, ""
	}
	keys, left := keyPoints(s)
	for _, k := range keys {
		r := row(s.Points[k.at])
		r.Why = strings.Join(k.why, "; ")
		rows = append(rows, r)
	}
	return rows, keyPointsHead(s, len(keys), left)
}

// sweepPlots says which plots a sweep's report has.
type sweepPlots struct{ curve, heat, rank, rounds bool }

// WriteDir writes the report of a sweep into dir (which must exist):
// sweep.csv (SweepRows), sweep.json (SweepObject), breakeven.csv (BreakEvenRows; for a first field
// of names, ranking.csv (RankingRows) in its place and rank.png in place
// of curve.png),
// curve.png (unless no point finished, or the second field has more than
// MaxCurvePanels values: CurveNote, which the page repeats), heatmap.png
// (for two fields), rounds.svg (the rounds of up to analysis.MaxOverlaid
// values of the first field on one axis: SweepRoundsFigure, when two
// points or more kept them) and index.html, each atomically.
func WriteDir(dir string, s *sweep.Result, command string) error {
	ranked := s.Sweep.Kinds[0] == sweep.Categorical
	drawn := sweepPlots{curve: !ranked && figure.CurveDrawn(s), heat: len(s.Points) > 0 && len(s.Sweep.Axes) == 2, rank: ranked && figure.CurveDrawn(s),
		rounds: figure.RoundsOverlaid(s)}
	files := []outdir.File{
		{Name: "sweep.csv", Write: func(w io.Writer) error { return WriteRows(w, s) }},
		{Name: "sweep.json", Write: func(w io.Writer) error { return WriteJSON(w, s) }},
	}
	if ranked {
		files = append(files, outdir.File{Name: "ranking.csv", Render: func() ([]byte, error) { return formats.CsvBytes(RankingRows(s)) }})
	} else {
		files = append(files, outdir.File{Name: "breakeven.csv", Render: func() ([]byte, error) { return formats.CsvBytes(BreakEvenRows(s)) }})
	}
	if drawn.curve {
		files = append(files, outdir.File{Name: "curve.png", Render: func() ([]byte, error) { return figure.SweepCurvePNG(s) }})
	}
	if drawn.rank {
		files = append(files, outdir.File{Name: "rank.png", Render: func() ([]byte, error) { return figure.SweepRankPNG(s) }})
	}
	if drawn.heat {
		files = append(files, outdir.File{Name: "heatmap.png", Render: func() ([]byte, error) { return figure.SweepHeatMapPNG(s) }})
	}
	if drawn.rounds {
		files = append(files, outdir.File{Name: "rounds.svg", Render: func() ([]byte, error) { return figure.SweepRoundsFigure(s, figure.FormatSVG) }})
	}
	files = append(files, outdir.File{Name: "index.html", Write: func(w io.Writer) error { return writeHTML(w, s, command, drawn) }})
	return outdir.WriteFiles(dir, files)
}

// Write replaces the directory's report with the report of a sweep
// (WriteSweepDir) and, when states is not nil (an interrupted sweep),
// their checkpoint, as WriteReport does for a run: whole or not at all.
func Write(d *outdir.Dir, s *sweep.Result, states []*sim.Checkpoint) error {
	return d.Replace(func(dir string) error { return WriteDir(dir, s, d.Command) }, states)
}
