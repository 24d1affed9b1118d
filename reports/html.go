package reports

import (
	"bytes"
	"fmt"
	"html/template"
	"path/filepath"
	"strconv"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/sim"
)

var page = template.Must(template.New("index").Funcs(template.FuncMap{"pct": pct, "num": num}).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>crucible report</title>
<style>
body{font-family:system-ui,sans-serif;margin:2em;max-width:70em;color:#222}
table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:right}
th{background:#f3f3f3}td:first-child,th:first-child{text-align:left}
.warn{color:#a00;font-weight:bold}tr.FAIL td:first-child{color:#a00;font-weight:bold}tr.PASS td:first-child{color:#070}code{background:#f3f3f3;padding:0 .2em}img{max-width:100%}
</style></head><body>
<h1>crucible report</h1>
{{with .Check}}<h2>Claims</h2>
<p>seed <code>{{.Seed}}</code>; false-alarm rate {{.Alpha}} over {{.Claims}} claims (Bonferroni){{if gt .Looks 1}}; sequential, {{.Looks}} looks{{end}}.</p>
<table><tr><th>verdict</th><th>scenario</th><th>claim</th><th>observed</th><th>interval</th><th>expected</th><th>test</th><th>trials</th></tr>
{{range .Verdicts}}<tr class="{{.Verdict}}"><td>{{.Verdict}}</td><td>{{.Scenario}}</td><td>{{.Claim.Label}}{{if .Claim.Says}}<br><small>{{.Claim.Says}}</small>{{end}}</td>
<td>{{num .Observed}} {{.Unit}}</td><td>[{{num .Lo}}, {{num .Hi}}]</td><td>{{.Claim}}</td><td><small>{{.Test}}</small></td><td>{{.Trials}}</td></tr>
{{end}}</table>{{end}}
<p>{{len .Results}} scenario(s); crucible {{.Version}}. Intervals are 95 % Wilson intervals for shares and
95 % normal intervals for means.</p>
{{if .WinRates}}<h2>Win rates</h2><img src="winrates.png" alt="win rates with error bars">
{{if .Uncontested}}<p>Not drawn (no trial had a winner): {{range $i, $n := .Uncontested}}{{if $i}}, {{end}}{{$n}}{{end}}.</p>{{end}}{{end}}
{{range .Plots}}<h2>Distribution of {{.Unit}}</h2><img src="{{.File}}" alt="distribution of {{.Unit}}">
{{end}}{{if .Dists}}<h2>Distributions of counters</h2><img src="counters.png" alt="distributions of counters">{{end}}
{{if .Boards}}<h2>Boards</h2><img src="board.png" alt="the board: ground, start position and heat maps">{{end}}
{{range .Results}}
<h2 id="{{.R.Scenario}}">{{.R.Scenario}}</h2>
<p>ruleset <code>{{.R.Ruleset}}</code>, {{.R.Tally.Trials}} trials, seed <code>{{.R.Seed}}</code>,
scenario hash <code>{{.R.Hash}}</code>{{if .R.Shard}}, shard {{.R.Shard}}{{end}}</p>
{{if .R.Interrupted}}<p class="warn">Interrupted: {{.R.Tally.Trials}} of {{.R.Planned}} planned trials finished.</p>{{end}}
{{range .R.Spec.Notes}}<p class="warn">{{.}}</p>{{end}}
<table><tr><th>outcome</th><th>count</th><th>share</th><th>95 % interval</th></tr>
{{range .Shares}}<tr><td>{{.Name}}</td><td>{{.S.K}}</td><td>{{pct .S.P}}</td><td>[{{pct .S.Lo}}, {{pct .S.Hi}}]</td></tr>{{end}}
</table>
<table><tr><th>{{.Unit}}</th><th>mean</th><th>95 % interval</th><th>sd</th><th>min</th><th>p50</th><th>p90</th><th>p99</th><th>max</th></tr>
<tr><td></td><td>{{num .Rounds.Mean}}</td><td>[{{num .Rounds.MeanLo}}, {{num .Rounds.MeanHi}}]</td><td>{{num .Rounds.SD}}</td>
<td>{{.Rounds.Min}}</td><td>{{.Rounds.P50}}</td><td>{{.Rounds.P90}}</td><td>{{.Rounds.P99}}</td><td>{{.Rounds.Max}}</td></tr></table>
{{if .Counters}}<table><tr><th>counter</th><th>mean per trial</th><th>95 % interval</th><th>what it counts</th></tr>
{{range .Counters}}<tr><td>{{.Name}}</td><td>{{num .Mean}}</td><td>[{{num .Lo}}, {{num .Hi}}]</td><td>{{.Doc}}</td></tr>{{end}}</table>{{end}}
{{range .Heat}}<p>heat map: {{.}}</p>{{end}}
{{if .Dists}}<table><tr><th>distribution</th><th>min</th><th>p50</th><th>p90</th><th>p99</th><th>max</th></tr>
{{range .Dists}}<tr><td>{{.Name}}</td><td>{{.Min}}</td><td>{{.P50}}</td><td>{{.P90}}</td><td>{{.P99}}</td><td>{{.Max}}</td></tr>{{end}}</table>{{end}}
{{range .WinsBy}}<table><tr><th>by {{.Name}}</th><th>trials</th><th>share</th><th>wins a</th><th>wins b</th><th>no winner</th></tr>
{{range .Rows}}<tr><td>{{.Value}}</td><td>{{.Trials}}</td><td>{{.Share}}</td><td>{{.A}}</td><td>{{.B}}</td><td>{{.None}}</td></tr>{{end}}</table>{{end}}
<details><summary>options in force</summary><table>
{{range .R.Spec.Options}}<tr><td>{{.Name}}</td><td>{{.Value}}</td></tr>{{end}}</table></details>
{{end}}
</body></html>
`))

type namedShare struct {
	Name string
	S    analysis.Share
}

type htmlResult struct {
	R        *analysis.Result
	Shares   []namedShare
	Rounds   analysis.HistStats
	Unit     string
	Counters []analysis.CounterMean
	Dists    []analysis.CounterDist
	WinsBy   []htmlWinsBy
	Heat     []string
}

// htmlWinsBy is the win rates by value of one counter, as the page shows
// them (shares as "45.00 % [44.1 %, 45.9 %]").
type htmlWinsBy struct {
	Name string
	Rows []struct{ Value, Trials, Share, A, B, None string }
}

func winsByRows(r *analysis.Result) []htmlWinsBy {
	var out []htmlWinsBy
	for _, wb := range r.WinsBy() {
		h := htmlWinsBy{Name: wb.Name}
		for _, at := range wb.At {
			sh := func(s analysis.Share) string { return pct(s.P) + " [" + pct(s.Lo) + ", " + pct(s.Hi) + "]" }
			h.Rows = append(h.Rows, struct{ Value, Trials, Share, A, B, None string }{binText(at.Low, at.High),
				strconv.FormatInt(at.Trials.K, 10), pct(at.Trials.P), sh(at.Win[rules.A]), sh(at.Win[rules.B]), sh(at.Win[rules.None])})
		}
		out = append(out, h)
	}
	return out
}

// HTML renders the report page, which shows winrates.png and rounds.png
// from the same directory.
func HTML(results []*analysis.Result, version string) ([]byte, error) {
	return checkHTML(results, version, nil)
}

// checkHTML renders the report page, with the verdicts of check first when
// it is not nil.
func checkHTML(results []*analysis.Result, version string, check *analysis.Check) ([]byte, error) {
	data := struct {
		Check       *analysis.Check
		Version     string
		WinRates    bool
		Uncontested []string
		Plots       []RoundPlot
		Dists       bool
		Boards      bool
		Results     []htmlResult
	}{Check: check, Version: version, WinRates: len(Contested(results)) > 0, Plots: RoundPlots(results), Dists: hasDists(results),
		Boards: len(Boards(results)) > 0}
	for _, r := range results {
		if r.Tally.Wins[rules.A]+r.Tally.Wins[rules.B] == 0 {
			data.Uncontested = append(data.Uncontested, r.Scenario)
		}
		h := htmlResult{R: r, Rounds: r.Rounds(), Unit: r.Spec.RoundsUnit, Counters: listedCounters(r), Dists: r.Dists(), WinsBy: winsByRows(r)}
		for _, hs := range HeatSummaries(r) {
			h.Heat = append(h.Heat, hs.text())
		}
		if h.Unit == "" {
			h.Unit = "rounds"
		}
		for _, s := range []rules.Side{rules.A, rules.B, rules.None} {
			h.Shares = append(h.Shares, namedShare{"wins " + s.String(), r.Win(s)})
		}
		for _, n := range r.Tally.EndNames {
			h.Shares = append(h.Shares, namedShare{"end " + n, r.End(n)})
		}
		data.Results = append(data.Results, h)
	}
	var b bytes.Buffer
	err := page.Execute(&b, data)
	return b.Bytes(), err
}

func hasDists(results []*analysis.Result) bool {
	for _, r := range results {
		if len(r.Tally.DistOf) > 0 {
			return true
		}
	}
	return false
}

// WriteDir writes the full report for results into dir (which must exist):
// summary.csv, rounds.csv, summary.json, winrates.png (of the results that
// have winners), rounds.png (plus rounds-<unit>.png for results counting
// another unit), counters.csv and counters.png (when a result has
// distribution counters), board.png (when a result's battle has a board)
// and index.html, each atomically.
func WriteDir(dir string, results []*analysis.Result, version string) error {
	return writeDir(dir, results, version, nil)
}

// writeDir is WriteDir with the verdicts of a check, when check is not nil:
// on the page, and in verdicts.csv and verdicts.json.
func writeDir(dir string, results []*analysis.Result, version string, check *analysis.Check) error {
	type file struct {
		name   string
		render func() ([]byte, error)
	}
	files := []file{
		{"summary.csv", func() ([]byte, error) { return csvBytes(SummaryRows(results)) }},
		{"rounds.csv", func() ([]byte, error) { return csvBytes(RoundRows(results)) }},
		{"summary.json", func() ([]byte, error) {
			var b bytes.Buffer
			err := WriteJSON(&b, results)
			return b.Bytes(), err
		}},
	}
	if contested := Contested(results); len(contested) > 0 {
		files = append(files, file{"winrates.png", func() ([]byte, error) { return WinRatesPNG(contested) }})
	}
	for _, p := range RoundPlots(results) {
		files = append(files, file{p.File, func() ([]byte, error) { return RoundsPNG(p.Results) }})
	}
	if hasDists(results) {
		files = append(files,
			file{"counters.csv", func() ([]byte, error) { return csvBytes(CounterRows(results)) }},
			file{"counters.png", func() ([]byte, error) { return CountersPNG(results) }})
	}
	if boards := Boards(results); len(boards) > 0 {
		files = append(files, file{"board.png", func() ([]byte, error) { return BoardPNG(boards) }})
	}
	if check != nil {
		files = append(files,
			file{"verdicts.csv", func() ([]byte, error) { return csvBytes(VerdictRows(check)) }},
			file{"verdicts.json", func() ([]byte, error) {
				var b bytes.Buffer
				err := WriteVerdictsJSON(&b, check)
				return b.Bytes(), err
			}})
	}
	files = append(files, file{"index.html", func() ([]byte, error) { return checkHTML(results, version, check) }})
	for _, f := range files {
		data, err := f.render()
		if err != nil {
			return fmt.Errorf("%s: %w", f.name, err)
		}
		if err := sim.WriteFileAtomic(filepath.Join(dir, f.name), data); err != nil {
			return err
		}
	}
	return nil
}

func csvBytes(rows [][]string) ([]byte, error) {
	var b bytes.Buffer
	err := WriteCSV(&b, rows)
	return b.Bytes(), err
}
