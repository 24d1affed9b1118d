package rulesfile

import (
	"fmt"
	"math/big"
	"testing"
)

// enumerator is a Chooser that walks every sequence of outcomes of the
// events of one round, depth first: a test's own enumeration of the
// Stepper's program.
type enumerator struct {
	choice []int      // the outcome taken at each event so far
	arity  []int      // the number of outcomes of each event
	weight []*big.Rat // the probability of the outcome taken
	pos    int
}

func (e *enumerator) take(n int, p func(k int) *big.Rat) int {
	if e.pos == len(e.choice) {
		e.choice, e.arity, e.weight = append(e.choice, 0), append(e.arity, n), append(e.weight, p(0))
	}
	k := e.choice[e.pos]
	e.weight[e.pos] = p(k)
	e.pos++
	return k
}

func (e *enumerator) Uniform(n int) int {
	return e.take(n, func(int) *big.Rat { return big.NewRat(1, int64(n)) })
}

func (e *enumerator) Heads(n int) int {
	return e.take(n+1, func(k int) *big.Rat {
		c := new(big.Int).Binomial(int64(n), int64(k))
		return new(big.Rat).SetFrac(c, new(big.Int).Lsh(big.NewInt(1), uint(n)))
	})
}

func (e *enumerator) Multinomial(int, []int64, []int32) { panic("not in this test") }

// next moves to the next sequence of outcomes; false when none is left.
func (e *enumerator) next() bool {
	for len(e.choice) > 0 {
		i := len(e.choice) - 1
		if e.choice[i]+1 < e.arity[i] {
			e.choice[i]++
			e.pos = 0
			return true
		}
		e.choice, e.arity, e.weight = e.choice[:i], e.arity[:i], e.weight[:i]
	}
	return false
}

// TestStepperSolvesADuel solves a duel by the Stepper: each round both
// roll 2d6, the higher deals 1 damage, a tie does nothing; a has 2 hit
// points and b 1. A decisive round goes either way with chance 1/2, so a
// wins unless b wins the first two decisive rounds: P(a wins) = 3/4.
func TestStepperSolvesADuel(t *testing.T) {
	rules := `title: a duel
units:
  duellist: {hp: 1}
round:
  - contest: {roll: 2d6, ties: none, winner: [{damage: 1}]}
`
	b := compileOf(t, rules, "a: {units: {tough: 1}, designs: {tough: {base: duellist, hp: 2}}}\nb: {units: {duellist: 1}}\n")
	if err := b.Exact(); err != nil {
		t.Fatal(err)
	}
	s := b.NewStepper()
	memo := map[string]*big.Rat{}
	var win func(st []int32) *big.Rat
	win = func(st []int32) *big.Rat {
		key := fmt.Sprint(st[1:])
		if v, ok := memo[key]; ok {
			return v
		}
		stay := new(big.Rat) // P(the round changes nothing)
		rest := new(big.Rat) // Σ P(next) · P(a wins from next) over the other next states
		e := &enumerator{}
		for {
			next := append([]int32(nil), st...)
			step := s.Round(next, e)
			p := big.NewRat(1, 1)
			for _, w := range e.weight[:e.pos] {
				p.Mul(p, w)
			}
			switch {
			case step.Over:
				if step.Winner == 1 {
					rest.Add(rest, p)
				}
			case fmt.Sprint(next[1:]) == key:
				stay.Add(stay, p)
			default:
				rest.Add(rest, new(big.Rat).Mul(p, win(next)))
			}
			if !e.next() {
				break
			}
		}
		v := new(big.Rat).Quo(rest, new(big.Rat).Sub(big.NewRat(1, 1), stay))
		memo[key] = v
		return v
	}
	st := make([]int32, b.StateLen())
	b.Initial(st)
	if got := win(st); got.Cmp(big.NewRat(3, 4)) != 0 {
		t.Errorf("P(a wins) = %s, want 3/4", got.RatString())
	}
}

// recorder is a Chooser that answers 0 and records the events.
type recorder struct{ uniform []int }

func (r *recorder) Uniform(n int) int                 { r.uniform = append(r.uniform, n); return 0 }
func (r *recorder) Heads(int) int                     { return 0 }
func (r *recorder) Multinomial(int, []int64, []int32) { panic("not in this test") }

// A roll's faces may be an expression of the state (EmojiSpace's damage,
// 1 to the gap between weapon and defence): each die is a uniform event of
// that many outcomes, and a die of fewer than one face is not rolled.
func TestFacesFromTheState(t *testing.T) {
	b := compileOf(t, `title: dice as large as the gap
stats:
  weapon: {doc: w}
  defense: {doc: d}
units:
  u: {hp: 20, weapon: 7, defense: 2}
round:
  - contest:
      roll: 1
      ties: a
      winner:
        - damage: {dice: 2, faces: "self.weapon - other.defense"}
`, "a: {units: {u: 1}}\nb: {units: {u: 1}, designs: {}}\n")
	st := make([]int32, b.StateLen())
	b.Initial(st)
	rec := &recorder{}
	b.NewStepper().Round(st, rec)
	if len(rec.uniform) != 2 || rec.uniform[0] != 5 || rec.uniform[1] != 5 {
		t.Errorf("the damage rolled %v, want two dice of 5 faces", rec.uniform)
	}
	first, _ := b.Units()
	if got := st[first[1]]; got != 20-2 { // b's unit: two dice showing their first face, 1 each
		t.Errorf("b has %d hp left, want 18", got)
	}
}
