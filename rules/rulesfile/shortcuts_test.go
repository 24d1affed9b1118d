package rulesfile

import (
	"path"
	"slices"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
)

// withoutShortcuts turns off what a Monte Carlo battle skips or reads
// once: ends checked again only when what they read has changed
// (endsOnSides), a contest's own flips of coins (rollC.flips), an if's
// index handed to the contest it guards (effectC.guard) and the effects
// played as flat programs (Battle.flat).
func withoutShortcuts(b *Battle) {
	b.endsOnSides, b.endsAgg, b.flat = false, 0, false
	var effects func(list []*effectC)
	contest := func(c *contestC) {
		for _, rc := range slices.Concat(c.roll, c.against) {
			if rc != nil {
				rc.flips = false
			}
		}
		for _, l := range slices.Concat(c.win, c.lose) {
			effects(l)
		}
	}
	effects = func(list []*effectC) {
		for _, e := range list {
			e.guard = nil
			effects(e.then)
			effects(e.els)
			if e.contest != nil {
				contest(e.contest)
			}
		}
	}
	for _, p := range slices.Concat(b.start, b.round) {
		if p.contest != nil {
			contest(p.contest)
		}
		for _, e := range p.each {
			effects(e.do)
		}
	}
}

// The shortcuts of the Monte Carlo battle change nothing: every built-in
// rules-file scenario plays the same battles, seed for seed, with them
// and without them.
func TestShortcutsChangeNothing(t *testing.T) {
	list, err := scenarios.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range list {
		if path.Dir(e.Name) != "rulesfile" {
			continue
		}
		t.Run(e.Name, func(t *testing.T) {
			sc, err := scenarios.Load(e.Name)
			if err != nil {
				t.Fatal(err)
			}
			var fighters [2]rules.Fighter
			var outs [2]*rules.Outcome
			for i := range 2 {
				bt, err := sc.Compile()
				if err != nil {
					t.Fatal(err)
				}
				if i == 1 {
					withoutShortcuts(bt.(*Battle))
				}
				fighters[i], outs[i] = bt.NewFighter(), &rules.Outcome{Counters: make([]int64, len(bt.Spec().Counters))}
			}
			r := rules.NewRand(0, 0)
			for seed := range uint64(300) {
				for i := range 2 {
					r.Seed(11, seed)
					outs[i].Reset()
					fighters[i].Fight(0, r, outs[i])
				}
				a, b := outs[0], outs[1]
				if a.Winner != b.Winner || a.End != b.End || a.Rounds != b.Rounds || !slices.Equal(a.Counters, b.Counters) {
					t.Fatalf("seed %d: with the shortcuts %+v, without %+v", seed, *a, *b)
				}
			}
		})
	}
}
