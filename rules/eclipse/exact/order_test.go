package exact

import (
	"context"
	"slices"
	"testing"
)

// TestSortsAgree: the node order of the packed radix sort, of the radix
// sort of slots (its fallback) and of the insertion sort (small graphs)
// is the one a comparison sort by progress, then key, gives, on graphs
// of 2,332 nodes (digits of a byte) and 8,265 (of 11 bits).
func TestSortsAgree(t *testing.T) {
	for _, name := range []string{"fleet-mirror", "upgraded-three-types"} {
		t.Run(name, func(t *testing.T) {
			opt := Options{}.withDefaults()
			s, err := newSolver[float64](floats{}, compileBuiltin(t, name), opt, newBudget(context.Background(), opt.MaxSteps, lookFloat))
			if err != nil {
				t.Fatal(err)
			}
			if err := s.run(); err != nil {
				t.Fatal(err)
			}
			want := make([]int32, len(s.nodes))
			for i := range want {
				want[i] = int32(i)
			}
			slices.SortFunc(want, func(a, b int32) int {
				na, nb := &s.nodes[a], &s.nodes[b]
				if na.prog != nb.prog {
					return int(na.prog - nb.prog)
				}
				if na.key < nb.key {
					return -1
				}
				return 1
			})
			for _, sort := range []struct {
				name string
				run  func()
			}{
				{"packed", func() {
					if !s.sortPacked() {
						t.Fatal("the nodes do not fit the packed sort")
					}
				}},
				{"slots", s.sortSlots},
				{"insertion", s.insertionSort},
			} {
				s.order = nil
				sort.run()
				if !slices.Equal(s.order, want) {
					t.Errorf("%s: the order differs from a comparison sort's", sort.name)
				}
			}
		})
	}
}
