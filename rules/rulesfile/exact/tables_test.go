package exact

import (
	"math"
	"math/big"
	"testing"

	"github.com/crucible-sim/crucible/rules"
)

// sharedTablesFile's hit test reads self.skill and target.guard: types
// alike in those share a table (within a compile and across compiles),
// types that differ in them must not.
const sharedTablesFile = `title: one gun each, fired at once
stats:
  skill: {doc: "added to the die"}
  guard: {doc: "taken from a die rolled against the unit"}
  speed: {doc: "read by no formula"}
weapons:
  gun: {hit: "face + self.skill - target.guard >= 6", damage: 1}
units:
  plain: {hp: 1, weapons: {gun: 1}}
  fast:  {hp: 1, speed: 3, weapons: {gun: 1}}
  sharp: {hp: 1, skill: 2, weapons: {gun: 1}}
  tough: {hp: 1, guard: 1, weapons: {gun: 1}}
round:
  - fire: {order: simultaneous}
`

// TestTablesFollowTheValuesRead solves duels one after the other in one
// process, so that a formula's table kept by one compile is offered to
// the next, against the closed form of two one-hit-point units firing at
// once each round with hit chances pa and pb: a wins with
// pa(1−pb) / (1 − (1−pa)(1−pb)), and both fall with papb / (…), up to
// the mass the round cap leaves (below 1e-15 here).
func TestTablesFollowTheValuesRead(t *testing.T) {
	r := func(a, b int64) *big.Rat { return big.NewRat(a, b) }
	for _, c := range []struct {
		a, b   string
		pa, pb *big.Rat
	}{
		{"plain", "plain", r(1, 6), r(1, 6)},
		{"fast", "plain", r(1, 6), r(1, 6)}, // speed is read by nothing: the plain table
		{"sharp", "plain", r(1, 2), r(1, 6)},
		{"plain", "sharp", r(1, 6), r(1, 2)},
		{"sharp", "tough", r(1, 3), r(1, 6)},
		{"tough", "sharp", r(1, 6), r(1, 3)},
		{"sharp", "sharp", r(1, 2), r(1, 2)},
	} {
		m := modelOf(t, sharedTablesFile, "a: {units: {"+c.a+": 1}}\nb: {units: {"+c.b+": 1}}\n")
		res, err := Solve(t.Context(), m, Options{})
		if err != nil {
			t.Fatal(err)
		}
		one := r(1, 1)
		missA, missB := new(big.Rat).Sub(one, c.pa), new(big.Rat).Sub(one, c.pb)
		ends := new(big.Rat).Sub(one, new(big.Rat).Mul(missA, missB))
		winA := new(big.Rat).Quo(new(big.Rat).Mul(c.pa, missB), ends)
		winB := new(big.Rat).Quo(new(big.Rat).Mul(c.pb, missA), ends)
		both := new(big.Rat).Quo(new(big.Rat).Mul(c.pa, c.pb), ends)
		for s, want := range map[rules.Side]*big.Rat{rules.A: winA, rules.B: winB, rules.None: both} {
			if w, _ := want.Float64(); math.Abs(res.Win[s].F-w) > 1e-12 {
				t.Errorf("%s against %s: P(%v) = %v, want %s = %v", c.a, c.b, s, res.Win[s].F, want.RatString(), w)
			}
		}
	}
}
