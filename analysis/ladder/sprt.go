package ladder

import (
	"fmt"
	"math"
)

// Penta counts side-swapped game pairs by the points the upper rung took
// from the pair: [k] is the pairs in which it took k/2 points (a win 1, a
// draw ½, a loss 0 in each of the two games). Testing on the pair, not on
// the game, is what Fishtest and OpenBench do since the pentanomial model
// (Van den Bergh): the two games of a pair share their random numbers and
// differ by which side each player has, so the side's edge cancels within
// the pair and the pairs are independent of each other.
type Penta [5]int64

// N returns the number of pairs.
func (p Penta) N() int64 {
	var n int64
	for _, c := range p {
		n += c
	}
	return n
}

// Won returns the pairs the upper rung won outright (more than half the
// points: 1½ or 2).
func (p Penta) Won() int64 { return p[3] + p[4] }

// Score returns the upper rung's share of the points, a draw half a
// point; 0.5 for no pairs.
func (p Penta) Score() float64 {
	if p.N() == 0 {
		return 0.5
	}
	var s float64
	for k, c := range p {
		s += float64(k) / 4 * float64(c)
	}
	return s / float64(p.N())
}

// prior is the pseudo-count of pairs added to each of the five cells
// before the mean and variance of a pair's score are taken: without it a
// run of pairs all won has no variance and an infinite likelihood ratio.
// A quarter pair a cell (1¼ pairs in all, symmetric about ½) moves the
// estimates by less than a pair would and vanishes as pairs come in.
const prior = 0.25

// moments returns the mean and the variance of one pair's score (its
// points/2, in [0, 1]), with the prior's pseudo-counts.
func (p Penta) moments() (mean, variance float64) {
	n := float64(p.N()) + 5*prior
	var s, s2 float64
	for k, c := range p {
		x := float64(k) / 4
		w := float64(c) + prior
		s += w * x
		s2 += w * x * x
	}
	mean = s / n
	return mean, math.Max(s2/n-mean*mean, 1e-9)
}

// Test is the sequential probability ratio test of one step of the
// ladder: H0, the upper rung is at most Elo0 stronger than the lower,
// against H1, it is at least Elo1 stronger, with false-alarm rate Alpha
// (H1 accepted when H0 holds) and miss rate Beta. The likelihood ratio is
// the generalised SPRT's normal approximation on the pairs' scores
// (Fishtest's): with s0, s1 the expected scores of Elo0 and Elo1, μ̂ and
// σ̂² the mean and variance of a pair's score over N pairs,
//
//	LLR = N·(s1 − s0)·(2μ̂ − s0 − s1) / (2σ̂²),
//
// and the test stops at the first look where LLR ≤ ln(β/(1−α)) (H0) or
// LLR ≥ ln((1−β)/α) (H1). Looking every few pairs rather than after each
// overshoots the bounds a little, which makes the test more cautious,
// not less.
type Test struct {
	Alpha float64 `json:"alpha"`
	Beta  float64 `json:"beta"`
	Elo0  float64 `json:"elo0"`
	Elo1  float64 `json:"elo1"`
}

// DefaultTest is the ladder's test: α = β = 0.05, H0 Elo ≤ 0 against H1
// Elo ≥ 40 (the upper rung scoring 55.7 % of the points).
var DefaultTest = Test{Alpha: 0.05, Beta: 0.05, Elo0: 0, Elo1: 40}

// String says the test: "SPRT of H0 Elo ≤ 0 against H1 Elo ≥ 40 at α = 0.05, β = 0.05".
func (t Test) String() string {
	return fmt.Sprintf("SPRT of H0 Elo ≤ %g against H1 Elo ≥ %g at α = %g, β = %g", t.Elo0, t.Elo1, t.Alpha, t.Beta)
}

// Check refuses a test that cannot decide.
func (t Test) Check() error {
	switch {
	case !(t.Alpha > 0 && t.Alpha < 0.5) || !(t.Beta > 0 && t.Beta < 0.5):
		return fmt.Errorf("error rates α = %g, β = %g: want each in (0, 0.5)", t.Alpha, t.Beta)
	case !(t.Elo1 > t.Elo0) || math.Abs(t.Elo0) > 1000 || math.Abs(t.Elo1) > 1000:
		return fmt.Errorf("Elo bounds [%g, %g]: want Elo0 < Elo1, each within ±1000", t.Elo0, t.Elo1)
	}
	return nil
}

// Bounds returns the lower and upper bounds of the log-likelihood ratio.
func (t Test) Bounds() (lo, hi float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// LLR returns the log-likelihood ratio of H1 against H0 on the pairs p.
func (t Test) LLR(p Penta) float64 {
	if p.N() == 0 {
		return 0
	}
	s0, s1 := Expected(t.Elo0), Expected(t.Elo1)
	mean, variance := p.moments()
	return float64(p.N()) * (s1 - s0) * (2*mean - s0 - s1) / (2 * variance)
}

// Verdict is what a step's test concluded.
type Verdict int

const (
	// Undecided: the budget of pairs was spent, or the run interrupted,
	// before either bound was crossed.
	Undecided Verdict = iota
	// Beats: H1 accepted, the upper rung is stronger by Elo1 or more.
	Beats
	// NoBetter: H0 accepted, the upper rung is not stronger by Elo1: the
	// two rungs do not separate (a tie, or the lower one is stronger).
	NoBetter
)

var verdictNames = [...]string{Undecided: "undecided", Beats: "beats", NoBetter: "no better"}

func (v Verdict) String() string { return verdictNames[v] }

// MarshalText writes the verdict by name.
func (v Verdict) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// Decide returns the verdict of the test on the pairs p.
func (t Test) Decide(p Penta) Verdict {
	lo, hi := t.Bounds()
	switch llr := t.LLR(p); {
	case llr >= hi:
		return Beats
	case llr <= lo:
		return NoBetter
	}
	return Undecided
}

// Expected returns the expected score of a player rated elo points above
// its opponent (the logistic Elo model).
func Expected(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// EloOf returns the Elo difference whose expected score is s, s in (0, 1).
func EloOf(s float64) float64 { return -400 * math.Log10(1/s-1) }

// Elo returns the estimate of the upper rung's Elo over the lower one
// from the pairs p, with its interval at normal quantile z: the score's
// normal interval over the pairs (with the prior's pseudo-counts, which
// keep it inside (0, 1)) mapped through EloOf, and the standard error of
// the estimate on the Elo scale (the delta method), by which ratings up
// the ladder add their errors.
func Elo(p Penta, z float64) (elo, lo, hi, se float64) {
	mean, variance := p.moments()
	n := float64(p.N()) + 5*prior
	seMean := math.Sqrt(variance / n)
	clamp := func(s float64) float64 { return math.Min(math.Max(s, 1e-6), 1-1e-6) }
	elo = EloOf(clamp(mean))
	lo, hi = EloOf(clamp(mean-z*seMean)), EloOf(clamp(mean+z*seMean))
	se = 400 / math.Ln10 * seMean / (mean * (1 - mean))
	return elo, lo, hi, se
}
