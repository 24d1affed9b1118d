package exact

import (
	"math/big"
	"testing"

	"github.com/crucible-sim/crucible/rules"
)

// The designer's 2d6 duel, solved by hand: a round is one contest, its
// ties re-rolled, won by either duellist with the same chance by symmetry,
// so each decided round is a fair coin; a duellist with h hit points left
// loses when the other has won h rounds. Who wins is then a race of two
// counts of coin flips: P(a wins) = Σ_k C(hb−1+k, k) p^hb q^k over the k
// rounds b wins first (k < ha), a negative-binomial sum.

// raceWin returns P(the first to win need rounds wins), each round won
// with chance p, the other needing other rounds: Σ_{k<other}
// C(need−1+k, k) p^need (1−p)^k.
func raceWin(need, other int, p *big.Rat) *big.Rat {
	q := new(big.Rat).Sub(big.NewRat(1, 1), p)
	sum := new(big.Rat)
	for k := range other {
		c := new(big.Int).Binomial(int64(need-1+k), int64(k))
		term := new(big.Rat).SetInt(c)
		term.Mul(term, ratPow(p, need))
		term.Mul(term, ratPow(q, k))
		sum.Add(sum, term)
	}
	return sum
}

// raceRounds returns E[rounds] of the race: Σ over the winner and the
// loser's wins k of (need + k) × the chance of that ending.
func raceRounds(ha, hb int, p *big.Rat) *big.Rat {
	q := new(big.Rat).Sub(big.NewRat(1, 1), p)
	sum := new(big.Rat)
	end := func(need, other int, p, q *big.Rat) {
		for k := range other {
			c := new(big.Int).Binomial(int64(need-1+k), int64(k))
			term := new(big.Rat).SetInt(c)
			term.Mul(term, ratPow(p, need))
			term.Mul(term, ratPow(q, k))
			term.Mul(term, big.NewRat(int64(need+k), 1))
			sum.Add(sum, term)
		}
	}
	end(hb, ha, p, q) // a wins: b's hb hit points gone
	end(ha, hb, q, p)
	return sum
}

func ratPow(x *big.Rat, n int) *big.Rat {
	r := big.NewRat(1, 1)
	for range n {
		r.Mul(r, x)
	}
	return r
}

// sumsGreater returns P(Σ of na d6 > Σ of nb d6 | the sums differ),
// counting every roll of both pools.
func sumsGreater(na, nb int) *big.Rat {
	dist := func(n int) map[int]int64 {
		d := map[int]int64{0: 1}
		for range n {
			next := map[int]int64{}
			for s, c := range d {
				for f := 1; f <= 6; f++ {
					next[s+f] += c
				}
			}
			d = next
		}
		return d
	}
	da, db := dist(na), dist(nb)
	var gt, lt int64
	for x, cx := range da {
		for y, cy := range db {
			switch {
			case x > y:
				gt += cx * cy
			case x < y:
				lt += cx * cy
			}
		}
	}
	return big.NewRat(gt, gt+lt)
}

// duelFile is the 2d6 duel with the dice and hit points of each duellist
// its own stats.
const duelFile = `title: duel
stats:
  dice: {default: 2, doc: "the d6 a duellist rolls"}
units:
  duellist: {hp: 5}
  strong: {hp: 5, dice: 3}
  weak: {hp: 4}
round:
  - contest:
      roll: {dice: "self.dice", die: 6}
      ties: reroll
      winner:
        - damage: 1
`

func TestDuelAgainstClosedForms(t *testing.T) {
	half := big.NewRat(1, 2)
	for _, c := range []struct {
		name   string
		a, b   string
		ha, hb int
		p      *big.Rat // P(a wins a decided round)
	}{
		{"the example's 5 against 5", "duellist", "duellist", 5, 5, half},
		{"5 against 4", "duellist", "weak", 5, 4, half},
		{"3d6 against 2d6, 5 against 5", "strong", "duellist", 5, 5, sumsGreater(3, 2)},
		{"3d6 against 2d6, 5 against 4", "strong", "weak", 5, 4, sumsGreater(3, 2)},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := modelOf(t, duelFile, "a: {units: {"+c.a+": 1}}\nb: {units: {"+c.b+": 1}}\n")
			r, err := Solve(t.Context(), m, Options{Rational: true})
			if err != nil {
				t.Fatal(err)
			}
			want := raceWin(c.hb, c.ha, c.p)
			if r.Win[rules.A].Rat != want.RatString() {
				t.Errorf("P(a wins) = %s, want %s", r.Win[rules.A].Rat, want.RatString())
			}
			wantB := new(big.Rat).Sub(big.NewRat(1, 1), want)
			if r.Win[rules.B].Rat != wantB.RatString() || r.Win[rules.None].Rat != "0" {
				t.Errorf("P(b wins) = %s, P(none) = %s, want %s and 0", r.Win[rules.B].Rat, r.Win[rules.None].Rat, wantB.RatString())
			}
			if rr := raceRounds(c.ha, c.hb, c.p); r.RoundsMean.Rat != rr.RatString() {
				t.Errorf("E[rounds] = %s, want %s", r.RoundsMean.Rat, rr.RatString())
			}
			if f, _ := want.Float64(); !close(r.Win[rules.A].F, f, 1e-12) {
				t.Errorf("P(a wins) = %v as a float, want %v", r.Win[rules.A].F, f)
			}
		})
	}
}

func close(x, y, tol float64) bool { return x-y <= tol && y-x <= tol }
