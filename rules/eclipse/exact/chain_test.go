package exact

import (
	"context"
	"math"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/eclipse"
)

// The chain is the one Solve solves: from every state its steps' chances
// sum to 1, and the mass that flows from the start into the absorbing
// states, pushed step by step through the chain's own interface, gives
// Solve's win shares and mean rounds.
func TestChainAgreesWithSolve(t *testing.T) {
	for _, name := range []string{"interceptor-duel", "two-interceptors-vs-ancient", "interceptors-retreat-when-losing", "missile-interceptor-vs-ancient"} {
		c, err := eclipse.Compile(loadBuiltin(t, name))
		if err != nil {
			t.Fatal(err)
		}
		want, err := Solve(context.Background(), c, Options{})
		if err != nil {
			t.Fatal(err)
		}
		ch, err := ChainOf(context.Background(), c, Options{})
		if err != nil {
			t.Fatal(err)
		}
		win, rounds := absorb(t, ch)
		for s := range win {
			if math.Abs(win[s]-want.Win[s].F) > 1e-9 {
				t.Errorf("%s: P(%v wins) %.12f through the chain, %.12f solved", name, rules.Side(s), win[s], want.Win[s].F)
			}
		}
		if math.Abs(rounds-want.RoundsMean.F) > 1e-8 {
			t.Errorf("%s: mean rounds %.10f through the chain, %.10f solved", name, rounds, want.RoundsMean.F)
		}
	}
}

// absorb pushes the start's mass through the chain until less than 1e-14
// is left in transient states, and returns the mass each winner absorbed
// and the mean rounds (each step's rounds weighted by the mass crossing
// it).
func absorb(t *testing.T, ch rules.Chain) (win [3]float64, rounds float64) {
	t.Helper()
	mass := map[int]float64{ch.Start(): 1}
	var buf []rules.Step
	for it := 0; it < 100000 && len(mass) > 0; it++ {
		next := map[int]float64{}
		left := 0.0
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
	return win, rounds
}
