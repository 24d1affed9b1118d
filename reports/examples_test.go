package reports

import (
	"context"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// Beside each outcome row, the replay command replays a game of the run
// that ended so; a row no condition names has none.
func TestShowGameReplaysTheRow(t *testing.T) {
	sc, err := scenarios.Load("eclipse/interceptor-duel")
	if err != nil {
		t.Fatal(err)
	}
	r, _, err := analysis.Run{Seed: 3, Trials: 2000}.Fight(context.Background(), sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, side := range []rules.Side{rules.A, rules.B} {
		m := "win." + side.String()
		g := showGameOf(r, m)
		words := strings.Fields(g.Replay)
		if len(words) != 7 || words[1] != "replay" || words[6] != "3" || !strings.Contains(g.Explain, "--outcome "+m+" --seed 3 --trials 2000") {
			t.Fatalf("%s: %q, %q", m, g.Replay, g.Explain)
		}
		trial, _ := strconv.ParseInt(words[4], 10, 64)
		o, err := sim.Replay(r.Battle, 3, r.Key, trial, io.Discard)
		if err != nil || o.Winner != side {
			t.Errorf("%s: %s replays %+v (%v)", m, g.Replay, o, err)
		}
	}
	if g := showGameOf(r, ""); g != (showGame{}) {
		t.Errorf("a row without a metric: %+v", g)
	}
	if g := showGameOf(r, "win.none"); g.Replay != "" || g.Explain == "" {
		t.Errorf("an outcome the run never saw: %+v", g)
	}
}
