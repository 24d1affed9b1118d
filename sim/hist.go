package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"slices"
	"strconv"
)

// Hist counts non-negative int64 values compactly and exactly enough for
// every statistic crucible reports.
//
// Values below ExactBelow get one bin each, so round counts of ordinary
// battles are kept exactly. Larger values (the seconds of a simulated
// lifetime reach 10^10) fall into bins 1/128 of an octave wide, so a
// quantile read from a bin is within 0.8 % of the true value. The count,
// the sum and the sum of squares are kept exactly in 128-bit integers, and
// the minimum and maximum exactly, so the mean and its standard error do not
// depend on the binning.
//
// The bins grow on demand; once they cover the values a battle produces,
// Add does not allocate.
type Hist struct {
	bins  []int64
	n     int64
	sum   u128
	sumSq u128
	min   int64
	max   int64
	// overflow is set once a sum has passed 2^128 (values near 2^62 over
	// more than 2^4 trials squared): the tally is then refused (Overflow).
	overflow uint64
}

// ExactBelow is the first value that is binned rather than counted exactly.
const ExactBelow = 1024

const subBits = 7 // 2^7 = 128 bins per octave above ExactBelow

// binOf returns the bin index of a value v ≥ 0.
func binOf(v int64) int {
	if v < ExactBelow {
		return int(v)
	}
	e := bits.Len64(uint64(v)) - 1 // v in [2^e, 2^(e+1)), e ≥ 10
	sub := int(uint64(v)>>(e-subBits)) & (1<<subBits - 1)
	return ExactBelow + (e-10)<<subBits + sub
}

// binLow returns the smallest value that falls in bin i.
func binLow(i int) int64 {
	if i < ExactBelow {
		return int64(i)
	}
	j := i - ExactBelow
	e := j>>subBits + 10
	sub := j & (1<<subBits - 1)
	return int64(1)<<e | int64(sub)<<(e-subBits)
}

// binHigh returns the largest value that falls in bin i.
func binHigh(i int) int64 {
	if i < ExactBelow {
		return int64(i)
	}
	return binLow(i+1) - 1
}

// Add counts one value. Negative values count as 0.
func (h *Hist) Add(v int64) {
	if v < 0 {
		v = 0
	}
	b := binOf(v)
	if b >= len(h.bins) {
		h.grow(b)
	}
	h.bins[b]++
	if h.n == 0 || v < h.min {
		h.min = v
	}
	if v > h.max {
		h.max = v
	}
	h.n++
	h.overflow |= h.sum.add(0, uint64(v)) | h.sumSq.add(bits.Mul64(uint64(v), uint64(v)))
}

// AddN counts n ≥ 1 values v, 0 ≤ v < 2^32: as n calls of Add, in one.
func (h *Hist) AddN(v, n int64) {
	b := binOf(v)
	if b >= len(h.bins) {
		h.grow(b)
	}
	h.bins[b] += n
	if h.n == 0 || v < h.min {
		h.min = v
	}
	if v > h.max {
		h.max = v
	}
	h.n += n
	// n·v and n·v² fit 128 bits: v² < 2^64 and n < 2^63.
	h.overflow |= h.sum.add(bits.Mul64(uint64(n), uint64(v))) | h.sumSq.add(bits.Mul64(uint64(n), uint64(v*v)))
}

func (h *Hist) grow(b int) {
	n := max(b+1, 2*len(h.bins), 64)
	h.bins = append(h.bins, make([]int64, n-len(h.bins))...)
}

// Merge adds the counts of o to h.
func (h *Hist) Merge(o *Hist) {
	if o.n == 0 {
		return
	}
	if len(o.bins) > len(h.bins) {
		h.grow(len(o.bins) - 1)
	}
	for i, c := range o.bins {
		h.bins[i] += c
	}
	if h.n == 0 || o.min < h.min {
		h.min = o.min
	}
	h.max = max(h.max, o.max)
	h.n += o.n
	h.overflow |= o.overflow | h.sum.add(o.sum.hi, o.sum.lo) | h.sumSq.add(o.sumSq.hi, o.sumSq.lo)
}

