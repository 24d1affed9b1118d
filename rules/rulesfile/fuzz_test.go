package rulesfile

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/rulesfile/document"
	"github.com/crucible-sim/crucible/rules/rulesfile/fight"
	"github.com/crucible-sim/crucible/rules/rulestest"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// FuzzRulesFile feeds arbitrary rules files (the decoder, the expressions,
// the hooks) to Compile with a scenario that fields one unit of the file's
// first unit type a side: any file compiles or fails with a located error,
// never a panic, and what compiles fights and replays the same battle. Run
// it with
//
//	go test -run '^$' -fuzz FuzzRulesFile -fuzztime 2m ./rules/rulesfile/
func FuzzRulesFile(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join(examples, "*.rules.yaml"))
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	f.Add([]byte("title: t\nunits:\n  u: {hp: 2}\nround:\n  - hook: h\nhooks: |\n  def h(battle):\n    battle.self\n"))
	f.Add([]byte("title: t\nstats:\n  s: {doc: s}\ntracks:\n  p: {max: 3, doc: p}\nunits:\n  u: {hp: 2, s: 1}\nround:\n  - each: {when: \"self.p < 2\", do: [{roll: {x: {dice: self.s, die: coin}}}, {add: {self.p: x}}, {if: \"self.p == 3\", then: [{damage: 1, to: self}]}]}\n"))
	f.Add([]byte("title: t\nunits:\n  u: {hp: 2}\nround:\n  - contest: {roll: 1, ties: a, winner: [{contest: {roll: {dice: 3, die: 6, explode: \"face == 6\", explode-depth: 2}, against: 2d6, compare: pairs, ties: coin, win: [{damage: 1}], lose: [{damage: 1, to: self}]}}]}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		rn, err := scenarios.ParseYAML("fuzz.rules.yaml", data)
		if err != nil {
			return
		}
		file, err := document.Decode(rn)
		if err != nil {
			if msg := rulestest.Located(err); msg != "" {
				t.Fatal(msg)
			}
			return
		}
		unit := &doc.Node{Kind: doc.Map, Keys: []string{file.Units[0].Name}, Vals: []*doc.Node{{Kind: doc.Scalar, Value: "1"}}}
		side := func() *doc.Node {
			return &doc.Node{Kind: doc.Map, Keys: []string{"units"}, Vals: []*doc.Node{unit.Clone()}}
		}
		n := &doc.Node{Kind: doc.Map}
		n.Put("rules", rn)
		n.Put("a", side())
		n.Put("b", side())
		b, err := Compile(n)
		if err != nil {
			if msg := rulestest.Located(err); msg != "" {
				t.Fatal(msg)
			}
			return
		}
		if b.Cap > 200 {
			return // a long battle is valid, but not one to fight in every iteration
		}
		spec := b.Spec()
		fi := b.NewFighter()
		for i := range int64(3) {
			o := sim.NewOutcome(spec)
			err1 := fightSafely(func() { fi.Fight(i, sim.Stream(1, 1, i), o) })
			o2 := sim.NewOutcome(spec)
			err2 := fightSafely(func() { fi.Replay(i, sim.Stream(1, 1, i), o2, io.Discard) })
			if (err1 == nil) != (err2 == nil) {
				t.Fatalf("trial %d: Fight %v, Replay %v", i, err1, err2)
			}
			if err1 != nil {
				continue // a hook's failure, which the run reports
			}
			if o.Winner != o2.Winner || o.End != o2.End || o.Rounds != o2.Rounds {
				t.Fatalf("trial %d: Fight %+v, Replay %+v", i, o, o2)
			}
		}
	})
}

// fightSafely runs a battle and returns the hook error it stopped with,
// if any (the engine turns it into the run's error); any other panic is
// a crash.
func fightSafely(play func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			he, ok := r.(*fight.HookError)
			if !ok {
				panic(r)
			}
			err = he
		}
	}()
	play()
	return nil
}
