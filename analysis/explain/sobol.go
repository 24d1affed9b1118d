package explain

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
)

// Design is a Saltelli design over factors that are each uniform over a
// few levels: Rows rows of two independent sample matrices A and B, and
// for each factor i the matrix A_B^i (A with column i taken from B), so
// that the model is asked Rows·(p+2) times; Boot bootstrap resamples of
// the rows give the indices' standard errors. Seed fixes both the rows
// and the resamples.
type Design struct {
	Rows, Boot int
	Seed       uint64
}

// Indices are the Sobol indices of a model's factors: First[i] the share
// of the output's variance that factor i explains on its own, Total[i]
// the share it takes part in, interactions included (Total ≥ First up to
// sampling error); FirstSE and TotalSE their bootstrap standard errors.
// Variance is the output's variance over the design, Evaluations the
// model calls it made (Rows·(p+2)).
type Indices struct {
	First, Total     []float64
	FirstSE, TotalSE []float64
	Variance         float64
	Evaluations      int
}

// Model is the output at one combination of factor levels: at[i] is the
// index of factor i's level.
type Model func(ctx context.Context, at []int) (float64, error)

// ErrNoVariance is Sobol's error for a model whose output does not vary
// over the design: no share of nothing can be attributed.
var ErrNoVariance = errors.New("the output does not vary over the ranges: there is no variation to attribute")

// Sobol estimates the first-order and total Sobol indices of f over
// factors with levels[i] equally likely levels each, by Jansen's
// estimators on a Saltelli design (Saltelli et al. 2010, table 2): with
// V the variance of f over A and B together,
//
//	First[i] = (V − 1/(2n) Σ (f(B) − f(A_B^i))²) / V
//	Total[i] = 1/(2n) Σ (f(A) − f(A_B^i))² / V.
//
// Both estimate a difference of squares of paired outputs, so that a
// model evaluated on common random numbers keeps the pairing. It returns
// ctx's error when ctx is cancelled.
func Sobol(ctx context.Context, levels []int, d Design, f Model) (*Indices, error) {
	if d.Rows < 2 {
		return nil, errors.New("a Sobol design needs at least 2 rows")
	}
	rng := rand.New(rand.NewPCG(d.Seed, 0x50b01))
	a, b := drawRows(rng, levels, d.Rows), drawRows(rng, levels, d.Rows)
	p := len(levels)
	fa, err := evaluate(ctx, f, a)
	if err != nil {
		return nil, err
	}
	fb, err := evaluate(ctx, f, b)
	if err != nil {
		return nil, err
	}
	fab := make([][]float64, p)
	for i := range p {
		if fab[i], err = evaluate(ctx, f, mixed(a, b, i)); err != nil {
			return nil, err
		}
	}
	rows := make([]int, d.Rows)
	for j := range rows {
		rows[j] = j
	}
	out := &Indices{Evaluations: d.Rows * (p + 2)}
	var v float64
	out.First, out.Total, v = jansen(fa, fb, fab, rows)
	if !(v > 0) {
		return nil, ErrNoVariance
	}
	out.Variance = v
	out.FirstSE, out.TotalSE, err = bootstrap(ctx, rng, fa, fb, fab, d.Boot)
	return out, err
}

// drawRows draws n rows of level indices, each uniform.
func drawRows(rng *rand.Rand, levels []int, n int) [][]int {
	out := make([][]int, n)
	for j := range out {
		out[j] = make([]int, len(levels))
		for i, l := range levels {
			out[j][i] = rng.IntN(l)
		}
	}
	return out
}

// mixed returns A_B^i: the rows of a with column i from b.
func mixed(a, b [][]int, i int) [][]int {
	out := make([][]int, len(a))
	for j := range a {
		out[j] = append([]int(nil), a[j]...)
		out[j][i] = b[j][i]
	}
	return out
}

func evaluate(ctx context.Context, f Model, rows [][]int) ([]float64, error) {
	out := make([]float64, len(rows))
	for j, r := range rows {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		y, err := f(ctx, r)
		if err != nil {
			return nil, err
		}
		out[j] = y
	}
	return out, nil
}

// jansen returns the indices estimated over the given rows (with
// repeats, for a bootstrap resample) and the variance they divide by.
func jansen(fa, fb []float64, fab [][]float64, rows []int) (first, total []float64, v float64) {
	var s, sq float64
	for _, j := range rows {
		s += fa[j] + fb[j]
		sq += fa[j]*fa[j] + fb[j]*fb[j]
	}
	m := float64(2 * len(rows))
	v = sq/m - (s/m)*(s/m)
	first, total = make([]float64, len(fab)), make([]float64, len(fab))
	if !(v > 0) {
		return first, total, 0
	}
	for i, fi := range fab {
		var db, da float64
		for _, j := range rows {
			db += (fb[j] - fi[j]) * (fb[j] - fi[j])
			da += (fa[j] - fi[j]) * (fa[j] - fi[j])
		}
		first[i] = (v - db/m) / v
		total[i] = da / m / v
	}
	return first, total, v
}

// bootstrap returns the standard deviations of the indices over boot
// resamples of the rows (all 0 with boot < 2).
func bootstrap(ctx context.Context, rng *rand.Rand, fa, fb []float64, fab [][]float64, boot int) (firstSE, totalSE []float64, err error) {
	p := len(fab)
	var fs, fq, ts, tq = make([]float64, p), make([]float64, p), make([]float64, p), make([]float64, p)
	firstSE, totalSE = make([]float64, p), make([]float64, p)
	if boot < 2 {
		return firstSE, totalSE, nil
	}
	rows := make([]int, len(fa))
	for range boot {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		for j := range rows {
			rows[j] = rng.IntN(len(fa))
		}
		first, total, _ := jansen(fa, fb, fab, rows)
		for i := range p {
			fs[i], fq[i] = fs[i]+first[i], fq[i]+first[i]*first[i]
			ts[i], tq[i] = ts[i]+total[i], tq[i]+total[i]*total[i]
		}
	}
	n := float64(boot)
	sd := func(s, q float64) float64 { return math.Sqrt(max(0, (q-s*s/n)/(n-1))) }
	for i := range p {
		firstSE[i], totalSE[i] = sd(fs[i], fq[i]), sd(ts[i], tq[i])
	}
	return firstSE, totalSE, nil
}
