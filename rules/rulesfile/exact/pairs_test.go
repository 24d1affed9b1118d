package exact

import (
	"fmt"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulesfile"
	"github.com/crucible-sim/crucible/sim"
)

// Contests of compare: pairs (RISK), solved exactly and checked against
// enumerations written here: every ordered roll of the dice, sorted and
// compared pair by pair, and the battle as a recursion over the armies
// left.

// pairOdds enumerates every ordered roll of na d6 against nd d6 and
// returns, by the pairs the first pool wins, the number of rolls (out of
// 6^(na+nd)): both pools sorted from the highest, compared pair by pair
// as far as the smaller goes, a tie going to the second pool.
func pairOdds(na, nd int) []int64 {
	k := min(na, nd)
	out := make([]int64, k+1)
	dice := make([]int, na+nd)
	a, d := make([]int, na), make([]int, nd)
	var walk func(i int)
	walk = func(i int) {
		if i < len(dice) {
			for f := 1; f <= 6; f++ {
				dice[i] = f
				walk(i + 1)
			}
			return
		}
		copy(a, dice[:na])
		copy(d, dice[na:])
		slices.Sort(a)
		slices.Reverse(a)
		slices.Sort(d)
		slices.Reverse(d)
		won := 0
		for j := range k {
			if a[j] > d[j] {
				won++
			}
		}
		out[won]++
	}
	walk(0)
	return out
}

// The chances of one round of RISK that every table of the game gives:
// three dice against two, the attacker wins both pairs 2890/7776, splits
// them 2611/7776, loses both 2275/7776. The enumeration must say so
// before it is trusted as a reference.
func TestPairOddsByHand(t *testing.T) {
	if got, want := pairOdds(3, 2), []int64{2275, 2611, 2890}; !slices.Equal(got, want) {
		t.Fatalf("3 dice against 2: %v, want %v", got, want)
	}
	if got, want := pairOdds(1, 1), []int64{21, 15}; !slices.Equal(got, want) {
		t.Fatalf("1 die against 1: %v, want %v", got, want)
	}
}

// riskWin is the chance that a attacking armies destroy d defending ones
// when the attacker rolls min(3, a) dice and the defender min(2, d), by
// the recursion over the armies left after each round.
func riskWin(a, d int, memo map[[2]int]*big.Rat) *big.Rat {
	switch {
	case d == 0:
		return big.NewRat(1, 1)
	case a == 0:
		return new(big.Rat)
	}
	if p, ok := memo[[2]int{a, d}]; ok {
		return p
	}
	na, nd := min(3, a), min(2, d)
	odds := pairOdds(na, nd)
	total := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(6), big.NewInt(int64(na+nd)), nil))
	p := new(big.Rat)
	for won, n := range odds {
		lost := len(odds) - 1 - won
		w := new(big.Rat).Quo(new(big.Rat).SetInt64(n), total)
		p.Add(p, w.Mul(w, riskWin(max(a-lost, 0), max(d-won, 0), memo)))
	}
	memo[[2]int{a, d}] = p
	return p
}

// The built-in RISK rules file gives the attacker's chance of winning as
// the recursion does, as fractions, for every battle up to six armies
// against four.
func TestRiskExact(t *testing.T) {
	src := example(t, "risk.rules.yaml")
	memo := map[[2]int]*big.Rat{}
	for a := 1; a <= 6; a++ {
		for d := 1; d <= 4; d++ {
			sides := fmt.Sprintf("a: {units: {attacking-army: %d}}\nb: {units: {defending-army: %d}}\n", a, d)
			r, err := Solve(t.Context(), modelOf(t, src, sides), Options{Rational: true})
			if err != nil {
				t.Fatal(err)
			}
			if got, want := r.Win[rules.A].Rat, riskWin(a, d, memo).RatString(); got != want {
				t.Errorf("%d armies against %d: P(attacker wins) = %s, want %s", a, d, got, want)
			}
		}
	}
}

// fourD6Rules is a contest of 4d6 against 4d6 compared in pairs, ties to
// b, fought for one round between units of 4 hit points: a's damage dealt
// is the pairs a wins.
const fourD6Rules = `title: 4d6 against 4d6 in pairs
units:
  roller: {hp: 4}
round:
  - contest:
      roll: 4d6
      compare: pairs
      ties: b
      loser: [{damage: 1, to: self}]
cap: 1
`

