package reports

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"html"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/sweep"
	"github.com/crucible-sim/crucible/reports/figure"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/reports/outdir"
	"github.com/crucible-sim/crucible/reports/sweepreport"
	"github.com/crucible-sim/crucible/reports/words"
	"github.com/crucible-sim/crucible/rules"
	_ "github.com/crucible-sim/crucible/rules/all"
	"github.com/crucible-sim/crucible/scenarios"
)

// builtinSweep fights a built-in sweep at seed 1 with few trials, or with
// vary (--vary arguments) in place of its fields.
func builtinSweep(t *testing.T, name string, trials int64, vary ...string) *sweep.Result {
	t.Helper()
	return sweepOf(t, name, trials, "", vary...)
}

// sweepOf fights a built-in sweep at seed 1 as builtinSweep does,
// following metric instead of the file's unless it is "".
func sweepOf(t *testing.T, name string, trials int64, metric string, vary ...string) *sweep.Result {
	t.Helper()
	file, ok, err := scenarios.LoadSweep(name)
	if err != nil || !ok {
		t.Fatalf("%s: %v", name, err)
	}
	base, err := scenarios.Load(file.Scenario)
	if err != nil {
		t.Fatal(err)
	}
	axes, m := file.Axes, file.Metric
	if len(vary) > 0 {
		axes = nil
		for _, v := range vary {
			axes = append(axes, mustVary(t, v))
		}
	}
	if metric != "" {
		if m, err = rules.ParseMetric(metric); err != nil {
			t.Fatal(err)
		}
	}
	s, err := sweep.New(file.Name, base, axes, m)
	if err != nil {
		t.Fatal(err)
	}
	res, err := sweep.Run(context.Background(), analysis.Run{Seed: 1, Trials: trials, Version: "test"}, s, true)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// A small sweep of each ruleset is pinned, CSV and text: a change to the
// rules, to seeding, to the grid's order or to the columns shows up as a
// diff. Refresh after a deliberate change with go test ./reports -update.
func TestSweepGoldens(t *testing.T) {
	for _, c := range []struct{ sweep, file string }{
		{"eclipse/shields", "sweep-eclipse"},
		{"stratfight/armor", "sweep-stratfight"},
		{"eclipse/shields-by-fleet", "sweep-eclipse-two-fields"},
		{"stratfight/armor-kinds", "sweep-stratfight-kinds"},
	} {
		res := builtinSweep(t, c.sweep, 500)
		csvOut, err := formats.CsvBytes(sweepreport.Rows(res))
		if err != nil {
			t.Fatal(err)
		}
		golden(t, c.file+".golden.csv", csvOut)
		read, name := sweepreport.BreakEvenRows, "-breakeven"
		if res.Sweep.Kinds[0] == sweep.Categorical {
			read, name = sweepreport.RankingRows, "-ranking"
		}
		be, err := formats.CsvBytes(read(res))
		if err != nil {
			t.Fatal(err)
		}
		golden(t, c.file+name+".golden.csv", be)
		var table, js bytes.Buffer
		if err := sweepreport.WriteTable(&table, res); err != nil {
			t.Fatal(err)
		}
		golden(t, c.file+".golden.txt", table.Bytes())
		if err := sweepreport.WriteJSON(&js, res); err != nil {
			t.Fatal(err)
		}
		golden(t, c.file+".golden.json", js.Bytes())
	}
}

// The tidy CSV has one row per point and metric, with stable columns.
func TestSweepRowsShape(t *testing.T) {
	res := builtinSweep(t, "eclipse/shields-by-fleet", 50)
	rows := sweepreport.Rows(res)
	want := "sweep,scenario,scenario_hash,crucible_version,seed,point,parts[0].shield,attacker.ships.Shielded Interceptor,metric,count,trials,value,lo95,hi95,exact,side_label,interrupted"
	if got := strings.Join(rows[0], ","); got != want {
		t.Errorf("header %s\nwant   %s", got, want)
	}
	perPoint := 3 + len(res.Points[0].Result.Tally.EndNames) + 1
	if len(rows)-1 != 20*perPoint {
		t.Errorf("%d rows, want %d points × %d metrics", len(rows)-1, 20, perPoint)
	}
	for _, r := range rows[1:] {
		if r[14] == "" {
			t.Errorf("no exact value in %v", r)
		}
	}
}

// Break-even in words: numbers on a continuous field, the grid values
// around it with their values on an integer field, the grid's edges and
// several crossings said as such.
func TestBreakEvenText(t *testing.T) {
	winB := rules.Metric{Kind: rules.WinShare, Side: rules.B}
	num := &sweep.Result{Sweep: &sweep.Sweep{Axes: []scenarios.Axis{mustVary(t, "x=0..1:0.5")}, Kinds: []sweep.AxisKind{sweep.Continuous}, Metric: winB}}
	ints := &sweep.Result{Sweep: &sweep.Sweep{Axes: []scenarios.Axis{mustVary(t, "n=2..5")}, Kinds: []sweep.AxisKind{sweep.Integer}, Metric: winB}}
	ints.Sweep.Axes[0].Label = "Interceptors"
	for i, e := range []analysis.Estimate{{Value: .2, Lo: .15, Hi: .25}, {Value: .45, Lo: .4, Hi: .5}, {Value: .52, Lo: .47, Hi: .57}, {Value: .7, Lo: .65, Hi: .75}} {
		ints.Points = append(ints.Points, sweep.PointResult{GridPoint: sweep.GridPoint{Index: i, At: []int{i}}, Values: []string{ints.Sweep.Axes[0].Values[i]}, Estimate: e})
	}
	// Twelve values, the ten between the ends at the level: counted, not
	// each named.
	many := &sweep.Result{Sweep: &sweep.Sweep{Axes: []scenarios.Axis{mustVary(t, "n=0..11")}, Kinds: []sweep.AxisKind{sweep.Integer}, Metric: winB}}
	for i := range 12 {
		e := analysis.Estimate{Value: .5, Lo: .4, Hi: .6}
		switch i {
		case 0:
			e = analysis.Estimate{Value: .2, Lo: .15, Hi: .25}
		case 11:
			e = analysis.Estimate{Value: .7, Lo: .65, Hi: .75}
		}
		many.Points = append(many.Points, sweep.PointResult{GridPoint: sweep.GridPoint{Index: i, At: []int{i}}, Values: []string{many.Sweep.Axes[0].Values[i]}, Estimate: e})
	}
	for _, c := range []struct {
		s    *sweep.Result
		be   sweep.BreakEven
		want string
	}{
		{many, sweep.BreakEven{State: sweep.Crossed, Spans: []sweep.Span{{Lo: 0, Hi: 11, LoAt: 0, HiAt: 11}}},
			"n between 0 (20.00 % [15.00 %, 25.00 %]) and 11 (70.00 % [65.00 %, 75.00 %]), at 50 % within their intervals at each of the 10 values between"},
		{num, sweep.BreakEven{State: sweep.Crossed, Spans: []sweep.Span{{Lo: 0.2, Hi: 0.3125}}}, "x from 0.200 to 0.312"},
		{num, sweep.BreakEven{State: sweep.Crossed, Spans: []sweep.Span{{Lo: 0, Hi: 0.25, LoEdge: true}}}, "x from 0.000 to 0.250 (the grid's first value: it may extend below)"},
		{num, sweep.BreakEven{State: sweep.Several, Spans: []sweep.Span{{Lo: 0.1, Hi: 0.2}, {Lo: 0.7, Hi: 1, HiEdge: true}}},
			"crossed several times: x from 0.100 to 0.200; from 0.700 to 1.000 (the grid's last value: it may extend above)"},
		{num, sweep.BreakEven{State: sweep.Above}, "not crossed in the grid: b wins (win.b) is above 50 % at every point"},
		{num, sweep.BreakEven{State: sweep.Below, Exact: true}, "not crossed in the grid: b wins (win.b) is below 50 % at every point (exactly)"},
		{ints, sweep.BreakEven{State: sweep.Crossed, Spans: []sweep.Span{{Lo: 2, Hi: 5, LoAt: 0, HiAt: 3}}},
			"Interceptors between 2 (20.00 % [15.00 %, 25.00 %]) and 5 (70.00 % [65.00 %, 75.00 %]), at 50 % within their intervals between: 3 (45.00 % [40.00 %, 50.00 %]), 4 (52.00 % [47.00 %, 57.00 %])"},
		{ints, sweep.BreakEven{State: sweep.Crossed, Exact: true, Spans: []sweep.Span{{Lo: 3, Hi: 4, LoAt: 1, HiAt: 2}}},
			"Interceptors between 3 (45.00 % exactly) and 4 (52.00 % exactly)"},
	} {
		if got := sweepreport.BreakEvenText(c.s, sweep.BreakEvenLine{Given: -1, BreakEven: c.be}); !strings.HasPrefix(got, c.want) {
			t.Errorf("%+v: %q, want %q", c.be, got, c.want)
		}
	}
}

func mustVary(t *testing.T, arg string) scenarios.Axis {
	t.Helper()
	a, err := scenarios.ParseVary(arg)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// A sweep's report directory holds its CSVs, plots that decode, and a
// page that shows them; two fields add the heat map.
func TestWriteSweepDir(t *testing.T) {
	for _, c := range []struct {
		res   *sweep.Result
		files []string
		shows string
	}{
		{builtinSweep(t, "stratfight/armor-kinds", 200), []string{"sweep.csv", "sweep.json", "ranking.csv", "rank.png", "rounds.svg", "index.html"}, "Ranking"},
		{builtinSweep(t, "eclipse/shields-by-fleet", 200), []string{"sweep.csv", "sweep.json", "breakeven.csv", "curve.png", "heatmap.png", "rounds.svg", "index.html"}, "Break-even"},
	} {
		dir := t.TempDir()
		if err := sweepreport.WriteDir(dir, c.res, "crucible sweep x --seed=1"); err != nil {
			t.Fatal(err)
		}
		entries, _ := os.ReadDir(dir)
		if len(entries) != len(c.files) {
			t.Errorf("%s: %d files, want %v", c.res.Sweep.Name, len(entries), c.files)
		}
		for _, f := range c.files {
			data, err := os.ReadFile(filepath.Join(dir, f))
			if err != nil {
				t.Fatal(err)
			}
			if strings.HasSuffix(f, ".png") {
				if img, err := png.Decode(bytes.NewReader(data)); err != nil || img.Bounds().Dx() < 500 {
					t.Errorf("%s: %v", f, err)
				}
			}
			if strings.HasSuffix(f, ".svg") {
				checkSVG(t, f, data)
			}
			if f == "index.html" {
				for _, want := range append(c.files, "crucible sweep x --seed=1", c.shows, c.res.Sweep.Base) {
					if want != "index.html" && !bytes.Contains(data, []byte(want)) {
						t.Errorf("index.html does not show %q", want)
					}
				}
			}
		}
	}
}

// A second field of more values than the curve has panels leaves curve.png
// out, and the text and the page say so and why; at MaxCurvePanels values
// the curve is drawn and nothing is said.
func TestSweepWithoutCurveSaysSo(t *testing.T) {
	for _, c := range []struct {
		values string
		curve  bool
	}{{"1..31", false}, {"1..30", true}} {
		res := builtinSweep(t, "stratfight/armor-kinds", 20, "b.armor.armor_value=0,8", "options.round-cap="+c.values)
		dir := t.TempDir()
		if err := sweepreport.WriteDir(dir, res, "crucible sweep x"); err != nil {
			t.Fatal(err)
		}
		var table bytes.Buffer
		if err := sweepreport.WriteTable(&table, res); err != nil {
			t.Fatal(err)
		}
		page, _ := os.ReadFile(filepath.Join(dir, "index.html"))
		_, err := os.Stat(filepath.Join(dir, "curve.png"))
		note := "no curve (curve.png): it draws one panel per value of the second field, at most 30, and options.round-cap has 31; the heat map (heatmap.png) shows the whole grid"
		switch {
		case (err == nil) != c.curve:
			t.Errorf("round-cap=%s: curve.png written %v, want %v", c.values, err == nil, c.curve)
		case !c.curve && (!strings.Contains(table.String(), "note: "+note+"\n") || !bytes.Contains(page, []byte("Note: "+note))):
			t.Errorf("round-cap=%s: the text or the page does not say why there is no curve:\n%s", c.values, table.String())
		case c.curve && (strings.Contains(table.String(), "no curve") || bytes.Contains(page, []byte("no curve"))):
			t.Errorf("round-cap=%s: a note of no curve beside the curve", c.values)
		}
	}
}

// Plots of a sweep cut short (a hole in the grid, a single point) render.
func TestSweepPlotsOfAnInterruptedSweep(t *testing.T) {
	res := builtinSweep(t, "eclipse/shields-by-fleet", 100)
	res.Points = res.Points[:7] // the grid's first row and a half
	if _, err := figure.SweepHeatMapPNG(res); err != nil {
		t.Error(err)
	}
	if _, err := figure.SweepCurvePNG(res); err != nil {
		t.Error(err)
	}
	one := builtinSweep(t, "eclipse/shields", 100)
	one.Points = one.Points[:1]
	if _, err := figure.SweepCurvePNG(one); err != nil {
		t.Error(err)
	}
	var b bytes.Buffer
	sweepreport.WriteTable(&b, one)
	if !strings.Contains(b.String(), "INTERRUPTED: 1 of 4 points finished") {
		t.Errorf("table of an interrupted sweep:\n%s", b.String())
	}
}

// A sweep report replaces its directory whole, like a run's.
func TestOutDirWriteSweep(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sweep")
	od, err := outdir.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer od.Close()
	if err := WriteReport(od, results(), "test", nil); err != nil {
		t.Fatal(err)
	}
	if err := sweepreport.Write(od, builtinSweep(t, "eclipse/shields", 50), nil); err != nil {
		t.Fatal(err)
	}
	for f, want := range map[string]bool{"sweep.csv": true, "index.html": true, "summary.csv": false, outdir.Marker: true} {
		if _, err := os.Stat(filepath.Join(path, f)); (err == nil) != want {
			t.Errorf("%s present: %v, want %v", f, err == nil, want)
		}
	}
}

// A curve whose intervals run against its direction is flagged in the
// text and on the page, naming the points with their intervals; a
// monotonic one is not. Here the shields sweep with two points' estimates
// swapped (and no exact values, which would decide instead).
func TestSweepFlagsNonMonotonic(t *testing.T) {
	res := builtinSweep(t, "eclipse/shields", 2000)
	for i := range res.Points {
		res.Points[i].ExactMetric = nil
	}
	var b bytes.Buffer
	if err := sweepreport.WriteTable(&b, res); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "NOT MONOTONIC") {
		t.Errorf("a monotonic curve flagged:\n%s", b.String())
	}
	res.Points[1].Estimate, res.Points[2].Estimate = res.Points[2].Estimate, res.Points[1].Estimate
	res.Sweep.Axes[0].Label = "Interceptor shield"
	b.Reset()
	if err := sweepreport.WriteTable(&b, res); err != nil {
		t.Fatal(err)
	}
	want := "NOT MONOTONIC: attacker wins (win.a) rises with Interceptor shield overall but falls from 1 (" + words.Pct(res.Points[1].Estimate.Value)
	if !strings.Contains(b.String(), want) || !strings.Contains(b.String(), "to 2 (") || !strings.Contains(b.String(), "(their intervals lie apart)") {
		t.Errorf("the text does not flag the reversal, want %q:\n%s", want, b.String())
	}
	dir := t.TempDir()
	if err := sweepreport.WriteDir(dir, res, "crucible sweep eclipse/shields"); err != nil {
		t.Fatal(err)
	}
	page, _ := os.ReadFile(filepath.Join(dir, "index.html"))
	for _, w := range []string{`id="not-monotonic">NOT MONOTONIC`, "Interceptor shield (<code>parts[0].shield</code>)", "<th>Interceptor shield</th>"} {
		if !bytes.Contains(page, []byte(w)) {
			t.Errorf("the page lacks %q", w)
		}
	}
}

// checkSVG fails the test unless data is a well-formed SVG document.
func checkSVG(t *testing.T, name string, data []byte) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	root := ""
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Errorf("%s: not well-formed XML: %v", name, err)
			return
		}
		if e, ok := tok.(xml.StartElement); ok && root == "" {
			root = e.Name.Local
		}
	}
	if root != "svg" {
		t.Errorf("%s: the document is <%s>, not an SVG", name, root)
	}
}

