package meta_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/crucible-sim/crucible/analysis/meta"
	"github.com/crucible-sim/crucible/rules"
)

// identicalMatrix is a fought roster of n copies of one entry: every
// cell exact at 5/11 (an Eclipse Interceptor duel), or sampled as a
// stratfight mirror is, every trial a draw (0.5, ±0.001 after 1,000
// trials).
func identicalMatrix(n int, exact bool) *meta.Matrix {
	mm := &meta.Matrix{Seed: 1, Options: meta.Options{Precision: meta.DefaultPrecision, Confidence: 0.95}, Cells: make([][]meta.Cell, n)}
	for i := range n {
		mm.Cells[i] = make([]meta.Cell, n)
		for j := range n {
			c := meta.Cell{Row: i, Col: j, Estimate: 5. / 11, Lo: 5. / 11, Hi: 5. / 11, Exact: true, Stop: "exact"}
			if !exact {
				c = meta.Cell{Row: i, Col: j, Estimate: 0.5, Lo: 0.4989778579256678, Hi: 0.5010221420743322, Trials: 1000, Looks: 1, Stop: "precise"}
				c.Wins[rules.None] = 1000
			}
			mm.Cells[i][j] = c
		}
	}
	return mm
}

// BenchmarkAnalyseIdentical reads rosters of 8 to 64 copies of one entry:
// the metagames the hostile pass found the analysis slowest on (every
// resample of a sampled one is a random game of near-equal payoffs).
//
//	go test ./analysis/meta -run '^$' -bench AnalyseIdentical -benchtime 1x
func BenchmarkAnalyseIdentical(b *testing.B) {
	for _, exact := range []bool{true, false} {
		for _, n := range []int{8, 16, 24, 64} {
			kind := "sampled"
			if exact {
				kind = "exact"
			}
			b.Run(fmt.Sprintf("%s-%d", kind, n), func(b *testing.B) {
				mm := identicalMatrix(n, exact)
				for b.Loop() {
					if _, err := mm.Analyse(context.Background(), false); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
