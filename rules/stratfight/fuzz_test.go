package stratfight

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
)

// FuzzCompile parses arbitrary bytes as a scenario and compiles them: any
// input must give a battle or an error, never a panic. A battle that
// compiles also fights a few bounded trials and a replay.
func FuzzCompile(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(builtinDir, "*.yaml"))
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err == nil {
			f.Add(src)
		}
	}
	for _, s := range []string{
		"", "a: 1", "kind: lifespan\nstart_coins: 63\noptions: {old-age: on}\n",
		"options: {s9-moves: openings}\na: {fighter: cat, moves: {attack: [{name: x, attack_mod: -5}]}}\nb: {fighter: {strength: 0, dexterity: 0, training: 0, weapon: {damage: 0, lethality: 0}}}\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		root, err := scenarios.ParseYAML("fuzz.yaml", data)
		if err != nil {
			return
		}
		b, err := ruleset{}.Compile(root.Without(commonKeys...))
		if err != nil {
			if _, ok := err.(*doc.Error); !ok {
				t.Fatalf("error %T is not a *doc.Error: %v", err, err)
			}
			return
		}
		spec := b.Spec()
		if db, ok := b.(*duelBattle); ok && db.opts.roundCap*int64(db.opts.bouts) > 5000 {
			return // a long but valid fight; not worth the fuzzer's time
		}
		fi := b.NewFighter()
		o := &rules.Outcome{Counters: make([]int64, len(spec.Counters))}
		for i := range uint64(3) {
			o.Reset()
			fi.Fight(0, rules.NewRand(1, i), o)
			if o.End < 0 || o.End >= len(spec.Ends) || o.Rounds < 1 {
				t.Fatalf("bad outcome %+v", o)
			}
		}
		fi.Replay(0, rules.NewRand(1, 0), o, &countingWriter{})
	})
}
