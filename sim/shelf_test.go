package sim

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// Checkpoints sealed on a shelf's file are written and unsealed as those
// sealed in memory, byte for byte, keep no tally in memory, and leave no
// file in the temporary directory, even before the command ends.
func TestShelfKeepsTalliesOnItsFile(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	var inMemory Shelf
	shelf := NewShelf()
	var want, onFile []*Checkpoint
	for i, tally := range []*Tally{ledgerTally(t, 10), ledgerTally(t, 20), winTally(), ledgerTally(t, 30)} {
		c := NewCheckpoint("s", "h", "v", Job{Trials: tally.Trials}, tally, "")
		c.Part = fmt.Sprint("point ", i)
		m, err := c.Seal(&inMemory)
		if err != nil {
			t.Fatal(err)
		}
		f, err := c.Seal(shelf)
		if err != nil {
			t.Fatal(err)
		}
		if f.Tally != nil || f.sealed != nil || f.shelved == nil {
			t.Fatalf("point %d: sealed on the file, it keeps its tally in memory (%v, %d bytes)", i, f.Tally, len(f.sealed))
		}
		if again, _ := f.Seal(shelf); again != f {
			t.Error("sealing a checkpoint on the file again made another")
		}
		want, onFile = append(want, m), append(onFile, f)
	}
	a, err := MarshalCheckpoints(want)
	if err != nil {
		t.Fatal(err)
	}
	b, err := MarshalCheckpoints(onFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Errorf("the file's checkpoints are written\n%s\nnot\n%s", b, a)
	}
	for i := range want {
		if got, want := mustJSON(t, onFile[i]), mustJSON(t, want[i]); !bytes.Equal(got, want) {
			t.Errorf("point %d unsealed from the file:\n%s\nnot\n%s", i, got, want)
		}
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("the shelf left %s in the temporary directory", left[0].Name())
	}
}

// A checkpoint read from a checkpoint file (sealed in memory) moves to a
// shelf's file as it is sealed there, and is the same.
func TestShelfTakesCheckpointsReadFromAFile(t *testing.T) {
	_, c := finishedCheckpoint(t, "s", 500)
	file, err := MarshalCheckpoints([]*Checkpoint{c})
	if err != nil {
		t.Fatal(err)
	}
	read, err := UnmarshalCheckpoints(file)
	if err != nil {
		t.Fatal(err)
	}
	if read[0].sealed == nil {
		t.Fatal("a checkpoint read from a file is not sealed in memory")
	}
	moved, err := read[0].Seal(NewShelf())
	if err != nil {
		t.Fatal(err)
	}
	if moved.sealed != nil || moved.shelved == nil {
		t.Error("the checkpoint read stays in memory")
	}
	if again, _ := MarshalCheckpoints([]*Checkpoint{moved}); !bytes.Equal(again, file) {
		t.Errorf("moved to the shelf, the checkpoint is written\n%s\nnot\n%s", again, file)
	}
}

// A tally changed on the shelf's file is refused when it is read back,
// naming the checkpoint, not read as another tally.
func TestShelfRefusesATallyChangedOnItsFile(t *testing.T) {
	c, err := NewCheckpoint("s", "h", "v", Job{Trials: 10}, ledgerTally(t, 10), "").Seal(NewShelf())
	if err != nil {
		t.Fatal(err)
	}
	p := c.shelved
	if _, err := p.file.f.WriteAt([]byte("9"), p.at+int64(p.n)/2); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Unseal(); err == nil || !strings.Contains(err.Error(), "checkpoint of s: its tally read back from the temporary file is not the one written") {
		t.Errorf("unsealing a changed tally: %v", err)
	}
	if _, err := MarshalCheckpoints([]*Checkpoint{c}); err == nil {
		t.Error("a changed tally was written to a checkpoint file")
	}
}

// Where no temporary file can be made, a shelf keeps its tallies in
// memory, and they are the same.
func TestShelfWithoutAFileKeepsTalliesInMemory(t *testing.T) {
	t.Setenv("TMPDIR", filepath.Join(t.TempDir(), "missing"))
	tally := ledgerTally(t, 10)
	want := mustJSON(t, NewCheckpoint("s", "h", "v", Job{Trials: 10}, tally, ""))
	c, err := NewCheckpoint("s", "h", "v", Job{Trials: 10}, tally, "").Seal(NewShelf())
	if err != nil {
		t.Fatal(err)
	}
	if c.shelved != nil || c.sealed == nil {
		t.Fatal("without a temporary directory, the tally is not kept in memory")
	}
	if got := mustJSON(t, c); !bytes.Equal(got, want) {
		t.Errorf("kept in memory, the checkpoint is\n%s\nnot\n%s", got, want)
	}
}

// Checkpoints sealed on one shelf from many goroutines while others are
// written (as a journal's saves run beside its fight) each read back as
// sealed (go test -race checks the rest).
func TestShelfIsSafeForConcurrentUse(t *testing.T) {
	shelf := NewShelf()
	sealed, tallies := make([]*Checkpoint, 8), make([]*Tally, 8)
	for i := range tallies {
		tallies[i] = ledgerTally(t, int64(10+i))
	}
	var wg sync.WaitGroup
	for i := range sealed {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := NewCheckpoint("s", "h", "v", Job{Trials: int64(10 + i)}, tallies[i], "").Seal(shelf)
			if err != nil {
				t.Error(err)
				return
			}
			if _, err := MarshalCheckpoints([]*Checkpoint{c}); err != nil {
				t.Error(err)
			}
			sealed[i] = c
		}()
	}
	wg.Wait()
	for i, c := range sealed {
		if u, err := c.Unseal(); err != nil || u.Tally.Trials != int64(10+i) {
			t.Errorf("checkpoint %d read back: %v, %v", i, u, err)
		}
	}
}
