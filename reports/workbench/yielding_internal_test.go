package workbench

import (
	"testing"
	"time"
)

// The order yielding keeps: the solve waits for the run's first estimate
// (or its end, or beginAtMost); the first estimate holds the run until the shares; the
// shares, or the solve's end without them, let it go for good; an answer
// that came first (a cached one) is never waited for.
func TestYieldingOrder(t *testing.T) {
	begun := func(y *yielding) bool {
		select {
		case <-y.first:
			return true
		default:
			return false
		}
	}
	y := newYielding(time.Hour)
	if begun(y) || y.pause.Held() {
		t.Fatal("before the first estimate: the solve may begin, or the run is held")
	}
	y.sent()
	if !begun(y) || !y.pause.Held() {
		t.Fatalf("after the first estimate: solve begun %v, run held %v; want both", begun(y), y.pause.Held())
	}
	y.sent()
	y.answered()
	if y.pause.Held() {
		t.Fatal("after the shares: the run is held")
	}
	y.sent()
	if y.pause.Held() {
		t.Fatal("an estimate after the shares held the run again")
	}

	cached := newYielding(time.Hour)
	cached.answered()
	cached.sent()
	if !begun(cached) || cached.pause.Held() {
		t.Errorf("shares first: solve begun %v, run held %v; want begun, not held", begun(cached), cached.pause.Held())
	}

	short := newYielding(time.Hour)
	short.ended()
	if !begun(short) {
		t.Error("a run that ended without an estimate: the solve never begins")
	}

	// A machine so busy that the first estimate waits: the solve begins
	// within beginAtMost all the same, and the estimate, when it comes,
	// holds the run.
	busy := newYielding(time.Hour)
	for deadline := time.Now().Add(time.Minute); !begun(busy) && time.Now().Before(deadline); time.Sleep(time.Millisecond) {
	}
	if !begun(busy) {
		t.Fatal("no estimate: the solve never begins")
	}
	busy.sent()
	if !busy.pause.Held() {
		t.Error("the first estimate after the solve began: the run is not held")
	}

	slow := newYielding(time.Millisecond)
	slow.sent()
	for deadline := time.Now().Add(time.Minute); slow.pause.Held() && time.Now().Before(deadline); time.Sleep(time.Millisecond) {
	}
	if slow.pause.Held() {
		t.Error("a solve longer than atMost: the run is still held")
	}
}
