package sim

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"testing"
)

// A sealed checkpoint is written as the checkpoint itself, byte for byte,
// and unsealed gives back its tally, from which the run resumes.
func TestSealedCheckpointIsTheSame(t *testing.T) {
	job, c := finishedCheckpoint(t, "s", 3000)
	tally := c.Tally
	c.Part = "point 2"
	sealed, err := c.Seal()
	if err != nil {
		t.Fatal(err)
	}
	if sealed.Tally != nil {
		t.Error("a sealed checkpoint keeps its tally")
	}
	want, _ := MarshalCheckpoints([]*Checkpoint{c})
	if got, _ := MarshalCheckpoints([]*Checkpoint{sealed}); !bytes.Equal(got, want) {
		t.Errorf("sealed, the checkpoint is written\n%s\nnot\n%s", got, want)
	}
	if again, _ := sealed.Seal(); again != sealed {
		t.Error("sealing a sealed checkpoint made another")
	}
	back, err := sealed.Unseal()
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := json.Marshal(back.Tally); !bytes.Equal(got, mustJSON(t, tally)) {
		t.Errorf("unsealed tally %s, want %s", got, mustJSON(t, tally))
	}
	job.Finished = nil
	if done, err := back.Resume(job); err != nil || done.Count() != 3000 {
		t.Errorf("resuming from the unsealed checkpoint: %v, %v", done, err)
	}
	if same, _ := c.Unseal(); same != c {
		t.Error("unsealing a checkpoint that is not sealed made another")
	}
}

// MarshalCheckpoints writes the bytes encoding/json writes of a
// checkpointFile, which UnmarshalCheckpoints reads back: none, an empty
// list, and checkpoints sealed or not.
func TestMarshalCheckpointsWritesTheFileFormat(t *testing.T) {
	_, c := finishedCheckpoint(t, "a<b>", 500)
	_, other := finishedCheckpoint(t, "s", 500)
	sealed, _ := other.Seal()
	for _, cs := range [][]*Checkpoint{nil, {}, {c}, {c, sealed}} {
		body := mustJSON(t, cs)
		sum := sha256.Sum256(body)
		want := append(mustJSON(t, checkpointFile{SHA256: hex.EncodeToString(sum[:]), Checkpoints: body}), '\n')
		got, err := MarshalCheckpoints(cs)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%d checkpoints: %v\n%s\nwant\n%s", len(cs), err, got, want)
		}
		back, err := UnmarshalCheckpoints(got)
		if err != nil || len(back) != len(cs) {
			t.Errorf("%d checkpoints read back as %d: %v", len(cs), len(back), err)
		}
	}
}

// finishedCheckpoint returns the job of a run of the coin battle and the
// checkpoint of the scenario named scenario that it finished.
func finishedCheckpoint(t *testing.T, scenario string, trials int64) (Job, *Checkpoint) {
	t.Helper()
	job := Job{Battle: coinBattle{}, Key: Key("coin"), Seed: 5, Trials: trials, Finished: NewFinished(0, trials)}
	tally, err := Run(context.Background(), job)
	if err != nil {
		t.Fatal(err)
	}
	return job, NewCheckpoint(scenario, "h", "v", job, tally, job.Finished.String())
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// FuzzCheckpoint: no checkpoint file, however damaged, may crash reading it
// or resuming from it; what reads back resumes only a consistent record.
func FuzzCheckpoint(f *testing.F) {
	good, _ := MarshalCheckpoints([]*Checkpoint{NewCheckpoint("s", "h", "v", Job{Trials: 3000}, NewTally(coinBattle{}.Spec()), "")})
	f.Add(good)
	f.Add([]byte(`{"sha256":"x","checkpoints":[]}`))
	f.Add([]byte(`{}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		cs, err := UnmarshalCheckpoints(data)
		if err != nil {
			return
		}
		for _, c := range cs {
			if c == nil {
				continue
			}
			job := Job{Seed: c.Seed, First: c.First, Trials: c.Trials}
			if job.check() != nil {
				continue
			}
			if done, err := c.Resume(job); err == nil && (done.Count() > job.Trials || done.Count() != c.Tally.Trials) {
				t.Fatalf("a record of %d trials marks %d, its tally holds %d", job.Trials, done.Count(), c.Tally.Trials)
			}
		}
	})
}
