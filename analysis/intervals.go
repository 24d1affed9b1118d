package analysis

import (
	"math"
	"strconv"

	"gonum.org/v1/gonum/mathext"
	"gonum.org/v1/gonum/stat/distuv"
)

// Z95 is the two-sided 95 % standard normal quantile.
const Z95 = 1.959963984540054

// ClopperPearson returns the exact (conservative) binomial interval for k
// successes in n trials with two-sided coverage at least 1 − alpha. Every
// share's interval is this one — the run's table, sweeps, tune, claims —
// since its coverage never falls below the stated level, where Wilson's,
// which the run's table showed once, dips below it near 0 and 1.
func ClopperPearson(k, n int64, alpha float64) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	// At the edges the bounds have closed forms, exact and free of the
	// quantile search's rounding: (α/2)^(1/n) and 1 − (α/2)^(1/n).
	nf, a := float64(n), alpha/2
	hi = 1
	switch {
	case k == n:
		lo = math.Exp(math.Log(a) / nf)
	case k > 0:
		lo = betaQuantile(float64(k), float64(n-k+1), a)
	}
	switch {
	case k == 0:
		hi = -math.Expm1(math.Log(a) / nf)
	case k < n:
		hi = betaQuantile(float64(k+1), float64(n-k), 1-a)
	}
	return lo, hi
}

// MarginInterval returns the interval at false-alarm rate alpha of the
// margin win.a − win.b from a wins of side a and b of side b in n trials
// (the rest draws): the difference of the two shares' Clopper–Pearson
// limits at alpha, [lo(a) − hi(b), hi(a) − lo(b)], within [−1, 1].
//
// It is Newcombe's hybrid interval for a difference of proportions (the
// method of variance estimates recovery) with the two estimates'
// correlation at its bound, −1. Without draws that bound is their
// correlation (b = n − a), and the interval is exactly the transform
// 2·[lo, hi] − 1 of the share's exact interval: coverage at least 1 − alpha
// at every n. With draws the correlation, −√(pa·pb/((1−pa)(1−pb))), lies
// above −1, so the interval is wider than the normal approximation needs
// (by up to a fifth when half the trials are draws): conservative, never
// short. The normal interval d ± z·sd/√n it replaces covered 63–72 % where
// the weaker side expects about one win (sd is 0 when it has none).
// TestMarginIntervalCoverage enumerates the trinomial to show at least
// 1 − alpha at every n and share it tries.
func MarginInterval(a, b, n int64, alpha float64) (lo, hi float64) {
	if n <= 0 {
		return -1, 1
	}
	loA, hiA := ClopperPearson(a, n, alpha)
	loB, hiB := ClopperPearson(b, n, alpha)
	return math.Max(loA-hiB, -1), math.Min(hiA-loB, 1)
}

// MarginMethod names MarginInterval in outputs, after its level.
const MarginMethod = "interval of the margin (the difference of the sides' Clopper–Pearson limits)"

