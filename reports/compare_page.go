package reports

import (
	"bytes"
	"fmt"
	"html/template"
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/compare"
)

// pairedColor draws the paired intervals; the unpaired ones, drawn for
// contrast, are grey.
var (
	pairedColor   = color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff}
	unpairedColor = color.RGBA{R: 0x9a, G: 0x9a, B: 0x9a, A: 0xff}
)

// diffRow is one row of the differences plot: a difference and its two
// intervals.
type diffRow struct {
	name               string
	diff               float64
	paired, unpaired   analysis.Interval
	significant, share bool
}

// DifferencesPNG draws a comparison's paired differences (B − A): for each
// share either variant has, in percentage points, and for the mean rounds
// in a panel of its own (another unit), the difference as a point with its
// paired interval and, below it in grey, the unpaired interval the same
// trials would give on independent streams. A dashed line marks zero; a
// difference whose paired interval leaves it is the one the pairing
// resolves.
func DifferencesPNG(c *compare.Comparison) ([]byte, error) {
	var shares []diffRow
	n := compareNames(c)
	for _, s := range c.Shares {
		if s.Counts.A() > 0 || s.Counts.B() > 0 {
			shares = append(shares, diffRow{n.describedID(s.Metric), 100 * s.Diff,
				scale(s.Paired, 100), scale(s.Unpaired, 100), s.Significant, true})
		}
	}
	r := c.Rounds
	rounds := []diffRow{{"rounds.mean", r.Diff, r.Paired, r.Unpaired, r.Significant, false}}
	level := fmt.Sprintf("(%s simultaneous intervals)", pct(1-c.Alpha))
	const width = 9 * vg.Inch
	rowHeight := 0.5 * vg.Inch
	hRounds := rowHeight + 1.3*vg.Inch
	hShares := vg.Length(max(len(shares), 1))*rowHeight + 1.5*vg.Inch
	top, err := diffPanel("Paired differences of shares, B − A "+level, "percentage points", shares)
	if err != nil {
		return nil, err
	}
	bottom, err := diffPanel("Paired difference of mean "+unitName(r.Unit)+", B − A "+level, unitName(r.Unit), rounds)
	if err != nil {
		return nil, err
	}
	const gap = 0.25 * vg.Inch // between the upper panel's axis label and the lower one's title
	img := vgimg.New(width, hShares+gap+hRounds)
	dc := draw.New(img)
	top.Draw(draw.Crop(dc, 0, 0, hRounds+gap, 0))
	bottom.Draw(draw.Crop(dc, 0, 0, 0, -(hShares + gap)))
	var buf bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: img}).WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func scale(iv analysis.Interval, k float64) analysis.Interval {
	return analysis.Interval{Lo: k * iv.Lo, Hi: k * iv.Hi}
}

// diffPanel draws rows of differences, the first at the top.
func diffPanel(title, unit string, rows []diffRow) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = title
	p.Title.Padding = vg.Points(6)
	p.X.Label.Text = unit
	n := len(rows)
	names := make([]string, n)
	lo, hi := 0.0, 0.0
	for k, dy := range []float64{0.12, -0.12} {
		pts := errPoints{XYs: make(plotter.XYs, n), lo: make([]float64, n), hi: make([]float64, n)}
		for i, r := range rows {
			row := n - 1 - i
			names[row] = r.name
			if r.significant {
				names[row] += " *"
			}
			iv := r.paired
			if k == 1 {
				iv = r.unpaired
			}
			pts.XYs[row] = plotter.XY{X: r.diff, Y: float64(row) + dy}
			pts.lo[row], pts.hi[row] = r.diff-iv.Lo, iv.Hi-r.diff
			lo, hi = min(lo, iv.Lo), max(hi, iv.Hi)
		}
		eb, err := plotter.NewXErrorBars(pts)
		if err != nil {
			return nil, err
		}
		dots, err := plotter.NewScatter(pts.XYs)
		if err != nil {
			return nil, err
		}
		eb.CapWidth = vg.Points(6)
		eb.LineStyle.Color, dots.GlyphStyle.Color = pairedColor, pairedColor
		eb.LineStyle.Width = vg.Points(2.5)
		label := "paired (common random numbers)"
		if k == 1 {
			eb.LineStyle.Color, dots.GlyphStyle.Color = unpairedColor, unpairedColor
			eb.LineStyle.Width = vg.Points(1)
			label = "unpaired (as independent streams would give)"
		}
		dots.GlyphStyle.Radius = vg.Points(2.5)
		p.Add(eb, dots)
		// Error bars draw no legend thumbnail: a line of their style does.
		key := &plotter.Line{XYs: plotter.XYs{{}, {}}, LineStyle: eb.LineStyle}
		p.Legend.Add(label, key)
	}
	zero, err := plotter.NewLine(plotter.XYs{{X: 0, Y: -0.5}, {X: 0, Y: float64(n) - 0.5}})
	if err != nil {
		return nil, err
	}
	zero.Dashes = []vg.Length{vg.Points(3), vg.Points(2)}
	p.Add(zero, plotter.NewGrid())
	p.NominalY(names...)
	pad := 0.08 * max(hi-lo, 1e-9)
	p.X.Min, p.X.Max = lo-pad, hi+pad
	p.Y.Min, p.Y.Max = -0.5, float64(n)-0.5+0.6 // headroom for the legend
	p.Legend.Top = true
	p.Legend.TextStyle.Font.Size = vg.Points(9)
	return p, nil
}

