package outdir

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// A report directory's tally file reads back what is written to it and
// leaves no name in the directory, even while the command runs.
func TestTallyFileLeavesNothingBehind(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rep")
	d, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	before := names(t, path)
	f, err := d.TallyFile()
	if err != nil {
		t.Fatal(err)
	}
	for i, part := range []string{`{"trials":10}`, `{"trials":20}`} {
		if _, err := f.WriteAt([]byte(part), int64(13*i)); err != nil {
			t.Fatal(err)
		}
	}
	got := make([]byte, 13)
	if _, err := f.ReadAt(got, 13); err != nil || !bytes.Equal(got, []byte(`{"trials":20}`)) {
		t.Errorf("read back %q, %v", got, err)
	}
	if after := names(t, path); !slices.Equal(after, before) {
		t.Errorf("the directory holds %v, %v before the tally file", after, before)
	}
}

func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

// Close closes the tally files the directory made: one left open to its
// collection kept the volume the report went to busy after the command.
func TestCloseClosesTallyFiles(t *testing.T) {
	d, err := Open(filepath.Join(t.TempDir(), "rep"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := d.TallyFile()
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt([]byte("x"), 0); !errors.Is(err, os.ErrClosed) {
		t.Errorf("a tally file written after Close: %v, want %v", err, os.ErrClosed)
	}
}
