package exact

import (
	"math"
	"math/big"
)

// num is the arithmetic the solver is generic over: float64 for speed and
// *big.Rat for exact fractions (--rational). The algorithm is the same code
// for both; only these operations differ.
type num[T any] interface {
	zero() T
	frac(p, q int64) T
	add(x, y T) T
	sub(x, y T) T
	mul(x, y T) T
	div(x, y T) T
	isZero(x T) bool
	// better reports whether x is larger than y by more than rounding
	// noise (exactly larger for fractions): the optimal policy's
	// comparison, ties going to the earlier alternative.
	better(x, y T) bool
	float(x T) float64
	// spread adds m·p[e] to mass[to[e]] for each edge e in order, or to
	// term[−1−to[e]] where to[e] < 0: a node's mass sent along its edges,
	// in one call rather than two a edge (a method of a type parameter is
	// called through the instantiation's dictionary, never inlined).
	spread(m T, p []T, to []int32, mass, term []T)
}

type floats struct{}

func (floats) zero() float64            { return 0 }
func (floats) frac(p, q int64) float64  { return float64(p) / float64(q) }
func (floats) add(x, y float64) float64 { return x + y }
func (floats) sub(x, y float64) float64 { return x - y }
func (floats) mul(x, y float64) float64 { return x * y }
func (floats) div(x, y float64) float64 { return x / y }
func (floats) isZero(x float64) bool    { return x == 0 }
func (floats) better(x, y float64) bool { return x > y+1e-13*math.Max(1, math.Abs(y)) }
func (floats) float(x float64) float64  { return x }

// spread rounds each product before adding it (the conversion forbids a
// fused multiply-add), as mul then add do: the sums stay those of the
// rational solve's algorithm, operation for operation.
func (floats) spread(m float64, p []float64, to []int32, mass, term []float64) {
	for e, t := range to[:len(p)] {
		if t < 0 {
			term[-1-t] += float64(m * p[e])
		} else {
			mass[t] += float64(m * p[e])
		}
	}
}

type rats struct{}

var ratZero = new(big.Rat)

func (rats) zero() *big.Rat             { return ratZero }
func (rats) frac(p, q int64) *big.Rat   { return big.NewRat(p, q) }
func (rats) add(x, y *big.Rat) *big.Rat { return new(big.Rat).Add(x, y) }
func (rats) sub(x, y *big.Rat) *big.Rat { return new(big.Rat).Sub(x, y) }
func (rats) mul(x, y *big.Rat) *big.Rat { return new(big.Rat).Mul(x, y) }
func (rats) div(x, y *big.Rat) *big.Rat { return new(big.Rat).Quo(x, y) }
func (rats) isZero(x *big.Rat) bool     { return x.Sign() == 0 }
func (rats) better(x, y *big.Rat) bool  { return x.Cmp(y) > 0 }
func (rats) float(x *big.Rat) float64   { f, _ := x.Float64(); return f }

func (ar rats) spread(m *big.Rat, p []*big.Rat, to []int32, mass, term []*big.Rat) {
	for e, t := range to[:len(p)] {
		if t < 0 {
			term[-1-t] = ar.add(term[-1-t], ar.mul(m, p[e]))
		} else {
			mass[t] = ar.add(mass[t], ar.mul(m, p[e]))
		}
	}
}