// comparePage is a comparison's index.html: how it was made, the verdict,
// the table of differences, the plots, then each variant.
var comparePage = Framed("compare", "crucible comparison", `.verdict{font-size:1.2em;font-weight:bold}tr.sig td:first-child{color:#a00;font-weight:bold}li.sig{font-weight:bold}
`, template.FuncMap{
	"pct": pct, "num": num, "pp": ppNum, "signed": signed, "pval": pval, "time": humanTime,
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
<ul id="effects">{{range .Effects}}<li{{if .Stands}} class="sig"{{end}}>{{.Effect}}: {{.Judgement}}</li>
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

// ComparisonHTML renders the comparison page, which shows differences.png
// and rounds.png from the same directory. command is the command line that
// makes it again.
func ComparisonHTML(c *compare.Comparison, command string) ([]byte, error) {
	data := struct {
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
	}{VerdictLines: verdictLines(c), Interrupted: interruptedText(c), Level95: 1 - c.Alpha, CounterVerdict: CounterVerdict(c), C: c, Command: command, Verdict: Verdict(c), Effects: effects(c), Note: compareNote(c), Unit: unitName(c.Rounds.Unit), Level: levelText(c),
		Seconds:  c.Rounds.Unit == "seconds",
		Variants: []pageVariant{{"A", c.LabelA, c.A, sideLines(c.A.Spec)}, {"B", c.LabelB, c.B, sideLines(c.B.Spec)}},
		Options:  optionsDiff(c), Methods: methodsText(c), Names: map[string]string{}}
	n := compareNames(c)
	for _, s := range c.Shares {
		data.Names[s.Metric] = n.describedID(s.Metric)
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
	err := comparePage.Execute(&b, data)
	return b.Bytes(), err
}

// WriteComparisonDir writes the report of a comparison into dir (which
// must exist): comparison.csv, comparison.json, differences.png, rounds.png
// (each variant's distribution of rounds), overlay.png (A and B on one
// axis: rounds and each distribution counter) and index.html, each
// atomically.
func WriteComparisonDir(dir string, c *compare.Comparison, command string) error {
	files := []reportFile{
		{"comparison.csv", func() ([]byte, error) { return csvBytes(ComparisonRows(c)) }},
		{"comparison.json", func() ([]byte, error) { return jsonBytes(c) }},
		{"differences.png", func() ([]byte, error) { return DifferencesPNG(c) }},
		{"rounds.png", func() ([]byte, error) { return RoundsPNG(variantResults(c)) }},
		{"overlay.png", func() ([]byte, error) { return OverlayPNG(c) }},
		{"index.html", func() ([]byte, error) { return ComparisonHTML(c, command) }},
	}
	return writeFiles(dir, files)
}

// verdictLines is the verdict as the page sets it: a line per verdict
// against the margins, else the one verdict.
func verdictLines(c *compare.Comparison) []string {
	if v := marginVerdicts(c); len(v) > 0 {
		return v
	}
	return []string{Verdict(c)}
}
