package reports

import (
	"bytes"
	"encoding/json"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
)

// comparison builds a comparison of two sample results with hand-set
// statistics, so that the goldens test the rendering alone (the statistics
// are analysis's, tested there).
func comparison() *analysis.Comparison {
	a := sample("demo/duel", "rounds", []int64{1, 2, 2, 3, 5, 8, 13, 200, 4})
	b := sample("demo/duel", "rounds", []int64{1, 2, 3, 3, 5, 9, 13, 190, 4})
	b.Spec.Options = []rules.Setting{{Name: "tie-rule", Value: "flip-off"}, {Name: "round-cap", Value: "190"}}
	a.Spec.Labels, b.Spec.Labels = [2]string{"Thug", "Guard"}, [2]string{"Thug", "Guard"}
	return &analysis.Comparison{
		LabelA: "demo/duel", LabelB: "demo/duel options.round-cap=190", A: a, B: b, Streams: "demo/duel",
		Alpha: 0.05, Level: 1 - 0.05/4,
		Shares: []analysis.ShareDiff{
			{Metric: "win.a", Counts: analysis.PairedCounts{Both: 3, Neither: 6}, A: 1.0 / 3, B: 1.0 / 3,
				Paired: analysis.Interval{Lo: -0.1, Hi: 0.1}, Unpaired: analysis.Interval{Lo: -0.4, Hi: 0.4}, Test: analysis.McNemar{Exact: true, P: 1}},
			// 8 discordant pairs all one way: exact p = 2/2^8 < 0.05/4.
			{Metric: "end.round-cap", Counts: analysis.PairedCounts{OnlyB: 8, Neither: 1}, A: 0, B: 8.0 / 9, Diff: 8.0 / 9,
				Paired: analysis.Interval{Lo: 0.6, Hi: 0.9}, Unpaired: analysis.Interval{Lo: 0.5, Hi: 1}, Test: analysis.McNemar{Exact: true, P: 2.0 / 256}, Significant: true},
		},
		Rounds: analysis.RoundsDiff{Unit: "rounds", MeanA: 26.4444, MeanB: 25.5556, Differ: 3, Significant: false,
			MeanDiffTest: analysis.MeanDiffTest{Diff: -0.8889, SD: 3.3, Paired: analysis.Interval{Lo: -3.1, Hi: 1.3},
				Unpaired: analysis.Interval{Lo: -120, Hi: 118}, Z: -0.81, P: 0.42}},
		Dist: analysis.DistTest{Stat: 0, DF: 0, P: 1, NA: 4, NB: 5},
	}
}

func TestComparisonGoldens(t *testing.T) {
	c := comparison()
	var b bytes.Buffer
	if err := WriteComparisonTable(&b, c); err != nil {
		t.Fatal(err)
	}
	golden(t, "comparison.golden.txt", b.Bytes())
	b.Reset()
	if err := WriteCSV(&b, ComparisonRows(c)); err != nil {
		t.Fatal(err)
	}
	golden(t, "comparison.golden.csv", b.Bytes())
	b.Reset()
	if err := WriteComparisonJSON(&b, c); err != nil {
		t.Fatal(err)
	}
	golden(t, "comparison.golden.json", b.Bytes())
}

func TestVerdict(t *testing.T) {
	c := comparison()
	if v := Verdict(c); v != "significant difference in end.round-cap (family-wise α = 0.05; Bonferroni: each p against 0.05/4 = 0.0125)" {
		t.Errorf("verdict %q", v)
	}
	c.Shares[1].Significant = false
	if v := Verdict(c); !strings.HasPrefix(v, "no significant difference (") {
		t.Errorf("verdict %q", v)
	}
}

// A difference without any variation has an infinite z, which JSON cannot
// hold: it is left out, and the output stays JSON.
func TestComparisonJSONWithInfiniteZ(t *testing.T) {
	c := comparison()
	c.Rounds.Z, c.Rounds.P = math.Inf(-1), 0
	var b bytes.Buffer
	if err := WriteComparisonJSON(&b, c); err != nil || !json.Valid(b.Bytes()) || bytes.Contains(b.Bytes(), []byte(`"z"`)) {
		t.Errorf("%v\n%s", err, b.Bytes())
	}
}

func TestWriteComparisonDir(t *testing.T) {
	dir := t.TempDir()
	if err := WriteComparisonDir(dir, comparison(), "crucible compare demo/duel --seed 7"); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"differences.png", "rounds.png"} {
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
		`<tr class="sig"><td>end.round-cap</td>`, "round-cap=200 → 190"} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("index.html lacks %q", want)
		}
	}
}
