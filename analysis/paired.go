package analysis

import (
	"math"
	"math/big"

	"gonum.org/v1/gonum/stat/distuv"
)

// Interval is a confidence interval [Lo, Hi].
type Interval struct {
	Lo, Hi float64
}

// Width returns Hi − Lo.
func (iv Interval) Width() float64 { return iv.Hi - iv.Lo }

// PairedCounts is the 2×2 table of one yes/no outcome (side a wins, the
// battle ends at the round cap) over paired trials: in how many trials it
// happened under both variants, under A only, under B only, under neither.
// OnlyA and OnlyB are the discordant pairs.
type PairedCounts struct {
	Both, OnlyA, OnlyB, Neither int64
}

// N returns the number of pairs.
func (c PairedCounts) N() int64 { return c.Both + c.OnlyA + c.OnlyB + c.Neither }

// A and B return the counts of the outcome under each variant.
func (c PairedCounts) A() int64 { return c.Both + c.OnlyA }
func (c PairedCounts) B() int64 { return c.Both + c.OnlyB }

// Diff returns the observed difference of shares, B's minus A's:
// (OnlyB − OnlyA)/N. The concordant pairs cancel, which is why the pairing
// narrows the interval.
func (c PairedCounts) Diff() float64 {
	if c.N() == 0 {
		return 0
	}
	return float64(c.OnlyB-c.OnlyA) / float64(c.N())
}

// PairedShareInterval returns an interval for the difference of two
// correlated proportions, p_B − p_A, from paired counts: the adjusted Wald
// interval of Agresti and Min (2005), which adds ½ to each of the four cells
// (so n + 2 pairs) and then takes Wald's interval for a difference of
// matched proportions,
//
//	d̃ ± z·√((p̃₁₀ + p̃₀₁ − d̃²)/(n+2)),  p̃₁₀ = (OnlyA+½)/(n+2), p̃₀₁ = (OnlyB+½)/(n+2), d̃ = p̃₀₁ − p̃₁₀.
//
// Plain Wald collapses to a point when there is no discordant pair and
// covers badly near it; the adjustment keeps a width of about z/n there
// (no discordant pair in n does not prove the shares equal). The interval
// is clipped to [−1, 1]. No pairs give [−1, 1].
func PairedShareInterval(c PairedCounts, z float64) Interval {
	n := float64(c.N())
	if n == 0 {
		return Interval{-1, 1}
	}
	m := n + 2
	p10, p01 := (float64(c.OnlyA)+0.5)/m, (float64(c.OnlyB)+0.5)/m
	d := p01 - p10
	half := z * math.Sqrt(math.Max(p10+p01-d*d, 0)/m)
	return clip(d-half, d+half)
}

// UnpairedShareInterval returns an interval for p_B − p_A from kA of nA
// and kB of nB independent trials: the adjusted Wald interval of Agresti
// and Caffo (2000), which adds one success and one failure to each sample.
// It is what the same data would give if the variants had been fought on
// independent streams; comparisons print it beside the paired interval to
// show what the pairing gains. The interval is clipped to [−1, 1].
func UnpairedShareInterval(kA, nA, kB, nB int64, z float64) Interval {
	ma, mb := float64(nA)+2, float64(nB)+2
	pa, pb := (float64(kA)+1)/ma, (float64(kB)+1)/mb
	d := pb - pa
	half := z * math.Sqrt(pa*(1-pa)/ma+pb*(1-pb)/mb)
	return clip(d-half, d+half)
}

func clip(lo, hi float64) Interval { return Interval{math.Max(lo, -1), math.Min(hi, 1)} }

// McNemar is the result of McNemar's test that a yes/no outcome is as
// likely under both variants, which looks only at the discordant pairs.
type McNemar struct {
	// Exact is true when the p-value is the exact binomial one.
	Exact bool
	// Stat is the continuity-corrected chi-square statistic (0 when Exact).
	Stat float64
	P    float64
}

// McNemarExactBelow is the number of discordant pairs below which
// McNemarTest uses the exact binomial test: below it the chi-square
// approximation is poor (the usual rule of thumb is b + c < 25).
const McNemarExactBelow = 25

// Method names the test in output: "McNemar exact" (the binomial test) or
// "McNemar chi-square" (with continuity correction).
func (m McNemar) Method() string {
	if m.Exact {
		return "McNemar exact"
	}
	return "McNemar chi-square"
}

// McNemarTest tests the discordant counts b (outcome under A only) and c
// (under B only). Under the null hypothesis each discordant pair is b or c
// with probability ½. With b + c < McNemarExactBelow the p-value is the
// exact two-sided binomial one, 2·P(X ≤ min(b, c)) for X ~ Bin(b+c, ½),
// capped at 1; otherwise it is that of Edwards' continuity-corrected
// statistic (|b − c| − 1)²/(b + c) on one degree of freedom. No discordant
// pair gives p = 1.
func McNemarTest(b, c int64) McNemar {
	n := b + c
	if n == 0 {
		return McNemar{Exact: true, P: 1}
	}
	if n < McNemarExactBelow {
		x := distuv.Binomial{N: float64(n), P: 0.5}
		return McNemar{Exact: true, P: math.Min(1, 2*x.CDF(float64(min(b, c))))}
	}
	d := math.Max(math.Abs(float64(b-c))-1, 0)
	stat := d * d / float64(n)
	return McNemar{Stat: stat, P: distuv.ChiSquared{K: 1}.Survival(stat)}
}

