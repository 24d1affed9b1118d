package analysis

import (
	"runtime/debug"
	"testing"
)

// Overlapping solves (the workbench solves one per tab) leave the GC
// percentage as it was before the first: each restoring what it found
// left it at gcDuringSolve when the first to start was not the last to
// end.
func TestOverlappingSolvesRestoreGC(t *testing.T) {
	const before = 100
	defer debug.SetGCPercent(debug.SetGCPercent(before))
	endA := raiseGC()
	endB := raiseGC()
	if got := debug.SetGCPercent(gcDuringSolve); got != gcDuringSolve {
		t.Errorf("during two solves: %d, want %d", got, gcDuringSolve)
	}
	endA() // the first to start ends first
	if got := debug.SetGCPercent(gcDuringSolve); got != gcDuringSolve {
		t.Errorf("during the second solve: %d, want %d", got, gcDuringSolve)
	}
	endB()
	if got := debug.SetGCPercent(before); got != before {
		t.Errorf("after both solves: %d, want %d as before them", got, before)
	}
}
