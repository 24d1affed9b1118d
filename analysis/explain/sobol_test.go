package explain

import (
	"context"
	"errors"
	"math"
	"reflect"
	"testing"
)

// variance is the population variance of values equally likely.
func variance(xs []float64) float64 {
	var s, q float64
	for _, x := range xs {
		s += x
		q += x * x
	}
	n := float64(len(xs))
	return q/n - (s/n)*(s/n)
}

// exactIndices computes the Sobol indices of a model of two factors by
// enumerating every combination: First[i] = Var(E[y|x_i]) / Var(y),
// Total[i] = E[Var(y|x_other)] / Var(y) — the definitions, not the
// estimator's formulas.
func exactIndices(x1, x2 []float64, y func(a, b float64) float64) (first, total [2]float64) {
	var all []float64
	var cond [2][]float64 // E[y | x_i]
	var within [2]float64 // E[Var(y | x_other)]
	for _, a := range x1 {
		var row []float64
		for _, b := range x2 {
			row = append(row, y(a, b))
			all = append(all, y(a, b))
		}
		cond[0] = append(cond[0], mean(row))
		within[1] += variance(row) / float64(len(x1))
	}
	for _, b := range x2 {
		var col []float64
		for _, a := range x1 {
			col = append(col, y(a, b))
		}
		cond[1] = append(cond[1], mean(col))
		within[0] += variance(col) / float64(len(x2))
	}
	v := variance(all)
	for i := range 2 {
		first[i], total[i] = variance(cond[i])/v, within[i]/v
	}
	return first, total
}

func mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

func TestSobolAgreesWithTheDefinitions(t *testing.T) {
	x1 := []float64{1, 2, 3, 4}
	x2 := []float64{0, 1, 2}
	tests := []struct {
		name string
		y    func(a, b float64) float64
	}{
		{"additive 3·x1 + 5·x2", func(a, b float64) float64 { return 3*a + 5*b }},
		{"interaction x1·x2 + x1", func(a, b float64) float64 { return a*b + a }},
		{"only x2 matters", func(a, b float64) float64 { return b * b }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			model := func(_ context.Context, at []int) (float64, error) { return tt.y(x1[at[0]], x2[at[1]]), nil }
			got, err := Sobol(context.Background(), []int{len(x1), len(x2)}, Design{Rows: 20000, Boot: 100, Seed: 3}, model)
			if err != nil {
				t.Fatal(err)
			}
			first, total := exactIndices(x1, x2, tt.y)
			for i := range 2 {
				// ±0.02 is §4's tolerance; 4 standard errors bounds a
				// false alarm at 6e-5 per index, were the SE right.
				tol := max(0.02, 4*got.FirstSE[i])
				if math.Abs(got.First[i]-first[i]) > tol {
					t.Errorf("first[%d] = %.4f ± %.4f, want %.4f", i, got.First[i], got.FirstSE[i], first[i])
				}
				tol = max(0.02, 4*got.TotalSE[i])
				if math.Abs(got.Total[i]-total[i]) > tol {
					t.Errorf("total[%d] = %.4f ± %.4f, want %.4f", i, got.Total[i], got.TotalSE[i], total[i])
				}
				// 0 where the estimate is exact whatever the rows (a factor
				// that is the whole output): no pair differs.
				if got.FirstSE[i] < 0 || got.FirstSE[i] > 0.02 {
					t.Errorf("first[%d]'s standard error %.4g: want in [0, 0.02] at 20,000 rows", i, got.FirstSE[i])
				}
			}
			if got.Evaluations != 20000*4 {
				t.Errorf("evaluations = %d, want n·(p+2) = %d", got.Evaluations, 20000*4)
			}
		})
	}
}

