package exact

import (
	"context"
	"math"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/eclipse"
	"github.com/crucible-sim/crucible/rules/rulestest"
	"github.com/crucible-sim/crucible/scenarios"
)

// FuzzSolve compiles arbitrary YAML for the exact solver and solves what
// compiles within a small budget: no panic, every compile error located in
// the file, and a solved battle's probabilities sum to 1.
//
//	go test -run '^$' -fuzz FuzzSolve -fuzztime 1m ./rules/eclipse/exact/
func FuzzSolve(f *testing.F) {
	for _, sc := range featureScenarios {
		f.Add([]byte(sc.src))
	}
	f.Add([]byte("attacker: {ships: {Cruiser: 2}, policy: optimal}\ndefender: {ships: {Interceptor: 2}, policy: optimal, retreat: when-losing}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := scenarios.ParseDocument("fuzz.yaml", data)
		if err != nil {
			return
		}
		c, err := eclipse.CompileExact(n)
		if err != nil {
			if msg := rulestest.Located(err); msg != "" {
				t.Fatal(msg)
			}
			return
		}
		r, err := Solve(context.Background(), c, Options{MaxStates: 3000, MaxSteps: 200_000})
		if err != nil {
			return
		}
		if s := r.Win[rules.A].F + r.Win[rules.B].F + r.Win[rules.None].F; math.Abs(s-1) > 1e-9 {
			t.Fatalf("probabilities sum to %.15f", s)
		}
	})
}
