package outdir

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

func TestWriteFileAtomicFailsCleanly(t *testing.T) {
	if err := WriteFileAtomic(filepath.Join(t.TempDir(), "missing", "x.json"), []byte("{}")); err == nil {
		t.Error("writing into a missing directory succeeded")
	}
}

// A file written in pieces is written whole or not at all: a write that
// fails leaves neither the file nor its temporary.
func TestWriteAtomicFailsCleanly(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "checkpoint.json")
	full := errors.New("disk full")
	err := WriteAtomic(path, func(w io.Writer) error {
		io.WriteString(w, `{"sha256":`)
		return full
	})
	if !errors.Is(err, full) {
		t.Errorf("err %v, want the write's", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("a failed write left %v", entries)
	}
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
