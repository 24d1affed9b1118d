package enumerate

import "testing"

// TestSlab checks that a slab's slices are zeroed, never overlap, cannot
// be appended into a neighbour, and are cut again from the same blocks
// after a reset.
func TestSlab(t *testing.T) {
	var s int32Slab
	var got [][]int32
	for i, n := range []int{3, 1, slabBlock - 2, 7, 2 * slabBlock} {
		v := s.alloc(n)
		if len(v) != n || cap(v) != n {
			t.Fatalf("alloc(%d): len %d cap %d", n, len(v), cap(v))
		}
		for j := range v {
			if v[j] != 0 {
				t.Fatalf("alloc(%d)[%d] = %d, want 0", n, j, v[j])
			}
			v[j] = int32(i + 1)
		}
		got = append(got, v)
	}
	for i, v := range got {
		for j, x := range v {
			if x != int32(i+1) {
				t.Fatalf("slice %d [%d] = %d, want %d: slices overlap", i, j, x, i+1)
			}
		}
	}
	blocks := len(s.used) + 1
	s.reset()
	if len(s.spare) != blocks || s.block != nil {
		t.Fatalf("after reset: %d spare blocks, want %d", len(s.spare), blocks)
	}
	c := s.clone([]int32{5, 6})
	if c[0] != 5 || c[1] != 6 || cap(c) != 2 {
		t.Fatalf("clone = %v (cap %d), want [5 6] (cap 2)", c, cap(c))
	}
	if v := s.alloc(4); v[0] != 0 || v[3] != 0 {
		t.Fatalf("a reused block's slice = %v, want zeros", v)
	}
	if len(s.spare) != blocks-1 {
		t.Fatalf("%d spare blocks left, want %d: a spare block was not cut again", len(s.spare), blocks-1)
	}
}
