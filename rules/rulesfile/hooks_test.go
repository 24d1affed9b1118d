package rulesfile

import (
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/sim"
)

// A hook reads and changes the state: here the plague hook takes one hit
// point from every unit of side b each round, and nothing else deals
// damage, so b's 3-hit-point unit dies in round 3, every battle.
func TestHookChangesTheState(t *testing.T) {
	b := compileOf(t, `title: a plague
units:
  u: {hp: 3}
round:
  - hook: plague
hooks: |
  def plague(battle):
      for u in battle.units("b"):
          u.hp = u.hp - 1
`, "a: {units: {u: 1}}\nb: {units: {u: 1}}\n")
	tl := run(t, b, 50)
	if tl.Wins[rules.A] != 50 || tl.Rounds.Count(3) != 50 {
		t.Errorf("a wins %d of 50, %d in round 3; want all", tl.Wins[rules.A], tl.Rounds.Count(3))
	}
	if b.Exact() != nil {
		t.Errorf("a hook that draws nothing leaves the battle exact: %v", b.Exact())
	}
}

// A hook that runs past its step budget stops the run with an error that
// names the hook, where it is defined and the budget.
func TestHookBudget(t *testing.T) {
	b := compileOf(t, `title: a hook that never stops
units:
  u: {hp: 3}
round:
  - hook: spin
  - contest: {roll: d6, winner: [{damage: 1}]}
hook-steps: 1000
hooks: |
  def spin(battle):
      n = 0
      for i in range(1000000):
          n += i
`, "a: {units: {u: 1}}\nb: {units: {u: 1}}\n")
	_, err := sim.Run(t.Context(), sim.Job{Battle: b, Key: 1, Seed: 1, Trials: 10, Workers: 1})
	want := "hook spin (test.rules.yaml:9) exceeded its budget of 1000 steps (hook-steps)"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v, want an error with %q", err, want)
	}
}

// A hook that draws random numbers makes the battle not exactly solvable,
// and says so in every output.
func TestHookThatDrawsIsNotExact(t *testing.T) {
	b := compileOf(t, `title: a random plague
units:
  u: {hp: 3}
round:
  - hook: plague
hooks: |
  def plague(battle):
      if battle.roll(1, 6) == 6:
          battle.other
      for u in battle.units("a"):
          u.hp = u.hp - battle.choose(2)
`, "a: {units: {u: 1}}\nb: {units: {u: 1}}\n")
	if b.Exact() == nil {
		t.Error("a hook that draws leaves the battle exact")
	}
	if len(b.Spec().Notes) == 0 {
		t.Error("no note says the battle has no exact solution")
	}
	tl := run(t, b, 200)
	if tl.Wins[rules.B] != 200 {
		t.Errorf("b wins %d of 200, want all: only a's unit loses hit points", tl.Wins[rules.B])
	}
}

// BenchmarkHookCall measures one call of a small hook (recorded in
// bench/rulesfile.txt as ns per hook call): a round of a duel whose only
// phase is the hook, less nothing — the round's own cost is a few ns.
func BenchmarkHookCall(b *testing.B) {
	bt := compileOf(b, `title: one hook a round
units:
  u: {hp: 1000}
round:
  - hook: tick
cap: 1000
hooks: |
  def tick(battle):
      for u in battle.units("b"):
          u.hp = u.hp - 1
`, "a: {units: {u: 1}}\nb: {units: {u: 1}}\n")
	f := bt.NewFighter()
	o := sim.NewOutcome(bt.Spec())
	r := rules.NewRand(1, 1)
	b.ReportAllocs()
	for b.Loop() {
		o.Reset()
		f.Fight(0, r, o)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1000, "ns/hook-call")
}
