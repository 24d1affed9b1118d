package reports

import (
	"bytes"
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/crucible-sim/crucible/analysis/meta"
)

var metaPage = Framed("meta", "crucible meta {{.A.Meta.Name}}", ".answer{font-size:1.15em}\n", nil, `<h1>crucible meta {{.A.Meta.Name}}</h1>
{{with .A.Meta.Description}}<p>{{.}}</p>{{end}}
<div class="answer">{{range .Headline}}<p>{{.}}</p>{{end}}</div>
<p class="meta">Base scenario <code>{{.A.Meta.Base}}</code> (ruleset <code>{{.A.Meta.Ruleset}}</code>), {{len .A.Meta.Entries}} entries;
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
<p>Kept: the share of resamples of the cells within their intervals in which the entry stays in the support.</p>
{{if .Cycles}}<h2>Cycles</h2><ul>{{range .Cycles}}<li>{{.}}</li>{{end}}</ul>{{end}}
`)

// MetaHTML renders a roster's page, which shows meta-heatmap.png,
// meta-equilibrium.png and meta-ratings.svg from the same directory.
func MetaHTML(a *meta.Analysis, command string) ([]byte, error) {
	names := a.Meta.Entries
	data := struct {
		A                                 *meta.Analysis
		Command, Payoff, Level, Dominance string
		Headline, Cycles                  []string
		Cells, Sym, Ratings               [][]string
	}{A: a, Command: command, Payoff: payoffWords(a), Level: metaLevel(a), Dominance: dominanceText(names, a), Headline: MetaHeadline(a)}
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
		data.Ratings = append(data.Ratings, []string{n, percent(a.Equilibrium.Row[k]), percent(a.Robustness[0][k]),
			percent(a.Equilibrium.Col[k]), percent(a.Robustness[1][k]), fmt.Sprintf("%+.1f", 100*a.Nash[k]),
			fmt.Sprintf("%.0f", e.Elo), fmt.Sprintf("[%.0f, %.0f]", e.Lo, e.Hi)})
	}
	for _, c := range a.Cycles {
		data.Cycles = append(data.Cycles, fmt.Sprintf("%s beats %s beats %s beats %s", names[c[0]], names[c[1]], names[c[2]], names[c[0]]))
	}
	var b bytes.Buffer
	err := metaPage.Execute(&b, data)
	return b.Bytes(), err
}

// metaGrid is the payoff matrix as a heat map: column c is the b-entry,
// row r the a-entry, drawn top to bottom in the roster's order.
type metaGrid struct {
	a *meta.Analysis
}

func (g metaGrid) Dims() (c, r int) { return len(g.a.Cells), len(g.a.Cells) }
func (g metaGrid) Z(c, r int) float64 {
	n := len(g.a.Cells)
	return g.a.Cells[n-1-r][c].Estimate
}
func (g metaGrid) X(c int) float64 { return float64(c) }
func (g metaGrid) Y(r int) float64 { return float64(r) }

// MetaHeatmapPNG draws the matrix of side a's shares as a heat map, red
// where side a wins, blue where side b does, white at one half.
func MetaHeatmapPNG(a *meta.Analysis) ([]byte, error) {
	p := plot.New()
	p.Title.Text = "side a's win share (draws half): row as a, column as b"
	hm := plotter.NewHeatMap(metaGrid{a}, divergingPalette{})
	hm.Min, hm.Max = 0, 1
	p.Add(hm)
	n := len(a.Meta.Entries)
	var xt, yt []plot.Tick
	for k, name := range a.Meta.Entries {
		xt = append(xt, plot.Tick{Value: float64(k), Label: name})
		yt = append(yt, plot.Tick{Value: float64(n - 1 - k), Label: name})
	}
	p.X.Tick.Marker, p.Y.Tick.Marker = plot.ConstantTicks(xt), plot.ConstantTicks(yt)
	p.X.Tick.Label.Rotation, p.X.Tick.Label.XAlign, p.X.Tick.Label.YAlign = math.Pi/4, -1, -0.5
	labels, err := plotter.NewLabels(cellLabels(a))
	if err != nil {
		return nil, err
	}
	p.Add(labels)
	size := vg.Length(140 + 60*n)
	return render(p, size+120, size)
}

