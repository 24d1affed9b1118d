package analysis

import (
	"math"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/sim"
)

func tallyOf(a, b, none int64) *sim.Tally {
	t := sim.NewTally(rules.Spec{Ends: []string{"end"}})
	t.Trials = a + b + none
	t.Wins = [3]int64{none, a, b}
	return t
}

// The edge and its standard error, by hand: 4,500 wins of a, 5,500 of b
// in 10,000 games score −0.1 a game on average, with variance
// 1 − 0.1² = 0.99 a game.
func TestEdgeOf(t *testing.T) {
	e := EdgeOf(tallyOf(4500, 5500, 0))
	if e.Edge != -0.1 || math.Abs(e.StdErr-math.Sqrt(0.99/10000)) > 1e-15 {
		t.Errorf("edge %v ± %v, want −0.1 ± %v", e.Edge, e.StdErr, math.Sqrt(0.99/10000))
	}
	// Draws carry no score: 100 of a, 100 of b, 800 draws is no edge,
	// with variance 0.2 a game.
	if e := EdgeOf(tallyOf(100, 100, 800)); e.Edge != 0 || math.Abs(e.StdErr-math.Sqrt(0.2/1000)) > 1e-15 {
		t.Errorf("edge %v ± %v, want 0 ± %v", e.Edge, e.StdErr, math.Sqrt(0.2/1000))
	}
	// TOST within ±1 point at α = 0.01: the 98 % interval of an edge of
	// 0.1 point with standard error 0.2 point is 0.1 ± 0.465.
	e = SideEdge{N: 250000, Edge: 0.001, StdErr: 0.002}
	if !e.Within(0.01, 0.01) || e.Within(0.005, 0.01) {
		t.Errorf("TOST: within ±1 point %v (want true), within ±0.5 point %v (want false)", e.Within(0.01, 0.01), e.Within(0.005, 0.01))
	}
}

// The note appears on a mirrored battle whose edge is beyond chance at
// 0.001, names the side ahead, and appears nowhere else.
func TestMirrorNote(t *testing.T) {
	labels := [2]string{"BLUE", "RED"}
	got := MirrorNote("RED is BLUE turned 180°", labels, tallyOf(4500, 5500, 0))
	// ±3.29 × 0.995 points around 10.
	want := "this scenario is mirrored (RED is BLUE turned 180°, the first move alternating): a side edge here is the players', " +
		"not the board's, and RED wins 10.0 points more often than BLUE (99.9 % interval 6.7 to 13.3 points)"
	if got != want {
		t.Errorf("note\n%s\nwant\n%s", got, want)
	}
	for _, c := range []struct {
		mirror string
		t      *sim.Tally
	}{
		{"RED is BLUE turned 180°", tallyOf(4950, 5050, 0)}, // 1 point: chance
		{"", tallyOf(4500, 5500, 0)},                        // not mirrored
		{"RED is BLUE turned 180°", tallyOf(0, 0, 0)},       // no games
	} {
		if note := MirrorNote(c.mirror, labels, c.t); note != "" {
			t.Errorf("%q with wins %v: unexpected note %q", c.mirror, c.t.Wins, note)
		}
	}
	if got := MirrorNote("b is a", [2]string{}, tallyOf(600, 400, 0)); got == "" || !strings.Contains(got, "a wins 20.0 points more often than b") {
		t.Errorf("unlabelled sides: %q", got)
	}
}

// mirroredBattle is a battle that declares itself mirrored.
type mirroredBattle struct{ spec rules.Spec }

func (b mirroredBattle) Spec() rules.Spec          { return b.spec }
func (b mirroredBattle) NewFighter() rules.Fighter { return nil }
func (b mirroredBattle) Mirror() string            { return "b is a" }

// A run's spec gets the note after the battle's own notes, in a copy: the
// battle's spec, which every run of it shares, keeps its notes.
func TestWithMirrorNote(t *testing.T) {
	own := make([]string, 1, 4)
	own[0] = "unverified data"
	b := mirroredBattle{rules.Spec{Notes: own}}
	spec := withMirrorNote(b.Spec(), b, tallyOf(600, 400, 0))
	if len(spec.Notes) != 2 || spec.Notes[0] != "unverified data" || !strings.HasPrefix(spec.Notes[1], "this scenario is mirrored (b is a") {
		t.Errorf("notes %q", spec.Notes)
	}
	if len(b.spec.Notes) != 1 || own[:2][1] != "" {
		t.Errorf("the battle's notes changed: %q", own[:2])
	}
	if spec := withMirrorNote(b.Spec(), b, tallyOf(500, 500, 0)); len(spec.Notes) != 1 {
		t.Errorf("an even run got notes %q", spec.Notes)
	}
}
