package exact

import (
	"slices"
	"testing"

	"github.com/crucible-sim/crucible/rules"
)

// idleRoundsFile has lancers that fire once, at the start, and nothing
// else (knights, which fire every round, are not in the battle): when both miss, every round after is idle up to the cap, so the
// start's outcome that ends there passes over five rounds at once (an
// edge the rounds sweep follows apart, spill).
const idleRoundsFile = `title: idle rounds
weapons:
  lance: {group: missile, hit: "face >= 4", damage: 1}
  sword: {group: cannon, hit: "face >= 6", damage: 1}
units:
  Lancer: {hp: 1, weapons: {lance: 1}}
  Knight: {hp: 1, weapons: {sword: 1}}
start:
  - fire: {weapons: missile, order: simultaneous}
round:
  - fire: {weapons: cannon, order: simultaneous}
cap: 5
`

// TestRoundsPassedOver checks the rounds distribution of a battle with an
// edge that begins several rounds against the one worked out by hand: each
// lancer hits on 4+ (1/2), so the start ends the battle with 3/4 (one hit
// at least) in round 0, and both miss with 1/4, idle to the cap, round 5.
func TestRoundsPassedOver(t *testing.T) {
	m := modelOf(t, idleRoundsFile, "a: {units: {Lancer: 1}}\nb: {units: {Lancer: 1}}\n")
	opt := Options{}.withDefaults()
	c, _, _, _, err := solveIn(t.Context(), m, floats{}, opt.MaxStates, opt.MaxSteps, lookFloat, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	if sw, _ := layOut(c); len(sw.far) == 0 {
		t.Fatal("no edge passes over rounds: the test no longer checks what it is for")
	}
	r, err := Solve(t.Context(), m, Options{Rational: true})
	if err != nil {
		t.Fatal(err)
	}
	if want := []float64{0.75, 0, 0, 0, 0, 0.25}; !slices.Equal(r.Rounds, want) || r.RoundsTail != 0 {
		t.Errorf("rounds %v, tail %v; want %v, 0", r.Rounds, r.RoundsTail, want)
	}
	if r.RoundsMean.Rat != "5/4" || r.Win[rules.None].Rat != "1/2" || r.Win[rules.A].Rat != "1/4" {
		t.Errorf("E[rounds] = %s, P(none) = %s, P(a) = %s; want 5/4, 1/2, 1/4", r.RoundsMean.Rat, r.Win[rules.None].Rat, r.Win[rules.A].Rat)
	}
}
