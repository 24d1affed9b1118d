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
