package ec4x

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// nimWalk is §4.5's draw as the engine walks it: the weights added one
// candidate at a time in float64, the first whose cumulative weight
// reaches u, the last if none does.
func nimWalk(x uint64, n, w int) int {
	u := float64(x%1000000) / 1000000.0 * float64(n*w)
	cum := 0.0
	for k := range n {
		if cum += float64(w); cum >= u {
			return k
		}
	}
	return n - 1
}

// nimPosition must give the walk's candidate for every draw: every residue
// mod 10⁶ for some pool sizes, and random draws for every size a task
// force list can hold, with each bucket's base weight.
func TestNimPosition(t *testing.T) {
	for b := range numBuckets {
		w := b.BaseWeight()
		for _, n := range []int{2, 3, 7, 64} {
			for x := range uint64(1000000) {
				if got, want := nimPosition(x, n, b), nimWalk(x, n, w); got != want {
					t.Fatalf("n=%d w=%d x=%d: position %d, the walk %d", n, w, x, got, want)
				}
			}
		}
		r := rand.New(rand.NewPCG(1, uint64(w)))
		for n := 2; n <= MaxTaskForces*maxSquadrons; n++ {
			for range 2000 {
				x := r.Uint64()
				if got, want := nimPosition(x, n, b), nimWalk(x, n, w); got != want {
					t.Fatalf("n=%d w=%d x=%d: position %d, the walk %d", n, w, x, got, want)
				}
			}
		}
	}
}

func TestNthBit(t *testing.T) {
	for _, c := range []struct {
		m    uint64
		k    int
		want int
	}{
		{1, 0, 0}, {0b1010, 0, 1}, {0b1010, 1, 3}, {1<<63 | 1, 1, 63}, {^uint64(0), 40, 40},
	} {
		if got := nthBit(c.m, c.k); got != c.want {
			t.Errorf("nthBit(%#b, %d) = %d, want %d", c.m, c.k, got, c.want)
		}
	}
	// Every rank of random sets, sparse and dense, against clearing bits.
	r := rand.New(rand.NewPCG(2, 3))
	for range 20000 {
		m := r.Uint64()&r.Uint64() | 1<<r.IntN(64)
		if r.IntN(2) == 0 {
			m |= r.Uint64()
		}
		rest := m
		for k := range bits.OnesCount64(m) {
			if got, want := nthBit(m, k), bits.TrailingZeros64(rest); got != want {
				t.Fatalf("nthBit(%#x, %d) = %d, want %d", m, k, got, want)
			}
			rest &= rest - 1
		}
	}
}

func TestSpan(t *testing.T) {
	for _, c := range []struct {
		first, end int32
		want       uint64
	}{
		{0, 0, 0}, {3, 3, 0}, {0, 1, 1}, {2, 5, 0b11100}, {0, 64, ^uint64(0)}, {63, 64, 1 << 63}, {1, 64, ^uint64(1)},
	} {
		if got := span(c.first, c.end); got != c.want {
			t.Errorf("span(%d, %d) = %#x, want %#x", c.first, c.end, got, c.want)
		}
	}
}
