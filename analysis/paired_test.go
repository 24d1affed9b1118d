package analysis

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// McNemar's test by hand: the exact branch is a binomial tail, the large
// branch Edwards' statistic on one degree of freedom, whose survival
// function is erfc(√(x/2)).
func TestMcNemarTest(t *testing.T) {
	for _, c := range []struct {
		name   string
		b, c   int64
		exact  bool
		stat   float64
		p      float64
		approx float64 // the p-value to 12 digits, from the closed form
	}{
		// 2·P(X ≤ 3), X ~ Bin(12, ½) = 2·(1 + 12 + 66 + 220)/4096.
		{"exact, 3 against 9", 3, 9, true, 0, 598.0 / 4096, 0.14599609375},
		// Symmetric: the doubled tail passes 1 and is capped.
		{"exact, 12 against 12", 12, 12, true, 0, 1, 1},
		{"no discordant pair", 0, 0, true, 0, 1, 1},
		// (|30 − 50| − 1)²/80 = 361/80.
		{"chi-square, 30 against 50", 30, 50, false, 361.0 / 80, math.Erfc(math.Sqrt(361.0 / 160)), 0.0336480258748},
		// b + c = 25 is the first count on the chi-square branch: 14²/25.
		{"chi-square at the threshold", 5, 20, false, 7.84, math.Erfc(math.Sqrt(3.92)), 0.00511026066086},
	} {
		m := McNemarTest(c.b, c.c)
		if m.Exact != c.exact || !near(m.Stat, c.stat, 1e-12) || !near(m.P, c.p, 1e-12) || !near(m.P, c.approx, 1e-12) {
			t.Errorf("%s: got %+v, want exact %v stat %g p %g", c.name, m, c.exact, c.stat, c.p)
		}
	}
	if McNemarTest(9, 3) != McNemarTest(3, 9) {
		t.Error("McNemar's test depends on which variant is A")
	}
}

// Agresti–Min by hand on 100 pairs with 5 and 15 discordant: ½ added to
// each cell gives p̃₁₀ = 5.5/102, p̃₀₁ = 15.5/102, d̃ = 10/102.
func TestPairedShareInterval(t *testing.T) {
	c := PairedCounts{Both: 40, OnlyA: 5, OnlyB: 15, Neither: 40}
	if c.N() != 100 || c.A() != 45 || c.B() != 55 || c.Diff() != 0.1 {
		t.Fatalf("counts: n %d, A %d, B %d, diff %g", c.N(), c.A(), c.B(), c.Diff())
	}
	d := 10.0 / 102
	half := 2 * math.Sqrt((21.0/102-d*d)/102)
	iv := PairedShareInterval(c, 2)
	if !near(iv.Lo, d-half, 1e-15) || !near(iv.Hi, d+half, 1e-15) || !near(iv.Lo, 0.0103073011478, 1e-12) || !near(iv.Hi, 0.185771130225, 1e-12) {
		t.Errorf("paired interval %+v, want [%g, %g]", iv, d-half, d+half)
	}
	// No discordant pair in n: centred on 0, half-width z·√(1/(n+2))/√(n+2).
	iv = PairedShareInterval(PairedCounts{Both: 300, Neither: 700}, 2)
	if !near(iv.Lo, -2.0/1002, 1e-15) || !near(iv.Hi, 2.0/1002, 1e-15) {
		t.Errorf("no discordant pair: %+v, want ±2/1002", iv)
	}
	if iv := PairedShareInterval(PairedCounts{}, 2); iv != (Interval{-1, 1}) {
		t.Errorf("no pairs: %+v", iv)
	}
	if iv := PairedShareInterval(PairedCounts{OnlyB: 3}, 2); iv.Hi != 1 {
		t.Errorf("not clipped to 1: %+v", iv)
	}
}

