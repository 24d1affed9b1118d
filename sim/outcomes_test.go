package sim

import (
	"io"
	"testing"

	"github.com/crucible-sim/crucible/rules"
)

// Outcomes fights each trial on the stream every run gives it: the same
// outcome as Replay of that trial; a panicking battle is an error.
func TestOutcomesMatchReplay(t *testing.T) {
	b := coinBattle{panicAt: -1}
	n := 0
	err := Outcomes(b, 7, Key("coin"), 10, 20, func(i int64, o *rules.Outcome) error {
		want, err := Replay(b, 7, Key("coin"), i, io.Discard)
		if err != nil {
			return err
		}
		if o.Winner != want.Winner || o.Rounds != want.Rounds || o.End != want.End {
			t.Errorf("trial %d: Outcomes %+v, Replay %+v", i, o, want)
		}
		n++
		return nil
	})
	if err != nil || n != 20 {
		t.Fatalf("%d trials, %v", n, err)
	}
	if err := Outcomes(coinBattle{panicAt: 3}, 7, 1, 0, 5, func(int64, *rules.Outcome) error { return nil }); err == nil {
		t.Error("a panicking battle gave no error")
	}
}
