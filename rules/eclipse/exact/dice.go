package exact

import "sync/atomic"

// diceTables are the factors of a roll's probability (§8.2): the
// binomials C(n, k) and the powers (f/6)^n of a face class of f faces,
// for n up to the most dice of one colour a volley rolls.
type diceTables[T any] struct {
	binom [][]T // binom[n][k] = C(n, k)
	pow   [7][]T
}

// newDiceTables computes the tables for n ≤ maxN in the arithmetic ar.
func newDiceTables[T any, A num[T]](ar A, maxN int) *diceTables[T] {
	d := &diceTables[T]{binom: make([][]T, maxN+1)}
	for n := range maxN + 1 {
		d.binom[n] = make([]T, n+1)
		d.binom[n][0], d.binom[n][n] = ar.frac(1, 1), ar.frac(1, 1)
		for k := 1; k < n; k++ {
			d.binom[n][k] = ar.add(d.binom[n-1][k-1], d.binom[n-1][k])
		}
	}
	for f := 1; f <= 6; f++ {
		p := ar.frac(int64(f), 6)
		d.pow[f] = make([]T, maxN+1)
		d.pow[f][0] = ar.frac(1, 1)
		for n := 1; n <= maxN; n++ {
			d.pow[f][n] = ar.mul(d.pow[f][n-1], p)
		}
	}
	return d
}

// floatDice holds the largest floating-point tables computed so far.
// Every entry is computed by the same operations whatever maxN is (a row
// of Pascal's triangle from the row before, a power from the power
// before), so a larger table holds bit for bit the numbers a smaller one
// would, and solves share one instead of computing theirs: for a duel,
// computing them was a tenth of the solve. It only grows; a race between
// two solves that both grow it stores one of two equal tables.
var floatDice atomic.Pointer[diceTables[float64]]

// minFloatDice is the smallest maxN floatDice is computed for (the dice
// of one colour of 14 ships of two dice each, beyond any default fleet).
const minFloatDice = 32

// sharedFloatDice returns float tables for n ≤ maxN at least.
func sharedFloatDice(maxN int) *diceTables[float64] {
	if d := floatDice.Load(); d != nil && len(d.binom) > maxN {
		return d
	}
	d := newDiceTables[float64](floats{}, max(maxN, minFloatDice))
	floatDice.Store(d)
	return d
}