// betaQuantile returns x with I_x(a, b) = p (the regularized incomplete
// beta function), found by bisection to full float64 precision: gonum's
// Beta quantile loses its way for the shapes of a million trials at tiny
// rates (Beta(11, 999990) at 1 − 10⁻⁷ came out as 0.04, not 3.6·10⁻⁵).
func betaQuantile(a, b, p float64) float64 {
	lo, hi := 0.0, 1.0
	for range 200 {
		mid := lo + (hi-lo)/2
		if mid == lo || mid == hi {
			break
		}
		if mathext.RegIncBeta(a, b, mid) < p {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo + (hi-lo)/2
}

// NormalQuantile returns the standard normal quantile of p.
func NormalQuantile(p float64) float64 { return distuv.UnitNormal.Quantile(p) }

// MeanInterval returns mean ± z·sd/√n. With no observations it returns
// [0, 0]: there is no estimate, and outputs must stay finite numbers.
func MeanInterval(mean, variance float64, n int64, z float64) (lo, hi float64) {
	if n <= 0 {
		return 0, 0
	}
	half := z * math.Sqrt(variance/float64(n))
	return mean - half, mean + half
}

// ProportionPValue is the two-sided p-value of observing k successes in n
// trials when the true probability is p0. It uses the exact binomial
// distribution (doubling the smaller tail) when n·p0·(1−p0) < 25 and the
// normal approximation otherwise. p0 of exactly 0 or 1 gives 1 when the
// observation is possible and 0 when it is not.
func ProportionPValue(k, n int64, p0 float64) float64 {
	if n <= 0 {
		return 1
	}
	switch {
	case p0 <= 0:
		return b2f(k == 0)
	case p0 >= 1:
		return b2f(k == n)
	}
	nf := float64(n)
	if nf*p0*(1-p0) >= 25 {
		return NormalPValue((float64(k) - nf*p0) / math.Sqrt(nf*p0*(1-p0)))
	}
	b := distuv.Binomial{N: nf, P: p0}
	lower := b.CDF(float64(k))
	// P(X ≥ k) = I_p0(k, n−k+1), the regularised incomplete beta: unlike
	// 1 − P(X ≤ k−1) it keeps its digits when it is tiny.
	upper := 1.0
	if k > 0 {
		upper = mathext.RegIncBeta(float64(k), nf-float64(k)+1, p0)
	}
	return math.Min(1, 2*math.Min(lower, upper))
}

// NormalPValue is the two-sided p-value of a standard normal statistic z,
// P(|Z| ≥ |z|) = erfc(|z|/√2). Written with erfc, it keeps its digits far
// into the tail, where 1 − Φ (as gonum's Normal.Survival computes it)
// cancels to 0 from |z| ≈ 8.3 on.
func NormalPValue(z float64) float64 {
	return math.Min(1, math.Erfc(math.Abs(z)/math.Sqrt2))
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// ChiSquare tests observed counts against expected probabilities. Bins whose
// expected count is below 5 are pooled with their neighbours (scanning from
// the end, as the sparse bins of a round distribution are its tail), and the
// probability not covered by expected goes to a final "rest" bin. It returns
// the statistic, the degrees of freedom and the p-value.
func ChiSquare(observed []int64, expected []float64) (stat float64, df int, p float64) {
	var n int64
	for _, o := range observed {
		n += o
	}
	var sumP float64
	for _, e := range expected {
		sumP += e
	}
	obs := append([]int64(nil), observed...)
	exp := make([]float64, len(expected))
	for i, e := range expected {
		exp[i] = e * float64(n)
	}
	for len(obs) < len(exp) {
		obs = append(obs, 0)
	}
	if rest := 1 - sumP; rest > 1e-12 || len(obs) > len(exp) {
		var o int64
		for _, x := range obs[len(exp):] {
			o += x
		}
		obs = append(obs[:len(exp)], o)
		exp = append(exp, math.Max(rest, 0)*float64(n))
	}
	// Pool from the tail until every bin expects at least 5.
	var po []int64
	var pe []float64
	var accO int64
	var accE float64
	for i := len(exp) - 1; i >= 0; i-- {
		accO += obs[i]
		accE += exp[i]
		if accE >= 5 {
			po, pe = append(po, accO), append(pe, accE)
			accO, accE = 0, 0
		}
	}
	if len(pe) > 0 {
		po[len(po)-1] += accO
		pe[len(pe)-1] += accE
	}
	for i := range pe {
		d := float64(po[i]) - pe[i]
		stat += d * d / pe[i]
	}
	df = len(pe) - 1
	if df < 1 {
		return stat, df, 1
	}
	return stat, df, distuv.ChiSquared{K: float64(df)}.Survival(stat)
}

// LevelText writes the confidence level 1 − alpha in percent: "95 %",
// "99.5 %", "99.6875 %" — to four decimals, trailing zeros dropped,
// rounded down, never up, and with as many more decimals as it takes not
// to read 100 % for a level below it (a sequential check's late looks, at
// α/2^k, hold at 99.99995 %, not 100 %). Past what a float64 tells apart
// from 100, the rate is written beside it: "100 − 2.3e-17 %".
func LevelText(alpha float64) string {
	if alpha <= 0 {
		return "100 %"
	}
	level := 100 * (1 - alpha)
	for k := 4; k <= 13; k++ {
		// The 1e-9 of a unit absorbs the product's rounding (0.95 is
		// 0.94999999999999996 in binary), far below any digit written.
		scale := math.Pow(10, float64(k))
		if v := math.Floor(level*scale+1e-9) / scale; v < 100 {
			return strconv.FormatFloat(v, 'f', -1, 64) + " %"
		}
	}
	return "100 − " + strconv.FormatFloat(100*alpha, 'g', 2, 64) + " %"
}
