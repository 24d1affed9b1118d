package rulesfile_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/analysis/spread"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
)

// Dice whose faces the state decides are solved exactly as they are drawn.
// Side a always wins the contest and rolls one die of as many faces as it
// has hit points (3, then 2, then 1) at b's 3 hit points, losing one of
// its own each round: a wins at once on a 3 (1/3), in round 2 after a 2,
// or after a 1 then a 2 (1/3 + 1/3·1/2), and otherwise both fall in
// round 3: P(a wins) = 5/6, mutual destruction 1/6.
func TestExactDiceFacesFromState(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "f.rules.yaml"), `title: a die of as many faces as hit points
units:
  u: {hp: 3}
round:
  - contest:
      roll: 0
      ties: a
      winner:
        - roll: {x: {dice: 1, faces: "self.hp"}}
        - add: {other.hp: "-x", self.hp: -1}
`)
	write(t, filepath.Join(dir, "f.yaml"), "ruleset: ./f.rules.yaml\na: {units: {u: 1}}\nb: {units: {u: 1}}\n")
	sc, err := scenarios.Load(filepath.Join(dir, "f.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := rules.LookupSolver(sc.Ruleset)
	if err != nil {
		t.Fatal(err)
	}
	x, err := s.Solve(t.Context(), sc.Document(), true)
	if err != nil {
		t.Fatal(err)
	}
	if x.Win[rules.A].Rat != "5/6" || x.Win[rules.None].Rat != "1/6" {
		t.Errorf("P(a wins) = %s, P(no winner) = %s; want 5/6 and 1/6", x.Win[rules.A].Rat, x.Win[rules.None].Rat)
	}
}

// A rules file whose sides may play one policy has no policy spread: the
// spread says so, and does not fight (it once indexed an empty list).
func TestNoSpreadOfOnePolicy(t *testing.T) {
	sc, err := scenarios.Load("rulesfile/emojispace-p3-vs-n3b")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := spread.PolicyFieldsOf(sc); err == nil || !strings.Contains(err.Error(), "one policy only") {
		t.Errorf("got %v, want an error saying each side plays one policy only", err)
	}
}
