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

// sampledAxes are three sampled cells, side a's win share under g and s
// each with a 95 % interval 1 point either side at 1,000 trials: a move
// of +9 ([+7, +11]: shown beyond 5), of +4 ([+2, +6]: undecided) and of
// +1 ([−1, +3]: shown within).
func sampledAxes() []*skill.Axis {
	cell := func(name string, g, s float64) *skill.Axis {
		level := func(p string, v float64) skill.Level {
			return skill.Level{Policy: p, Win: [2]analysis.Estimate{{Value: v, Lo: v - 0.01, Hi: v + 0.01, Trials: 1000}, {Value: 1 - v, Lo: 0.99 - v, Hi: 1.01 - v, Trials: 1000}}}
		}
		return &skill.Axis{Scenario: "r/" + name, Labels: [2]string{"a", "b"}, Threshold: 0.05, Levels: []skill.Level{level("g", g), level("s", s)}}
	}
	return []*skill.Axis{cell("A vs A", 0.40, 0.49), cell("A vs B", 0.50, 0.54), cell("B vs A", 0.30, 0.31)}
}

// Sampled cells are judged in three: the flag where the move is shown
// beyond the threshold, "undecided" where its interval straddles it,
// nothing where it is shown within; the one line of each says so.
func TestThreeVerdicts(t *testing.T) {
	axes := sampledAxes()
	if got, want := Summary(axes, "r/"), "Skill: 1 of 3 cells change with skill from g to s, a's win share moving by more than the 5-point threshold: A vs A (+9.00 points [+7.00, +11.00] at 1000 trials). Read those cells under s; 1 holds; 1 undecided (A vs B (+4.00 points [+2.00, +6.00] at 1000 trials)): more trials would decide."; got != want {
		t.Errorf("summary:\n got %q\nwant %q", got, want)
	}
	if got, want := Summary(axes[1:], "r/"), "Skill: no cell is shown to change with skill from g to s, but 1 of 2 are undecided, their moves' intervals straddling the 5-point threshold: A vs B (+4.00 points [+2.00, +6.00] at 1000 trials); more trials would decide. The other cell holds."; got != want {
		t.Errorf("summary without the flagged cell:\n got %q\nwant %q", got, want)
	}
	var b strings.Builder
	if err := WriteCells(&b, axes, "r/"); err != nil {
		t.Fatal(err)
	}
	want := `
skill by cell   a's win share with both sides played by each player, the cells that move most first
cell    g        s        move   95 % interval    
A vs A  40.00 %  49.00 %  +9.00  [+7.00, +11.00]  SKILL-SENSITIVE
A vs B  50.00 %  54.00 %  +4.00  [+2.00, +6.00]   undecided
B vs A  30.00 %  31.00 %  +1.00  [-1.00, +3.00]   
move: points from g to s; beyond 5 the cell's verdict changes with skill (SKILL-SENSITIVE when the whole interval is beyond, undecided when it straddles the threshold: more trials would decide)
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	for i, want := range []string{
		"SKILL-SENSITIVE  this verdict changes with skill: b favoured (60.00 % to 40.00 %) under g, b favoured (51.00 % to 49.00 %) under s (+9.00 points [+7.00, +11.00] at 1000 trials, more than the 5-point threshold)",
		"skill       undecided whether the verdict changes with skill from g to s: a wins moves by +4.00 points [+2.00, +6.00] at 1000 trials, neither shown within nor beyond the 5-point threshold; more trials would decide",
		"skill       the verdict holds from g to s: a wins moves by +1.00 points [-1.00, +3.00] at 1000 trials, within the 5-point threshold",
	} {
		if got := Line(axes[i]); got != want {
			t.Errorf("line %d:\n got %q\nwant %q", i, got, want)
		}
	}
	page, err := HTML(axes)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), `<p class="warn skill-flag">SKILL-SENSITIVE: this verdict changes`) || !strings.Contains(string(page), `<p class="skill-undecided">skill       undecided whether`) || strings.Count(string(page), "<p class=") != 2 {
		t.Errorf("the page does not show the flag and the undecided line beside the headline, and nothing for the cell that holds:\n%s", page)
	}
}