// A sweep's rounds.svg draws the rounds of evenly chosen values of its
// first field on one axis, each curve labelled by the field's name and
// value: every value of a field of four; six of a field of nine, both
// ends among them, at the second field's first value.
func TestSweepRoundsOverlaid(t *testing.T) {
	for _, c := range []struct {
		res       *sweep.Result
		want, not []string
	}{
		{builtinSweep(t, "stratfight/armor-kinds", 100), []string{"Guard&#39;s armor = none", "Guard&#39;s armor = plate", "Guard&#39;s armor = leather"}, nil},
		{builtinSweep(t, "eclipse/shields-by-fleet", 100, "parts[0].shield=0..8", "attacker.ships.Shielded Interceptor=2,3"),
			[]string{"parts[0].shield = 0", "parts[0].shield = 2", "parts[0].shield = 8", "(at attacker.ships.Shielded Interceptor = 2)"},
			[]string{"parts[0].shield = 1<", "parts[0].shield = 4<", "parts[0].shield = 7<"}},
	} {
		svg, err := figure.SweepRoundsFigure(c.res, figure.FormatSVG)
		if err != nil {
			t.Fatal(err)
		}
		checkSVG(t, c.res.Sweep.Name, svg)
		for _, w := range c.want {
			if !bytes.Contains(svg, []byte(w)) {
				t.Errorf("%s: rounds.svg lacks %q", c.res.Sweep.Name, w)
			}
		}
		for _, w := range c.not {
			if bytes.Contains(svg, []byte(w)) {
				t.Errorf("%s: rounds.svg draws %q, not among the chosen values", c.res.Sweep.Name, w)
			}
		}
	}
}

