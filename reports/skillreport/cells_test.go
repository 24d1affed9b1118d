package skillreport

import (
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/skill"
)

// rosterAxes are three cells of a roster r, side a's win share under
// players g and s: A vs A moves +7 points, A vs B −2, B vs A −8.
func rosterAxes(threshold float64) []*skill.Axis {
	cell := func(name string, g, s float64) *skill.Axis {
		level := func(p string, v float64) skill.Level {
			return skill.Level{Policy: p, Win: [2]analysis.Estimate{{Value: v, Lo: v, Hi: v}, {Value: 1 - v, Lo: 1 - v, Hi: 1 - v}}, Exact: true}
		}
		return &skill.Axis{Scenario: "r/" + name, Labels: [2]string{"a", "b"}, Threshold: threshold, Levels: []skill.Level{level("g", g), level("s", s)}}
	}
	return []*skill.Axis{cell("A vs A", 0.40, 0.47), cell("A vs B", 0.50, 0.48), cell("B vs A", 0.30, 0.22)}
}

// A roster's skill in one sentence names the cells that change, the
// largest move first, or the largest move when none does.
func TestSummary(t *testing.T) {
	for _, c := range []struct {
		threshold float64
		want      string
	}{
		{0.05, "Skill: 2 of 3 cells change with skill from g to s, a's win share moving by more than the 5-point threshold: B vs A (-8.00 points), A vs A (+7.00 points). Read those cells under s; the other cell holds."},
		{0.01, "Skill: 3 of 3 cells change with skill from g to s, a's win share moving by more than the 1-point threshold: B vs A (-8.00 points), A vs A (+7.00 points), A vs B (-2.00 points). Read those cells under s; every cell changes."},
		{0.10, "Skill: every one of the 3 cells holds from g to s: a's win share moves by at most 8.00 points (B vs A), within the 10-point threshold."},
	} {
		if got := Summary(rosterAxes(c.threshold), "r/"); got != c.want {
			t.Errorf("threshold %g:\n got %q\nwant %q", c.threshold, got, c.want)
		}
	}
	if got := Summary(nil, "r/"); got != "" {
		t.Errorf("no axes: %q, want nothing", got)
	}
}

// The table of cells has a row a cell, the largest move first, flagged
// past the threshold.
func TestWriteCells(t *testing.T) {
	var b strings.Builder
	if err := WriteCells(&b, rosterAxes(0.05), "r/"); err != nil {
		t.Fatal(err)
	}
	want := `
skill by cell   a's win share with both sides played by each player, the cells that move most first
cell    g        s        move   
B vs A  30.00 %  22.00 %  -8.00  SKILL-SENSITIVE
A vs A  40.00 %  47.00 %  +7.00  SKILL-SENSITIVE
A vs B  50.00 %  48.00 %  -2.00  
move: points from g to s; beyond 5 the cell's verdict changes with skill
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}
