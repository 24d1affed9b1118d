package stratfight

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

// Statistical checks run at fixed seeds, so they are deterministic; the
// stated false-alarm rate is the chance that a correct implementation fails
// the check for a seed chosen at random.

// alpha is the false-alarm rate of each chi-square check: 0.1 %.
const alpha = 1e-3

// zMax bounds the z-tests: P(|Z| > 4) ≈ 6.3e-5 under the null.
const zMax = 4.0

// chiSquare returns the p-value of observed counts against expected
// probabilities, pooling adjacent bins until each expects at least 5.
func chiSquare(t *testing.T, observed []int64, prob []float64) float64 {
	t.Helper()
	var total int64
	for _, o := range observed {
		total += o
	}
	var po, pe []float64
	var o, e float64
	for i := range observed {
		o += float64(observed[i])
		e += prob[i] * float64(total)
		if e >= 5 {
			po, pe = append(po, o), append(pe, e)
			o, e = 0, 0
		}
	}
	if o > 0 || e > 0 { // a small tail joins the last bin
		if len(pe) == 0 {
			t.Fatalf("chi-square: expected counts too small")
		}
		po[len(po)-1] += o
		pe[len(pe)-1] += e
	}
	if len(pe) < 2 {
		t.Fatalf("chi-square needs at least 2 bins, got %d", len(pe))
	}
	var stat float64
	for i := range pe {
		stat += (po[i] - pe[i]) * (po[i] - pe[i]) / pe[i]
	}
	return distuv.ChiSquared{K: float64(len(pe) - 1)}.Survival(stat)
}

// zTest returns the z statistic of an observed mean against mu, sd/√n.
func zTest(mean, mu, variance float64, n int) float64 {
	return (mean - mu) / math.Sqrt(variance/float64(n))
}
