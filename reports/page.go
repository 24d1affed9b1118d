package reports

import (
	"fmt"
	"html/template"

	"github.com/crucible-sim/crucible/analysis/skill"
	"github.com/crucible-sim/crucible/reports/frame"
	"github.com/crucible-sim/crucible/reports/words"
)

// page is the report's index.html: how it was made, the claims (for a
// check), an overview of every scenario linked to its section, the plots,
// then a section per scenario.
var page = frame.Page("index", "crucible report", "", template.FuncMap{
	"pct": words.Pct, "num": words.Num, "time": frame.HumanTime, "seconds": func(u string) bool { return u == "seconds" },
}, `{{with .Index}}<p class="meta"><a href="{{.}}">← every ruleset of this report</a></p>{{end}}
<h1>crucible report</h1>
<p class="meta">crucible {{.Version}}; seed{{if gt (len .Seeds) 1}}s{{end}} {{range $i, $s := .Seeds}}{{if $i}}, {{end}}<code>{{$s}}</code>{{end}}.
{{if .Command}}Made by <code>{{.Command}}</code>, which makes it again.{{end}}
Intervals are 95 % Clopper–Pearson intervals for shares and 95 % normal intervals for means.</p>
{{.SkillHTML}}{{with .Check}}<h2 id="claims">Claims</h2>
{{if .Interrupted}}<p class="warn">Interrupted: {{len .Verdicts}} of {{.Claims}} claims judged before the check was cut short; it decides nothing.</p>{{end}}
<p>seed <code>{{.Seed}}</code>; false-alarm rate {{.Alpha}} over {{.Claims}} claims (Bonferroni){{if gt .Looks 1}}; sequential, {{.Looks}} looks, {{.TrialsUsed}} trials{{end}}.</p>
<table id="verdicts"><tr><th>verdict</th><th>scenario</th><th>claim</th><th>observed</th><th>interval</th><th>expected</th><th>test</th><th>trials</th></tr>
{{range $i, $v := .Verdicts}}<tr class="{{.Verdict}}"><td>{{.Verdict}}</td><td>{{.Scenario}}</td><td>{{.Claim.Label}}{{if .Claim.Says}}<br><small>{{.Claim.Says}}</small>{{end}}</td>
<td>{{index $.Subjects $i}}{{num .Observed}} {{.Unit}}</td><td>[{{num .Lo}}, {{num .Hi}}]</td><td>{{.Claim}}</td><td><small>{{.Test}}</small></td><td>{{.Trials}}</td></tr>
{{end}}</table>{{end}}
<h2 id="overview">Overview</h2>
<table id="overview-table"><tr><th>scenario</th>{{if .AnySides}}<th class="text">sides</th>{{end}}<th>trials</th><th>{{index .Sides 0}}</th><th>{{index .Sides 1}}</th><th>{{index .Sides 2}}</th><th>mean</th>{{if .Check}}<th>claims</th>{{end}}</tr>
{{range .Results}}<tr><td><a href="#{{.ID}}">{{.R.Scenario}}</a></td>{{if $.AnySides}}<td class="text"><small>{{range $i, $s := .Sides}}{{if $i}}<br>{{end}}{{$s}}{{end}}</small></td>{{end}}
<td>{{.R.Tally.Trials}}</td>{{range .Overview}}<td>{{with .Name}}{{.}}<br>{{end}}{{pct .S.P}}<br><small>[{{pct .S.Lo}}, {{pct .S.Hi}}]</small>{{range .Apart}}<br><small>{{.}}</small>{{end}}</td>{{end}}
<td>{{if seconds .Unit}}{{time .Rounds.Mean}}{{else}}{{num .Rounds.Mean}} {{.Unit}}{{end}}</td>{{if $.Check}}<td>{{.Verdicts}}</td>{{end}}</tr>
{{end}}</table>
{{with .WinRates}}<h2>Win rates</h2><img src="{{.}}" alt="win rates with error bars">
{{if $.Uncontested}}<p>Not drawn (no trial had a winner): {{range $i, $n := $.Uncontested}}{{if $i}}, {{end}}{{$n}}{{end}}.</p>{{end}}{{end}}
{{if or .Plots .Dists}}<p>On one sheet each, every scenario's {{range $i, $p := .Plots}}{{if $i}}, {{end}}distribution of {{.Unit}} (<a href="{{.File}}">{{.File}}</a>){{end}}{{if .Dists}}, distributions of counters (<a href="counters.png">counters.png</a>){{end}}; each scenario's section below draws its own.</p>{{end}}
{{if .Boards}}<h2>Boards</h2><img src="board.svg" alt="the board: ground, start position and heat maps"><p><small>Also as <a href="board.png">board.png</a>.</small></p>{{end}}
{{range .Results}}
<section id="{{.ID}}"><h2>{{.R.Scenario}}</h2>
{{if .R.Description}}<p>{{.R.Description}}</p>{{end}}
{{if .Sides}}<p>{{range $i, $s := .Sides}}{{if $i}}; {{end}}{{$s}}{{end}}.</p>{{end}}
<p class="meta">ruleset <code>{{.R.Ruleset}}</code>, {{.R.Tally.Trials}} trials, seed <code>{{.R.Seed}}</code>,
scenario hash <code>{{.R.Hash}}</code>{{if .R.Shard}}, shard {{.R.Shard}}{{end}}</p>
{{if .R.Interrupted}}<p class="warn">Interrupted: {{.R.Tally.Trials}} of {{.R.Planned}} planned trials finished.</p>{{end}}
{{range .R.Spec.Notes}}<p class="warn">{{.}}</p>{{end}}
{{if .SpreadNote}}<p class="warn">Note: {{.SpreadNote}} (<a href="#{{.ID}}-spread">policy spread</a>).</p>{{end}}
{{$x := .Exact}}<table class="outcomes"><tr><th>outcome</th><th>count</th><th>share</th><th>95 % interval</th><th class="text">a game that ends like this</th>{{if $x}}<th>exact</th>{{end}}</tr>
{{range $o := .Outcomes}}<tr{{with .Metric}} data-metric="{{.}}"{{end}}><td>{{.Name}}</td><td>{{.S.K}}</td><td>{{pct .S.P}}</td><td>[{{pct .S.Lo}}, {{pct .S.Hi}}]</td><td class="text">{{with $o.Game}}{{if .Explain}}<details class="show-game"><summary>show me a game that ends like this</summary>{{with .Replay}}<p>replay one: <code>{{.}}</code></p>{{end}}<p>{{if .Replay}}or several{{else}}find some{{end}}: <code>{{.Explain}}</code></p></details>{{end}}{{end}}</td>{{if $x}}<td>{{.Exact}}</td>{{end}}</tr>{{end}}
</table>
{{with .Note}}<p><small>{{.}}.</small></p>{{end}}
{{if $x}}<p class="meta">Exact: solved{{with $x.States}} over {{.}} states{{end}}, nothing random; each estimate's interval should hold it 95 % of the time.</p>{{end}}
<div class="plots"><figure><img src="{{.RoundsFig}}" alt="distribution of {{.Unit}} and the share of battles over by each"></figure>
{{with .AtLeastFig}}<figure><img src="{{.}}" alt="the chance of at least k, for each distribution of a counter"></figure>{{end}}</div>
{{if seconds .Unit}}<table class="rounds"><tr><th>mean time lived</th><th>95 % interval</th><th>min</th><th>p50</th><th>p90</th><th>p99</th><th>max</th></tr>
<tr><td>{{time .Rounds.Mean}}</td><td>[{{time .Rounds.MeanLo}}, {{time .Rounds.MeanHi}}]</td>
<td>{{time .Rounds.Min}}</td><td>{{time .Rounds.P50}}</td><td>{{time .Rounds.P90}}</td><td>{{time .Rounds.P99}}</td><td>{{time .Rounds.Max}}</td></tr></table>
{{else}}<table class="rounds"><tr><th>mean {{.Unit}}</th><th>95 % interval</th>{{if $x}}<th>exact mean</th>{{end}}<th>sd</th><th>min</th><th>p50</th><th>p90</th><th>p99</th><th>max</th></tr>
<tr><td>{{num .Rounds.Mean}}</td><td>[{{num .Rounds.MeanLo}}, {{num .Rounds.MeanHi}}]</td>{{if $x}}<td>{{num $x.RoundsMean.F}}</td>{{end}}<td>{{num .Rounds.SD}}</td>
<td>{{.Rounds.Min}}</td><td>{{.Rounds.P50}}</td><td>{{.Rounds.P90}}</td><td>{{.Rounds.P99}}</td><td>{{.Rounds.Max}}</td></tr></table>{{end}}
{{$docs := .Docs}}{{if .Counters}}<table class="counters"><tr><th>counter</th><th>mean per trial</th><th>95 % interval</th>{{if $x}}<th>exact mean</th>{{end}}{{if $docs}}<th class="text">what it counts</th>{{end}}</tr>
{{range .Counters}}<tr><td>{{.Label}}</td><td>{{num .Mean}}</td><td>[{{num .Lo}}, {{num .Hi}}]</td>{{if $x}}<td>{{.Exact}}</td>{{end}}{{if $docs}}<td class="text">{{.Doc}}</td>{{end}}</tr>{{end}}</table>{{end}}
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

// Meta is what a report page says of how it was made: the crucible
// version and the command line that reproduces it.
type Meta struct {
	Version, Command string
	// Skill is the command's skill axis (--skill), shown below the
	// page's heading and written to skill.json; nil when none was asked.
	Skill []*skill.Axis
}

// sectionID is the anchor of the section of the i-th result.
func sectionID(i int) string { return fmt.Sprintf("s%d", i+1) }
