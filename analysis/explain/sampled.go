package explain

import (
	"context"
	"errors"
	"math"
	"runtime"

	"golang.org/x/sync/errgroup"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// Sampling is the Monte Carlo of an attribution the solver does not reach:
// every coalition fights trials 0 … Trials−1 of the scenario's streams at
// Seed (common random numbers: trial i rolls the same dice whichever ships
// fight it), so that the differences the values are made of are paired.
type Sampling struct {
	Seed   uint64
	Trials int64
}

// AttributeSampled is Attribute by Monte Carlo: each coalition's
// win share estimated over the same trials, and each value with its
// standard error, the spread over trials of that trial's own Shapley
// values (a value is a fixed linear combination of the coalitions' wins,
// so its per-trial terms are independent draws). Every trial's values add
// up to its v(all) − v(none), so the estimates are efficient exactly.
func AttributeSampled(ctx context.Context, sc *scenarios.Scenario, side rules.Side, of rules.Players, s Sampling) (*Attribution, error) {
	a, err := attributionOf(sc, side, of)
	if err == nil {
		err = a.checkCoalitions()
	}
	if err != nil {
		return nil, err
	}
	wins, err := coalitionWins(ctx, sc, a, s)
	if err != nil {
		return nil, err
	}
	a.Sampling = &s
	var sum, sq Attribution
	memo := make([]float64, a.Coalitions)
	for i := range s.Trials {
		for c := range memo {
			memo[c] = float64(wins[c][i/64] >> (i % 64) & 1)
		}
		var t Attribution
		t.Units = a.Units
		t.fill(memo)
		sum.accumulate(&t, 1)
		sq.accumulate(&t, 2)
	}
	a.meanOf(&sum, &sq, float64(s.Trials))
	return a, nil
}

// coalitionWins fights every coalition over the sampling's trials and
// returns, per coalition, a bit per trial: whether side won it.
func coalitionWins(ctx context.Context, sc *scenarios.Scenario, a *Attribution, s Sampling) ([][]uint64, error) {
	wins := make([][]uint64, a.Coalitions)
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	key := sim.Key(sc.StreamName())
	for c := range wins {
		counts := make([]int, len(a.Units))
		decodeCounts(a.Units, c, counts)
		wins[c] = make([]uint64, (s.Trials+63)/64)
		v, err := a.coalition(sc, counts)
		if err != nil {
			return nil, err
		}
		if v == nil {
			continue // no unit wins nothing
		}
		b, err := v.Compile()
		if err != nil {
			return nil, err
		}
		g.Go(func() error {
			return sim.Outcomes(b, s.Seed, key, 0, s.Trials, func(i int64, o *rules.Outcome) error {
				if i%1024 == 0 && ctx.Err() != nil {
					return ctx.Err()
				}
				if o.Winner == a.Side {
					wins[c][i/64] |= 1 << (i % 64)
				}
				return nil
			})
		})
	}
	err := g.Wait()
	if err != nil && errors.Is(ctx.Err(), context.Canceled) {
		return nil, context.Canceled
	}
	return wins, err
}

// accumulate adds t's values, raised to the power pow (1 or 2), to a's.
func (a *Attribution) accumulate(t *Attribution, pow float64) {
	if a.Shapley == nil {
		a.Shapley, a.Without = make([]float64, len(t.Shapley)), make([]float64, len(t.Without))
	}
	a.All += math.Pow(t.All, pow)
	a.None += math.Pow(t.None, pow)
	for k := range t.Shapley {
		a.Shapley[k] += math.Pow(t.Shapley[k], pow)
		a.Without[k] += math.Pow(t.Without[k], pow)
	}
}

// meanOf sets a's values to the means of sum over n trials and their
// standard errors from the sums of squares sq.
func (a *Attribution) meanOf(sum, sq *Attribution, n float64) {
	se := func(s, q float64) float64 {
		if n < 2 {
			return math.Inf(1)
		}
		m := s / n
		return math.Sqrt(max(0, q/n-m*m) / (n - 1))
	}
	a.All, a.AllSE = sum.All/n, se(sum.All, sq.All)
	a.None, a.NoneSE = sum.None/n, se(sum.None, sq.None)
	a.Shapley, a.Without = make([]float64, len(sum.Shapley)), make([]float64, len(sum.Without))
	a.ShapleySE, a.WithoutSE = make([]float64, len(sum.Shapley)), make([]float64, len(sum.Without))
	for k := range sum.Shapley {
		a.Shapley[k], a.ShapleySE[k] = sum.Shapley[k]/n, se(sum.Shapley[k], sq.Shapley[k])
		a.Without[k], a.WithoutSE[k] = sum.Without[k]/n, se(sum.Without[k], sq.Without[k])
	}
}
