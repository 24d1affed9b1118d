package sweep_test

import (
	"math"
	"reflect"
	"strconv"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/sweep"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
)

// On an integer axis the break-even is two grid values, with those at
// the level between them; never a fraction.
func TestBracketOf(t *testing.T) {
	for _, c := range []struct {
		name  string
		xs    []float64
		bands []analysis.Estimate
		state sweep.BreakEvenState
		spans []sweep.Span
	}{
		{"neighbours", []float64{0, 1, 2, 3}, []analysis.Estimate{share(.1, .2), share(.3, .4), share(.6, .7), share(.8, .9)},
			sweep.Crossed, []sweep.Span{{Lo: 1, Hi: 2, LoAt: 1, HiAt: 2}}},
		{"falling, given in any order", []float64{3, 1, 2, 0}, []analysis.Estimate{share(.1, .2), share(.6, .7), share(.3, .4), share(.8, .9)},
			sweep.Crossed, []sweep.Span{{Lo: 1, Hi: 2, LoAt: 1, HiAt: 2}}},
		{"values at the level between", []float64{0, 1, 2, 3}, []analysis.Estimate{share(.1, .2), share(.45, .55), share(.48, .6), share(.8, .9)},
			sweep.Crossed, []sweep.Span{{Lo: 0, Hi: 3, LoAt: 0, HiAt: 3}}},
		{"at the first value", []float64{4, 5}, []analysis.Estimate{share(.45, .55), share(.8, .9)},
			sweep.Crossed, []sweep.Span{{Lo: 4, Hi: 5, LoAt: 0, HiAt: 1, LoEdge: true}}},
		{"exact, at a grid value", []float64{0, 1, 2}, []analysis.Estimate{exactly(.25), exactly(.5), exactly(.75)},
			sweep.Crossed, []sweep.Span{{Lo: 0, Hi: 2, LoAt: 0, HiAt: 2}}},
		{"exact, between", []float64{0, 1, 2}, []analysis.Estimate{exactly(.25), exactly(.49), exactly(.75)},
			sweep.Crossed, []sweep.Span{{Lo: 1, Hi: 2, LoAt: 1, HiAt: 2}}},
		{"several", []float64{0, 1, 2}, []analysis.Estimate{share(.1, .2), share(.6, .7), share(.1, .2)},
			sweep.Several, []sweep.Span{{Lo: 0, Hi: 1, LoAt: 0, HiAt: 1}, {Lo: 1, Hi: 2, LoAt: 1, HiAt: 2}}},
		{"below", []float64{0, 1}, []analysis.Estimate{share(.1, .2), share(.3, .4)}, sweep.Below, nil},
	} {
		got := sweep.BracketOf(c.xs, c.bands, .5)
		if got.State != c.state || !reflect.DeepEqual(got.Spans, c.spans) {
			t.Errorf("%s: %v %+v, want %v %+v", c.name, got.State, got.Spans, c.state, c.spans)
		}
	}
}

// result is a sweep of one field with the given kind and a value of the
// metric at each point (exact where exact is set).
func result(kind sweep.AxisKind, values []string, est []analysis.Estimate, exact bool) *sweep.Result {
	sw := &sweep.Sweep{Axes: []scenarios.Axis{{Path: "x", Values: values}}, Kinds: []sweep.AxisKind{kind},
		Metric: rules.Metric{Kind: rules.WinShare, Side: rules.A}}
	r := &sweep.Result{Sweep: sw}
	for i, e := range est {
		p := sweep.PointResult{GridPoint: sweep.GridPoint{Index: i, At: []int{i}}, Values: []string{values[i]}, Estimate: e}
		if exact {
			p.ExactMetric = &rules.Value{F: e.Value}
		}
		sw.Points = append(sw.Points, p.GridPoint)
		r.Points = append(r.Points, p)
	}
	return r
}

