package sim

import (
	"context"
	"errors"
	"io"
	"testing"
)

// A replay ends when its context does, even in a trial that would never
// end (rules.Stoppable): the abandoned trial is the context's error. A
// trial that ends is the outcome Replay gives.
func TestReplayContextStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	b := endlessBattle{at: 3, started: cancel}
	o, err := ReplayContext(ctx, b, 9, 1, 3, io.Discard)
	if o != nil || !errors.Is(err, context.Canceled) {
		t.Errorf("the endless trial: %v, %v", o, err)
	}
	want, err := Replay(b, 9, 1, 2, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	got, err := ReplayContext(context.Background(), b, 9, 1, 2, io.Discard)
	if err != nil || got.Winner != want.Winner || got.Rounds != want.Rounds {
		t.Errorf("trial 2: %+v, %v; Replay: %+v", got, err, want)
	}
}
