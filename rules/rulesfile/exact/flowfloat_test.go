package exact

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/crucible-sim/crucible/scenarios"
)

// TestFlowFloatsIsFlow solves the flow of chains by solveFlowFloats and
// by the generic flowOf in floats, and checks every visit, end and the
// expected rounds are the same to the last bit: battles whose rounds that
// change nothing make loops of states (two-cruisers-vs-guardian) and
// random chains of rings (a state left with some chance each round),
// loops, longer cycles (left to elimination) and forward edges.
func TestFlowFloatsIsFlow(t *testing.T) {
	check := func(what string, c *chain[float64, floats], comps [][]int32) {
		t.Helper()
		fl, err := solveFlowFloats(c, comps)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		visits, term, rounds := slices.Clone(fl.visits), slices.Clone(fl.term), fl.rounds
		want, err := c.flowOf(comps)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		same := func(x, y []float64) bool {
			return slices.EqualFunc(x, y, func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) })
		}
		if !same(visits, want.visits) || !same(term, want.term) || math.Float64bits(rounds) != math.Float64bits(want.rounds) {
			t.Errorf("%s: solveFlowFloats differs from flowOf: rounds %v, want %v", what, rounds, want.rounds)
		}
	}
	for _, name := range []string{"rulesfile/eclipse-two-cruisers-vs-guardian", "rulesfile/duel2d6", "rulesfile/skirmish"} {
		sc, err := scenarios.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		m, err := model(sc.Document())
		if err != nil {
			t.Fatal(err)
		}
		c, comps, _, _, err := solveIn(t.Context(), m, floats{}, DefaultMaxStates, DefaultMaxSteps, lookFloat, nil, 0)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		check(name, c, comps)
		release(c)
	}
	rng := rand.New(rand.NewPCG(27, 5))
	for trial := range 200 {
		c := randomChain(t.Context(), rng, 2+trial%40)
		check("random chain", c, c.components())
	}
}

// randomChain is a chain of n nodes cut into runs of one to four: a run
// of one may go back to itself (a ring), a longer one round its nodes (a
// loop) and sometimes across it (a cycle for elimination); every node may
// go on to a later run and to one of three ends, with random weights that
// add up to one and random rounds.
func randomChain(ctx context.Context, rng *rand.Rand, n int) *chain[float64, floats] {
	c := &chain[float64, floats]{bud: newBudget(ctx, DefaultMaxSteps, DefaultMaxStates, lookFloat), rootRounds: int32(rng.IntN(2))}
	c.terms = make([]terminal, 3)
	for v := range n {
		c.nodes.keys = append(c.nodes.keys, string(rune(v)))
	}
	for lo := 0; lo < n; {
		hi := min(n, lo+1+rng.IntN(4))
		for v := lo; v < hi; v++ {
			var to []int32
			switch {
			case hi-lo == 1 && rng.IntN(3) > 0:
				to = append(to, int32(v))
			case hi-lo > 1:
				to = append(to, int32(lo+(v-lo+1)%(hi-lo)))
				if rng.IntN(4) == 0 {
					to = append(to, int32(lo+rng.IntN(hi-lo)))
				}
			}
			if hi < n && rng.IntN(4) > 0 {
				to = append(to, int32(hi+rng.IntN(n-hi)))
			}
			to = append(to, -1-int32(rng.IntN(3)))
			c.e0 = append(c.e0, int32(len(c.to)))
			total := 0.0
			w := make([]float64, len(to))
			for i := range w {
				w[i] = 0.05 + rng.Float64()
				total += w[i]
			}
			for i, t := range to {
				c.to, c.w, c.rnd = append(c.to, t), append(c.w, w[i]/total), append(c.rnd, int32(rng.IntN(3)))
			}
		}
		lo = hi
	}
	c.e0 = append(c.e0, int32(len(c.to)))
	return c
}
