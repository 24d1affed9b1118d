package workbench

import (
	"testing"
	"time"
)

// The order yielding keeps: the solve waits for the run's first estimate
// (or its end); the first estimate holds the run until the shares; the
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
	y.estimated()
	if !begun(y) || !y.pause.Held() {
		t.Fatalf("after the first estimate: solve begun %v, run held %v; want both", begun(y), y.pause.Held())
	}
	y.estimated()
	y.answered()
	if y.pause.Held() {
		t.Fatal("after the shares: the run is held")
	}
	y.estimated()
	if y.pause.Held() {
		t.Fatal("an estimate after the shares held the run again")
	}

	cached := newYielding(time.Hour)
	cached.answered()
	cached.estimated()
	if !begun(cached) || cached.pause.Held() {
		t.Errorf("shares first: solve begun %v, run held %v; want begun, not held", begun(cached), cached.pause.Held())
	}

	short := newYielding(time.Hour)
	short.ended()
	if !begun(short) {
		t.Error("a run that ended without an estimate: the solve never begins")
	}
	short.estimated()
	if short.pause.Held() {
		t.Error("an estimate after the run's end held it")
	}

	slow := newYielding(time.Millisecond)
	slow.estimated()
	for deadline := time.Now().Add(time.Minute); slow.pause.Held() && time.Now().Before(deadline); time.Sleep(time.Millisecond) {
	}
	if slow.pause.Held() {
		t.Error("a solve longer than atMost: the run is still held")
	}
}
