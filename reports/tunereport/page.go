package tunereport

import (
	"bytes"
	"html/template"

	"github.com/crucible-sim/crucible/analysis/skill"
	"github.com/crucible-sim/crucible/analysis/tune"
	"github.com/crucible-sim/crucible/reports/figure"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/reports/frame"
	"github.com/crucible-sim/crucible/reports/outdir"
	"github.com/crucible-sim/crucible/reports/skillreport"
	"github.com/crucible-sim/crucible/sim"
)

var tunePage = frame.Page("tune", "crucible tune {{.R.Tune.Name}}", ".answer{font-size:1.15em}\n", nil, `<h1>crucible tune {{.R.Tune.Name}}</h1>
{{with .R.Tune.Description}}<p>{{.}}</p>{{end}}
<div class="answer">{{range .Headline}}<p{{if $.Warn}} class="warn"{{end}}>{{.}}</p>{{end}}</div>
{{.Skill}}<p class="meta">Base scenario <code>{{.R.Tune.Base.Name}}</code> (ruleset <code>{{.R.Tune.Base.Ruleset}}</code>), varying
<code>{{.R.Tune.Axis.Path}}</code> from {{.R.Tune.Axis.From}} to {{.R.Tune.Axis.To}} ({{.Kind}}) for {{.Target}};
{{.Direction}}. {{.Level}}. {{if .R.Sampled}}{{.R.Trials}} trials in all, seed <code>{{.R.Seed}}</code>{{else}}Nothing sampled: every probe solved exactly{{end}}, crucible {{.R.Version}}.</p>
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

// HTML renders a tune's page, which shows tune-curve.png from the same
// directory. command is the command line that reproduces the tune.
func HTML(r *tune.Result, command string) ([]byte, error) {
	return html(r, command, nil)
}

// html is HTML with the skill axis beside the answer.
func html(r *tune.Result, command string, axes []*skill.Axis) ([]byte, error) {
	sk, err := skillreport.HTML(axes)
	if err != nil {
		return nil, err
	}
	data := struct {
		Skill                        template.HTML
		R                            *tune.Result
		Command, Kind, Target, Level string
		Axis                         string // the field as its label names it (axisName)
		Direction                    string
		Headline                     []string
		Warn                         bool
		Rows                         [][]string
	}{Skill: sk, R: r, Command: command, Axis: figure.AxisName(r.Tune.Axis), Kind: axisKind(r.Tune.Axis), Target: targetWords(r), Level: levelStatement(r),
		Direction: directionText(r), Headline: Headline(r), Warn: r.Status != tune.Bracketed}
	for _, ps := range [][]tune.Probe{r.Probes, r.Recheck} {
		for _, p := range ps {
			data.Rows = append(data.Rows, probeCells(r, p))
		}
	}
	var b bytes.Buffer
	err = tunePage.Execute(&b, data)
	return b.Bytes(), err
}

// WriteDir writes the report of a tune into dir (which must exist):
// tune.json (TuneObject), tune.csv (TuneRows), tune-curve.png
// (TuneCurvePNG) and index.html, each atomically.
func WriteDir(dir string, r *tune.Result, command string) error {
	return writeDir(dir, r, command, nil)
}

// writeDir is WriteDir with the skill axis on the page and in the JSON.
func writeDir(dir string, r *tune.Result, command string, axes []*skill.Axis) error {
	return outdir.WriteFiles(dir, []outdir.File{
		{Name: "tune.json", Render: func() ([]byte, error) {
			var b bytes.Buffer
			err := formats.WriteIndented(&b, skillreport.With(Object(r), axes))
			return b.Bytes(), err
		}},
		{Name: "tune.csv", Render: func() ([]byte, error) { return formats.CsvBytes(Rows(r)) }},
		{Name: "tune-curve.png", Render: func() ([]byte, error) { return figure.TuneCurvePNG(r) }},
		{Name: "index.html", Render: func() ([]byte, error) { return html(r, command, axes) }},
	})
}

// Write replaces the directory's report with the report of a tune
// (WriteDir) and, when states is not nil (an interrupted tune), their
// checkpoint, as WriteReport does for a run: whole or not at all.
func Write(d *outdir.Dir, r *tune.Result, states []*sim.Checkpoint) error {
	return d.Replace(func(dir string) error { return writeDir(dir, r, d.Command, d.Skill) }, states)
}
