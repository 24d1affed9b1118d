package exact

import (
	"context"
	"testing"

	"github.com/crucible-sim/crucible/rules/emojispace"
)

// BenchmarkSolve solves every built-in fixed-ship duel in floating point
// (target: under 10 ms each; results are recorded under bench/):
//
//	go test -run '^$' -bench Solve -benchmem ./rules/emojispace/exact/
func BenchmarkSolve(b *testing.B) {
	for _, name := range fixedBuiltins(b) {
		b.Run(name, func(b *testing.B) {
			bt, err := emojispace.Compile(loadBuiltin(b, name))
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if _, err := Solve(context.Background(), bt, Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
