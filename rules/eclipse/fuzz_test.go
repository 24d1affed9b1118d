package eclipse

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
)

// FuzzCompile parses arbitrary YAML as a scenario and compiles it for both
// engines; whatever compiles is fought once, and replayed to the same
// outcome. Nothing may panic. Run it with
//
//	go test -run '^$' -fuzz FuzzCompile -fuzztime 2m ./rules/eclipse/
//
// Crashers land in testdata/fuzz/FuzzCompile and run as regression tests.
func FuzzCompile(f *testing.F) {
	files, _ := filepath.Glob("../../scenarios/builtin/eclipse/*.yaml")
	for _, file := range files {
		if src, err := os.ReadFile(file); err == nil {
			f.Add(src)
		}
	}
	for _, s := range []string{
		"attacker: {ships: {Interceptor: 1}}\ndefender: {ships: {Interceptor: 1}}",
		"parts: [{name: P, cannon: {red: 8}, missile: {blue: 8}, shield: 8, computer: 8, hull: 20, energy: -30, drive: true, slot: false}]\nblueprints: [{name: B, base: Dreadnought, slots: 12, parts: [P, P, P]}]\nattacker: {ships: {B: 2}, antimatter-splitter: true, retreat: after-round-0}\ndefender: {kind: npc, ships: {GCDS-advanced: 1, Guardian-advanced: 4, Ancient-advanced: 14}}",
		"options: {stalemate: draw, same-side-ties: listed}\nattacker: {ships: {Starbase: 4}, policy: priority, priority: [Ancient]}\ndefender: {kind: npc, ships: {Ancient: 2}}",
		"blueprints: [{name: A, base: Ancient, hull: 40, shield: 8, cannons: {yellow: 16}}]\nattacker: {ships: {Interceptor: 8}, retreat: when-losing}\ndefender: {kind: npc, ships: {A: 14}}",
		"attacker: {ships: {Cruiser: 1}, policy: optimal}\ndefender: {ships: {Cruiser: 1}}",
		"parts: [{name: G, cannon: {yellow: 8}, energy: -1}]\nblueprints: [{name: GI, base: Interceptor, parts: [G, G, G, Nuclear Drive]}, {name: GC, base: Cruiser, parts: [G, G, G, G, Nuclear Drive]}]\nattacker: {ships: {GI: 8, GC: 4}}\ndefender: {ships: {GI: 8, GC: 4}}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := scenarios.ParseYAML("fuzz.yaml", data)
		if err != nil {
			return
		}
		n = n.Without("name", "ruleset", "description", "trials", "claims")
		if _, err := CompileExact(n); err != nil {
			if _, ok := err.(*doc.Error); !ok {
				t.Fatalf("error without a position: %T %v", err, err)
			}
		}
		c, err := Compile(n)
		if err != nil {
			if _, ok := err.(*doc.Error); !ok {
				t.Fatalf("error without a position: %T %v", err, err)
			}
			return
		}
		fi := c.NewFighter()
		o := rules.Outcome{Counters: make([]int64, len(c.Spec().Counters))}
		fi.Fight(0, rules.NewRand(1, 2), &o)
		if o.End < 0 || o.End >= len(c.Spec().Ends) || o.Rounds < 0 || o.Rounds > RoundCap {
			t.Fatalf("bad outcome %+v", o)
		}
		// Replay takes the logging paths (every face kept, Assign's lists
		// for the log); it must play the same battle.
		o2 := rules.Outcome{Counters: make([]int64, len(o.Counters))}
		fi.Replay(0, rules.NewRand(1, 2), &o2, io.Discard)
		if o2.Winner != o.Winner || o2.End != o.End || o2.Rounds != o.Rounds || !slices.Equal(o2.Counters, o.Counters) {
			t.Fatalf("Fight %+v, Replay %+v", o, o2)
		}
	})
}
