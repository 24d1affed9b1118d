package exact

import "math/big"

// num is the arithmetic the solver is generic over: float64 for speed and
// *big.Rat for exact fractions (--rational). The chain is walked by the same
// code for both.
type num[T any] interface {
	zero() T
	frac(p, q int64) T
	add(x, y T) T
	mul(x, y T) T
	// scale returns x·k.
	scale(x T, k int64) T
	isZero(x T) bool
	float(x T) float64
	text(x T) string
}

type floats struct{}

func (floats) zero() float64                    { return 0 }
func (floats) frac(p, q int64) float64          { return float64(p) / float64(q) }
func (floats) add(x, y float64) float64         { return x + y }
func (floats) mul(x, y float64) float64         { return x * y }
func (floats) scale(x float64, k int64) float64 { return x * float64(k) }
func (floats) isZero(x float64) bool            { return x == 0 }
func (floats) float(x float64) float64          { return x }
func (floats) text(float64) string              { return "" }

type rats struct{}

var ratZero = new(big.Rat)

func (rats) zero() *big.Rat             { return ratZero }
func (rats) frac(p, q int64) *big.Rat   { return big.NewRat(p, q) }
func (rats) add(x, y *big.Rat) *big.Rat { return new(big.Rat).Add(x, y) }
func (rats) mul(x, y *big.Rat) *big.Rat { return new(big.Rat).Mul(x, y) }
func (rats) scale(x *big.Rat, k int64) *big.Rat {
	return new(big.Rat).Mul(x, new(big.Rat).SetInt64(k))
}
func (rats) isZero(x *big.Rat) bool   { return x.Sign() == 0 }
func (rats) float(x *big.Rat) float64 { f, _ := x.Float64(); return f }
func (rats) text(x *big.Rat) string   { return x.RatString() }
