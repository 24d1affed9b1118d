package stratfight

import (
	"testing"

	"github.com/crucible-sim/crucible/rules"
)

// TestFightAllocatesNothing: Fight allocates nothing in steady state, for
// duels (with openings, bouts and every alternative option) and lifespans
// (with old age).
func TestFightAllocatesNothing(t *testing.T) {
	srcs := builtinSources(t)
	for _, name := range []string{"thug-vs-guard", "jorah-vs-mountain-openings", "guard-vs-thug-3-bouts", "lifespan-30-coins", "lifespan-30-coins-old-age"} {
		allocs(t, name, srcs[name])
	}
	allocs(t, "variants", duel("{s2-exchange: both-strike, s4-autofail: pain-only, s5-margin-to-pain: true, s6-crippling-coins: every-hit, s7-life-check: start-of-round, tie-rule: underdog, s9-moves: openings, bouts: 4}",
		side("cat", "life_coins: 16", "moves: {attack: [{name: a}, {name: b, attack_mod: 1}, {name: c, lethality: 2}]}"),
		side("mountain", "armor: chainmail", "life_coins: 17", "moves: {defense: [{name: x}, {name: y, defense_mod: 2}]}")))
}

func allocs(t *testing.T, name, src string) {
	t.Helper()
	b := compileYAML(t, src)
	f := b.NewFighter()
	o := &rules.Outcome{Counters: make([]int64, len(b.Spec().Counters))}
	r := rules.NewRand(1, 1)
	i := uint64(0)
	n := testing.AllocsPerRun(2000, func() {
		i++
		r.Seed(5, i)
		o.Reset()
		f.Fight(0, r, o)
	})
	if n != 0 {
		t.Errorf("%s: %v allocations per Fight", name, n)
	}
}
