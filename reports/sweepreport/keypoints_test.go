package sweepreport

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/sweep"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
)

// A curve that crosses 50 % between every two neighbours lists, of the
// points around its crossings, the first maxCrossingPoints not listed for
// another reason, and counts the rest. By hand: points alternate 60 % and
// 40 % (bands ±1 point), but for 90 % at 10 and 10 % at 11; every pair of
// neighbours brackets a crossing, named in order along the field. Listed:
// 0 (first), 299 (last), 10 (highest), 11 (lowest), each also around a
// crossing, then the 40 new points 1-9 and 12-42; left out: 43-298, 256
// points.
func TestKeyPointsOfACurveCrossingEverywhere(t *testing.T) {
	s := syntheticSweep(300, func(i int) float64 {
		switch {
		case i == 10:
			return 0.9
		case i == 11:
			return 0.1
		case i%2 == 0:
			return 0.6
		}
		return 0.4
	})
	keys, left := keyPoints(s)
	var at []int
	why := map[int]string{}
	for _, k := range keys {
		at = append(at, k.at)
		why[k.at] = strings.Join(k.why, "; ")
	}
	want := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}
	for i := 12; i <= 42; i++ {
		want = append(want, i)
	}
	want = append(want, 299)
	if !slices.Equal(at, want) || left != 256 {
		t.Errorf("listed %v, %d left out; want %v, 256 left out", at, left, want)
	}
	for i, w := range map[int]string{0: "first point; around the break-even", 299: "last point; around the break-even",
		10: "highest x wins (win.a); around the break-even", 11: "lowest x wins (win.a); around the break-even", 42: "around the break-even"} {
		if why[i] != w {
			t.Errorf("point %d listed as %q, want %q", i, why[i], w)
		}
	}
	head := keyPointsHead(s, len(keys), left)
	if !strings.Contains(head, "The grid has 300 points, more than a page lists (200): these 44 are") || !strings.Contains(head, "(the first 40 of those; 256 more are left out)") {
		t.Errorf("the table's head: %s", head)
	}
}

// syntheticSweep returns a finished sweep of n points along the integer
// field x, the metric win.a at point i being value(i) with a band of ±1
// point.
func syntheticSweep(n int, value func(int) float64) *sweep.Result {
	axis := scenarios.Axis{Path: "x"}
	for i := range n {
		axis.Values = append(axis.Values, strconv.Itoa(i))
	}
	sw := &sweep.Sweep{Name: "s", Axes: []scenarios.Axis{axis}, Kinds: []sweep.AxisKind{sweep.Integer},
		Metric: rules.Metric{Kind: rules.WinShare, Side: rules.A}}
	res := &sweep.Result{Sweep: sw, Trials: 100}
	spec := rules.Spec{Labels: [2]string{"x", "y"}}
	for i := range n {
		p := sweep.GridPoint{Index: i, At: []int{i}}
		sw.Points = append(sw.Points, p)
		v := value(i)
		res.Points = append(res.Points, sweep.PointResult{GridPoint: p, Values: []string{axis.Values[i]}, Result: &analysis.Result{Spec: spec},
			Estimate: analysis.Estimate{Value: v, Lo: v - 0.01, Hi: v + 0.01, Trials: 100}})
	}
	return res
}