// PairedMoments are the exact sums a paired difference of rounds is
// estimated from: the number of pairs, Σd and Σd² of the per-trial
// differences d = B's rounds − A's rounds.
type PairedMoments struct {
	N            int64
	Sum, SumSq   *big.Int
	VarA, VarB   float64 // each variant's sample variance, for the unpaired interval
	MeanA, MeanB float64
}

// MeanDiffTest is a difference of means with its intervals and test.
type MeanDiffTest struct {
	// Diff is the mean of the per-trial differences, B − A; SD their
	// standard deviation.
	Diff, SD float64
	// Paired is Diff ± z·SD/√n: the normal interval of a mean of paired
	// differences. Unpaired is Diff ± z·√((VarA + VarB)/n), the interval
	// two independent samples of n would give.
	Paired, Unpaired Interval
	// Z is Diff/(SD/√n); P its two-sided normal p-value (the paired z test;
	// with thousands of pairs the t and normal quantiles agree to the
	// digits shown). No variation at all gives P = 1 for a zero difference
	// and 0 otherwise.
	Z, P float64
}

// PairedMeanDiff estimates B's mean minus A's from paired moments, with
// intervals at normal quantile z.
func PairedMeanDiff(m PairedMoments, z float64) MeanDiffTest {
	if m.N == 0 {
		return MeanDiffTest{P: 1}
	}
	n := big.NewInt(m.N)
	diff, _ := new(big.Rat).SetFrac(m.Sum, n).Float64()
	var variance float64
	if m.N > 1 {
		// (n·Σd² − (Σd)²) / (n(n−1)), exactly, then rounded once.
		num := new(big.Int).Mul(n, m.SumSq)
		num.Sub(num, new(big.Int).Mul(m.Sum, m.Sum))
		variance, _ = new(big.Rat).SetFrac(num, new(big.Int).Mul(n, big.NewInt(m.N-1))).Float64()
		variance = math.Max(variance, 0)
	}
	t := MeanDiffTest{Diff: diff, SD: math.Sqrt(variance)}
	nf := float64(m.N)
	se := t.SD / math.Sqrt(nf)
	t.Paired = Interval{diff - z*se, diff + z*se}
	half := z * math.Sqrt((m.VarA+m.VarB)/nf)
	t.Unpaired = Interval{diff - half, diff + half}
	switch {
	case se > 0:
		t.Z = diff / se
		t.P = NormalPValue(t.Z)
	case diff == 0:
		t.P = 1
	default:
		t.Z = math.Copysign(math.Inf(1), diff)
	}
	return t
}

// Homogeneity is Pearson's chi-square test that two independent samples,
// given as counts over the same bins, come from one distribution (a 2×k
// contingency table). Adjacent bins are pooled from the first upwards until
// each pooled column expects at least 5 in both rows (the remainder joins
// the last column). It returns the statistic, its degrees of freedom
// (columns − 1) and the p-value; with fewer than two columns, or an empty
// sample, there is nothing to test and p = 1.
func Homogeneity(x, y []int64) (stat float64, df int, p float64) {
	var nx, ny int64
	for i := range x {
		nx += x[i]
		ny += y[i]
	}
	if nx == 0 || ny == 0 {
		return 0, 0, 1
	}
	cols := poolColumns(x, y, 5*float64(nx+ny)/float64(min(nx, ny)))
	if len(cols) < 2 {
		return 0, 0, 1
	}
	n := float64(nx + ny)
	for _, c := range cols {
		tot := float64(c[0] + c[1])
		for row, size := range []int64{nx, ny} {
			e := float64(size) * tot / n
			d := float64(c[row]) - e
			stat += d * d / e
		}
	}
	df = len(cols) - 1
	return stat, df, distuv.ChiSquared{K: float64(df)}.Survival(stat)
}

// poolColumns joins adjacent columns (x[i], y[i]) until each holds at least
// minTotal, folding a short remainder into the last one.
func poolColumns(x, y []int64, minTotal float64) [][2]int64 {
	var cols [][2]int64
	var acc [2]int64
	for i := range x {
		acc[0] += x[i]
		acc[1] += y[i]
		if float64(acc[0]+acc[1]) >= minTotal {
			cols = append(cols, acc)
			acc = [2]int64{}
		}
	}
	if acc != ([2]int64{}) {
		if len(cols) == 0 {
			return [][2]int64{acc}
		}
		cols[len(cols)-1][0] += acc[0]
		cols[len(cols)-1][1] += acc[1]
	}
	return cols
}

// TallyPair adds k pairs with the outcome under A (inA) and under B (inB).
func TallyPair(pc PairedCounts, inA, inB bool, k int64) PairedCounts {
	switch {
	case inA && inB:
		pc.Both += k
	case inA:
		pc.OnlyA += k
	case inB:
		pc.OnlyB += k
	default:
		pc.Neither += k
	}
	return pc
}
