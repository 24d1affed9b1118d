package exact

import (
	"context"
	"math"
	"testing"
)

// genericFloats is floats under another name: a solver over it takes
// the generic forward, which forwardFloats replaces for floats.
type genericFloats struct{ floats }

// TestForwardFloatsIsForward: forwardFloats pushes the mass through the
// chain to the very bits the generic forward does (every node's mass,
// every terminal's, the expected rounds), for every built-in battle the
// solver reaches within a small budget.
func TestForwardFloatsIsForward(t *testing.T) {
	opt := Options{MaxStates: 5000}.withDefaults()
	solved := 0
	for _, name := range builtinNames(t) {
		c := compileBuiltin(t, name)
		fast, err := newSolver[float64](floats{}, c, opt, newBudget(context.Background(), opt.MaxSteps, lookFloat))
		if err != nil {
			t.Fatal(err)
		}
		if fast.run() != nil {
			continue // beyond the budget
		}
		slow, err := newSolver[float64](genericFloats{}, c, opt, newBudget(context.Background(), opt.MaxSteps, lookFloat))
		if err != nil {
			t.Fatal(err)
		}
		if err := slow.run(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		solved++
		same := func(what string, a, b []float64) {
			if len(a) != len(b) {
				t.Fatalf("%s: %d %s, want %d", name, len(a), what, len(b))
			}
			for i := range a {
				if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
					t.Fatalf("%s: %s %d is %v, the generic forward's %v", name, what, i, a[i], b[i])
				}
			}
		}
		same("node mass", fast.mass, slow.mass)
		same("terminal mass", fast.term, slow.term)
		same("expected rounds", []float64{fast.rndE}, []float64{slow.rndE})
	}
	if solved < 10 {
		t.Fatalf("only %d battles solved within the budget", solved)
	}
}