// Clone returns a copy of h that shares no storage with it.
func (h *Hist) Clone() Hist {
	c := *h
	c.bins = slices.Clone(h.bins)
	return c
}

// DropMax removes every occurrence of the largest value when it is counted
// exactly (below ExactBelow), for a plot that shows those apart (the
// trials that reached a round cap); the sums, minimum and maximum follow.
// Above ExactBelow it does nothing.
func (h *Hist) DropMax() {
	if h.n == 0 || h.max >= ExactBelow {
		return
	}
	k, v := h.bins[h.max], uint64(h.max)
	h.bins[h.max] = 0
	h.n -= k
	if h.n == 0 {
		*h = Hist{bins: h.bins}
		return
	}
	s := new(big.Int).Sub(h.sum.big(), new(big.Int).SetUint64(uint64(k)*v))
	q := new(big.Int).Sub(h.sumSq.big(), new(big.Int).Mul(big.NewInt(k), new(big.Int).SetUint64(v*v)))
	h.sum, _ = parseU128(s.String())
	h.sumSq, _ = parseU128(q.String())
	for i := int(h.max) - 1; i >= 0; i-- {
		if h.bins[i] > 0 {
			h.max = int64(i)
			break
		}
	}
}

// Reset empties h and keeps its storage.
func (h *Hist) Reset() {
	clear(h.bins)
	*h = Hist{bins: h.bins}
}

// N returns the number of values counted.
func (h *Hist) N() int64 { return h.n }

// Min and Max return the exact extremes (0 when empty).
func (h *Hist) Min() int64 { return h.min }
func (h *Hist) Max() int64 { return h.max }

// Count returns how many values fell in the bin holding v (exactly the
// number of values equal to v when v < ExactBelow).
func (h *Hist) Count(v int64) int64 {
	if v < 0 {
		return 0
	}
	b := binOf(v)
	if b >= len(h.bins) {
		return 0
	}
	return h.bins[b]
}

// Mean returns the exact mean rounded to float64 (0 when empty).
func (h *Hist) Mean() float64 {
	if h.n == 0 {
		return 0
	}
	m, _ := new(big.Rat).SetFrac(h.sum.big(), big.NewInt(h.n)).Float64()
	return m
}

// Var returns the unbiased sample variance (0 with fewer than two values),
// computed from the exact sums.
func (h *Hist) Var() float64 {
	if h.n < 2 {
		return 0
	}
	n := big.NewInt(h.n)
	s := h.sum.big()
	// (n·Σx² − (Σx)²) / (n(n−1))
	num := new(big.Int).Mul(n, h.sumSq.big())
	num.Sub(num, new(big.Int).Mul(s, s))
	den := new(big.Int).Mul(n, big.NewInt(h.n-1))
	v, _ := new(big.Rat).SetFrac(num, den).Float64()
	return math.Max(v, 0)
}

// Sum returns the exact sum of the values as a decimal string.
func (h *Hist) Sum() string { return h.sum.big().String() }

// SumSq returns the exact sum of the squared values as a decimal string.
func (h *Hist) SumSq() string { return h.sumSq.big().String() }

// Quantile returns the smallest counted value v (to bin precision) such that
// at least a fraction q of the values are ≤ v. For binned values it returns
// the bin's lower edge, clamped to [Min, Max].
func (h *Hist) Quantile(q float64) int64 {
	if h.n == 0 {
		return 0
	}
	rank := int64(math.Ceil(q * float64(h.n)))
	rank = min(max(rank, 1), h.n)
	var c int64
	for i, k := range h.bins {
		c += k
		if c >= rank {
			return min(max(binLow(i), h.min), h.max)
		}
	}
	return h.max
}

// Bin is one non-empty histogram bin: values in [Low, High].
type Bin struct {
	Low, High int64
	Count     int64
}

// Bins returns the non-empty bins in increasing order.
func (h *Hist) Bins() []Bin {
	var out []Bin
	for i, k := range h.bins {
		if k != 0 {
			out = append(out, Bin{binLow(i), binHigh(i), k})
		}
	}
	return out
}