// The distribution of the pairs won by 4d6 against 4d6 is the one the
// 6^8 ordered rolls give.
func TestFourD6AgainstFourD6(t *testing.T) {
	checkPairsWon(t, fourD6Rules, 4, 4)
}

// checkPairsWon solves src (a battle of one round between oneRoller's
// units, in which a deals 1 damage for each pair it wins) as fractions,
// checks that a's damage dealt is distributed as the pairs won by na d6
// against nd d6 in pairOdds, and returns the solution.
func checkPairsWon(t *testing.T, src string, na, nd int) *rules.Exact {
	t.Helper()
	r, err := Solve(t.Context(), modelOf(t, src, oneRoller), Options{Rational: true})
	if err != nil {
		t.Fatal(err)
	}
	got, ok := r.Counter("a.damage-dealt")
	if !ok {
		t.Fatal("no counter a.damage-dealt")
	}
	total := new(big.Int).Exp(big.NewInt(6), big.NewInt(int64(na+nd)), nil)
	for won, n := range pairOdds(na, nd) {
		if want := new(big.Rat).SetFrac(big.NewInt(n), total).RatString(); at(got.Rat, won) != want {
			t.Errorf("P(a wins %d pairs) = %s, want %s", won, at(got.Rat, won), want)
		}
	}
	return r
}

// nestedPairsRules is a contest inside effects: a's champion always wins
// the phase's contest (a fixed roll, ties to a), then rolls 3d6 against
// 2d6 in pairs, ties lost; each pair won deals 1 damage to other, each
// lost 1 to self; units of 2 hit points, one round.
const nestedPairsRules = `title: 3d6 against 2d6 in pairs inside effects
units:
  roller: {hp: 2}
round:
  - contest:
      roll: 1
      ties: a
      winner:
        - contest: {roll: 3d6, against: 2d6, compare: pairs, ties: lose, win: [{damage: 1}], lose: [{damage: 1, to: self}]}
cap: 1
`

// A contest of compare: pairs inside effects deals the damage the
// enumeration of 6^5 rolls says, exactly and in Monte Carlo.
func TestNestedPairs(t *testing.T) {
	r := checkPairsWon(t, nestedPairsRules, 3, 2)
	b, err := rulesfile.Compile(documentOf(t, nestedPairsRules, oneRoller))
	if err != nil {
		t.Fatal(err)
	}
	tl, err := sim.Run(t.Context(), sim.Job{Battle: b, Key: sim.Key("nested-pairs"), Seed: 7, Trials: 100_000, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if diffs := agreement(tl, r); len(diffs) > 0 {
		t.Errorf("Monte Carlo and the exact answer disagree (|z| > %g):\n%s", maxZ, strings.Join(diffs, "\n"))
	}
}

// coinRules is 3d4 against 3d4 in pairs, a tied pair decided by a coin.
const coinRules = `title: 3d4 against 3d4 in pairs, ties by a coin
units:
  roller: {hp: 3}
round:
  - contest:
      roll: 3d4
      compare: pairs
      ties: coin
      loser: [{damage: 1, to: self}]
cap: 1
`

// A tied pair a coin decides is each side's with half the chance: the
// pairs a wins are those its dice win, and of the t tied pairs j with
// chance C(t, j)/2^t, over all 4^6 ordered rolls.
func TestCoinTiedPairs(t *testing.T) {
	want := make([]*big.Rat, 4)
	for i := range want {
		want[i] = new(big.Rat)
	}
	roll := make([]int, 6)
	a, d := make([]int, 3), make([]int, 3)
	for code := range 4096 {
		for i, x := 0, code; i < 6; i, x = i+1, x/4 {
			roll[i] = x%4 + 1
		}
		copy(a, roll[:3])
		copy(d, roll[3:])
		slices.Sort(a)
		slices.Sort(d)
		won, tied := 0, 0
		for j := range 3 {
			switch {
			case a[j] > d[j]:
				won++
			case a[j] == d[j]:
				tied++
			}
		}
		for j := 0; j <= tied; j++ {
			w := new(big.Rat).SetFrac(new(big.Int).Binomial(int64(tied), int64(j)), big.NewInt(4096<<tied))
			want[won+j].Add(want[won+j], w)
		}
	}
	r, err := Solve(t.Context(), modelOf(t, coinRules, oneRoller), Options{Rational: true})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := r.Counter("a.damage-dealt")
	for k, w := range want {
		if at(got.Rat, k) != w.RatString() {
			t.Errorf("P(a wins %d pairs) = %s, want %s", k, at(got.Rat, k), w.RatString())
		}
	}
}