// Agresti–Caffo by hand: 45 and 55 of 100 become 46/102 and 56/102.
func TestUnpairedShareInterval(t *testing.T) {
	pa, pb := 46.0/102, 56.0/102
	half := 2 * math.Sqrt(pa*(1-pa)/102+pb*(1-pb)/102)
	iv := UnpairedShareInterval(45, 100, 55, 100, 2)
	if !near(iv.Lo, pb-pa-half, 1e-15) || !near(iv.Hi, pb-pa+half, 1e-15) || !near(iv.Lo, -0.0413142150944, 1e-12) || !near(iv.Hi, 0.237392646467, 1e-12) {
		t.Errorf("unpaired interval %+v", iv)
	}
	// The same margins paired with few discordant pairs (the table above)
	// give the narrower interval: 0.1755 against 0.2787.
	if p := PairedShareInterval(PairedCounts{Both: 40, OnlyA: 5, OnlyB: 15, Neither: 40}, 2); p.Width() >= iv.Width() {
		t.Errorf("paired width %g not below unpaired %g", p.Width(), iv.Width())
	}
}

// The paired mean difference by hand: differences 1, 2, 3 have mean 2 and
// variance 1, so the interval is 2 ± z/√3 and z = 2√3.
func TestPairedMeanDiff(t *testing.T) {
	m := PairedMoments{N: 3, Sum: big.NewInt(6), SumSq: big.NewInt(14), VarA: 4, VarB: 8}
	d := PairedMeanDiff(m, 2)
	if d.Diff != 2 || d.SD != 1 || !near(d.Paired.Lo, 2-2/math.Sqrt(3), 1e-15) || !near(d.Paired.Hi, 2+2/math.Sqrt(3), 1e-15) {
		t.Errorf("paired: %+v", d)
	}
	// Unpaired: 2 ± 2·√((4 + 8)/3) = 2 ± 4.
	if !near(d.Unpaired.Lo, -2, 1e-15) || !near(d.Unpaired.Hi, 6, 1e-15) {
		t.Errorf("unpaired: %+v", d.Unpaired)
	}
	if !near(d.Z, 2*math.Sqrt(3), 1e-15) || !near(d.P, math.Erfc(math.Sqrt(6)), 1e-15) || !near(d.P, 0.000532005505139, 1e-12) {
		t.Errorf("test: z %g p %g", d.Z, d.P)
	}
	// Identical variants: every difference 0, nothing to test.
	if d := PairedMeanDiff(PairedMoments{N: 5, Sum: new(big.Int), SumSq: new(big.Int)}, 2); d.Diff != 0 || d.P != 1 || d.Paired != (Interval{}) {
		t.Errorf("zero differences: %+v", d)
	}
	// Every difference 1: no variation, a certain difference.
	if d := PairedMeanDiff(PairedMoments{N: 5, Sum: big.NewInt(5), SumSq: big.NewInt(5)}, 2); d.Diff != 1 || d.P != 0 || d.Paired != (Interval{1, 1}) {
		t.Errorf("constant differences: %+v", d)
	}
	// A large z keeps a p-value above 0 (the EC4X desperation study: 1,329
	// rounds more over 100,000 pairs, z ≈ 12.8, was shown as "<1e-300").
	d = PairedMeanDiff(PairedMoments{N: 100_000, Sum: big.NewInt(1329), SumSq: big.NewInt(10_771)}, 2)
	if d.Z < 12 || d.P <= 0 || d.P != NormalPValue(d.Z) {
		t.Errorf("large z: z = %g, p = %g", d.Z, d.P)
	}
}

// The 2×2 homogeneity table by hand: 30/70 against 50/50 expects 40/60 in
// both rows, so χ² = 2·(10²/40 + 10²/60) = 25/3 on one degree of freedom.
func TestHomogeneity(t *testing.T) {
	stat, df, p := Homogeneity([]int64{30, 70}, []int64{50, 50})
	if !near(stat, 25.0/3, 1e-12) || df != 1 || !near(p, math.Erfc(math.Sqrt(25.0/6)), 1e-12) || !near(p, 0.00389241712278, 1e-12) {
		t.Errorf("got χ² %g df %d p %g", stat, df, p)
	}
	// Sparse columns are pooled: the last two (1 + 1 and 0 + 0 < 10 = 5·200/100)
	// join the second, leaving 50/50 against 50/50.
	if stat, df, p := Homogeneity([]int64{50, 48, 1, 1}, []int64{50, 50, 0, 0}); stat != 0 || df != 1 || p != 1 {
		t.Errorf("pooled: χ² %g df %d p %g", stat, df, p)
	}
	if _, df, p := Homogeneity([]int64{5, 5}, []int64{0, 0}); df != 0 || p != 1 {
		t.Errorf("an empty sample: df %d p %g", df, p)
	}
	if _, df, p := Homogeneity([]int64{7}, []int64{9}); df != 0 || p != 1 {
		t.Errorf("one column: df %d p %g", df, p)
	}
}

