//go:build long

package ladder_test

import (
	"context"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/ladder"
	"gonum.org/v1/gonum/stat/distuv"
)

// The test's error rates hold: over 400 ladders of two equal players
// (strong and twin) the step says "beats" in at most α of them, and over
// 400 of two players 15 strength points apart (mid over weak, Elo 108,
// well above H1's 40) it misses ("no better") in at most β of them — each
// judged by a one-sided binomial test at 0.001, so that the test fails
// by chance once in a thousand runs at most, and never with these seeds.
func TestErrorRatesHold(t *testing.T) {
	const runs = 400
	for _, c := range []struct {
		rungs []string
		wrong ladder.Verdict
		rate  float64
	}{
		{[]string{"strong", "twin"}, ladder.Beats, ladder.DefaultTest.Alpha},
		{[]string{"weak", "mid"}, ladder.NoBetter, ladder.DefaultTest.Beta},
	} {
		wrong := 0
		for seed := range uint64(runs) {
			l, err := ladder.Run(context.Background(), analysis.Run{Seed: seed + 1000}, rungsScenario(t), plan(5000, c.rungs...))
			if err != nil {
				t.Fatal(err)
			}
			if l.Steps[0].Verdict == c.wrong {
				wrong++
			}
		}
		limit := distuv.Binomial{N: runs, P: c.rate}.Survival(float64(wrong) - 1)
		if limit < 0.001 {
			t.Errorf("%v: %d of %d ladders said %v (P = %.2g under a rate of %g)", c.rungs, wrong, runs, c.wrong, limit, c.rate)
		}
		t.Logf("%v: %d of %d said %v", c.rungs, wrong, runs, c.wrong)
	}
}
