package game

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkSolve solves an n×n game of identical entries (every payoff ½)
// and a random one (payoffs uniform on [0, 1]), the two extremes of a
// metagame: a support of every entry, and a small one.
func BenchmarkSolve(b *testing.B) {
	for _, kind := range []string{"identical", "random"} {
		for _, n := range []int{8, 16, 24, 64} {
			b.Run(fmt.Sprintf("%s-%d", kind, n), func(b *testing.B) {
				rng := rand.New(rand.NewPCG(1, 2))
				m := make(Matrix, n)
				for i := range m {
					m[i] = make([]float64, n)
					for j := range m[i] {
						m[i][j] = 0.5
						if kind == "random" {
							m[i][j] = rng.Float64()
						}
					}
				}
				for b.Loop() {
					if _, err := Solve(nil, m); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
