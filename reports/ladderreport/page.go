package ladderreport

import (
	"bytes"

	"github.com/crucible-sim/crucible/analysis/ladder"
	"github.com/crucible-sim/crucible/reports/figure"
	"github.com/crucible-sim/crucible/reports/frame"
	"github.com/crucible-sim/crucible/reports/outdir"
)

var ladderPage = frame.Page("ladder", "crucible ladder {{.L.Scenario}}", ".answer{font-size:1.15em}\n", nil, `<h1>crucible ladder {{.L.Scenario}}</h1>
<div class="answer">{{range .Headline}}<p>{{.}}</p>{{end}}</div>
<p class="meta">{{.Test}} crucible {{.Version}}.</p>
{{with .Command}}<p>Reproduce with <code>{{.}}</code></p>{{end}}
<figure><img src="ladder.svg" alt="each rung's Elo over the bottom rung with its 95 % interval, weakest at the left"></figure>
<h2>Steps</h2>
<table id="steps"><tr><th>upper</th><th>lower</th><th>verdict</th><th>statistics</th></tr>
{{range .L.Steps}}<tr><td>{{.Upper}}</td><td>{{.Lower}}</td><td>{{.Verdict}}</td><td>{{.Detail $.L.Test}}</td></tr>
{{end}}</table>
<p>As <a href="ladder.json">ladder.json</a> and <a href="ladder.txt">ladder.txt</a> give them.</p>
`)

// HTML renders a ladder's page, which shows ladder.svg from the same
// directory.
func HTML(l *ladder.Ladder, command, version string) ([]byte, error) {
	data := struct {
		L                      *ladder.Ladder
		Headline               []string
		Test, Command, Version string
	}{l, Headline(l), TestWords(l), command, version}
	var b bytes.Buffer
	err := ladderPage.Execute(&b, data)
	return b.Bytes(), err
}

// WriteDir writes a ladder's report into dir: ladder.json, ladder.txt,
// the ratings' figure (ladder.svg, ladder.png) and index.html.
func WriteDir(dir string, l *ladder.Ladder, command, version string) error {
	return outdir.WriteFiles(dir, []outdir.File{
		{Name: "ladder.json", Render: func() ([]byte, error) {
			var b bytes.Buffer
			err := WriteJSON(&b, l, version)
			return b.Bytes(), err
		}},
		{Name: "ladder.txt", Render: func() ([]byte, error) {
			var b bytes.Buffer
			err := WriteTable(&b, l)
			return b.Bytes(), err
		}},
		{Name: "ladder.svg", Render: func() ([]byte, error) { return figure.LadderFigure(l, figure.FormatSVG) }},
		{Name: "ladder.png", Render: func() ([]byte, error) { return figure.LadderFigure(l, figure.FormatPNG) }},
		{Name: "index.html", Render: func() ([]byte, error) { return HTML(l, command, version) }},
	})
}

// Write replaces the directory's report with the ladder's, whole or not
// at all.
func Write(d *outdir.Dir, l *ladder.Ladder, version string) error {
	return d.Replace(func(dir string) error { return WriteDir(dir, l, d.Command, version) }, nil)
}
