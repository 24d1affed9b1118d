package reports

import (
	"bytes"
	"html/template"
	"slices"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/reports/frame"
	"github.com/crucible-sim/crucible/reports/words"
	"github.com/crucible-sim/crucible/rules"
)

// rulesetGroup is the results of one ruleset in a report of several: the
// page <ruleset>.html shows them.
type rulesetGroup struct {
	ruleset string
	at      []int // the results' indices in the report, in order
}

// byRuleset groups results by ruleset, in the order each first appears.
func byRuleset(results []*analysis.Result) []rulesetGroup {
	var out []rulesetGroup
	for i, r := range results {
		k := slices.IndexFunc(out, func(g rulesetGroup) bool { return g.ruleset == r.Ruleset })
		if k < 0 {
			k = len(out)
			out = append(out, rulesetGroup{ruleset: r.Ruleset})
		}
		out[k].at = append(out[k].at, i)
	}
	return out
}

// indexPage is the index.html of a report of several rulesets: how it was
// made, and a line per ruleset linking its page, with its scenarios and
// each one's headline.
var indexPage = frame.Page("report-index", "crucible report", "", template.FuncMap{"pct": words.Pct}, `<h1>crucible report</h1>
<p class="meta">crucible {{.Version}}; {{len .Results}} scenarios of {{len .Groups}} rulesets, a page each.
{{if .Command}}Made by <code>{{.Command}}</code>, which makes it again.{{end}}
Every number is in <a href="summary.csv">summary.csv</a> and <a href="summary.json">summary.json</a>.</p>
{{range .Groups}}<h2><a href="{{.Page}}">{{.Ruleset}}</a></h2>
<table class="index"><tr><th>scenario</th><th>trials</th><th>{{.A}}</th><th>{{.B}}</th><th>no winner</th></tr>
{{$page := .Page}}{{range .Rows}}<tr><td><a href="{{$page}}#{{.ID}}">{{.Name}}</a></td><td>{{.Trials}}</td><td>{{pct .A}}</td><td>{{pct .B}}</td><td>{{pct .None}}</td></tr>
{{end}}</table>
{{end}}`)

// indexHTML renders the index page of a report of several rulesets.
func indexHTML(results []*analysis.Result, groups []rulesetGroup, meta Meta) ([]byte, error) {
	type row struct {
		ID, Name   string
		Trials     int64
		A, B, None float64
	}
	type group struct {
		Ruleset, Page, A, B string
		Rows                []row
	}
	data := struct {
		Meta
		Results []*analysis.Result
		Groups  []group
	}{Meta: meta, Results: results}
	for _, g := range groups {
		specs := make([]rules.Spec, len(g.at))
		for k, i := range g.at {
			specs[k] = results[i].Spec
		}
		n := words.CommonNames(specs, nil)
		out := group{Ruleset: g.ruleset, Page: g.ruleset + ".html", A: n.Victories(rules.A) + n.Tag(rules.A), B: n.Victories(rules.B) + n.Tag(rules.B)}
		for _, i := range g.at {
			r := results[i]
			h := r.Headline()
			out.Rows = append(out.Rows, row{sectionID(i), r.Scenario, r.Tally.Trials, h.Victories[rules.A].P, h.Victories[rules.B].P, h.Victories[rules.None].P})
		}
		data.Groups = append(data.Groups, out)
	}
	var b bytes.Buffer
	err := indexPage.Execute(&b, data)
	return b.Bytes(), err
}
