package sim

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"testing"
)

// Checkpoints sealed on a shelf's file are written and unsealed as those
// sealed in memory, byte for byte, and keep no tally in memory; the file
// is made once, at the first tally.
func TestShelfKeepsTalliesOnItsFile(t *testing.T) {
	opened := 0
	shelf := NewShelf(func() (ShelfFile, error) { opened++; return os.CreateTemp(t.TempDir(), "tallies") })
	var inMemory Shelf
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
	if opened != 1 {
		t.Errorf("the shelf made its file %d times", opened)
	}
}

// tallyFile returns a NewShelf's function that makes a file for the test.
func tallyFile(t *testing.T) func() (ShelfFile, error) {
	return func() (ShelfFile, error) { return os.CreateTemp(t.TempDir(), "tallies") }
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
	moved, err := read[0].Seal(NewShelf(tallyFile(t)))
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
	c, err := NewCheckpoint("s", "h", "v", Job{Trials: 10}, ledgerTally(t, 10), "").Seal(NewShelf(tallyFile(t)))
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

// Where the shelf's file cannot be made, or written, a shelf keeps its
// tallies in memory, and they are the same; those it wrote before stay
// readable.
func TestShelfWithoutAFileKeepsTalliesInMemory(t *testing.T) {
	full := &fullFile{}
	for _, c := range []struct {
		what     string
		open     func() (ShelfFile, error)
		onFileAt int // how many tallies are kept on the file first
	}{
		{"no file", func() (ShelfFile, error) { return nil, errors.New("no room") }, 0},
		{"a full disk", func() (ShelfFile, error) { return full, nil }, 1},
	} {
		shelf := NewShelf(c.open)
		full.room = 1 << 20
		var sealed []*Checkpoint
		var want [][]byte
		for i := range 3 {
			tally := ledgerTally(t, int64(10+i))
			want = append(want, mustJSON(t, NewCheckpoint("s", "h", "v", Job{Trials: tally.Trials}, tally, "")))
			sc, err := NewCheckpoint("s", "h", "v", Job{Trials: tally.Trials}, tally, "").Seal(shelf)
			if err != nil {
				t.Fatal(err)
			}
			if onFile := sc.shelved != nil; onFile != (i < c.onFileAt) || !onFile && sc.sealed == nil {
				t.Errorf("%s: tally %d on the file %v, in memory %v", c.what, i, onFile, sc.sealed != nil)
			}
			full.room = 0 // the disk fills after the first
			sealed = append(sealed, sc)
		}
		for i, sc := range sealed {
			if got := mustJSON(t, sc); !bytes.Equal(got, want[i]) {
				t.Errorf("%s: checkpoint %d is\n%s\nnot\n%s", c.what, i, got, want[i])
			}
		}
	}
}

// fullFile is a ShelfFile in memory that takes room bytes, then refuses
// every write.
type fullFile struct {
	data []byte
	room int
}

func (f *fullFile) WriteAt(p []byte, at int64) (int, error) {
	if len(p) > f.room {
		return 0, errors.New("no space left on device")
	}
	f.room -= len(p)
	f.data = append(f.data[:at], p...)
	return len(p), nil
}

func (f *fullFile) ReadAt(p []byte, at int64) (int, error) {
	n := copy(p, f.data[min(int(at), len(f.data)):])
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

// Checkpoints sealed on one shelf from many goroutines while others are
// written (as a journal's saves run beside its fight) each read back as
// sealed (go test -race checks the rest).
func TestShelfIsSafeForConcurrentUse(t *testing.T) {
	shelf := NewShelf(tallyFile(t))
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
