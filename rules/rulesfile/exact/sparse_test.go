package exact

import (
	"math"
	"slices"
	"testing"

	"github.com/crucible-sim/crucible/scenarios"
)

// TestSparseRoundsAreDense sweeps the rounds distribution of battles with
// every round after the first sparse (sparseRound), with none, and as the
// solver chooses, and checks the distributions and the mass left are the
// same to the last bit.
func TestSparseRoundsAreDense(t *testing.T) {
	defer func(r int64) { sparseRatio = r }(sparseRatio)
	goSc, err := scenarios.Load("eclipse/upgraded-three-types")
	if err != nil {
		t.Fatal(err)
	}
	docs := map[string]*scenarios.Scenario{"upgraded-three-types": translateEclipse(t, goSc.Document())}
	for _, name := range []string{"rulesfile/fleet-mirror", "rulesfile/eclipse-two-cruisers-vs-guardian", "rulesfile/skirmish"} {
		if docs[name], err = scenarios.Load(name); err != nil {
			t.Fatal(err)
		}
	}
	for name, sc := range docs {
		m, err := model(sc.Document())
		if err != nil {
			t.Fatal(err)
		}
		c, _, _, _, err := solveIn(t.Context(), m, floats{}, DefaultMaxStates, DefaultMaxSteps, lookFloat, nil, 0)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var want []float64
		var wantRest float64
		for i, ratio := range []int64{math.MaxInt32, 0, 4} {
			sparseRatio = ratio
			dist, rest, err := roundsDist(c, 1e-12)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if i == 0 {
				want, wantRest = dist, rest
				continue
			}
			same := slices.EqualFunc(dist, want, func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) })
			if !same || math.Float64bits(rest) != math.Float64bits(wantRest) {
				t.Errorf("%s: sparse ratio %d: rounds %v (rest %v), dense %v (rest %v)", name, ratio, dist, rest, want, wantRest)
			}
		}
		release(c)
	}
}
