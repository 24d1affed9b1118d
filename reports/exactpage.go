package reports

import (
	"bytes"
	"fmt"
	"html/template"
	"path/filepath"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/sim"
)

// exactPage is the index.html of `crucible exact --out`.
var exactPage = Framed("exact", "crucible exact solution", "", template.FuncMap{"num": num}, `<h1>Exact solution: {{.H.Scenario}}</h1>
<p class="meta">crucible {{.Meta.Version}}; ruleset <code>{{.H.Ruleset}}</code>, scenario hash <code>{{.H.Hash}}</code>{{if .E.States}}, {{.E.States}} states solved{{end}}; nothing random.
{{if .Meta.Command}}Made by <code>{{.Meta.Command}}</code>, which makes it again.{{end}}</p>
{{range .E.Notes}}<p class="warn">{{.}}</p>{{end}}
{{if .SpreadNote}}<p class="warn">Note: {{.SpreadNote}} (<a href="#spread">policy spread</a>).</p>{{end}}
<table id="exact"><tr><th>quantity</th><th>exact value</th><th>fraction</th></tr>
{{range .Rows}}<tr><td>{{.Name}}</td><td>{{num .V.F}}</td><td>{{.V.Rat}}</td></tr>{{end}}
</table>
{{if .E.Rounds}}<h2>Distribution of {{.Unit}}</h2><img src="exact-rounds.png" alt="exact distribution of {{.Unit}}">{{end}}
{{if .E.Counters}}<h2>Counters</h2><table><tr><th>counter</th><th>mean</th><th>fraction</th><th>P(0), P(1), …</th></tr>
{{range .Counters}}<tr><td>{{.Label}}</td><td>{{num .Mean.F}}</td><td>{{.Mean.Rat}}</td><td>{{range $i, $p := .P}}{{if $i}}, {{end}}{{num $p}}{{end}}</td></tr>{{end}}</table>{{end}}
<details><summary>options in force</summary><table>
{{range .E.Options}}<tr><td>{{.Name}}</td><td>{{.Value}}</td></tr>{{end}}</table></details>
{{.Spread}}`)

type exactRow struct {
	Name string
	V    rules.Value
}

type exactCounterRow struct {
	Label string
	rules.ExactCounter
}

func exactCounterRows(e *rules.Exact) []exactCounterRow {
	names := namesOf(rules.Spec{Labels: e.Labels})
	out := make([]exactCounterRow, len(e.Counters))
	for i, c := range e.Counters {
		out[i] = exactCounterRow{names.counter(c.Name), c}
	}
	return out
}

// writeExactDir writes the report of an exact solution, and of the
// scenario's policy spread when s is not nil, into dir: exact.json,
// exact.txt, exact-rounds.png (when the solution has the rounds'
// distribution) and index.html.
func writeExactDir(dir string, h ExactHeader, e *rules.Exact, s *analysis.Spread, meta Meta) error {
	var js, txt bytes.Buffer
	if err := WriteExactSpreadJSON(&js, h, e, s); err != nil {
		return err
	}
	if err := WriteExactTable(&txt, h, e); err != nil {
		return err
	}
	if s != nil {
		txt.WriteString("\n")
		if err := WriteSpread(&txt, s); err != nil {
			return err
		}
	}
	note, spread, err := spreadParts(s, "spread")
	if err != nil {
		return err
	}
	files := map[string][]byte{"exact.json": js.Bytes(), "exact.txt": txt.Bytes()}
	if e.Rounds != nil {
		png, err := exactRoundsPNG(e)
		if err != nil {
			return fmt.Errorf("exact-rounds.png: %w", err)
		}
		files["exact-rounds.png"] = png
	}
	rows := exactHeadline(e)
	for _, x := range e.Ends {
		rows = append(rows, exactRow{"P(end " + x.Name + ")", x.Value})
	}
	unit := unitName(e.RoundsUnit)
	rows = append(rows, exactRow{"E[" + unit + "]", e.RoundsMean})
	var page bytes.Buffer
	err = exactPage.Execute(&page, struct {
		H          ExactHeader
		E          *rules.Exact
		Meta       Meta
		Rows       []exactRow
		Unit       string
		SpreadNote string
		Spread     template.HTML
		// Counters are the solution's counters with the names the page
		// gives them (sideNames.counter).
		Counters []exactCounterRow
	}{h, e, meta, rows, unit, note, spread, exactCounterRows(e)})
	if err != nil {
		return err
	}
	files["index.html"] = page.Bytes()
	for _, name := range []string{"exact.json", "exact.txt", "exact-rounds.png", "index.html"} {
		if data, ok := files[name]; ok {
			if err := sim.WriteFileAtomic(filepath.Join(dir, name), data); err != nil {
				return err
			}
		}
	}
	return nil
}

// exactRoundsPNG draws the exact distribution of rounds as bars.
func exactRoundsPNG(e *rules.Exact) ([]byte, error) {
	p := plot.New()
	unit := unitName(e.RoundsUnit)
	p.Title.Text = "Exact distribution of " + unit
	p.X.Label.Text, p.Y.Label.Text = unit, "probability"
	var bins []plotter.HistogramBin
	for r, pr := range e.Rounds {
		if pr > 0 {
			bins = append(bins, plotter.HistogramBin{Min: float64(r) - 0.5, Max: float64(r) + 0.5, Weight: pr})
		}
	}
	if len(bins) > 0 {
		p.Add(&plotter.Histogram{Bins: bins, FillColor: panelFill})
	}
	p.X.Tick.Marker = wholeTicks{}
	return render(p, 7*vg.Inch, 3.5*vg.Inch)
}

// WriteExact replaces the directory's contents with the report of an exact
// solution.
func (d *OutDir) WriteExact(h ExactHeader, e *rules.Exact) error {
	return d.WriteExactReport(h, e, nil)
}

// WriteExactReport is WriteExact with the scenario's policy spread, when s
// is not nil.
func (d *OutDir) WriteExactReport(h ExactHeader, e *rules.Exact, s *analysis.Spread) error {
	return d.replace(func(dir string) error { return writeExactDir(dir, h, e, s, Meta{h.Version, d.Command}) }, nil)
}
