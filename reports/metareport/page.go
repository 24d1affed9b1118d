package metareport

import (
	"bytes"
	"fmt"
	"html/template"

	"github.com/crucible-sim/crucible/analysis/meta"
	"github.com/crucible-sim/crucible/analysis/skill"
	"github.com/crucible-sim/crucible/reports/figure"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/reports/frame"
	"github.com/crucible-sim/crucible/reports/outdir"
	"github.com/crucible-sim/crucible/reports/skillreport"
)

var metaPage = frame.Page("meta", "crucible meta {{.A.Meta.Name}}", ".answer{font-size:1.15em}\n", nil, `<h1>crucible meta {{.A.Meta.Name}}</h1>
{{with .A.Meta.Description}}<p>{{.}}</p>{{end}}
<div class="answer">{{range .Headline}}<p>{{.}}</p>{{end}}</div>
{{.Skill}}<p class="meta">Base scenario <code>{{.A.Meta.Base}}</code> (ruleset <code>{{.A.Meta.Ruleset}}</code>), {{len .A.Meta.Entries}} entries;
payoff: {{.Payoff}}. {{.Level}}. {{.A.Trials}} trials in all, seed <code>{{.A.Seed}}</code>, crucible {{.A.Version}}.</p>
{{with .Command}}<p>Reproduce with <code>{{.}}</code></p>{{end}}
{{range .A.Notes}}<p>Note: {{.}}</p>{{end}}
<h2>Matrix</h2>
<img src="meta-heatmap.png" alt="the payoff of each entry as side a (rows) against each entry as side b (columns)">
<p>Row as side a against column as side b, with each cell's half-width (= exact), as <a href="meta.csv">meta.csv</a> and <a href="meta.json">meta.json</a> give them.</p>
<table id="matrix"><tr><th></th>{{range .A.Meta.Entries}}<th>{{.}}</th>{{end}}</tr>
{{range $i, $row := .Cells}}<tr><th>{{index $.A.Meta.Entries $i}}</th>{{range $row}}<td>{{.}}</td>{{end}}</tr>
{{end}}</table>
<h2>Symmetric view</h2>
<p>Row against column over both placements: row as a against column as b averaged with column as a against row as b, from the row's side.</p>
<table id="symmetric"><tr><th></th>{{range .A.Meta.Entries}}<th>{{.}}</th>{{end}}</tr>
{{range $i, $row := .Sym}}<tr><th>{{index $.A.Meta.Entries $i}}</th>{{range $row}}<td>{{.}}</td>{{end}}</tr>
{{end}}</table>
<h2>Dominance</h2>
<pre>{{.Dominance}}</pre>
<h2>Equilibrium and ratings</h2>
<img src="meta-equilibrium.png" alt="the equilibrium mixture over the entries as side a and as side b">
<figure><img src="meta-ratings.svg" alt="the entries' Elo ratings with their intervals and their Nash averages, ranked"></figure>
<table id="equilibrium"><tr><th>entry</th><th>as a</th><th>kept</th><th>as b</th><th>kept</th><th>Nash average</th><th>Elo</th><th>interval</th></tr>
{{range .Ratings}}<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>
{{end}}</table>
<p>Kept: the share of {{.A.Resampled}} resamples of the cells within their intervals in which the entry stays in the support. Elo: {{.RatingsNote}}.</p>
{{with .Budget}}<p>Note: {{.}}</p>{{end}}
{{if .Cycles}}<h2>Cycles</h2><ul>{{range .Cycles}}<li>{{.}}</li>{{end}}</ul>{{end}}
`)

// HTML renders a roster's page, which shows meta-heatmap.png,
// meta-equilibrium.png and meta-ratings.svg from the same directory.
func HTML(a *meta.Analysis, command string) ([]byte, error) {
	return html(a, command, nil)
}

// html is HTML with the skill axis beside the headline.
func html(a *meta.Analysis, command string, axes []*skill.Axis) ([]byte, error) {
	sk, err := skillreport.HTML(axes)
	if err != nil {
		return nil, err
	}
	names := a.Meta.Entries
	data := struct {
		Skill                                          template.HTML
		A                                              *meta.Analysis
		Command, Payoff, Level, Dominance, RatingsNote string
		Budget                                         string
		Headline, Cycles                               []string
		Cells, Sym, Ratings                            [][]string
	}{Skill: sk, A: a, Command: command, Payoff: payoffWords(a), Level: metaLevel(a), Dominance: dominanceText(names, a), RatingsNote: RatingsNote(a), Budget: budgetWords(a), Headline: Headline(a)}
	for _, v := range []struct {
		cells [][]meta.Cell
		out   *[][]string
	}{{a.Cells, &data.Cells}, {a.Symmetric, &data.Sym}} {
		for _, row := range v.cells {
			var r []string
			for _, c := range row {
				r = append(r, metaCellText(a, c))
			}
			*v.out = append(*v.out, r)
		}
	}
	for k, n := range names {
		e := a.Ratings[k]
		data.Ratings = append(data.Ratings, []string{n, percent(a.Equilibrium.Row[k]), keptText(a, 0, k),
			percent(a.Equilibrium.Col[k]), keptText(a, 1, k), fmt.Sprintf("%+.1f", 100*a.Nash[k]),
			fmt.Sprintf("%.0f", e.Elo), fmt.Sprintf("[%.0f, %.0f]", e.Lo, e.Hi)})
	}
	for _, c := range a.Cycles {
		data.Cycles = append(data.Cycles, fmt.Sprintf("%s beats %s beats %s beats %s", names[c[0]], names[c[1]], names[c[2]], names[c[0]]))
	}
	var b bytes.Buffer
	err = metaPage.Execute(&b, data)
	return b.Bytes(), err
}

// WriteDir writes the report of a roster into dir (which must exist):
// meta.json (MetaObject), meta.csv (MetaRows), meta-heatmap.png,
// meta-equilibrium.png, meta-ratings.svg (MetaRatingsFigure) and
// index.html, each atomically.
func WriteDir(dir string, a *meta.Analysis, command string) error {
	return writeDir(dir, a, command, nil)
}

// writeDir is WriteDir with the skill axis on the page and in the JSON.
func writeDir(dir string, a *meta.Analysis, command string, axes []*skill.Axis) error {
	return outdir.WriteFiles(dir, []outdir.File{
		{Name: "meta.json", Render: func() ([]byte, error) {
			var b bytes.Buffer
			err := formats.WriteIndented(&b, skillreport.With(Object(a), axes))
			return b.Bytes(), err
		}},
		{Name: "meta.csv", Render: func() ([]byte, error) { return formats.CsvBytes(Rows(a)) }},
		{Name: "meta-heatmap.png", Render: func() ([]byte, error) { return figure.MetaHeatmapPNG(a) }},
		{Name: "meta-equilibrium.png", Render: func() ([]byte, error) { return figure.MetaEquilibriumPNG(a) }},
		{Name: "meta-ratings.svg", Render: func() ([]byte, error) { return figure.MetaRatingsFigure(a, figure.FormatSVG) }},
		{Name: "index.html", Render: func() ([]byte, error) { return html(a, command, axes) }},
	})
}

// Write replaces the directory's report with the report of a roster
// (WriteMetaDir), as WriteReport does for a run: whole or not at all.
func Write(d *outdir.Dir, a *meta.Analysis) error {
	return d.Replace(func(dir string) error { return writeDir(dir, a, d.Command, d.Skill) }, nil)
}
