package reports

import (
	"bytes"
	"encoding/json"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/plot/plotter"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/compare"
	"github.com/crucible-sim/crucible/reports/comparereport"
	"github.com/crucible-sim/crucible/reports/figure"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/rules"
)

// comparison builds a comparison of two sample results with hand-set
// statistics, so that the goldens test the rendering alone (the statistics
// are analysis's, tested there).
func comparison() *compare.Comparison {
	a := sample("demo/duel", "rounds", []int64{1, 2, 2, 3, 5, 8, 13, 200, 4})
	b := sample("demo/duel", "rounds", []int64{1, 2, 3, 3, 5, 9, 13, 190, 4})
	b.Spec.Options = []rules.Setting{{Name: "tie-rule", Value: "flip-off"}, {Name: "round-cap", Value: "190"}}
	a.Spec.Labels, b.Spec.Labels = [2]string{"Thug", "Guard"}, [2]string{"Thug", "Guard"}
	return &compare.Comparison{
		LabelA: "demo/duel", LabelB: "demo/duel options.round-cap=190", A: a, B: b, Streams: "demo/duel", Planned: 9,
		Alpha: 0.05, Level: 1 - 0.05/4,
		Shares: []compare.ShareDiff{
			{Metric: "win.a", Counts: analysis.PairedCounts{Both: 3, Neither: 6}, A: 1.0 / 3, B: 1.0 / 3,
				Paired: analysis.Interval{Lo: -0.1, Hi: 0.1}, Unpaired: analysis.Interval{Lo: -0.4, Hi: 0.4}, Test: analysis.McNemar{Exact: true, P: 1}},
			// 8 discordant pairs all one way: exact p = 2/2^8 < 0.05/4.
			{Metric: "end.round-cap", Counts: analysis.PairedCounts{OnlyB: 8, Neither: 1}, A: 0, B: 8.0 / 9, Diff: 8.0 / 9,
				Paired: analysis.Interval{Lo: 0.6, Hi: 0.9}, Unpaired: analysis.Interval{Lo: 0.5, Hi: 1}, Test: analysis.McNemar{Exact: true, P: 2.0 / 256}, Significant: true},
		},
		Rounds: compare.RoundsDiff{Unit: "rounds", MeanA: 26.4444, MeanB: 25.5556, Differ: 3, Significant: false,
			MeanDiffTest: analysis.MeanDiffTest{Diff: -0.8889, SD: 3.3, Paired: analysis.Interval{Lo: -3.1, Hi: 1.3},
				Unpaired: analysis.Interval{Lo: -120, Hi: 118}, Z: -0.81, P: 0.42}},
		Dist: compare.DistTest{Stat: 0, DF: 0, P: 1, NA: 4, NB: 5},
		Counters: []compare.CounterDiff{
			{Name: "a.hits", MeanA: 2.5, MeanB: 2.25, Differ: true, Significant: true,
				MeanDiffTest: analysis.MeanDiffTest{Diff: -0.25, SD: 0.2, Paired: analysis.Interval{Lo: -0.4, Hi: -0.1},
					Unpaired: analysis.Interval{Lo: -1.5, Hi: 1}, Z: -3.75, P: 0.0002},
				Dist: &compare.DistTest{Stat: 3.2, DF: 2, P: 0.2, NA: 4, NB: 5}},
			{Name: "flipoffs", MeanA: 1, MeanB: 1, MeanDiffTest: analysis.MeanDiffTest{P: 1}},
		},
	}
}

func TestComparisonGoldens(t *testing.T) {
	comparisonGoldens(t, "comparison", comparison())
}

// comparisonGoldens checks a comparison's table, CSV and JSON against the
// golden files name.golden.txt, .csv and .json.
func comparisonGoldens(t *testing.T, name string, c *compare.Comparison) {
	t.Helper()
	var b bytes.Buffer
	if err := comparereport.WriteTable(&b, c); err != nil {
		t.Fatal(err)
	}
	golden(t, name+".golden.txt", b.Bytes())
	b.Reset()
	if err := formats.WriteCSV(&b, comparereport.Rows(c)); err != nil {
		t.Fatal(err)
	}
	golden(t, name+".golden.csv", b.Bytes())
	b.Reset()
	if err := comparereport.WriteJSON(&b, c); err != nil {
		t.Fatal(err)
	}
	golden(t, name+".golden.json", b.Bytes())
}

// With margins, each metric's verdict against its margin leads its line
// and makes the verdict; JSON and CSV carry them.
func TestComparisonMarginGoldens(t *testing.T) {
	c := comparison()
	if err := c.ApplyMargins([]compare.Margin{{Value: 20}, {Metric: "rounds.mean", Value: 10, Relative: true}}); err != nil {
		t.Fatal(err)
	}
	comparisonGoldens(t, "comparison-margin", c)
}

func TestVerdict(t *testing.T) {
	c := comparison()
	if v, note := comparereport.Verdict(c), comparereport.CompareNote(c); v != "significant difference in end.round-cap" ||
		note != "family-wise α = 0.05; Bonferroni: each p against 0.05/4 = 0.0125" {
		t.Errorf("verdict %q, note %q", v, note)
	}
	c.Shares[1].Significant = false
	if v := comparereport.Verdict(c); v != "no significant difference" {
		t.Errorf("verdict %q", v)
	}
}