// A curve is flagged where two points' intervals lie apart against its
// direction — the hull sweep of issue 20 (73.5, 54.5, 58.6, 52.4, 46.4 %)
// — and not where a rise stays within the intervals.
func TestShapes(t *testing.T) {
	xs := []string{"1", "2", "3", "4", "5"}
	for _, c := range []struct {
		name      string
		est       []analysis.Estimate
		exact     bool
		direction int
		reversals []sweep.Reversal
	}{
		{"the hull sweep", []analysis.Estimate{share(.725, .745), share(.535, .555), share(.576, .596), share(.514, .534), share(.454, .474)}, false,
			-1, []sweep.Reversal{{Before: 1, After: 2}}},
		{"a rise within the noise", []analysis.Estimate{share(.70, .75), share(.53, .56), share(.55, .58), share(.51, .53), share(.45, .47)}, false, -1, nil},
		{"rising", []analysis.Estimate{share(.1, .2), share(.2, .3), share(.3, .4), share(.4, .5), share(.5, .6)}, false, 1, nil},
		{"exact, one step back", []analysis.Estimate{exactly(.1), exactly(.3), exactly(.2), exactly(.4), exactly(.5)}, true,
			1, []sweep.Reversal{{Before: 1, After: 2}}},
		{"two dips, each the narrowest pair", []analysis.Estimate{share(.1, .2), share(.5, .6), share(.3, .4), share(.7, .8), share(.65, .68)}, false,
			1, []sweep.Reversal{{Before: 1, After: 2}, {Before: 3, After: 4}}},
		{"flat", []analysis.Estimate{share(.4, .6), share(.4, .6), share(.4, .6), share(.4, .6), share(.4, .6)}, false, 0, nil},
	} {
		got := result(sweep.Integer, xs, c.est, c.exact).Shapes()
		if len(got) != 1 || got[0].Direction != c.direction || !reflect.DeepEqual(got[0].Reversals, c.reversals) {
			t.Errorf("%s: %+v, want direction %d, reversals %+v", c.name, got, c.direction, c.reversals)
		}
	}
	if got := result(sweep.Categorical, xs, make([]analysis.Estimate, 5), false).Shapes(); got != nil {
		t.Errorf("a field of names has no shape, got %+v", got)
	}
}

// mean is an estimate of a share p from n trials, as EstimateOf gives.
func mean(p float64, n int64) analysis.Estimate {
	sd := math.Sqrt(p * (1 - p))
	h := 1.96 * sd / math.Sqrt(float64(n))
	return analysis.Estimate{Value: p, Lo: p - h, Hi: p + h, SD: sd, Trials: n}
}

// A field of names is ranked highest first; the values tied with the
// highest are those a Holm-corrected two-sample test cannot tell from it.
func TestRankings(t *testing.T) {
	names := []string{"none", "leather", "chainmail", "plate"}
	// 0.50 against 0.49 at 10,000 trials: z ≈ 1.41, p ≈ 0.16, tied;
	// against 0.47: z ≈ 4.2 and 0.30: far apart.
	r := result(sweep.Categorical, names, []analysis.Estimate{mean(.30, 10000), mean(.49, 10000), mean(.50, 10000), mean(.47, 10000)}, false).Rankings()
	if len(r) != 1 || !reflect.DeepEqual(r[0].Order, []int{2, 1, 3, 0}) || !reflect.DeepEqual(r[0].Tied, []bool{true, true, false, false}) {
		t.Fatalf("ranking %+v", r)
	}
	if p := r[0].P[1]; p < 0.15 || p > 0.5 {
		t.Errorf("leather's adjusted p %.3f, want about 0.16 (the largest p: Holm's factor 1)", p)
	}
	// Exact values: tied means equal.
	r = result(sweep.Categorical, names, []analysis.Estimate{exactly(.3), exactly(.5), exactly(.5), exactly(.49)}, true).Rankings()
	if !reflect.DeepEqual(r[0].Order, []int{1, 2, 3, 0}) || !reflect.DeepEqual(r[0].Tied, []bool{true, true, false, false}) || !r[0].Exact {
		t.Errorf("exact ranking %+v", r)
	}
	if got := result(sweep.Integer, names[:2], []analysis.Estimate{exactly(.3), exactly(.5)}, true); got.Rankings() != nil {
		t.Error("a numeric field is not ranked")
	}
	// Given a level, the values nearest it come first, tied where a
	// Holm-corrected test cannot tell them from it: 0.49 (z ≈ 2) is told
	// from 0.5 alone but not after Holm's factor 2, 0.47 and 0.30 are.
	level := result(sweep.Categorical, names, []analysis.Estimate{mean(.30, 10000), mean(.49, 10000), mean(.5, 10000), mean(.47, 10000)}, false)
	half := 0.5
	level.Sweep.Level = &half
	r = level.Rankings()
	if !reflect.DeepEqual(r[0].Order, []int{2, 1, 3, 0}) || !reflect.DeepEqual(r[0].Tied, []bool{true, true, false, false}) || r[0].Level == nil {
		t.Errorf("ranking against 0.5: %+v", r)
	}
	// A categorical axis has no break-even: no interpolation between names.
	if be := result(sweep.Categorical, names, []analysis.Estimate{share(.1, .2), share(.4, .6), share(.7, .8), share(.9, .95)}, false).BreakEvens(); be != nil {
		t.Errorf("break-even on names: %+v", be)
	}
}

