package sim

import (
	"path/filepath"
	"testing"
)

func TestWriteFileAtomicFailsCleanly(t *testing.T) {
	if err := WriteFileAtomic(filepath.Join(t.TempDir(), "missing", "x.json"), []byte("{}")); err == nil {
		t.Error("writing into a missing directory succeeded")
	}
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
