package comparereport

import (
	"bytes"
	"path/filepath"

	"github.com/crucible-sim/crucible/analysis/compare"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/reports/frame"
	"github.com/crucible-sim/crucible/reports/outdir"
)

// exactComparePage is an exact comparison's index.html: the answer in
// words as the table gives it, then every metric's difference as
// comparison.csv lists it.
var exactComparePage = frame.Page("compare-exact", "crucible exact comparison", "pre{white-space:pre-wrap}\n", nil, `<h1>crucible exact comparison</h1>
<p class="meta">Both variants solved exactly: nothing random, no interval.{{if .Command}} Made by <code>{{.Command}}</code>, which makes it again.{{end}}</p>
<pre>{{.Text}}</pre>
<h2>Every metric</h2>
<table id="exact-differences">{{range $i, $row := .Rows}}<tr>{{range $row}}{{if eq $i 0}}<th>{{.}}</th>{{else}}<td>{{.}}</td>{{end}}{{end}}</tr>
{{end}}</table>
<p>As <a href="comparison.csv">comparison.csv</a> and <a href="comparison.json">comparison.json</a> give them.</p>
`)

// WriteExactDir writes an exact comparison's report into dir:
// comparison.json, comparison.csv and comparison.txt (what --format json,
// csv and the table print) and index.html, each file atomically.
func WriteExactDir(dir string, c *compare.ExactComparison, command string) error {
	var js, csvText, txt, page bytes.Buffer
	if err := WriteExactJSON(&js, c); err != nil {
		return err
	}
	rows := ExactRows(c)
	if err := formats.WriteCSV(&csvText, rows); err != nil {
		return err
	}
	if err := WriteExactTable(&txt, c); err != nil {
		return err
	}
	err := exactComparePage.Execute(&page, struct {
		Command, Text string
		Rows          [][]string
	}{command, txt.String(), rows})
	if err != nil {
		return err
	}
	for name, data := range map[string][]byte{"comparison.json": js.Bytes(), "comparison.csv": csvText.Bytes(), "comparison.txt": txt.Bytes(), "index.html": page.Bytes()} {
		if err := outdir.WriteFileAtomic(filepath.Join(dir, name), data); err != nil {
			return err
		}
	}
	return nil
}

// WriteExact replaces the directory's report with an exact
// comparison's (WriteExactComparisonDir).
func WriteExact(d *outdir.Dir, c *compare.ExactComparison) error {
	return d.Replace(func(dir string) error { return WriteExactDir(dir, c, d.Command) }, nil)
}
