package rulesfile_test

import (
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulesfile"
	"github.com/crucible-sim/crucible/scenarios"
)

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
		t.Run(e.Name, func(t *testing.T) { sameWithoutShortcuts(t, e.Name) })
	}
}

// Nor do they for the interaction suite's mechanics, whose effects take
// the branches the built-in files seldom take (else, a contest lost or
// tied, a change of hit points, an end or a hook among effects): the flat
// programs play what the tree of effects plays.
func TestShortcutsChangeNothingInTheSuite(t *testing.T) {
	dir := t.TempDir()
	for i, m := range mechanics() {
		t.Run(m.name, func(t *testing.T) {
			sides := m.sides
			if sides == "" {
				sides = "a: {units: {shooter: 1}}\nb: {units: {target: 1}}\n"
			}
			sc := filepath.Join(dir, fmt.Sprintf("m%d.yaml", i))
			write(t, filepath.Join(dir, fmt.Sprintf("m%d.rules.yaml", i)), m.rules)
			write(t, sc, fmt.Sprintf("ruleset: ./m%d.rules.yaml\n%s", i, sides))
			sameWithoutShortcuts(t, sc)
		})
	}
}

// sameWithoutShortcuts fights 300 battles of scenario name (built-in or a
// path) with the shortcuts and without them, seed for seed, and fails at
// the first outcome that differs.
func sameWithoutShortcuts(t *testing.T, name string) {
	t.Helper()
	sc, err := scenarios.Load(name)
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
			rulesfile.WithoutShortcuts(bt)
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
}