// The files of a sweep's report are written as they are rendered, row by
// row and point by point; what they hold is what the whole-table forms
// (Rows, formats.WriteIndented of Object, HTML) make, byte for byte.
func TestSweepFilesStreamedAsWhole(t *testing.T) {
	for _, res := range []*sweep.Result{builtinSweep(t, "stratfight/armor-kinds", 50), builtinSweep(t, "eclipse/shields-by-fleet", 50)} {
		dir := t.TempDir()
		if err := sweepreport.WriteDir(dir, res, "crucible sweep x"); err != nil {
			t.Fatal(err)
		}
		csvWhole, err := formats.CsvBytes(sweepreport.Rows(res))
		if err != nil {
			t.Fatal(err)
		}
		var jsonWhole bytes.Buffer
		if err := formats.WriteIndented(&jsonWhole, sweepreport.Object(res)); err != nil {
			t.Fatal(err)
		}
		for name, want := range map[string][]byte{"sweep.csv": csvWhole, "sweep.json": jsonWhole.Bytes()} {
			got, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s: %s streamed differs from its whole form", res.Sweep.Name, name)
			}
		}
	}
}

// A grid of more than MaxPageRows points lists on its page the points a
// designer reads first, each with why, and leaves every point to
// sweep.csv: the first and the last, the highest and the lowest, and the
// ends of each break-even's bracket, all read here from sweep.csv and
// breakeven.csv. A grid of MaxPageRows points lists every one.
func TestSweepPageOfALargeGridListsItsKeyPoints(t *testing.T) {
	for _, c := range []struct {
		armor string
		all   bool
	}{{"0..8", false}, {"0..7", true}} {
		res := builtinSweep(t, "stratfight/armor", 40, "b.armor.armor_value="+c.armor, "options.round-cap=1..25")
		dir := t.TempDir()
		if err := sweepreport.WriteDir(dir, res, "crucible sweep x"); err != nil {
			t.Fatal(err)
		}
		page, _ := os.ReadFile(filepath.Join(dir, "index.html"))
		listed := pageTablePoints(t, page)
		if c.all {
			if len(res.Points) != sweepreport.MaxPageRows || len(listed) != len(res.Points) || bytes.Contains(page, []byte("listed as")) {
				t.Errorf("a grid of %d points lists %d", len(res.Points), len(listed))
			}
			continue
		}
		want := keyPointsFromCSV(t, res)
		var got []string
		for at, why := range listed {
			got = append(got, fmt.Sprintf("%d: %s", at, why))
		}
		slices.Sort(got)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("the page lists\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		head := fmt.Sprintf("The grid has 225 points, more than a page lists (200): these %d are the first and the last, the highest and the lowest Samwell Tarley wins (win.a), and those around each crossing of 50 %%.", len(want))
		if !bytes.Contains(page, []byte(head)) {
			t.Errorf("the page does not say %q", head)
		}
	}
}

// keyPointsFromCSV returns the points a large grid's page of res must
// list, as "index: why", sorted, from its sweep.csv and breakeven.csv.
func keyPointsFromCSV(t *testing.T, res *sweep.Result) []string {
	t.Helper()
	tidy := sweepreport.Rows(res)
	col := func(name string) int { return slices.Index(tidy[0], name) }
	why := map[int][]string{}
	at := map[string]int{} // "armor,round-cap" -> point
	hi, lo, hiV, loV := -1, -1, 0.0, 0.0
	for _, row := range tidy[1:] {
		if row[col("metric")] != "win.a" {
			continue
		}
		p, _ := strconv.Atoi(row[col("point")])
		at[row[col("b.armor.armor_value")]+","+row[col("options.round-cap")]] = p
		v, _ := strconv.ParseFloat(row[col("value")], 64)
		if e := row[col("exact")]; e != "" {
			v, _ = strconv.ParseFloat(e, 64)
		}
		if hi < 0 || v > hiV {
			hi, hiV = p, v
		}
		if lo < 0 || v < loV {
			lo, loV = p, v
		}
	}
	why[0] = append(why[0], "first point")
	why[len(at)-1] = append(why[len(at)-1], "last point")
	why[hi] = append(why[hi], "highest Samwell Tarley wins (win.a)")
	why[lo] = append(why[lo], "lowest Samwell Tarley wins (win.a)")
	be := sweepreport.BreakEvenRows(res)
	for _, row := range be[1:] {
		if row[6] == "" {
			continue // not crossed at this round cap
		}
		cap := strings.TrimPrefix(row[4], "options.round-cap=")
		for _, armor := range row[6:8] {
			p := at[armor+","+cap]
			if !slices.Contains(why[p], "around the break-even") {
				why[p] = append(why[p], "around the break-even")
			}
		}
	}
	var out []string
	for p, w := range why {
		out = append(out, fmt.Sprintf("%d: %s", p, strings.Join(w, "; ")))
	}
	slices.Sort(out)
	return out
}

// pageTablePoints returns the points the page's table lists, with the
// last cell of each row (why a large grid's page lists it).
func pageTablePoints(t *testing.T, page []byte) map[int]string {
	t.Helper()
	_, table, ok := strings.Cut(string(page), `<table id="points">`)
	table, _, _ = strings.Cut(table, "</table>")
	if !ok {
		t.Fatal("the page has no table of points")
	}
	out := map[int]string{}
	for _, m := range regexp.MustCompile(`<tr><td>(\d+)</td>.*<td>([^<]*)</td></tr>`).FindAllStringSubmatch(table, -1) {
		p, _ := strconv.Atoi(m[1])
		out[p] = html.UnescapeString(m[2])
	}
	return out
}
