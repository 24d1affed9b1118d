package skillreport

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/skill"
	"github.com/crucible-sim/crucible/reports/formats"
)

// wingsAxis is a mirrored board's axis as symmetric_wings gave it: the
// first mover winning 24 % of 20,000 greedy games ([23.5, 24.7]) and 50 %
// of 48 search:1k games ([35.2, 64.8]), each side about half: a move of
// +26 points, [+26 − 14.8 − 0.7, +26 + 14.8 + 0.5] = [+10.5, +41.3].
func wingsAxis() *skill.Axis {
	level := func(p string, a float64, n int64, first, lo, hi float64) skill.Level {
		return skill.Level{Policy: p, Win: [2]analysis.Estimate{{Value: a, Lo: a - 0.01, Hi: a + 0.01, Trials: n}, {Value: 1 - a, Lo: 0.99 - a, Hi: 1.01 - a, Trials: n}},
			FirstMover: &analysis.Estimate{Value: first, Lo: lo, Hi: hi, Trials: n}}
	}
	return &skill.Axis{Scenario: "dbd/symmetric_wings", Labels: [2]string{"BLUE", "RED"}, Threshold: 0.05, Mirror: "RED is BLUE reflected across the middle row",
		Levels: []skill.Level{level("greedy", 0.496, 20000, 0.24, 0.235, 0.247), level("search:1k", 0.5, 48, 0.5, 0.352, 0.648)}}
}

// A mirrored board's axis shows the first mover's share at each level
// beside the sides', and its line says the sides are even by the mirror
// and what skill moves: in the table, the flag, the JSON and the page.
func TestFirstMoverReport(t *testing.T) {
	a := wingsAxis()
	var b strings.Builder
	if err := WriteTable(&b, []*skill.Axis{a}); err != nil {
		t.Fatal(err)
	}
	want := `
skill axis  dbd/symmetric_wings   the answer with each player: on both sides, or on the side named (a=PLAYER)
player     first mover wins  95 % interval       BLUE wins  RED wins
greedy     24.00 %           [23.50 %, 24.70 %]  49.60 %    50.40 %
search:1k  50.00 %           [35.20 %, 64.80 %]  50.00 %    50.00 %
SKILL-SENSITIVE  this verdict changes with skill: BLUE and RED are each other's mirror (RED is BLUE reflected across the middle row, the first move alternating): neither is favoured at any level of skill, by the symmetry, not by measure; what skill moves is the first mover's win share: 24.00 % under greedy, 50.00 % under search:1k (+26.00 points [+10.50, +41.30] at 20000 and 48 trials, more than the 5-point threshold)
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	// The same numbers 4 points apart: undecided, and the sides' answer
	// still given.
	a.Levels[1].FirstMover.Value, a.Levels[1].FirstMover.Lo, a.Levels[1].FirstMover.Hi = 0.28, 0.132, 0.428
	if got, want := Line(a), "skill       BLUE and RED are each other's mirror (RED is BLUE reflected across the middle row, the first move alternating): neither is favoured at any level of skill, by the symmetry, not by measure; "+
		"undecided whether the verdict changes with skill from greedy to search:1k: the first mover's win share moves by +4.00 points [-11.50, +19.30] at 20000 and 48 trials, neither shown within nor beyond the 5-point threshold; more trials would decide"; got != want {
		t.Errorf("undecided:\n got %q\nwant %q", got, want)
	}
	var obj struct {
		Skill []struct {
			Answer, Mirror, Sides string
			Move                  float64
			Levels                []struct {
				Answer     float64
				FirstMover *struct{ Estimate, Lo, Hi float64 } `json:"first_mover"`
			}
		}
	}
	out, err := json.Marshal(formats.Object{Field([]*skill.Axis{wingsAxis()})})
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(out, &obj); err != nil {
		t.Fatal(err)
	}
	x := obj.Skill[0]
	if x.Answer != "first-mover-win-share" || x.Mirror != "RED is BLUE reflected across the middle row" || !strings.HasPrefix(x.Sides, "BLUE and RED are each other's mirror") ||
		x.Levels[0].FirstMover == nil || x.Levels[0].FirstMover.Estimate != 0.24 || x.Levels[1].Answer != 0.5 || x.Move != 0.26 {
		t.Errorf("JSON: %s", out)
	}
	page, err := HTML([]*skill.Axis{wingsAxis()})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), "<th>first mover wins</th>") || !strings.Contains(string(page), "<td>24.00 %</td><td>[23.50 %, 24.70 %]</td><td>49.60 %</td>") ||
		!strings.Contains(string(page), `SKILL-SENSITIVE: this verdict changes with skill: BLUE and RED are each other&#39;s mirror`) {
		t.Errorf("page:\n%s", page)
	}
}

// A side's axis says what it judged in JSON too, with no mirror; a
// roster whose cells mix mirrored battles with others marks the mirrored
// ones, whose move is the first mover's.
func TestAnswerNamed(t *testing.T) {
	out, err := json.Marshal(formats.Object{Field(rosterAxes(0.05)[:1])})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), `"answer":"side-a-win-share","mirror":null,"sides":null`) || !strings.Contains(string(out), `"first_mover":null`) {
		t.Errorf("JSON of a side's axis: %s", out)
	}
	w := wingsAxis()
	w.Scenario = "r/W vs W"
	axes := append(rosterAxes(0.05), w)
	var b strings.Builder
	if err := WriteCells(&b, axes, "r/"); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"skill by cell   a's win share (the first mover's on the mirrored cells marked (first mover)) with both sides played by each player",
		"\nW vs W (first mover)  24.00 %  50.00 %  +26.00  [+10.50, +41.30]  SKILL-SENSITIVE\n"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("cells: no %q in\n%s", want, b.String())
		}
	}
	if got := Summary(axes, "r/"); !strings.HasPrefix(got, "Skill: 3 of 4 cells change with skill from g to s, a's win share (the first mover's on the mirrored cells marked (first mover)) moving by more than the 5-point threshold: W vs W (first mover) (+26.00 points [+10.50, +41.30] at 20000 and 48 trials)") {
		t.Errorf("summary: %q", got)
	}
}
