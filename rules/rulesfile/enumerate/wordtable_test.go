package enumerate

import (
	"math/rand/v2"
	"testing"
)

// TestWordTable puts keys into a wordTable past several growths, with
// keys alike but for one word, and finds every one as a map would, and
// none it was not given; reset empties it.
func TestWordTable(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var tab wordTable
	want := map[[2]uint64]int32{}
	for round := range 2 {
		for i := range 5000 {
			k, x := r.Uint64(), uint64(i%7)
			if i%3 == 0 {
				k = uint64(i) // small keys, many alike in their high bits
			}
			if _, ok := want[[2]uint64{k, x}]; ok {
				continue
			}
			v := int32(len(want))
			tab.put(k, x, v)
			want[[2]uint64{k, x}] = v
		}
		for kx, v := range want {
			if got, ok := tab.find(kx[0], kx[1]); !ok || got != v {
				t.Fatalf("round %d: find(%d, %d) = %d, %v; want %d", round, kx[0], kx[1], got, ok, v)
			}
			if _, ok := tab.find(kx[0], kx[1]+7); ok {
				t.Fatalf("round %d: find(%d, %d) found a key never put", round, kx[0], kx[1]+7)
			}
		}
		tab.reset()
		for kx := range want {
			if _, ok := tab.find(kx[0], kx[1]); ok {
				t.Fatalf("round %d: after reset, find(%d, %d) found a key", round, kx[0], kx[1])
			}
		}
		clear(want)
	}
}
