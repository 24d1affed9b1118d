package exact

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/crucible-sim/crucible/rules/rulestest"
)

// Single rolls that web dice calculators time out on, asked of a rules
// file: a battle of one step whose counter is the roll. The answers are
// checked against distributions enumerated here another way, and timed in
// BenchmarkSingleRolls.

// keepRules is a rules file whose one step rolls n exploding d10s (a 10
// rolls another die, which adds, up to depth times) and keeps the highest
// k, its kept sum counter a.total.
func keepRules(n, k, depth int) string {
	return fmt.Sprintf(`title: keep the highest %[2]d of %[1]d exploding d10s
side-tracks:
  total: {max: 100000, doc: "the kept sum"}
units:
  roller: {hp: 1}
round:
  - each:
      side: a
      do:
        - roll: {kept: {dice: %[1]d, die: 10, explode: "face == 10", explode-depth: %[3]d, keep: {highest: %[2]d}}}
        - set: {side.total: kept}
        - end: rolled
ends:
  rolled: {doc: "the roll is made", winner: none, victory: false}
counters:
  total: {value: side.total, per: side, dist: true, doc: "the kept sum"}
`, n, k, depth)
}

const oneRoller = "a: {units: {roller: 1}}\nb: {units: {roller: 1}}\n"

// explodingD10 is one die of keepRules in weights over 10^(depth+1): a
// chain of j tens (j < depth) then a face f of 1 to 9 is 10j+f with
// weight 10^(depth−j); a chain that reaches the cap, depth tens and then
// any face f, is 10·depth+f with weight 1.
func explodingD10(depth int) map[int]*big.Int {
	out := map[int]*big.Int{}
	for j := 0; j < depth; j++ {
		w := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(depth-j)), nil)
		for f := 1; f <= 9; f++ {
			out[10*j+f] = w
		}
	}
	for f := 1; f <= 10; f++ {
		out[10*depth+f] = big.NewInt(1)
	}
	return out
}

// keepHighestRef is the distribution of the sum of the k highest of n
// dice of weights per, by the k-th highest value t: j < k dice above t,
// e ≥ k−j dice at t, the rest below, so that the sum is (the j dice above
// t) + (k−j)·t — a count over thresholds, not the placement of values
// from the top the solver does. Weights are over total^n.
func keepHighestRef(per map[int]*big.Int, n, k int) (map[int]*big.Int, *big.Int) {
	total := new(big.Int)
	for _, w := range per {
		total.Add(total, w)
	}
	binom := func(a, b int) *big.Int { return new(big.Int).Binomial(int64(a), int64(b)) }
	pow := func(x *big.Int, e int) *big.Int { return new(big.Int).Exp(x, big.NewInt(int64(e)), nil) }
	out := map[int]*big.Int{}
	add := func(m map[int]*big.Int, key int, x *big.Int) {
		if old, ok := m[key]; ok {
			x.Add(x, old)
		}
		m[key] = x
	}
	for t := range per {
		above, below := map[int]*big.Int{}, new(big.Int)
		for v, w := range per {
			switch {
			case v > t:
				above[v] = w
			case v < t:
				below.Add(below, w)
			}
		}
		sums := map[int]*big.Int{0: big.NewInt(1)} // of the j dice above t
		for j := 0; j < k; j++ {
			for e := k - j; j+e <= n; e++ {
				c := new(big.Int).Mul(binom(n, j), binom(n-j, e))
				c.Mul(c, pow(per[t], e))
				c.Mul(c, pow(below, n-j-e))
				for s, w := range sums {
					add(out, s+(k-j)*t, new(big.Int).Mul(c, w))
				}
			}
			next := map[int]*big.Int{}
			for s, w := range sums {
				for v, wv := range above {
					add(next, s+v, new(big.Int).Mul(w, wv))
				}
			}
			sums = next
		}
	}
	return out, pow(total, n)
}

// The kept sum's distribution, as fractions, is the one counted over
// thresholds. With the cap at depth explosions, the mass the cap changes
// (a die whose last die would have exploded again) is
// 1 − (1 − 10^−(depth+1))^n.
func TestKeepHighestOfExplodingD10s(t *testing.T) {
	for _, c := range []struct{ n, k, depth int }{{3, 2, 2}, {10, 5, 3}} {
		t.Run(fmt.Sprintf("%d of %d, depth %d", c.k, c.n, c.depth), func(t *testing.T) {
			r, err := Solve(t.Context(), modelOf(t, keepRules(c.n, c.k, c.depth), oneRoller), Options{Rational: true})
			if err != nil {
				t.Fatal(err)
			}
			got, ok := r.Counter("a.total")
			if !ok {
				t.Fatal("no counter a.total")
			}
			want, denom := keepHighestRef(explodingD10(c.depth), c.n, c.k)
			for s := range max(len(got.Rat), 10*(c.depth+1)*c.k+1) {
				w := new(big.Rat)
				if x, ok := want[s]; ok {
					w.SetFrac(x, denom)
				}
				if s >= len(got.Rat) || got.Rat[s] != w.RatString() {
					t.Fatalf("P(kept sum = %d) = %s, want %s", s, at(got.Rat, s), w.RatString())
				}
			}
		})
	}
}

// BenchmarkSingleRolls solves the single rolls of this file, exactly in
// floating point and as fractions (the floats solved too), the rules file
// compiled once; cpu-ns/op is the process's CPU time (see bench).
//
//	go test ./rules/rulesfile/exact/ -run '^$' -bench SingleRolls -benchtime 5x -count 3
func BenchmarkSingleRolls(b *testing.B) {
	for _, c := range []struct {
		name, rules, sides string
	}{
		{"keep-5-of-10-exploding-d10-depth-20", keepRules(10, 5, 20), oneRoller},
		{"4d6-against-4d6-in-pairs", fourD6Rules, oneRoller},
	} {
		m := modelOf(b, c.rules, c.sides)
		for _, rational := range []bool{false, true} {
			b.Run(fmt.Sprintf("%s/rational=%v", c.name, rational), func(b *testing.B) {
				cpu0 := rulestest.CPUTime()
				for b.Loop() {
					if _, err := Solve(b.Context(), m, Options{Rational: rational}); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(rulestest.CPUTime()-cpu0)/float64(b.N), "cpu-ns/op")
			})
		}
	}
}
