package dbd

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/crucible-sim/crucible/sim"
)

var update = flag.Bool("update", false, "rewrite the pinned search games in testdata/search/")

// pinnedSearchRun is one short run of the search on both sides whose whole
// tally, and the replay of its first trial, are pinned.
type pinnedSearchRun struct {
	scenario, level string
	seed            uint64
	trials          int64
	turnCap         int // rounds; short, so that the run stays quick
}

func (c pinnedSearchRun) name() string {
	return fmt.Sprintf("%s-%s-seed%d", c.scenario, c.level, c.seed)
}

// pinnedSearchRuns are the runs TestSearchGamesPinned plays: two boards,
// both levels, each first side (first-side: alternate); about 4 s of CPU.
// TestSearchGamesPinnedLong plays more seeds (search_pinned_long_test.go).
var pinnedSearchRuns = []pinnedSearchRun{
	{"cavalry_hammer", "search:1k", 3, 2, 4},
	{"symmetric_wings", "search:250", 1, 2, 5},
}

// pinnedSearchGame is what a pinned run's golden file holds: the tally as
// `crucible run --format json` writes it, and the SHA-256 of the replay of
// trial 0 (every activation, die face and retreat of the game).
type pinnedSearchGame struct {
	Tally        json.RawMessage `json:"tally"`
	Trial0Replay string          `json:"trial0ReplaySHA256"`
}

// Short runs of the search on both sides play the very games they played
// when their golden files were written: the same moves, the same dice in
// the same order, the same tally. A change meant only to make the search
// cheaper must leave every byte alone; a change meant to change its play
// refreshes the files with
//
//	go test ./rules/dbd -run TestSearchGamesPinned -update
//	go test -tags long ./rules/dbd -run TestSearchGamesPinned -update
func TestSearchGamesPinned(t *testing.T) { checkPinnedSearchRuns(t, pinnedSearchRuns) }

// checkPinnedSearchRuns plays each run and compares it with its golden
// file (rewritten first with -update).
func checkPinnedSearchRuns(t *testing.T, runs []pinnedSearchRun) {
	for _, c := range runs {
		t.Run(c.name(), func(t *testing.T) {
			b := loadBattle(t, c.scenario, fmt.Sprintf("options: {first-side: alternate, turn-cap: %d}\npolicies: {blue: %s, red: %s}\n",
				c.turnCap, c.level, c.level))
			key := sim.Key("dbd/" + c.scenario)
			tally, err := sim.Run(context.Background(), sim.Job{Battle: b, Key: key, Seed: c.seed, Trials: c.trials, Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			raw, err := json.Marshal(tally)
			if err != nil {
				t.Fatal(err)
			}
			var log bytes.Buffer
			b.NewFighter().Replay(0, sim.Stream(c.seed, key, 0), sim.NewOutcome(b.Spec()), &log)
			got, err := json.MarshalIndent(pinnedSearchGame{Tally: raw, Trial0Replay: fmt.Sprintf("%x", sha256.Sum256(log.Bytes()))}, "", " ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			path := filepath.Join("testdata", "search", c.name()+".json")
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test ./rules/dbd -run TestSearchGamesPinned -update writes it; -tags long for the long runs)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s plays other games than pinned in %s:\n%s", c.name(), path, got)
			}
		})
	}
}
