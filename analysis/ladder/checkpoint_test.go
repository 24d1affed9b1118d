package ladder_test

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/ladder"
	"github.com/crucible-sim/crucible/sim"
)

// A ladder resumed from any of the checkpoints it saved — after any
// look of any step, each written to a checkpoint file and read back —
// ends exactly as the ladder that never stopped: the same pairs, verdicts
// and ratings.
func TestResumeFromAnyCheckpoint(t *testing.T) {
	sc := rungsScenario(t)
	p := plan(300, "weak", "mid", "strong", "twin")
	var saved [][]*sim.Checkpoint
	r := analysis.Run{Seed: 4, Version: "test", SaveEvery: time.Nanosecond, Save: func(cs []*sim.Checkpoint) { saved = append(saved, cs) }}
	want, err := ladder.Run(context.Background(), r, sc, p)
	if err != nil {
		t.Fatal(err)
	}
	if len(saved) < 10 {
		t.Fatalf("%d checkpoints saved, want one a look", len(saved))
	}
	for k, cs := range saved {
		data, err := sim.MarshalCheckpoints(cs)
		if err != nil {
			t.Fatal(err)
		}
		back, err := sim.UnmarshalCheckpoints(data)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ladder.Run(context.Background(), analysis.Run{Seed: 4, Version: "test", Resume: back, Workers: 1 + k%3}, sc, p)
		if err != nil {
			t.Fatalf("checkpoint %d: %v", k, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("resumed from checkpoint %d (%d steps, the last after %d pairs):\n%+v\nwant\n%+v", k, len(cs), cs[len(cs)-1].Trials, got, want)
		}
	}
	// The last checkpoint holds every step whole: resuming from it fights
	// nothing, so a cancelled context does not stop it.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	got, err := ladder.Run(ctx, analysis.Run{Seed: 4, Version: "test", Resume: saved[len(saved)-1]}, sc, p)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("resumed from the last checkpoint: %v\n%+v\nwant\n%+v", err, got, want)
	}
}

// A checkpoint resumes only the ladder that wrote it: another look, seed
// or version is refused, naming what differs.
func TestResumeRefusesAnotherLadder(t *testing.T) {
	sc := rungsScenario(t)
	var last []*sim.Checkpoint
	r := analysis.Run{Seed: 4, Version: "test", Save: func(cs []*sim.Checkpoint) { last = cs }}
	if _, err := ladder.Run(context.Background(), r, sc, plan(100, "weak", "mid")); err != nil {
		t.Fatal(err)
	}
	other := plan(100, "weak", "mid")
	other.Look = 20
	for _, c := range []struct {
		run  analysis.Run
		plan ladder.Plan
		want string
	}{
		{analysis.Run{Seed: 4, Version: "test", Resume: last}, other, "a look every 10 pairs, at most 100"},
		{analysis.Run{Seed: 5, Version: "test", Resume: last}, plan(100, "weak", "mid"), "the checkpoint ran seed 4, not 5"},
		{analysis.Run{Seed: 4, Version: "next", Resume: last}, plan(100, "weak", "mid"), "written by crucible test, this is next"},
	} {
		if _, err := ladder.Run(context.Background(), c.run, sc, c.plan); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("resumed under another ladder: %v, want %q", err, c.want)
		}
	}
}