// histJSON is the serialised form: the bins by lower edge in increasing
// numeric order, and the exact sums as decimal strings.
type histJSON struct {
	Hist   orderedCounts `json:"hist"`
	N      int64         `json:"n"`
	Sum    string        `json:"sum"`
	SumSq  string        `json:"sum_sq"`
	Min    int64         `json:"min"`
	Max    int64         `json:"max"`
	Binned int64         `json:"exact_below"`
}

// MarshalJSON writes the tally part of the histogram.
func (h *Hist) MarshalJSON() ([]byte, error) {
	j := histJSON{N: h.n, Sum: h.sum.big().String(), SumSq: h.sumSq.big().String(), Min: h.min, Max: h.max, Binned: ExactBelow}
	for _, b := range h.Bins() {
		j.Hist = append(j.Hist, countAt{strconv.FormatInt(b.Low, 10), b.Count})
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads what MarshalJSON wrote, checking it for consistency.
func (h *Hist) UnmarshalJSON(data []byte) error {
	var j histJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	if j.Binned != 0 && j.Binned != ExactBelow {
		return fmt.Errorf("histogram binned from %d, this crucible bins from %d", j.Binned, ExactBelow)
	}
	*h = Hist{}
	var total int64
	for _, c := range j.Hist {
		v, err := strconv.ParseInt(c.Key, 10, 64)
		if err != nil || v < 0 || c.N < 0 {
			return fmt.Errorf("bad histogram bin %q: %d", c.Key, c.N)
		}
		b := binOf(v)
		if binLow(b) != v {
			return fmt.Errorf("histogram bin %q is not a bin edge", c.Key)
		}
		if b >= len(h.bins) {
			h.grow(b)
		}
		h.bins[b] += c.N
		total += c.N
	}
	if total != j.N {
		return fmt.Errorf("histogram counts add up to %d, not n = %d", total, j.N)
	}
	var ok1, ok2 bool
	h.sum, ok1 = parseU128(j.Sum)
	h.sumSq, ok2 = parseU128(j.SumSq)
	if !ok1 || !ok2 {
		return fmt.Errorf("bad histogram sums %q, %q", j.Sum, j.SumSq)
	}
	h.n, h.min, h.max = j.N, j.Min, j.Max
	return nil
}

type countAt struct {
	Key string
	N   int64
}

// orderedCounts is a JSON object whose keys keep their slice order (Go's
// encoding/json sorts map keys as strings, which puts "10" before "2").
type orderedCounts []countAt

func (o orderedCounts) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, c := range o {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendQuote(b, c.Key)
		b = append(b, ':')
		b = strconv.AppendInt(b, c.N, 10)
	}
	return append(b, '}'), nil
}

// UnmarshalJSON reads an object of integers, keeping the keys' order.
func (o *orderedCounts) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return fmt.Errorf("expected an object of counts")
	}
	*o = (*o)[:0]
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return err
		}
		var n int64
		if err := dec.Decode(&n); err != nil {
			return fmt.Errorf("count of %q: %w", kt, err)
		}
		*o = append(*o, countAt{kt.(string), n})
	}
	_, err := dec.Token()
	return err
}

type histAt struct {
	Key string
	H   *Hist
}

// orderedHists is a JSON object of histograms whose keys keep their slice
// order.
type orderedHists []histAt

func (o orderedHists) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, h := range o {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendQuote(b, h.Key)
		b = append(b, ':')
		hb, err := h.H.MarshalJSON()
		if err != nil {
			return nil, err
		}
		b = append(b, hb...)
	}
	return append(b, '}'), nil
}

// UnmarshalJSON reads an object of histograms, keeping the keys' order.
func (o *orderedHists) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return fmt.Errorf("expected an object of histograms")
	}
	*o = (*o)[:0]
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return err
		}
		h := new(Hist)
		if err := dec.Decode(h); err != nil {
			return fmt.Errorf("histogram of %q: %w", kt, err)
		}
		*o = append(*o, histAt{kt.(string), h})
	}
	_, err := dec.Token()
	return err
}