// Each metric's line leads with the effect of B in the designer's words,
// its interval read in the sentence's direction, and the test after it.
func TestCompareEffects(t *testing.T) {
	c := comparison()
	c.Shares[0].Diff, c.Shares[0].Paired = 0.045, analysis.Interval{Lo: 0.036, Hi: 0.054}
	c.Rounds.Diff, c.Rounds.Paired = 0.08, analysis.Interval{Lo: 0.05, Hi: 0.11}
	want := []string{
		"Thug wins 4.5 points more often with B (paired 95 % interval 3.6 to 5.4): not significant (McNemar exact, p 1)",
		"round-cap ends come 88.9 points more often with B (paired 95 % interval 60.0 to 90.0): significant (McNemar exact, p 0.00781)",
		"battles last 0.08 rounds longer with B (paired 95 % interval 0.05 to 0.11): not significant (paired z, p 0.42)",
		"the distribution of rounds with B against A: not significant (chi-square, 0 df, p 1)",
	}
	for i, e := range comparereport.Effects(c)[:len(want)] {
		if got := e.Effect + ": " + e.Judgement; got != want[i] {
			t.Errorf("line %d:\n got %s\nwant %s", i, got, want[i])
		}
	}
	c.Rounds.Diff, c.Rounds.Paired = -1.3958, analysis.Interval{Lo: -1.46315, Hi: -1.32855}
	if e := comparereport.Effects(c)[2].Effect; e != "battles last 1.40 rounds shorter with B (paired 95 % interval 1.33 to 1.46)" {
		t.Errorf("a negative difference: %s", e)
	}
	c.Shares[0].Diff, c.Shares[0].Paired = 0, analysis.Interval{Lo: -0.00014, Hi: 0.00014}
	if e := comparereport.Effects(c)[0].Effect; e != "Thug wins equally often with A and B (paired 95 % interval -0.01 to +0.01 points)" {
		t.Errorf("no difference: %s", e)
	}
}

// A difference without any variation has an infinite z, which JSON cannot
// hold: it is left out, and the output stays JSON.
func TestComparisonJSONWithInfiniteZ(t *testing.T) {
	c := comparison()
	c.Rounds.Z, c.Rounds.P = math.Inf(-1), 0
	c.Counters = c.Counters[:1]
	c.Counters[0].Z = math.Inf(1)
	var b bytes.Buffer
	if err := comparereport.WriteJSON(&b, c); err != nil || !json.Valid(b.Bytes()) || bytes.Contains(b.Bytes(), []byte(`"z"`)) {
		t.Errorf("%v\n%s", err, b.Bytes())
	}
}

func TestWriteComparisonDir(t *testing.T) {
	dir := t.TempDir()
	if err := comparereport.WriteDir(dir, comparison(), "crucible compare demo/duel --seed 7"); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"differences.png", "rounds.png", "overlay.png"} {
		f, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(f))
		if err != nil || img.Bounds().Dx() < 100 {
			t.Errorf("%s: %v", name, err)
		}
	}
	page, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<code>crucible compare demo/duel --seed 7</code>", "significant difference in end.round-cap",
		`<tr class="sig"><td>end.round-cap</td>`, "round-cap=200 → 190", `src="overlay.png"`,
		`<tr class="sig"><td>counter.a.hits</td><td>2.5</td><td>2.25</td><td>-0.25</td>`, "Equal in every pair of trials: flipoffs."} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("index.html lacks %q", want)
		}
	}
}

// An interrupted comparison says so before its figures, in every format.
func TestComparisonInterrupted(t *testing.T) {
	c := comparison()
	c.Planned = 20
	var b bytes.Buffer
	if err := comparereport.WriteTable(&b, c); err != nil || !strings.Contains(b.String(),
		"INTERRUPTED: 9 of 20 planned paired trials finished under A, B and the pairs alike; the figures below cover those.") {
		t.Errorf("table: %v\n%s", err, b.String())
	}
	if rows := comparereport.Rows(c); rows[0][len(rows[0])-1] != "interrupted" || rows[1][len(rows[1])-1] != "true" {
		t.Errorf("CSV: %q", rows[:2])
	}
	b.Reset()
	if err := comparereport.WriteJSON(&b, c); err != nil || !strings.Contains(b.String(), `"planned_trials": 20,
  "interrupted": true,`) {
		t.Errorf("JSON: %v\n%s", err, b.String())
	}
	page, err := comparereport.HTML(c, "")
	if err != nil || !bytes.Contains(page, []byte("INTERRUPTED: 9 of 20")) {
		t.Errorf("page: %v", err)
	}
}

// The overlay draws each variant as an outline over the bins of its own
// histogram, both on one axis: flat over each bin, down to zero across a
// gap between bins.
func TestOutline(t *testing.T) {
	r := sample("demo/duel", "rounds", []int64{1, 1, 2, 4})
	got := figure.Outline(&r.Tally.Rounds, false)
	want := plotter.XYs{{X: 0.5, Y: 0}, {X: 0.5, Y: 0.5}, {X: 1.5, Y: 0.5}, {X: 1.5, Y: 0.25}, {X: 2.5, Y: 0.25},
		{X: 2.5, Y: 0}, {X: 3.5, Y: 0}, {X: 3.5, Y: 0.25}, {X: 4.5, Y: 0.25}, {X: 4.5, Y: 0}}
	if !slices.Equal(got, want) {
		t.Errorf("outline\n got %v\nwant %v", got, want)
	}
	img, err := figure.OverlayPNG(comparison())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(bytes.NewReader(img)); err != nil {
		t.Error(err)
	}
}
