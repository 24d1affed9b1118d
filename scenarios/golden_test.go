package scenarios_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

var update = flag.Bool("update", false, "rewrite the golden tallies in testdata/golden/")

// Every built-in scenario's tally at a fixed seed is pinned: a change to any
// rule, to seeding or to tallying shows up here as a diff to review.
// Refresh after a deliberate change with:
//
//	go test ./scenarios -run Golden -update
func TestGoldenTallies(t *testing.T) {
	list, err := scenarios.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range list {
		t.Run(e.Name, func(t *testing.T) {
			sc, err := scenarios.Load(e.Name)
			if err != nil {
				t.Fatal(err)
			}
			b, err := sc.Compile()
			if err != nil {
				t.Fatal(err)
			}
			tally, err := sim.Run(context.Background(), sim.Job{Battle: b, Key: sim.Key(sc.Name), Seed: 1, Trials: 500})
			if err != nil {
				t.Fatal(err)
			}
			raw, err := json.Marshal(tally)
			if err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			json.Indent(&got, raw, "", " ")
			got.WriteByte('\n')
			path := filepath.Join("testdata", "golden", e.Name+".json")
			if *update {
				os.MkdirAll(filepath.Dir(path), 0o755)
				if err := os.WriteFile(path, got.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./scenarios -run Golden -update)", err)
			}
			if !bytes.Equal(got.Bytes(), want) {
				t.Errorf("the tally of %s at seed 1 changed:\n%s", e.Name, got.Bytes())
			}
		})
	}
}