type winHistAt struct {
	Key string
	H   *[3]Hist // indexed by rules.Side
}

// winSides are the keys of a per-winner histogram object, with their
// rules.Side index.
var winSides = [3]struct {
	key  string
	side int
}{{"a", 1}, {"b", 2}, {"none", 0}}

// orderedWinHists is a JSON object of per-winner histograms
// ({"name": {"a": hist, "b": hist, "none": hist}}) whose keys keep their
// slice order.
type orderedWinHists []winHistAt

func (o orderedWinHists) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, h := range o {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendQuote(b, h.Key)
		b = append(b, ":{"...)
		for k, s := range winSides {
			if k > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendQuote(b, s.key)
			b = append(b, ':')
			hb, err := h.H[s.side].MarshalJSON()
			if err != nil {
				return nil, err
			}
			b = append(b, hb...)
		}
		b = append(b, '}')
	}
	return append(b, '}'), nil
}

// UnmarshalJSON reads an object of per-winner histograms, keeping the keys'
// order.
func (o *orderedWinHists) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return fmt.Errorf("expected an object of per-winner histograms")
	}
	*o = (*o)[:0]
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return err
		}
		var j struct {
			A    *Hist `json:"a"`
			B    *Hist `json:"b"`
			None *Hist `json:"none"`
		}
		if err := dec.Decode(&j); err != nil {
			return fmt.Errorf("histograms of %q: %w", kt, err)
		}
		if j.A == nil || j.B == nil || j.None == nil {
			return fmt.Errorf("histograms of %q: want a, b and none", kt)
		}
		*o = append(*o, winHistAt{kt.(string), &[3]Hist{*j.None, *j.A, *j.B}})
	}
	_, err := dec.Token()
	return err
}

// u128 is an unsigned 128-bit accumulator.
type u128 struct{ hi, lo uint64 }

// add adds (hi, lo) and returns 1 if the sum passed 2^128 (10^9 trials of
// values near 10^10 sum their squares to about 10^29, far below 2^128 ≈
// 3·10^38; values near 2^62, a capped lifespan, pass it).
func (u *u128) add(hi, lo uint64) (carry uint64) {
	u.lo, carry = bits.Add64(u.lo, lo, 0)
	u.hi, carry = bits.Add64(u.hi, hi, carry)
	return carry
}

// Overflowed reports whether a sum of h passed what it can hold exactly.
func (h *Hist) Overflowed() bool { return h.overflow != 0 }

func (u u128) big() *big.Int {
	b := new(big.Int).SetUint64(u.hi)
	b.Lsh(b, 64)
	return b.Or(b, new(big.Int).SetUint64(u.lo))
}

func parseU128(s string) (u128, bool) {
	b, ok := new(big.Int).SetString(s, 10)
	if !ok || b.Sign() < 0 || b.BitLen() > 128 {
		return u128{}, false
	}
	lo := new(big.Int).And(b, new(big.Int).SetUint64(math.MaxUint64)).Uint64()
	hi := new(big.Int).Rsh(b, 64).Uint64()
	return u128{hi, lo}, true
}

// RankRange returns the range of values the k-th smallest counted value
// (1-based) may have: exactly that value below ExactBelow, its bin's edges
// above, clamped to [Min, Max].
func (h *Hist) RankRange(k int64) (lo, hi int64) {
	if h.n == 0 {
		return 0, 0
	}
	k = min(max(k, 1), h.n)
	var c int64
	for i, n := range h.bins {
		c += n
		if c >= k {
			return min(max(binLow(i), h.min), h.max), min(max(binHigh(i), h.min), h.max)
		}
	}
	return h.max, h.max
}

// Sum64 returns the exact sum when it fits in an int64, else -1.
func (h *Hist) Sum64() int64 {
	if h.sum.hi != 0 || h.sum.lo > 1<<63-1 {
		return -1
	}
	return int64(h.sum.lo)
}
