package rulesfile

// int32Slab hands out small int32 slices cut from large blocks: the
// Enumerator keeps tens of thousands of them (a side's outcomes, the
// enemy's units an assignment leaves), and one allocation a block instead
// of one a slice spares the solve most of its garbage collection.
type int32Slab struct{ block []int32 }

// slabBlock is the int32s of a block (16 KiB).
const slabBlock = 4096

// alloc returns a zeroed slice of n int32s whose capacity is n, so that an
// append to it never writes over its neighbours.
func (s *int32Slab) alloc(n int) []int32 {
	if n > cap(s.block)-len(s.block) {
		s.block = make([]int32, 0, max(slabBlock, n))
	}
	k := len(s.block)
	s.block = s.block[:k+n]
	return s.block[k : k+n : k+n]
}

// clone returns a copy of v cut from the slab.
func (s *int32Slab) clone(v []int32) []int32 {
	out := s.alloc(len(v))
	copy(out, v)
	return out
}
