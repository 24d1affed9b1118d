package sim

import (
	"encoding/json"
	"math"
	"math/big"
	"testing"

	"github.com/crucible-sim/crucible/rules"
)

func TestBinEdgesAreConsistent(t *testing.T) {
	for v := int64(0); v < 5000; v++ {
		b := binOf(v)
		if lo, hi := binLow(b), binHigh(b); v < lo || v > hi {
			t.Fatalf("value %d in bin %d with edges [%d, %d]", v, b, lo, hi)
		}
	}
	for _, v := range []int64{1 << 20, 1<<20 + 12345, 3_000_000_000, 1 << 40, math.MaxInt64} {
		b := binOf(v)
		lo, hi := binLow(b), binHigh(b)
		if v < lo || v > hi {
			t.Fatalf("value %d in bin %d with edges [%d, %d]", v, b, lo, hi)
		}
		if rel := float64(hi-lo+1) / float64(lo); rel > 1.0/128+1e-12 {
			t.Errorf("bin of %d is %.4f wide relative to its edge, want ≤ 1/128", v, rel)
		}
	}
}

func TestHistExactStatistics(t *testing.T) {
	var h Hist
	vals := []int64{3, 1, 4, 1, 5, 9, 2, 6}
	for _, v := range vals {
		h.Add(v)
	}
	if h.N() != 8 || h.Min() != 1 || h.Max() != 9 || h.Sum() != "31" {
		t.Fatalf("n %d min %d max %d sum %s", h.N(), h.Min(), h.Max(), h.Sum())
	}
	if got := h.Mean(); got != 31.0/8 {
		t.Errorf("mean %v, want %v", got, 31.0/8)
	}
	// Sample variance by hand: Σx² = 173, (8·173 − 31²)/(8·7) = 423/56.
	if got := h.Var(); math.Abs(got-423.0/56) > 1e-15 {
		t.Errorf("var %v, want %v", got, 423.0/56)
	}
	// Sorted: 1 1 2 3 4 5 6 9.
	for _, c := range []struct {
		q    float64
		want int64
	}{{0.5, 3}, {0.25, 1}, {0.9, 9}, {1, 9}, {0.01, 1}} {
		if got := h.Quantile(c.q); got != c.want {
			t.Errorf("quantile %.2f = %d, want %d", c.q, got, c.want)
		}
	}
	if h.Count(1) != 2 || h.Count(7) != 0 {
		t.Errorf("counts: 1→%d 7→%d", h.Count(1), h.Count(7))
	}
}

// Lifetimes in seconds reach 10^10; squares then exceed 64 bits and the sums
// must stay exact.
func TestHistLargeValuesStayExact(t *testing.T) {
	var h Hist
	const v = int64(40_000_000_000)
	for range 1000 {
		h.Add(v)
	}
	if h.Mean() != float64(v) || h.Var() != 0 {
		t.Errorf("mean %v var %v, want %v and 0", h.Mean(), h.Var(), float64(v))
	}
	want := new(big.Int).Mul(big.NewInt(v), big.NewInt(v))
	want.Mul(want, big.NewInt(1000))
	if got := h.sumSq.big(); got.Cmp(want) != 0 {
		t.Errorf("sum of squares %s, want %s", got, want)
	}
	if q := h.Quantile(0.5); q != v {
		t.Errorf("median %d, want %d (clamped to the exact min/max)", q, v)
	}
}

func TestHistJSONRoundTrip(t *testing.T) {
	var h Hist
	r := rules.NewRand(1, 2)
	for range 5000 {
		h.Add(r.Geometric(1.0 / 3000))
	}
	b, err := json.Marshal(&h)
	if err != nil {
		t.Fatal(err)
	}
	var back Hist
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	b2, _ := json.Marshal(&back)
	if string(b) != string(b2) {
		t.Errorf("round trip changed the histogram:\n%s\n%s", b, b2)
	}
	if back.Mean() != h.Mean() || back.Quantile(0.9) != h.Quantile(0.9) {
		t.Error("round trip changed the statistics")
	}
}

func TestHistJSONRejectsInconsistentInput(t *testing.T) {
	for _, in := range []string{
		`{"hist":{"1":2},"n":3,"sum":"2","sum_sq":"2","min":1,"max":1}`,
		`{"hist":{"1025":1},"n":1,"sum":"1025","sum_sq":"1","min":1025,"max":1025}`,
		`{"hist":{"-1":1},"n":1,"sum":"0","sum_sq":"0","min":0,"max":0}`,
		`{"hist":{"1":1},"n":1,"sum":"x","sum_sq":"1","min":1,"max":1}`,
		`{"hist":[1],"n":1}`,
	} {
		var h Hist
		if err := json.Unmarshal([]byte(in), &h); err == nil {
			t.Errorf("accepted %s", in)
		}
	}
}

func TestTallyJSONRejectsInconsistentCounts(t *testing.T) {
	in := `{"trials":2,"wins":{"a":1,"b":0,"none":0},"ends":{"x":2},"rounds":{"hist":{"1":2},"n":2,"sum":"2","sum_sq":"2","min":1,"max":1},"counters":{}}`
	var tl Tally
	if err := json.Unmarshal([]byte(in), &tl); err == nil {
		t.Error("accepted a tally whose wins do not add up to its trials")
	}
}

func TestHistDropMax(t *testing.T) {
	var h, want Hist
	for _, v := range []int64{3, 1, 200, 4, 200, 1} {
		h.Add(v)
		if v != 200 {
			want.Add(v)
		}
	}
	h.DropMax()
	if h.N() != want.N() || h.Max() != 4 || h.Min() != 1 || h.Sum() != want.Sum() || h.SumSq() != want.SumSq() || h.Count(200) != 0 {
		t.Errorf("after DropMax: n %d max %d sum %s sumsq %s", h.N(), h.Max(), h.Sum(), h.SumSq())
	}
}
