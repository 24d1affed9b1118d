package explain

import (
	"context"
	"math"

	"github.com/crucible-sim/crucible/rules"
)

// Unit is one kind of a side's players (units or parts) and how many the
// side has; players of a kind are alike, so they share one value.
type Unit = rules.Player

// Value is the characteristic function of an attribution: the metric with
// counts[u] units of kind u (each count from 0 to the kind's Count).
type Value func(ctx context.Context, counts []int) (float64, error)

// Shapley returns the Shapley value of one unit of each kind — its average
// marginal contribution over every order in which the side's units could
// join — computed exactly over every coalition. Units of a kind are
// interchangeable, so a coalition is its counts: v is asked once for each
// of the Π (Count+1) count vectors. The values of all units sum to
// v(all) − v(none) (efficiency).
func Shapley(ctx context.Context, units []Unit, v Value) ([]float64, error) {
	memo, err := valuesOf(ctx, units, v)
	if err != nil {
		return nil, err
	}
	return shapleyOf(units, memo), nil
}

// shapleyOf is Shapley over the values of every count vector, indexed as
// valuesOf gives them.
func shapleyOf(units []Unit, memo []float64) []float64 {
	n := 0
	for _, u := range units {
		n += u.Count
	}
	phi := make([]float64, len(units))
	counts := make([]int, len(units))
	for idx := range memo {
		decodeCounts(units, idx, counts)
		s := sum(counts)
		if s == n {
			continue
		}
		// A coalition of s units joined before unit i in s!(n−s−1)! of
		// the n! orders: weight 1/(n·C(n−1, s)).
		w := 1 / (float64(n) * binom(n-1, s))
		for t, u := range units {
			if counts[t] == u.Count {
				continue
			}
			mult := 1.0 // the labelled coalitions with these counts, unit i of kind t out
			for k, x := range units {
				c := x.Count
				if k == t {
					c--
				}
				mult *= binom(c, counts[k])
			}
			counts[t]++
			gain := memo[encodeCounts(units, counts)] - memo[idx]
			counts[t]--
			phi[t] += w * mult * gain
		}
	}
	return phi
}

// valuesOf asks v for every count vector, indexed in mixed radix
// (encodeCounts).
func valuesOf(ctx context.Context, units []Unit, v Value) ([]float64, error) {
	size := 1
	for _, u := range units {
		size *= u.Count + 1
	}
	memo := make([]float64, size)
	counts := make([]int, len(units))
	for idx := range memo {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		decodeCounts(units, idx, counts)
		x, err := v(ctx, counts)
		if err != nil {
			return nil, err
		}
		memo[idx] = x
	}
	return memo, nil
}

func encodeCounts(units []Unit, counts []int) int {
	idx := 0
	for k := len(units) - 1; k >= 0; k-- {
		idx = idx*(units[k].Count+1) + counts[k]
	}
	return idx
}

func decodeCounts(units []Unit, idx int, counts []int) {
	for k, u := range units {
		counts[k] = idx % (u.Count + 1)
		idx /= u.Count + 1
	}
}

func sum(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}

// binom is C(n, k) as a float64, exact for the small n of a fleet.
func binom(n, k int) float64 {
	if k < 0 || k > n {
		return 0
	}
	r := 1.0
	for i := 1; i <= k; i++ {
		r = r * float64(n-k+i) / float64(i)
	}
	return math.Round(r)
}
