package cli

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"testing"
)

// metaDominance is what the dominance test reads of meta --format json.
type metaDominance struct {
	Entries   []string
	Payoff    [][]struct{ Estimate float64 }
	Dominated struct{ A, B, Symmetric map[string][]string }
	Within    struct {
		A, B, Symmetric map[string][]string
	} `json:"dominated_within"`
}

// dominanceFromCells recomputes, from the printed cells alone, which entries
// dominate which as side a: at least as good against every column and
// better against one, exactly — two cells within 10^-12 are one value
// rounded two ways (Twin Ion and Gluon Hunter each win 1015625/1679616
// against Missile Cruiser, printed 0.6046769023395822 and
// 0.604676902339582).
func dominanceFromCells(v metaDominance) map[string][]string {
	out := map[string][]string{}
	for i, name := range v.Entries {
		for k, by := range v.Entries {
			all, some := k != i, false
			for j := range v.Entries {
				d := v.Payoff[k][j].Estimate - v.Payoff[i][j].Estimate
				all, some = all && d >= -1e-12, some || d > 1e-12
			}
			if all && some {
				out[name] = append(out[name], by)
			}
		}
	}
	return out
}

// Every cell of eclipse/cruiser-designs is exact, so "dominated" is read
// exactly, and the same at any --precision: Fast Striker does not dominate
// Sniper (against Flux Raider it wins 69.99 %, Sniper 71.40 %), and at
// --precision 5 Twin Ion and Sniper do not dominate each other (Twin Ion is
// 8.8 points worse against Gluon Hunter). Both were claimed with a slack of
// twice the precision on every cell.
func TestMetaDominanceIsExactBetweenExactCells(t *testing.T) {
	t.Parallel()
	var lists []string
	for _, precision := range []string{"1", "5"} {
		var v metaDominance
		if err := json.Unmarshal([]byte(mustRun(t, "meta", "eclipse/cruiser-designs", "--seed", "1", "--precision", precision, "--format", "json")), &v); err != nil {
			t.Fatal(err)
		}
		if got, want := fmt.Sprint(v.Dominated.A), fmt.Sprint(dominanceFromCells(v)); got != want {
			t.Errorf("--precision %s: dominated as side a %s; from the cells, %s", precision, got, want)
		}
		if slices.Contains(v.Dominated.Symmetric["Sniper"], "Fast Striker") || slices.Contains(v.Dominated.A["Sniper"], "Fast Striker") {
			t.Errorf("--precision %s: Sniper dominated by Fast Striker: %v", precision, v.Dominated)
		}
		for _, view := range []map[string][]string{v.Dominated.A, v.Dominated.B, v.Dominated.Symmetric} {
			if slices.Contains(view["Sniper"], "Twin Ion") || slices.Contains(view["Twin Ion"], "Sniper") {
				t.Errorf("--precision %s: Twin Ion and Sniper dominate each other: %v", precision, view)
			}
		}
		if len(v.Within.A)+len(v.Within.B)+len(v.Within.Symmetric) != 0 {
			t.Errorf("--precision %s: dominated within a slack where every cell is exact: %+v", precision, v.Within)
		}
		lists = append(lists, fmt.Sprint(v.Dominated))
	}
	if lists[0] != lists[1] {
		t.Errorf("the lists change with --precision though no cell is sampled:\n%s\n%s", lists[0], lists[1])
	}
}

// The ratings of emojispace/sample-fits (every cell exact, weighing a
// million games, P5 winning nearly every one) are the Bradley–Terry
// likelihood's maximum: the test reads the cells and the ratings from the
// JSON and checks each entry's score equation itself — what it scored
// against everyone (an exact share times a million games per placement,
// and half of the prior game per pair) equals what its fitted rating
// expects — and that every rating lies inside its own interval. The fit
// stopped at its iteration cap before, P5 at 4862 [4857, 4868] where the
// maximum is 6643, and no entry's rating inside its interval.
func TestMetaRatingsAreTheMaximum(t *testing.T) {
	t.Parallel()
	var v struct {
		Entries []string
		Payoff  [][]struct{ Estimate float64 }
		Ratings []struct {
			Entry       string
			Elo, Lo, Hi float64
		}
	}
	if err := json.Unmarshal([]byte(mustRun(t, "meta", "emojispace/sample-fits", "--seed", "1", "--format", "json")), &v); err != nil {
		t.Fatal(err)
	}
	const games, prior = 1e6, 1.0
	strength := func(k int) float64 { return (v.Ratings[k].Elo - 1500) * math.Ln10 / 400 }
	for i, r := range v.Ratings {
		if r.Lo > r.Elo || r.Hi < r.Elo {
			t.Errorf("%s: %.1f outside its interval [%.1f, %.1f]", r.Entry, r.Elo, r.Lo, r.Hi)
		}
		scored, expected := 0.0, 0.0
		for j := range v.Entries {
			if j == i {
				continue
			}
			scored += games*v.Payoff[i][j].Estimate + games*(1-v.Payoff[j][i].Estimate) + prior/2
			expected += (2*games + prior) / (1 + math.Exp(strength(j)-strength(i)))
		}
		if math.Abs(scored-expected) > 1e-3 {
			t.Errorf("%s: scored %.6f games, its rating %.1f expects %.6f: not the likelihood's maximum", r.Entry, scored, r.Elo, expected)
		}
	}
	if p5 := v.Ratings[slices.Index(v.Entries, "P5")]; math.Abs(p5.Elo-6643) > 1 {
		t.Errorf("P5 at %.1f, the maximum is at 6643", p5.Elo)
	}
}
