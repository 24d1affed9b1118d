package explainreport

import (
	"bytes"

	"github.com/crucible-sim/crucible/reports/frame"
	"github.com/crucible-sim/crucible/reports/outdir"
)

var explainPage = frame.Page("explain", "crucible explain {{.Title}}", "pre{white-space:pre-wrap;font-size:.9rem}\n", nil, `<h1>crucible explain {{.Title}}</h1>
{{with .Command}}<p class="meta">Made by <code>{{.}}</code>, which makes it again; <a href="explain.json">explain.json</a> holds the same as JSON and <a href="explain.csv">explain.csv</a> as a table.</p>{{end}}
<pre>{{.Text}}</pre>
`)

// Write replaces the report directory's content with an explanation:
// explain.txt (the text output), explain.json, explain.csv and
// index.html, a page showing the text; title names the scenario and the
// question.
func Write(d *outdir.Dir, title string, text, raw, table []byte) error {
	page := func() ([]byte, error) {
		var b bytes.Buffer
		err := explainPage.Execute(&b, struct{ Title, Command, Text string }{title, d.Command, string(text)})
		return b.Bytes(), err
	}
	return d.Replace(func(dir string) error {
		return outdir.WriteFiles(dir, []outdir.File{
			{Name: "explain.txt", Render: func() ([]byte, error) { return text, nil }},
			{Name: "explain.json", Render: func() ([]byte, error) { return append(raw, '\n'), nil }},
			{Name: "explain.csv", Render: func() ([]byte, error) { return table, nil }},
			{Name: "index.html", Render: page},
		})
	}, nil)
}
