package reports

import (
	"bytes"
	"fmt"
	"html/template"
	"path/filepath"

	"github.com/crucible-sim/crucible/analysis/spread"
	"github.com/crucible-sim/crucible/reports/figure"
	"github.com/crucible-sim/crucible/reports/frame"
	"github.com/crucible-sim/crucible/reports/outdir"
	"github.com/crucible-sim/crucible/reports/words"
	"github.com/crucible-sim/crucible/rules"
)

// exactPage is the index.html of `crucible exact --out`.
var exactPage = frame.Page("exact", "crucible exact solution", "", template.FuncMap{"num": words.Num}, `<h1>Exact solution: {{.H.Scenario}}</h1>
<p class="meta">crucible {{.Meta.Version}}; ruleset <code>{{.H.Ruleset}}</code>, scenario hash <code>{{.H.Hash}}</code>{{if .E.States}}, {{.E.States}} states solved{{end}}; nothing random.
{{if .Meta.Command}}Made by <code>{{.Meta.Command}}</code>, which makes it again.{{end}}</p>
{{range .E.Notes}}<p class="warn">{{.}}</p>{{end}}
{{if .SpreadNote}}<p class="warn">Note: {{.SpreadNote}} (<a href="#spread">policy spread</a>).</p>{{end}}
{{$rat := .E.Rational}}<table id="exact"><tr><th>quantity</th><th>exact value</th>{{if $rat}}<th>fraction</th>{{end}}</tr>
{{range .Rows}}<tr><td>{{.Name}}</td><td>{{num .V.F}}</td>{{if $rat}}<td>{{.V.Rat}}</td>{{end}}</tr>{{end}}
</table>
{{if .E.Rounds}}<h2>Distribution of {{.Unit}}</h2><figure><img src="exact-rounds.svg" alt="exact distribution of {{.Unit}} and the share of battles over by each"></figure>{{end}}
{{if .E.Counters}}<h2>Counters</h2><table id="exact-counters"><tr><th>counter</th><th>mean</th>{{if $rat}}<th>fraction</th>{{end}}</tr>
{{range .Counters}}<tr><td>{{.Label}}</td><td>{{num .Mean.F}}</td>{{if $rat}}<td>{{.Mean.Rat}}</td>{{end}}</tr>{{end}}</table>
{{if .AtLeast}}<figure><img src="exact-at-least.svg" alt="the exact chance of at least k, for each counter"></figure>{{end}}
<details><summary>each counter's distribution, P(k)</summary><table id="exact-dists"><tr><th>counter</th>{{range $k, $_ := .Ks}}<th>P({{$k}})</th>{{end}}</tr>
{{range .Counters}}<tr><td>{{.Label}}</td>{{range .P}}<td>{{num .}}</td>{{end}}</tr>{{end}}</table></details>{{end}}
<details><summary>options in force</summary><table>
{{range .E.Options}}<tr><td>{{.Name}}</td><td>{{.Value}}</td></tr>{{end}}</table></details>
{{.Spread}}`)

type exactCounterRow struct {
	Label string
	rules.ExactCounter
}

func exactCounterRows(e *rules.Exact) []exactCounterRow {
	names := words.NamesOf(rules.Spec{Labels: e.Labels})
	out := make([]exactCounterRow, len(e.Counters))
	for i, c := range e.Counters {
		out[i] = exactCounterRow{names.Counter(c.Name), c}
	}
	return out
}

// writeExactDir writes the report of an exact solution, and of the
// scenario's policy spread when s is not nil, into dir: exact.json,
// exact.txt, exact-rounds.png (when the solution has the rounds'
// distribution) and index.html.
func writeExactDir(dir string, h ExactHeader, e *rules.Exact, s *spread.Spread, meta Meta) error {
	files, err := exactTexts(h, e, s)
	if err != nil {
		return err
	}
	note, spread, err := spreadParts(s, "spread")
	if err != nil {
		return err
	}
	if err := exactFigures(e, files); err != nil {
		return err
	}
	_, atLeast := files["exact-at-least.svg"]
	ks := 0
	for _, c := range e.Counters {
		ks = max(ks, len(c.P))
	}
	rows := exactHeadline(e)
	for _, x := range e.Ends {
		rows = append(rows, exactRow{"P(end " + x.Name + ")", x.Value})
	}
	unit := words.UnitName(e.RoundsUnit)
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
		AtLeast  bool  // exact-at-least.svg was drawn
		Ks       []int // the values of the counters' distributions' columns
	}{h, e, meta, rows, unit, note, spread, exactCounterRows(e), atLeast, make([]int, ks)})
	if err != nil {
		return err
	}
	files["index.html"] = page.Bytes()
	for _, name := range []string{"exact.json", "exact.txt", "exact-rounds.png", "exact-rounds.svg", "exact-at-least.svg", "index.html"} {
		if data, ok := files[name]; ok {
			if err := outdir.WriteFileAtomic(filepath.Join(dir, name), data); err != nil {
				return err
			}
		}
	}
	return nil
}

// exactTexts returns exact.json and exact.txt by name: the solution, and
// the policy spread after it when s is not nil.
func exactTexts(h ExactHeader, e *rules.Exact, s *spread.Spread) (map[string][]byte, error) {
	var js, txt bytes.Buffer
	if err := WriteExactSpreadJSON(&js, h, e, s); err != nil {
		return nil, err
	}
	if err := WriteExactTable(&txt, h, e); err != nil {
		return nil, err
	}
	if s != nil {
		txt.WriteString("\n")
		if err := WriteSpread(&txt, s); err != nil {
			return nil, err
		}
	}
	return map[string][]byte{"exact.json": js.Bytes(), "exact.txt": txt.Bytes()}, nil
}

// exactFigures draws the figures of an exact solution into files, by
// name: the rounds' distribution (exact-rounds.png and .svg, when the
// solution has it) and the counters' chances of at least each value
// (exact-at-least.svg, when there are counters to draw).
func exactFigures(e *rules.Exact, files map[string][]byte) error {
	if e.Rounds != nil {
		for _, format := range []string{figure.FormatPNG, figure.FormatSVG} {
			data, err := figure.ExactRoundsFigure(e, format)
			if err != nil {
				return fmt.Errorf("exact-rounds.%s: %w", format, err)
			}
			files["exact-rounds."+format] = data
		}
	}
	var dists []figure.AtLeast
	for _, c := range e.Counters {
		dists = append(dists, figure.AtLeastOf(c.Name, figure.ExactSteps(c.P)))
	}
	atLeastSVG, err := figure.AtLeastFigure(words.NamesOf(rules.Spec{Labels: e.Labels}), dists, figure.FormatSVG)
	if err != nil {
		return fmt.Errorf("exact-at-least.svg: %w", err)
	}
	if atLeastSVG != nil {
		files["exact-at-least.svg"] = atLeastSVG
	}
	return nil
}

// WriteExact replaces the directory's contents with the report of an exact
// solution.
func WriteExact(d *outdir.Dir, h ExactHeader, e *rules.Exact) error {
	return WriteExactReport(d, h, e, nil)
}

// WriteExactReport is WriteExact with the scenario's policy spread, when s
// is not nil.
func WriteExactReport(d *outdir.Dir, h ExactHeader, e *rules.Exact, s *spread.Spread) error {
	return d.Replace(func(dir string) error {
		return writeExactDir(dir, h, e, s, Meta{Version: h.Version, Command: d.Command})
	}, nil)
}