// BenchmarkShapes reads the shape of a 10,000-point curve (the most a
// sweep has) whose ends say nothing, the slowest case: every point's
// nearest contradicting point is sought.
func BenchmarkShapes(b *testing.B) {
	n := scenarios.MaxSweepPoints
	values := make([]string, n)
	est := make([]analysis.Estimate, n)
	for i := range values {
		values[i] = strconv.Itoa(i)
		v := 0.5 + 0.001*float64(i%7)
		est[i] = analysis.Estimate{Value: v, Lo: v - 0.01, Hi: v + 0.01}
	}
	r := result(sweep.Integer, values, est, false)
	b.ResetTimer()
	for range b.N {
		r.Shapes()
	}
}

// The narrowest reversals of a long noisy curve are those a search of
// every pair finds.
func TestReversalsMatchEveryPair(t *testing.T) {
	n := 300
	values := make([]string, n)
	est := make([]analysis.Estimate, n)
	for i := range values {
		values[i] = strconv.Itoa(i)
		v := float64(i)/float64(n) + 0.3*math.Sin(float64(i*i%97))
		est[i] = analysis.Estimate{Value: v, Lo: v - 0.05, Hi: v + 0.05}
	}
	got := result(sweep.Integer, values, est, false).Shapes()[0]
	if got.Direction != 1 {
		t.Fatalf("direction %d", got.Direction)
	}
	var want []sweep.Reversal
	inner := -1
	for b := range est {
		for a := b - 1; a > inner; a-- {
			if est[a].Lo > est[b].Hi {
				want, inner = append(want, sweep.Reversal{Before: a, After: b}), a
				break
			}
		}
	}
	if len(want) == 0 || !reflect.DeepEqual(got.Reversals, want) {
		t.Errorf("%d reversals %v\nwant %d %v", len(got.Reversals), got.Reversals, len(want), want)
	}
}

// A field's kind comes from the ruleset's reference where it lists the
// field, else from the values: names, whole numbers, decimals.
func TestKindOf(t *testing.T) {
	for _, c := range []struct {
		ruleset, vary string
		want          sweep.AxisKind
	}{
		{"eclipse", "parts[0].shield=0..3", sweep.Integer},
		{"eclipse", "attacker.ships.Interceptor=1,2,4", sweep.Integer},
		{"stratfight", "b.armor=none,leather", sweep.Categorical},
		{"stratfight", "b.armor.armor_value=0..8", sweep.Integer},
		{"coin", "percent=10..90:10", sweep.Integer},
		{"coin", "bias=0..1:0.25", sweep.Continuous},
		{"coin", "policy=greedy,cautious", sweep.Categorical},
	} {
		a, err := scenarios.ParseVary(c.vary)
		if err != nil {
			t.Fatal(err)
		}
		if got := sweep.KindOf(c.ruleset, a); got != c.want {
			t.Errorf("%s %s: %v, want %v", c.ruleset, c.vary, got, c.want)
		}
	}
}
