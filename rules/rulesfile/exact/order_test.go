package exact

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// loopChain is a chain of k nodes in a loop 0 → 1 → … → k−1 → 0 whose
// node i goes on with chance stay[i] and leaves, to an end, with the
// rest; extra, when set, adds an edge from node 0 to node 2 (a second
// successor within the cycle: no longer a loop).
func loopChain(stay []*big.Rat, extra bool) *chain[*big.Rat, rats] {
	c := &chain[*big.Rat, rats]{}
	k := int32(len(stay))
	for i := range k {
		c.e0 = append(c.e0, int32(len(c.to)))
		left := new(big.Rat).Sub(big.NewRat(1, 1), stay[i])
		if extra && i == 0 {
			half := new(big.Rat).Quo(stay[i], big.NewRat(2, 1))
			c.to, c.w, c.rnd = append(c.to, 2), append(c.w, half), append(c.rnd, 0)
			stay = append([]*big.Rat(nil), stay...)
			stay[i] = half
		}
		c.to, c.w, c.rnd = append(c.to, (i+1)%k), append(c.w, stay[i]), append(c.rnd, 0)
		c.to, c.w, c.rnd = append(c.to, -1), append(c.w, left), append(c.rnd, 0)
	}
	c.e0 = append(c.e0, int32(len(c.to)))
	return c
}

// A loop's visits solved in one pass (solveLoop) are, as fractions, those
// Gaussian elimination finds (solveDense), for loops of 2 to 9 nodes with
// random chances and inflows; a cycle with a second way through is left
// to elimination.
func TestSolveLoopIsElimination(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 4))
	for trial := range 60 {
		k := 2 + trial%8
		stay := make([]*big.Rat, k)
		in := make([]*big.Rat, k)
		comp := make([]int32, k)
		pos := make([]int32, k)
		for i := range k {
			stay[i] = big.NewRat(rng.Int64N(36), 36)
			in[i] = big.NewRat(rng.Int64N(5), 1+rng.Int64N(7))
			comp[i], pos[i] = int32((i+trial)%k), int32((i+trial)%k) // the component in any order
		}
		stay[rng.IntN(k)] = big.NewRat(35, 36) // never all zero
		for i := range k {
			pos[comp[i]] = int32(i)
		}
		c := loopChain(stay, false)
		loop, dense := cloneRats(in), cloneRats(in)
		ok, err := c.solveLoop(comp, pos, loop)
		if !ok || err != nil {
			t.Fatalf("k=%d: solveLoop ok=%v err=%v", k, ok, err)
		}
		if err := c.solveDense(comp, pos, dense); err != nil {
			t.Fatal(err)
		}
		for i := range k {
			if loop[i].Cmp(dense[i]) != 0 {
				t.Errorf("k=%d node %d: %v in one pass, %v by elimination", k, i, loop[i], dense[i])
			}
		}
	}
	stay := []*big.Rat{big.NewRat(1, 2), big.NewRat(1, 3), big.NewRat(1, 4)}
	if ok, _ := loopChain(stay, true).solveLoop([]int32{0, 1, 2}, []int32{0, 1, 2}, cloneRats(stay)); ok {
		t.Error("a cycle with two ways from node 0 solved as a loop")
	}
}

func cloneRats(xs []*big.Rat) []*big.Rat {
	out := make([]*big.Rat, len(xs))
	for i, x := range xs {
		out[i] = new(big.Rat).Set(x)
	}
	return out
}
