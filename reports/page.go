package reports

import (
	"html/template"
	"math"
	"strconv"
)

// page is the report's index.html: how it was made, the claims (for a
// check), an overview of every scenario linked to its section, the plots,
// then a section per scenario.
var page = Framed("index", "crucible report", "", template.FuncMap{
	"pct": pct, "num": num, "time": humanTime, "seconds": func(u string) bool { return u == "seconds" },
}, `<h1>crucible report</h1>
<p class="meta">crucible {{.Version}}; seed{{if gt (len .Seeds) 1}}s{{end}} {{range $i, $s := .Seeds}}{{if $i}}, {{end}}<code>{{$s}}</code>{{end}}.
{{if .Command}}Made by <code>{{.Command}}</code>, which makes it again.{{end}}
Intervals are 95 % Wilson intervals for shares and 95 % normal intervals for means.</p>
{{with .Check}}<h2 id="claims">Claims</h2>
{{if .Interrupted}}<p class="warn">Interrupted: {{len .Verdicts}} of {{.Claims}} claims judged before the check was cut short; it decides nothing.</p>{{end}}
<p>seed <code>{{.Seed}}</code>; false-alarm rate {{.Alpha}} over {{.Claims}} claims (Bonferroni){{if gt .Looks 1}}; sequential, {{.Looks}} looks, {{.TrialsUsed}} trials{{end}}.</p>
<table id="verdicts"><tr><th>verdict</th><th>scenario</th><th>claim</th><th>observed</th><th>interval</th><th>expected</th><th>test</th><th>trials</th></tr>
{{range $i, $v := .Verdicts}}<tr class="{{.Verdict}}"><td>{{.Verdict}}</td><td>{{.Scenario}}</td><td>{{.Claim.Label}}{{if .Claim.Says}}<br><small>{{.Claim.Says}}</small>{{end}}</td>
<td>{{index $.Subjects $i}}{{num .Observed}} {{.Unit}}</td><td>[{{num .Lo}}, {{num .Hi}}]</td><td>{{.Claim}}</td><td><small>{{.Test}}</small></td><td>{{.Trials}}</td></tr>
{{end}}</table>{{end}}
<h2 id="overview">Overview</h2>
<table id="overview-table"><tr><th>scenario</th><th>sides</th><th>trials</th><th>side a wins</th><th>side b wins</th><th>no winner</th><th>mean</th>{{if .Check}}<th>claims</th>{{end}}</tr>
{{range .Results}}<tr><td><a href="#{{.ID}}">{{.R.Scenario}}</a></td><td class="text"><small>{{range $i, $s := .Sides}}{{if $i}}<br>{{end}}{{$s}}{{end}}</small></td>
<td>{{.R.Tally.Trials}}</td>{{range .Overview}}<td>{{with .Name}}{{.}}<br>{{end}}{{pct .S.P}}<br><small>[{{pct .S.Lo}}, {{pct .S.Hi}}]</small>{{range .Apart}}<br><small>{{.}}</small>{{end}}</td>{{end}}
<td>{{if seconds .Unit}}{{time .Rounds.Mean}}{{else}}{{num .Rounds.Mean}} {{.Unit}}{{end}}</td>{{if $.Check}}<td>{{.Verdicts}}</td>{{end}}</tr>
{{end}}</table>
{{if .WinRates}}<h2>Win rates</h2><img src="winrates.png" alt="win rates with error bars">
{{if .Uncontested}}<p>Not drawn (no trial had a winner): {{range $i, $n := .Uncontested}}{{if $i}}, {{end}}{{$n}}{{end}}.</p>{{end}}{{end}}
{{range .Plots}}<h2>Distribution of {{.Unit}}</h2><img src="{{.File}}" alt="distribution of {{.Unit}}">
{{end}}{{if .Dists}}<h2>Distributions of counters</h2><img src="counters.png" alt="distributions of counters">{{end}}
{{if .Boards}}<h2>Boards</h2><img src="board.png" alt="the board: ground, start position and heat maps">{{end}}
{{range .Results}}
<section id="{{.ID}}"><h2>{{.R.Scenario}}</h2>
{{if .R.Description}}<p>{{.R.Description}}</p>{{end}}
{{if .Sides}}<p>{{range $i, $s := .Sides}}{{if $i}}; {{end}}{{$s}}{{end}}.</p>{{end}}
<p class="meta">ruleset <code>{{.R.Ruleset}}</code>, {{.R.Tally.Trials}} trials, seed <code>{{.R.Seed}}</code>,
scenario hash <code>{{.R.Hash}}</code>{{if .R.Shard}}, shard {{.R.Shard}}{{end}}</p>
{{if .R.Interrupted}}<p class="warn">Interrupted: {{.R.Tally.Trials}} of {{.R.Planned}} planned trials finished.</p>{{end}}
{{range .R.Spec.Notes}}<p class="warn">{{.}}</p>{{end}}
{{if .SpreadNote}}<p class="warn">Note: {{.SpreadNote}} (<a href="#{{.ID}}-spread">policy spread</a>).</p>{{end}}
<table class="outcomes"><tr><th>outcome</th><th>count</th><th>share</th><th>95 % interval</th></tr>
{{range .Outcomes}}<tr{{with .Metric}} data-metric="{{.}}"{{end}}><td>{{.Name}}</td><td>{{.S.K}}</td><td>{{pct .S.P}}</td><td>[{{pct .S.Lo}}, {{pct .S.Hi}}]</td></tr>{{end}}
</table>
{{with .Note}}<p><small>{{.}}.</small></p>{{end}}
{{if seconds .Unit}}<table><tr><th>time lived</th><th>mean</th><th>95 % interval</th><th>min</th><th>p50</th><th>p90</th><th>p99</th><th>max</th></tr>
<tr><td></td><td>{{time .Rounds.Mean}}</td><td>[{{time .Rounds.MeanLo}}, {{time .Rounds.MeanHi}}]</td>
<td>{{time .Rounds.Min}}</td><td>{{time .Rounds.P50}}</td><td>{{time .Rounds.P90}}</td><td>{{time .Rounds.P99}}</td><td>{{time .Rounds.Max}}</td></tr></table>
{{else}}<table><tr><th>{{.Unit}}</th><th>mean</th><th>95 % interval</th><th>sd</th><th>min</th><th>p50</th><th>p90</th><th>p99</th><th>max</th></tr>
<tr><td></td><td>{{num .Rounds.Mean}}</td><td>[{{num .Rounds.MeanLo}}, {{num .Rounds.MeanHi}}]</td><td>{{num .Rounds.SD}}</td>
<td>{{.Rounds.Min}}</td><td>{{.Rounds.P50}}</td><td>{{.Rounds.P90}}</td><td>{{.Rounds.P99}}</td><td>{{.Rounds.Max}}</td></tr></table>{{end}}
{{if .Counters}}<table><tr><th>counter</th><th>mean per trial</th><th>95 % interval</th><th>what it counts</th></tr>
{{range .Counters}}<tr><td>{{.Label}}</td><td>{{num .Mean}}</td><td>[{{num .Lo}}, {{num .Hi}}]</td><td class="text">{{.Doc}}</td></tr>{{end}}</table>{{end}}
{{range .Heat}}<p>heat map: {{.}}</p>{{end}}
{{if .Dists}}<table><tr><th>distribution</th><th>min</th><th>p50</th><th>p90</th><th>p99</th><th>max</th></tr>
{{range .Dists}}<tr><td>{{.Label}}</td><td>{{.Min}}</td><td>{{.P50}}</td><td>{{.P90}}</td><td>{{.P99}}</td><td>{{.Max}}</td></tr>{{end}}</table>{{end}}
{{range .WinsBy}}<table><tr><th>by {{.Name}}</th><th>trials</th><th>share</th><th>{{.A}}</th><th>{{.B}}</th><th>{{.N}}</th></tr>
{{range .Rows}}<tr><td>{{.Value}}</td><td>{{.Trials}}</td><td>{{.Share}}</td><td>{{.A}}</td><td>{{.B}}</td><td>{{.None}}</td></tr>{{end}}</table>{{end}}
<details><summary>options in force</summary><table>
{{range .R.Spec.Options}}<tr><td>{{.Name}}</td><td>{{.Value}}</td></tr>{{end}}</table></details>
{{.Spread}}</section>
{{end}}
`)

// humanTime writes a time in seconds in the unit that fits it: years,
// days, hours, minutes or seconds (a lifespan of 2·10⁹ seconds reads as
// 68.05 years, not as a ten-digit number).
func humanTime(v any) string {
	var s float64
	switch x := v.(type) {
	case float64:
		s = x
	case int64:
		s = float64(x)
	}
	for _, u := range []struct {
		name string
		size float64
	}{{"years", 31557600}, {"days", 86400}, {"hours", 3600}, {"minutes", 60}} {
		if math.Abs(s) >= u.size {
			return strconv.FormatFloat(s/u.size, 'g', 4, 64) + " " + u.name
		}
	}
	return strconv.FormatFloat(s, 'g', 4, 64) + " seconds"
}
