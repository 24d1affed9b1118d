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
	good, _ := MarshalCheckpoints([]*Checkpoint{NewCheckpoint("s", "h", Job{Trials: 3000, Chunk: 1000}, NewTally(coinBattle{}.Spec()), "")})
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
			job := Job{Seed: c.Seed, First: c.First, Trials: c.Trials, Chunk: int(min(max(c.Chunk, 1), MaxTrials))}
			if job.check() != nil {
				continue
			}
			if chunks, err := c.Resume(job); err == nil && chunks.Count() > chunks.Len() {
				t.Fatalf("a record of %d chunks marks %d", chunks.Len(), chunks.Count())
			}
		}
	})
}

// TemporaryOf knows the names createTemp gives, and no others.
func TestTemporaryOf(t *testing.T) {
	dir := t.TempDir()
	f, tmp, err := createTemp(filepath.Join(dir, "checkpoint.json"))
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	if base, ok := TemporaryOf(filepath.Base(tmp)); !ok || base != "checkpoint.json" {
		t.Errorf("%s: %q %v, want checkpoint.json", filepath.Base(tmp), base, ok)
	}
	for _, name := range []string{"checkpoint.json", ".checkpoint.json.tmp", ".x.tmp0123456789a", ".x.tmp0123456789az", "x.tmp0123456789ab", ".x.tmq0123456789ab"} {
		if base, ok := TemporaryOf(name); ok {
			t.Errorf("%s: taken for a temporary of %q", name, base)
		}
	}
}
