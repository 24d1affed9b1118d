package comparereport

import (
	"bytes"
	"html/template"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/compare"
	"github.com/crucible-sim/crucible/analysis/skill"
	"github.com/crucible-sim/crucible/reports/figure"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/reports/frame"
	"github.com/crucible-sim/crucible/reports/outdir"
	"github.com/crucible-sim/crucible/reports/skillreport"
	"github.com/crucible-sim/crucible/reports/words"
	"github.com/crucible-sim/crucible/sim"
)

// comparePage is a comparison's index.html: how it was made, the verdict,
// the table of differences, the plots, then each variant.
var comparePage = frame.Page("compare", "crucible comparison", `.verdict{font-size:1.2em;font-weight:bold}tr.sig td:first-child{color:#a00;font-weight:bold}li.sig{font-weight:bold}
`, template.FuncMap{
	"pct": words.Pct, "num": words.Num, "pp": PpNum, "signed": Signed, "pval": pval, "time": frame.HumanTime,
}, `<h1>crucible comparison</h1>
<p class="meta">crucible {{.C.A.Version}}; seed <code>{{.C.A.Seed}}</code>.
{{if .Command}}Made by <code>{{.Command}}</code>, which makes it again.{{end}}
{{.C.Trials}} paired trials: trial <i>i</i> of both variants draws the same random stream (that of <code>{{.C.Streams}}</code>).</p>
<table><tr><th>variant</th><th>scenario</th><th>sides</th></tr>
{{range .Variants}}<tr><td>{{.Name}}</td><td class="text">{{.Label}}{{if .R.Description}}<br><small>{{.R.Description}}</small>{{end}}<br><small>hash <code>{{.R.Hash}}</code></small></td>
<td class="text"><small>{{range $i, $s := .Sides}}{{if $i}}<br>{{end}}{{$s}}{{end}}</small></td></tr>
{{end}}</table>
{{if .C.Interrupted}}<p class="verdict">{{.Interrupted}}</p>{{end}}
{{if .Options}}<p>Options that differ: {{range $i, $o := .Options}}{{if $i}}; {{end}}<code>{{$o}}</code>{{end}}.</p>{{end}}
<p class="verdict">{{range $i, $v := .VerdictLines}}{{if $i}}<br>{{end}}{{$v}}{{end}}</p>
{{.Skill}}<ul id="effects">{{range .Effects}}<li{{if .Stands}} class="sig"{{end}}>{{.Effect}}: {{.Judgement}}</li>
{{end}}</ul>
<p><small>Verdict: {{.Note}}. The {{.Level}}.</small></p>
<table id="differences"><tr><th>metric</th><th>A</th><th>B</th><th>B − A</th><th>paired interval</th><th>unpaired interval</th><th>discordant (A only / B only)</th><th>test</th><th>p</th></tr>
{{range .C.Shares}}<tr{{if .Significant}} class="sig"{{end}}><td>{{index $.Names .Metric}}</td><td>{{pct .A}}</td><td>{{pct .B}}</td><td>{{pp .Diff}} pp</td>
<td>[{{pp .Paired.Lo}}, {{pp .Paired.Hi}}] pp</td><td>[{{pp .Unpaired.Lo}}, {{pp .Unpaired.Hi}}] pp</td>
<td>{{.Counts.OnlyA}} / {{.Counts.OnlyB}}</td><td>{{.Test.Method}}</td><td>{{pval .Test.P}}</td></tr>
{{end}}{{with .C.Rounds}}<tr{{if .Significant}} class="sig"{{end}}><td>rounds.mean</td>
{{if $.Seconds}}<td>{{time .MeanA}}</td><td>{{time .MeanB}}</td><td>{{time .Diff}}</td><td>[{{time .Paired.Lo}}, {{time .Paired.Hi}}]</td><td>[{{time .Unpaired.Lo}}, {{time .Unpaired.Hi}}]</td>
{{else}}<td>{{num .MeanA}}</td><td>{{num .MeanB}}</td><td>{{signed .Diff}}</td><td>[{{signed .Paired.Lo}}, {{signed .Paired.Hi}}]</td><td>[{{signed .Unpaired.Lo}}, {{signed .Unpaired.Hi}}]</td>{{end}}
<td>{{.Differ}} pairs differ</td><td>paired z</td><td>{{pval .P}}</td></tr>
{{end}}{{with .C.Dist}}<tr{{if .Significant}} class="sig"{{end}}><td>rounds.distribution</td><td>{{.NA}} trials</td><td>{{.NB}} trials</td><td></td><td></td><td></td><td></td>
<td>chi-square, {{.DF}} df (χ² = {{num .Stat}})</td><td>{{pval .P}}</td></tr>{{end}}
</table>
{{range .Methods}}<p><small>{{.}}</small></p>
{{end}}
{{if .C.Counters}}<h2>Counters</h2>
<p>{{.CounterVerdict}}. The counters are a family of their own: their intervals hold simultaneously at {{pct .Level95}} (each at {{pct .C.CounterLevel}}, Bonferroni over {{.C.CounterTests}} tests).</p>
{{if .Counters}}<table id="counters"><tr><th>counter</th><th>A</th><th>B</th><th>B − A</th><th>paired interval</th><th>unpaired interval</th><th>p</th><th>distribution p</th></tr>
{{range .Counters}}<tr{{if .Significant}} class="sig"{{end}}><td>counter.{{.Name}}</td><td>{{num .MeanA}}</td><td>{{num .MeanB}}</td><td>{{signed .Diff}}</td>
<td>[{{signed .Paired.Lo}}, {{signed .Paired.Hi}}]</td><td>[{{signed .Unpaired.Lo}}, {{signed .Unpaired.Hi}}]</td><td>{{pval .P}}</td><td>{{with .Dist}}{{pval .P}} (chi-square, {{.DF}} df){{end}}</td></tr>
{{end}}</table>{{end}}
{{if .Same}}<p><small>Equal in every pair of trials: {{.Same}}.</small></p>{{end}}
{{end}}<h2>Paired differences, and A and B on one axis</h2>
<div style="display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start">
<img src="differences.png" alt="paired differences with paired and unpaired intervals">
<img src="overlay.png" alt="the distributions of {{.Unit}} and of each distribution counter, A and B on one axis">
</div>
<details><summary>each variant's distribution of {{.Unit}} on an axis of its own</summary>
<img src="rounds.png" alt="distribution of {{.Unit}} under each variant"></details>
{{range .Variants}}<details><summary>options in force under {{.Name}}</summary><table>
{{range .R.Spec.Options}}<tr><td>{{.Name}}</td><td>{{.Value}}</td></tr>{{end}}</table></details>
{{end}}`)

