//go:build long

package workbench_test

import (
	"testing"
	"time"
)

// Twenty tabs editing at once for a minute (go test -tags long -run
// TestLoadLong -v ./reports/workbench; recorded in bench/serve.txt).
func TestLoadLong(t *testing.T) {
	f := loadTabs(t, 20, time.Minute)
	t.Logf("20 tabs for 60 s: %d edits, %d estimates; goroutines %d → %d; heap %.1f → %.1f MiB",
		f.edits, f.estimates, f.goroutinesBefore, f.goroutinesAfter, float64(f.heapBefore)/(1<<20), float64(f.heapAfter)/(1<<20))
}