// TestSobolAdditiveClosedForm checks the additive model against its closed
// form a²Var(x1) / (a²Var(x1) + b²Var(x2)), first and total alike.
func TestSobolAdditiveClosedForm(t *testing.T) {
	x1, x2 := []float64{0, 1, 2, 3, 4}, []float64{0, 1}
	const a, b = 1.0, 4.0
	model := func(_ context.Context, at []int) (float64, error) { return a*x1[at[0]] + b*x2[at[1]], nil }
	got, err := Sobol(context.Background(), []int{5, 2}, Design{Rows: 20000, Boot: 50, Seed: 9}, model)
	if err != nil {
		t.Fatal(err)
	}
	v1, v2 := a*a*variance(x1), b*b*variance(x2) // 2 and 4
	for i, want := range []float64{v1 / (v1 + v2), v2 / (v1 + v2)} {
		if math.Abs(got.First[i]-want) > 0.02 || math.Abs(got.Total[i]-want) > 0.02 {
			t.Errorf("factor %d: first %.4f, total %.4f, want %.4f", i, got.First[i], got.Total[i], want)
		}
	}
}

func TestSobolIsDeterministicForASeed(t *testing.T) {
	model := func(_ context.Context, at []int) (float64, error) { return float64(at[0]*at[1] + at[2]), nil }
	d := Design{Rows: 500, Boot: 20, Seed: 42}
	x, err := Sobol(context.Background(), []int{3, 4, 2}, d, model)
	if err != nil {
		t.Fatal(err)
	}
	y, err := Sobol(context.Background(), []int{3, 4, 2}, d, model)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(x, y) {
		t.Errorf("two runs at seed 42 differ:\n%+v\n%+v", x, y)
	}
	d.Seed = 43
	z, _ := Sobol(context.Background(), []int{3, 4, 2}, d, model)
	if reflect.DeepEqual(x, z) {
		t.Error("seeds 42 and 43 gave the same estimates: the seed is not used")
	}
}

func TestSobolStopsOnCancellation(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	model := func(_ context.Context, at []int) (float64, error) {
		calls++
		if calls == 10 {
			cancel()
		}
		return float64(at[0]), nil
	}
	_, err := Sobol(ctx, []int{3, 3}, Design{Rows: 1000, Boot: 10}, model)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if calls != 10 {
		t.Errorf("the model was called %d times, want 10: no call after cancellation", calls)
	}
}

func TestSobolRefusesAConstantOutput(t *testing.T) {
	model := func(context.Context, []int) (float64, error) { return 0.5, nil }
	if _, err := Sobol(context.Background(), []int{3, 3}, Design{Rows: 100}, model); !errors.Is(err, ErrNoVariance) {
		t.Errorf("err = %v, want ErrNoVariance", err)
	}
}

// Sobol's G function, Π (|4x_i − 2| + a_i)/(1 + a_i) over x_i uniform on
// [0, 1], has the closed-form indices V_i = 1/(3(1 + a_i)²), V = Π(1 + V_i)
// − 1, S_i = V_i / V and S_Ti = V_i Π_{j≠i}(1 + V_j) / V. Each factor here
// is 1,000 equally likely midpoints of [0, 1], whose indices differ from
// the continuous ones by less than 10⁻⁵; the estimates must be within
// §4's ±0.02.
func TestSobolGFunction(t *testing.T) {
	a := []float64{0, 1, 9}
	const levels = 1000
	g := func(_ context.Context, at []int) (float64, error) {
		y := 1.0
		for i, k := range at {
			x := (float64(k) + 0.5) / levels
			y *= (math.Abs(4*x-2) + a[i]) / (1 + a[i])
		}
		return y, nil
	}
	got, err := Sobol(context.Background(), []int{levels, levels, levels}, Design{Rows: 40000, Boot: 50, Seed: 11}, g)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("first %.4f ± %.4f, total %.4f ± %.4f", got.First, got.FirstSE, got.Total, got.TotalSE)
	vi := make([]float64, len(a))
	v := 1.0
	for i, ai := range a {
		vi[i] = 1 / (3 * (1 + ai) * (1 + ai))
		v *= 1 + vi[i]
	}
	v--
	for i := range a {
		first, total := vi[i]/v, vi[i]*(v+1)/(1+vi[i])/v
		if math.Abs(got.First[i]-first) > 0.02 || math.Abs(got.Total[i]-total) > 0.02 {
			t.Errorf("x%d (a = %g): first %.4f ± %.4f, total %.4f ± %.4f; want %.4f and %.4f",
				i+1, a[i], got.First[i], got.FirstSE[i], got.Total[i], got.TotalSE[i], first, total)
		}
	}
}

