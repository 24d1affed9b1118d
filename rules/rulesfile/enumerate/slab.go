package enumerate

// slab hands out small slices cut from large blocks: the Enumerator
// keeps tens of thousands of them (a side's outcomes, the enemy's units an
// assignment leaves), and one allocation a block instead of one a slice
// spares the solve most of its garbage collection. After a reset the
// blocks are cut again.
type slab[E any] struct {
	block []E   // the block being cut
	used  [][]E // blocks cut since the last reset
	spare [][]E // blocks to cut again
}

// int32Slab is the slab of the small int32 slices.
type int32Slab = slab[int32]

// slabBlock is the values of a block (4 KiB of int32s).
const slabBlock = 1024

// alloc returns a zeroed slice of n values whose capacity is n, so that an
// append to it never writes over its neighbours.
func (s *slab[E]) alloc(n int) []E {
	if n > cap(s.block)-len(s.block) {
		s.nextBlock(n)
	}
	k := len(s.block)
	s.block = s.block[:k+n]
	out := s.block[k : k+n : k+n]
	clear(out)
	return out
}

// clone returns a copy of v cut from the slab.
func (s *slab[E]) clone(v []E) []E {
	out := s.alloc(len(v))
	copy(out, v)
	return out
}

// nextBlock starts a block of at least n values: a spare one, or a new
// one.
func (s *slab[E]) nextBlock(n int) {
	if s.block != nil {
		s.used = append(s.used, s.block)
	}
	if k := len(s.spare); k > 0 && cap(s.spare[k-1]) >= n {
		s.block, s.spare = s.spare[k-1][:0], s.spare[:k-1]
		return
	}
	s.block = make([]E, 0, max(slabBlock, n))
}

// reset takes back every slice handed out: their memory is cut again.
func (s *slab[E]) reset() {
	if s.block != nil {
		s.used = append(s.used, s.block)
		s.block = nil
	}
	s.spare = append(s.spare, s.used...)
	s.used = s.used[:0]
}
