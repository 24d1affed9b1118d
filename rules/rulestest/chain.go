package rulestest

import (
	"math"
	"testing"

	"github.com/crucible-sim/crucible/rules"
)

// ChainAgrees checks a solver's chain (rules.ChainSolver) against its own
// solution: from every state reached the steps' chances sum to 1, and the
// mass pushed from the start through the chain's interface, step by step
// until less than 1e-14 is left in transient states, gives the solution's
// win shares (to 1e-9) and mean rounds (to 1e-8).
func ChainAgrees(t testing.TB, ch rules.Chain, want *rules.Exact) {
	t.Helper()
	var win [3]float64
	rounds := 0.0
	mass := map[int]float64{ch.Start(): 1}
	var buf []rules.Step
	for it := 0; it < 1_000_000 && len(mass) > 0; it++ {
		next, left := map[int]float64{}, 0.0
		for s, m := range mass {
			if end, ok := ch.End(s); ok {
				win[end.Winner] += m
				continue
			}
			buf = ch.Steps(s, buf[:0])
			sum := 0.0
			for _, st := range buf {
				sum += st.P
				next[st.To] += m * st.P
				rounds += m * st.P * float64(st.Rounds)
			}
			if math.Abs(sum-1) > 1e-12 {
				t.Fatalf("state %d (%s): steps sum to %v", s, ch.Describe(s), sum)
			}
			left += m
		}
		if left < 1e-14 {
			break
		}
		mass = next
	}
	for s := range win {
		if math.Abs(win[s]-want.Win[s].F) > 1e-9 {
			t.Errorf("P(%v wins) %.12f through the chain, %.12f solved", rules.Side(s), win[s], want.Win[s].F)
		}
	}
	if math.Abs(rounds-want.RoundsMean.F) > 1e-8 {
		t.Errorf("mean rounds %.10f through the chain, %.10f solved", rounds, want.RoundsMean.F)
	}
}
