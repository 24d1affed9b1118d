package exact

import (
	"context"
	"math"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/emojispace"
)

// The chain is the one the walk solves: from every state its steps'
// chances sum to 1, and the mass pushed from the start through the
// chain's own interface gives Solve's win shares and mean rounds.
func TestChainAgreesWithSolve(t *testing.T) {
	for _, name := range []string{"p0-vs-n1a", "p1-vs-n2a", "mantis-weapons-vs-n3b"} {
		n := loadBuiltin(t, name)
		b, err := emojispace.Compile(n)
		if err != nil {
			t.Fatal(err)
		}
		want, err := Solve(context.Background(), b, Options{})
		if err != nil {
			t.Fatal(err)
		}
		ch, err := registered{}.Chain(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		var win [3]float64
		rounds := 0.0
		mass := map[int]float64{ch.Start(): 1}
		var buf []rules.Step
		for len(mass) > 0 {
			next := map[int]float64{}
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
					t.Fatalf("%s: state %s: steps sum to %v", name, ch.Describe(s), sum)
				}
			}
			mass = next
		}
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