// The statistics on simulated pairs with known rates, at fixed seeds (so
// the measured rates are fixed; the bounds are ±4 standard errors of the
// measurement around the nominal rate).

// Agresti–Min's 95 % interval covers a known difference of paired shares
// in about 95 % of samples.
func TestPairedShareIntervalCoverage(t *testing.T) {
	const reps, n, p10, p01 = 4000, 500, 0.03, 0.05
	r := rand.New(rand.NewPCG(1, 2))
	covered := 0
	for range reps {
		c := simulatePairs(r, n, p10, p01)
		if iv := PairedShareInterval(c, Z95); iv.Lo <= p01-p10 && p01-p10 <= iv.Hi {
			covered++
		}
	}
	rate := float64(covered) / reps
	t.Logf("coverage %.4f of %d samples of %d pairs", rate, reps, n)
	if rate < 0.936 || rate > 0.964 {
		t.Errorf("coverage %.4f, want about 0.95", rate)
	}
}

// McNemar's test, with no difference between the variants, rejects at
// α = 0.05 in at most about 5 % of samples (both branches are
// conservative: the exact test's discreteness, the continuity correction).
func TestMcNemarSize(t *testing.T) {
	const reps, n, p = 4000, 1000, 0.01 // about 20 discordant pairs: both branches in use
	r := rand.New(rand.NewPCG(3, 4))
	rejected, exact := 0, 0
	for range reps {
		c := simulatePairs(r, n, p, p)
		m := McNemarTest(c.OnlyA, c.OnlyB)
		if m.P < 0.05 {
			rejected++
		}
		if m.Exact {
			exact++
		}
	}
	rate := float64(rejected) / reps
	t.Logf("rejection rate %.4f (%d of %d samples on the exact branch)", rate, exact, reps)
	if rate > 0.05+4*0.0035 || exact == 0 || exact == reps {
		t.Errorf("rejection rate %.4f at α = 0.05 (exact branch %d of %d)", rate, exact, reps)
	}
}

// The homogeneity test of two independent samples of one distribution
// rejects at α = 0.05 in about 5 % of samples.
func TestHomogeneitySize(t *testing.T) {
	const reps, n = 3000, 400
	r := rand.New(rand.NewPCG(5, 6))
	draw := func() []int64 { // rounds 1 + Geometric(0.3), capped at 20
		h := make([]int64, 21)
		for range n {
			k := 1
			for k < 20 && r.Float64() >= 0.3 {
				k++
			}
			h[k]++
		}
		return h
	}
	rejected := 0
	for range reps {
		if _, _, p := Homogeneity(draw(), draw()); p < 0.05 {
			rejected++
		}
	}
	rate := float64(rejected) / reps
	t.Logf("rejection rate %.4f", rate)
	if rate < 0.05-4*0.004 || rate > 0.05+4*0.004 {
		t.Errorf("rejection rate %.4f at α = 0.05", rate)
	}
}

// simulatePairs draws n pairs in which the outcome happens under A only
// with probability p10, under B only with p01, and otherwise under both or
// neither alike.
func simulatePairs(r *rand.Rand, n int, p10, p01 float64) PairedCounts {
	var c PairedCounts
	for range n {
		switch u := r.Float64(); {
		case u < p10:
			c.OnlyA++
		case u < p10+p01:
			c.OnlyB++
		case u < 0.5:
			c.Both++
		default:
			c.Neither++
		}
	}
	return c
}
