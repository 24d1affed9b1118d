package reports

import (
	"bytes"
	"html/template"
	"sync"

	"github.com/crucible-sim/crucible/analysis/spread"
	"github.com/crucible-sim/crucible/reports/words"
)

// spreadSection is a policy spread as a part of a report page, at the end
// of the section of its scenario (whose head says the note): the cells,
// the range and the skill gaps, and the values left out. It is parsed on
// first use, as every page is (frame.Template).
var spreadSection = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("spread").Funcs(template.FuncMap{"pct": words.Pct}).Parse(`<h3 id="{{.ID}}">Policy spread</h3>
<p class="meta">Each side's policy varied, the other playing as the scenario says; {{.How}}.</p>
<table class="spread"><tr><th>varied</th><th>{{index .S.Fields 0}}</th><th>{{index .S.Fields 1}}</th><th>{{.Headline}}</th><th>95 % interval</th><th>{{index .S.Labels 1}} wins</th></tr>
{{range .Rows}}<tr><td>{{.Varied}}</td><td class="text">{{.A}}</td><td class="text">{{.B}}</td><td>{{.Win}}</td><td>{{.Interval}}</td><td>{{.Other}}</td></tr>
{{end}}</table>
<p>Range: {{.Range}}.</p>
<ul>{{range .Gaps}}<li>Skill gap: {{.}}.</li>{{end}}</ul>
{{if .Left}}<details><summary>not played ({{len .Left}})</summary><ul>{{range .Left}}<li>{{.}}</li>{{end}}</ul></details>{{end}}
`))
})

// spreadParts renders what a page shows of a spread: its note, if it has
// one, and its part of the section (id is its anchor); nothing for a nil
// spread.
func spreadParts(s *spread.Spread, id string) (note string, part template.HTML, err error) {
	if s == nil {
		return "", "", nil
	}
	if s.Noted() {
		note = noteText(s)
	}
	type row struct{ Varied, A, B, Win, Interval, Other string }
	data := struct {
		S                 *spread.Spread
		ID, How, Headline string
		Range             string
		Rows              []row
		Gaps, Left        []string
	}{S: s, ID: id, How: spreadCells(s), Headline: headline(s), Range: rangeText(s)}
	for _, c := range s.Cells {
		data.Rows = append(data.Rows, row{variedText(s, c), c.Policies[0], c.Policies[1], words.Pct(c.Win[0].Value), shareInterval(c.Win[0], c.Exact), words.Pct(c.Win[1].Value)})
	}
	for _, g := range s.Gaps {
		data.Gaps = append(data.Gaps, gapText(s, g))
	}
	for _, l := range s.Left {
		data.Left = append(data.Left, s.Fields[l.Side-1]+"="+l.Policy+": "+l.Why)
	}
	var b bytes.Buffer
	err = spreadSection().Execute(&b, data)
	return note, template.HTML(b.String()), err
}
