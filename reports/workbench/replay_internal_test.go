package workbench

import (
	"bytes"
	"testing"

	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// A DBD replay splits into its turns, each with the map of the board at
// its start: every cell's mark, as many as the board has cells, the units
// where the setup places them.
func TestReplayTurnsReadTheBoard(t *testing.T) {
	sc, err := scenarios.Load("dbd/symmetric_line")
	if err != nil {
		t.Fatal(err)
	}
	b, err := sc.Compile()
	if err != nil {
		t.Fatal(err)
	}
	var account bytes.Buffer
	if _, err := sim.Replay(b, 1, sim.Key(sc.StreamName()), 0, &account); err != nil {
		t.Fatal(err)
	}
	board := b.Spec().Board
	ts := turns(account.String(), len(board.Cells))
	if len(ts) < 3 || ts[0].Title != "setup" || ts[0].Marks != nil {
		t.Fatalf("%d turns, the first %q", len(ts), ts[0].Title)
	}
	first := ts[1]
	if len(first.Marks) != len(board.Cells) {
		t.Fatalf("turn %q: %d marks for %d cells", first.Title, len(first.Marks), len(board.Cells))
	}
	for i, c := range board.Cells {
		if c.Mark != "" && first.Marks[i][1:] != c.Mark {
			t.Errorf("cell %s: the first turn's map shows %q, the setup %q", c.Label, first.Marks[i], c.Mark)
		}
	}
	if first.Lines[0] == "" || first.Lines[0][:2] != "  " {
		t.Errorf("the turn's first line after its map: %q", first.Lines[0])
	}
}
