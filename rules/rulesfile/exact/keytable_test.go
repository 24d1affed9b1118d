package exact

import (
	"math/rand/v2"
	"testing"
)

// keyTable gives each key the node it was first added as, against a Go
// map, through growths and a reset, keys close together (as packed
// states are) and far apart.
func TestKeyTable(t *testing.T) {
	var tab keyTable
	rng := rand.New(rand.NewPCG(27, 1))
	for round := range 2 {
		want := map[uint64]int32{}
		for range 20_000 {
			k := uint64(rng.IntN(12_000)) << (rng.IntN(3) * 20)
			if round == 1 {
				k = rng.Uint64()
			}
			next := int32(len(want))
			got, found := tab.get(k, next)
			w, ok := want[k]
			if !ok {
				want[k], w = next, next
			}
			if got != w || found != ok {
				t.Fatalf("key %#x: node %d (found %v), want %d (found %v)", k, got, found, w, ok)
			}
		}
		if tab.used != len(want) {
			t.Errorf("%d keys used, want %d", tab.used, len(want))
		}
		tab.reset()
	}
}