// The Ishigami function, sin x1 + a·sin² x2 + b·x3⁴·sin x1 with a = 7,
// b = 0.1, over x_i uniform on [−π, π], has the closed-form indices
// S1 = ½(1 + bπ⁴/5)²/V, S2 = a²/8/V, S3 = 0, ST1 = S1 + 8b²π⁸/225/V,
// ST2 = S2, ST3 = 8b²π⁸/225/V, V = a²/8 + bπ⁴/5 + b²π⁸/18 + ½ (0.3139,
// 0.4424, 0, 0.5576, 0.4424, 0.2437). A scenario's fields are discrete,
// so each factor here is `levels` equally likely midpoints of [−π, π]:
// with U = sin x1, W = 1 + b·x3⁴ and Z = a·sin² x2, y = U·W + Z, and the
// definitions give the grid's own indices from the factors' moments —
// Var(E[y|x1]) = Var(U)E[W]², Var(E[y|x2]) = Var(Z), Var(E[y|x3]) =
// E[U]²Var(W), and the totals Var(UW), Var(Z), Var(UW) − Var(U)E[W]² —
// which are the truth the estimates must meet within §4's ±0.02. They are
// within 10⁻³ of the continuous ones, checked too, so that the test is
// Ishigami's.
func TestSobolIshigami(t *testing.T) {
	const a, b, levels = 7.0, 0.1, 200
	x := func(k int) float64 { return -math.Pi + (float64(k)+0.5)*2*math.Pi/levels }
	f := func(_ context.Context, at []int) (float64, error) {
		x1, x2, x3 := x(at[0]), x(at[1]), x(at[2])
		return math.Sin(x1) + a*math.Pow(math.Sin(x2), 2) + b*math.Pow(x3, 4)*math.Sin(x1), nil
	}
	var u, w, z []float64
	for k := range levels {
		u = append(u, math.Sin(x(k)))
		w = append(w, 1+b*math.Pow(x(k), 4))
		z = append(z, a*math.Pow(math.Sin(x(k)), 2))
	}
	var uw []float64 // U·W over every pair, equally likely
	for _, ui := range u {
		for _, wi := range w {
			uw = append(uw, ui*wi)
		}
	}
	vu, vw, vz, vuw, eu, ew := variance(u), variance(w), variance(z), variance(uw), mean(u), mean(w)
	v := vuw + vz
	first := []float64{vu * ew * ew / v, vz / v, eu * eu * vw / v}
	total := []float64{vuw / v, vz / v, (vuw - vu*ew*ew) / v}

	pi4, pi8 := math.Pow(math.Pi, 4), math.Pow(math.Pi, 8)
	vc := a*a/8 + b*pi4/5 + b*b*pi8/18 + 0.5
	v1, vt3 := 0.5*math.Pow(1+b*pi4/5, 2), 8*b*b*pi8/225
	continuous := [][2]float64{{v1 / vc, (v1 + vt3) / vc}, {a * a / 8 / vc, a * a / 8 / vc}, {0, vt3 / vc}}
	for i, c := range continuous {
		if math.Abs(first[i]-c[0]) > 1e-3 || math.Abs(total[i]-c[1]) > 1e-3 {
			t.Fatalf("x%d: the grid's indices %.5f, %.5f are not Ishigami's %.5f, %.5f", i+1, first[i], total[i], c[0], c[1])
		}
	}
	got, err := Sobol(context.Background(), []int{levels, levels, levels}, Design{Rows: 40000, Boot: 50, Seed: 5}, f)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("first %.4f ± %.4f, total %.4f ± %.4f; want %.4f, %.4f", got.First, got.FirstSE, got.Total, got.TotalSE, first, total)
	for i := range 3 {
		if math.Abs(got.First[i]-first[i]) > 0.02 || math.Abs(got.Total[i]-total[i]) > 0.02 {
			t.Errorf("x%d: first %.4f ± %.4f, total %.4f ± %.4f; want %.4f and %.4f",
				i+1, got.First[i], got.FirstSE[i], got.Total[i], got.TotalSE[i], first[i], total[i])
		}
	}
}