// pageVariant is one variant as the comparison page lists it.
type pageVariant struct {
	Name, Label string
	R           *analysis.Result
	Sides       []string // sideLines
}

// HTML renders the comparison page, which shows differences.png
// and rounds.png from the same directory. command is the command line that
// makes it again.
func HTML(c *compare.Comparison, command string) ([]byte, error) {
	return html(c, command, nil)
}

// html is HTML with the skill axis beside the verdict.
func html(c *compare.Comparison, command string, axes []*skill.Axis) ([]byte, error) {
	sk, err := skillreport.HTML(axes)
	if err != nil {
		return nil, err
	}
	data := struct {
		Skill                  template.HTML
		C                      *compare.Comparison
		Command, Verdict, Unit string
		Level                  string
		Seconds                bool
		Variants               []pageVariant
		Options, Methods       []string
		Names                  map[string]string // each share's metric as people read it
		Effects                []effect
		Note                   string
		Counters               []compare.CounterDiff // those that differ in some pair
		Same, CounterVerdict   string
		Level95                float64
		Interrupted            string
		VerdictLines           []string
	}{Skill: sk, VerdictLines: verdictLines(c), Interrupted: interruptedText(c), Level95: 1 - c.Alpha, CounterVerdict: CounterVerdict(c), C: c, Command: command, Verdict: Verdict(c), Effects: Effects(c), Note: CompareNote(c), Unit: words.UnitName(c.Rounds.Unit), Level: levelText(c),
		Seconds:  c.Rounds.Unit == "seconds",
		Variants: []pageVariant{{"A", c.LabelA, c.A, words.SideLines(c.A.Spec)}, {"B", c.LabelB, c.B, words.SideLines(c.B.Spec)}},
		Options:  optionsDiff(c), Methods: methodsText(c), Names: map[string]string{}}
	n := words.CompareNames(c)
	for _, s := range c.Shares {
		data.Names[s.Metric] = n.DescribedID(s.Metric)
	}
	var same []string
	for _, k := range c.Counters {
		if k.Differ {
			data.Counters = append(data.Counters, k)
		} else {
			same = append(same, k.Name)
		}
	}
	data.Same = listSome(same, 12)
	var b bytes.Buffer
	err = comparePage.Execute(&b, data)
	return b.Bytes(), err
}

// WriteDir writes the report of a comparison into dir (which
// must exist): comparison.csv, comparison.json, differences.png, rounds.png
// (each variant's distribution of rounds), overlay.png (A and B on one
// axis: rounds and each distribution counter) and index.html, each
// atomically.
func WriteDir(dir string, c *compare.Comparison, command string) error {
	return writeDir(dir, c, command, nil)
}

// writeDir is WriteDir with the skill axis on the page and in the JSON.
func writeDir(dir string, c *compare.Comparison, command string, axes []*skill.Axis) error {
	files := []outdir.File{
		{Name: "comparison.csv", Render: func() ([]byte, error) { return formats.CsvBytes(Rows(c)) }},
		{Name: "comparison.json", Render: func() ([]byte, error) { return jsonBytes(c, axes) }},
		{Name: "differences.png", Render: func() ([]byte, error) { return figure.DifferencesPNG(c) }},
		{Name: "rounds.png", Render: func() ([]byte, error) { return figure.RoundsPNG(variantResults(c)) }},
		{Name: "overlay.png", Render: func() ([]byte, error) { return figure.OverlayPNG(c) }},
		{Name: "index.html", Render: func() ([]byte, error) { return html(c, command, axes) }},
	}
	return outdir.WriteFiles(dir, files)
}

// Write replaces the directory's report with the report of a
// comparison (WriteComparisonDir) and, when states is not nil (an
// interrupted comparison), their checkpoint.
func Write(d *outdir.Dir, c *compare.Comparison, states []*sim.Checkpoint) error {
	return d.Replace(func(dir string) error { return writeDir(dir, c, d.Command, d.Skill) }, states)
}
