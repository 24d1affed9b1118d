package skillreport

import (
	"bytes"
	"fmt"
	"html/template"

	"github.com/crucible-sim/crucible/analysis/skill"
)

// section is the skill axis as a report page shows it, beside its
// headline: each flag first (and each undecided axis's line: neither the
// flag nor the all-clear), then a table per axis: side a's and side b's
// win shares at each level, the first mover's before them on a mirrored
// battle's axis, or a comparison's effect.
var section = template.Must(template.New("skill").Funcs(template.FuncMap{
	"pct": func(x float64) string { return fmt.Sprintf("%.2f %%", 100*x) },
	"pts": func(x float64) string { return fmt.Sprintf("%+.2f points", 100*x) },
	"iv":  interval, "line": Line,
	"baseA":     func(l skill.Level) float64 { return l.Base[0].Value },
	"undecided": func(a *skill.Axis) bool { return a.Verdict() == skill.VerdictUndecided },
	// firstMover: the axis judges the first mover's win share (a mirrored
	// battle's), and its table shows it before the sides'.
	"firstMover": func(a *skill.Axis) bool { return a.Answer() == skill.AnswerFirstMover },
}).Parse(`<section id="skill">{{range .}}{{if .Sensitive}}<p class="warn skill-flag">SKILL-SENSITIVE: {{.Flag}}</p>
{{else if undecided .}}<p class="skill-undecided">{{line .}}</p>
{{end}}{{end}}<details{{range .}}{{if .Sensitive}} open{{end}}{{end}}><summary>the answer at each level of skill (--skill)</summary>
{{range .}}<table class="skill"><caption>{{.Scenario}}</caption>
{{if .Effect}}<tr><th>player</th><th>{{index .Labels 0}} wins under A</th><th>{{index .Labels 0}} wins under {{.Effect}}</th><th>effect of {{.Effect}}</th></tr>
{{range .Levels}}<tr><td>{{.Policy}}</td><td>{{pct (baseA .)}}</td><td>{{pct (index .Win 0).Value}}</td><td>{{pts .Answer}}</td></tr>
{{end}}{{else if firstMover .}}<tr><th>player</th><th>first mover wins</th><th>95 % interval</th><th>{{index .Labels 0}} wins</th><th>{{index .Labels 1}} wins</th></tr>
{{range .Levels}}<tr><td>{{.Policy}}</td><td>{{pct .Answer}}</td><td>{{iv .}}</td><td>{{pct (index .Win 0).Value}}</td><td>{{pct (index .Win 1).Value}}</td></tr>
{{end}}{{else}}<tr><th>player</th><th>{{index .Labels 0}} wins</th><th>95 % interval</th><th>{{index .Labels 1}} wins</th></tr>
{{range .Levels}}<tr><td>{{.Policy}}</td><td>{{pct (index .Win 0).Value}}</td><td>{{iv .}}</td><td>{{pct (index .Win 1).Value}}</td></tr>
{{end}}{{end}}</table>
<p><small>{{line .}}{{with .Note}}<br>{{.}}{{end}}</small></p>
{{end}}</details></section>
`))

// HTML is the skill axis's section of a report page, for the page to put
// beside its headline; empty when there are no axes.
func HTML(axes []*skill.Axis) (template.HTML, error) {
	if len(axes) == 0 {
		return "", nil
	}
	var b bytes.Buffer
	if err := section.Execute(&b, axes); err != nil {
		return "", err
	}
	return template.HTML(b.String()), nil // #nosec: html/template escaped it
}
