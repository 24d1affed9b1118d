package explain

import (
	"context"
	"errors"
	"maps"
	"math/rand/v2"
	"runtime"
	"slices"

	"golang.org/x/sync/errgroup"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// MaxOrderPlayers bounds the players of an attribution by sampled orders:
// a coalition is a count vector packed into an int.
const MaxOrderPlayers = 60

// AttributeOrders is AttributeSampled for a side with too many coalitions
// to fight every one (permutation sampling): trial i draws one order of the
// side's players from (seed, i) and fights the n+1 coalitions along it, on
// the trial's own stream (common random numbers), so that each player's
// gain as it joins is the trial's estimate of its Shapley value, and the
// side with all its players and without one of each kind is fought on
// every trial. The trials' estimates are independent, so the standard
// errors are their spread; every trial's values add up to its v(all) −
// v(none), so the estimates are efficient exactly. The orders depend on
// the seed and the trial only: the same for any workers.
func AttributeOrders(ctx context.Context, sc *scenarios.Scenario, side rules.Side, of rules.Players, s Sampling) (*Attribution, error) {
	a, err := attributionOf(sc, side, of)
	if err != nil {
		return nil, err
	}
	if n := unitsIn(a.Units); n > MaxOrderPlayers {
		return nil, a.at.Errorf("%d players, more than the %d an attribution by sampled orders allows", n, MaxOrderPlayers)
	}
	a.Sampling, a.Orders = &s, true
	orders := a.orders(s)
	wins, err := a.fightOrders(ctx, sc, s, orders)
	if err != nil {
		return nil, err
	}
	var sum, sq Attribution
	for i := range s.Trials {
		t := a.trialValues(orders[i], i, wins)
		sum.accumulate(t, 1)
		sq.accumulate(t, 2)
	}
	a.meanOf(&sum, &sq, float64(s.Trials))
	return a, nil
}

// orders draws each trial's order of the labelled players, as the kind of
// each in joining order.
func (a *Attribution) orders(s Sampling) [][]int {
	var kinds []int
	for k, u := range a.Units {
		for range u.Count {
			kinds = append(kinds, k)
		}
	}
	out := make([][]int, s.Trials)
	for i := range out {
		rng := rand.New(rand.NewPCG(s.Seed, uint64(i)^0x6f72646572730000)) // "orders": apart from the battles' streams
		out[i] = slices.Clone(kinds)
		rng.Shuffle(len(kinds), func(x, y int) { out[i][x], out[i][y] = out[i][y], out[i][x] })
	}
	return out
}

// needs returns, for every coalition a trial fights, the trials that fight
// it: those along each trial's order, and all and all but one of each
// kind on every trial.
func (a *Attribution) needs(orders [][]int) map[int][]int64 {
	need := map[int][]int64{}
	add := func(counts []int, i int64) {
		c := encodeCounts(a.Units, counts)
		if l := need[c]; len(l) == 0 || l[len(l)-1] != i {
			need[c] = append(l, i)
		}
	}
	all := make([]int, len(a.Units))
	for k, u := range a.Units {
		all[k] = u.Count
	}
	for i, order := range orders {
		counts := make([]int, len(a.Units))
		add(counts, int64(i))
		for _, k := range order {
			counts[k]++
			add(counts, int64(i))
		}
		for k := range all {
			all[k]--
			add(all, int64(i))
			all[k]++
		}
	}
	return need
}

// fightOrders fights every coalition the orders need on the trials that
// need it, and returns who won: for coalition c, a bit per trial.
func (a *Attribution) fightOrders(ctx context.Context, sc *scenarios.Scenario, s Sampling, orders [][]int) (map[int][]uint64, error) {
	need := a.needs(orders)
	wins := make(map[int][]uint64, len(need))
	for c := range need {
		wins[c] = make([]uint64, (s.Trials+63)/64)
	}
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	key := sim.Key(sc.StreamName())
	counts := make([]int, len(a.Units))
	for _, c := range slices.Sorted(maps.Keys(need)) {
		decodeCounts(a.Units, c, counts)
		v, err := a.coalition(sc, counts)
		if err != nil {
			return nil, err
		}
		if v == nil {
			continue // no unit wins nothing
		}
		trials, won := need[c], wins[c]
		g.Go(func() error {
			b, err := v.Compile()
			if err != nil {
				return err
			}
			for len(trials) > 0 { // runs of consecutive trials, one fighter each
				if err := ctx.Err(); err != nil {
					return err
				}
				run := 1
				for run < len(trials) && trials[run] == trials[0]+int64(run) {
					run++
				}
				err := sim.Outcomes(b, s.Seed, key, trials[0], int64(run), func(i int64, o *rules.Outcome) error {
					if i%1024 == 0 && ctx.Err() != nil {
						return ctx.Err()
					}
					if o.Winner == a.Side {
						won[i/64] |= 1 << (i % 64)
					}
					return nil
				})
				if err != nil {
					return err
				}
				trials = trials[run:]
			}
			return nil
		})
	}
	err := g.Wait()
	if err != nil && errors.Is(ctx.Err(), context.Canceled) {
		return nil, context.Canceled
	}
	return wins, err
}

// trialValues returns trial i's estimates: each kind's Shapley value, the
// mean gain of its players as they joined along the trial's order; the
// side's wins with all and with none, and without one of each kind.
func (a *Attribution) trialValues(order []int, i int64, wins map[int][]uint64) *Attribution {
	won := func(counts []int) float64 {
		return float64(wins[encodeCounts(a.Units, counts)][i/64] >> (i % 64) & 1)
	}
	t := &Attribution{Units: a.Units, Shapley: make([]float64, len(a.Units))}
	counts := make([]int, len(a.Units))
	t.None = won(counts)
	before := t.None
	for _, k := range order {
		counts[k]++
		after := won(counts)
		t.Shapley[k] += (after - before) / float64(a.Units[k].Count)
		before = after
	}
	t.All = before
	for k := range counts {
		counts[k]--
		t.Without = append(t.Without, won(counts))
		counts[k]++
	}
	return t
}
