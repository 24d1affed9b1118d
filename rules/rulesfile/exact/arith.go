package exact

import (
	"math/big"

	"github.com/crucible-sim/crucible/rules/rulesfile/exactmodel"
)

// The solver is generic over its arithmetic, as the Enumerator is
// (rulesfile.Arith): float64 for speed, *big.Rat for exact fractions
// (--rational). Both walk the same code.

// arith is rulesfile.Arith and what the solver needs besides: a float64
// of any value, for the results.
type arith[T any] interface {
	exactmodel.Arith[T]
	Float(x T) float64
}

type floats struct{ exactmodel.Floats }

func (floats) Float(x float64) float64 { return x }

type rats struct{}

var ratZero = new(big.Rat)

func (rats) Zero() *big.Rat             { return ratZero }
func (rats) Frac(p, q int64) *big.Rat   { return big.NewRat(p, q) }
func (rats) Add(x, y *big.Rat) *big.Rat { return new(big.Rat).Add(x, y) }
func (rats) Sub(x, y *big.Rat) *big.Rat { return new(big.Rat).Sub(x, y) }
func (rats) Mul(x, y *big.Rat) *big.Rat { return new(big.Rat).Mul(x, y) }
func (rats) Div(x, y *big.Rat) *big.Rat { return new(big.Rat).Quo(x, y) }
func (rats) IsZero(x *big.Rat) bool     { return x.Sign() == 0 }
func (rats) Float(x *big.Rat) float64   { f, _ := x.Float64(); return f }