// cellLabels writes each cell's estimate in the middle of its square.
func cellLabels(a *meta.Analysis) plotter.XYLabels {
	n := len(a.Cells)
	var out plotter.XYLabels
	for i, row := range a.Cells {
		for j, c := range row {
			out.XYs = append(out.XYs, plotter.XY{X: float64(j), Y: float64(n - 1 - i)})
			out.Labels = append(out.Labels, fmt.Sprintf("%.0f", 100*c.Estimate))
		}
	}
	return out
}

// divergingPalette runs from blue (0) through white (one half) to red (1).
type divergingPalette struct{}

func (divergingPalette) Colors() []color.Color {
	const steps = 64
	out := make([]color.Color, steps)
	for k := range out {
		t := float64(k)/float64(steps-1)*2 - 1 // −1 … 1
		if t < 0 {
			f := uint8(255 * (1 + t))
			out[k] = color.RGBA{f, f, 255, 255}
		} else {
			f := uint8(255 * (1 - t))
			out[k] = color.RGBA{255, f, f, 255}
		}
	}
	return out
}

// MetaEquilibriumPNG draws the equilibrium mixture over the entries, as
// side a and as side b, side by side.
func MetaEquilibriumPNG(a *meta.Analysis) ([]byte, error) {
	p := plot.New()
	p.Title.Text = "equilibrium mixture"
	p.Y.Label.Text = "share of play"
	p.Y.Min, p.Y.Max = 0, 1.2 // room above the bars for the legend
	w := vg.Points(12)
	for s, mix := range [][]float64{a.Equilibrium.Row, a.Equilibrium.Col} {
		bars, err := plotter.NewBarChart(plotter.Values(mix), w)
		if err != nil {
			return nil, err
		}
		bars.Offset = vg.Length(2*s-1) * w / 2
		bars.LineStyle.Width = 0
		bars.Color = []color.Color{color.RGBA{200, 60, 50, 255}, color.RGBA{50, 90, 200, 255}}[s]
		p.Add(bars)
		p.Legend.Add([]string{"as side a", "as side b"}[s], bars)
	}
	p.Legend.Top, p.Legend.Left = true, true
	p.NominalX(a.Meta.Entries...)
	p.X.Min, p.X.Max = -0.7, float64(len(a.Meta.Entries))-0.3
	p.X.Tick.Label.Rotation, p.X.Tick.Label.XAlign, p.X.Tick.Label.YAlign = math.Pi/4, -1, -0.5
	return render(p, vg.Length(200+50*len(a.Meta.Entries)), 360)
}

// WriteMetaDir writes the report of a roster into dir (which must exist):
// meta.json (MetaObject), meta.csv (MetaRows), meta-heatmap.png,
// meta-equilibrium.png, meta-ratings.svg (MetaRatingsFigure) and
// index.html, each atomically.
func WriteMetaDir(dir string, a *meta.Analysis, command string) error {
	return writeFiles(dir, []reportFile{
		{"meta.json", func() ([]byte, error) {
			var b bytes.Buffer
			err := WriteMetaJSON(&b, a)
			return b.Bytes(), err
		}},
		{"meta.csv", func() ([]byte, error) { return csvBytes(MetaRows(a)) }},
		{"meta-heatmap.png", func() ([]byte, error) { return MetaHeatmapPNG(a) }},
		{"meta-equilibrium.png", func() ([]byte, error) { return MetaEquilibriumPNG(a) }},
		{"meta-ratings.svg", func() ([]byte, error) { return MetaRatingsFigure(a, formatSVG) }},
		{"index.html", func() ([]byte, error) { return MetaHTML(a, command) }},
	})
}

// WriteMeta replaces the directory's report with the report of a roster
// (WriteMetaDir), as WriteReport does for a run: whole or not at all.
func (d *OutDir) WriteMeta(a *meta.Analysis) error {
	return d.replace(func(dir string) error { return WriteMetaDir(dir, a, d.Command) }, nil)
}
