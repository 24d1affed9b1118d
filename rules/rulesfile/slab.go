package rulesfile

// int32Slab hands out small int32 slices cut from large blocks: the
// Enumerator keeps tens of thousands of them (a side's outcomes, the
// enemy's units an assignment leaves), and one allocation a block instead
// of one a slice spares the solve most of its garbage collection. After a
// reset the blocks are cut again.
type int32Slab struct {
	block []int32   // the block being cut
	used  [][]int32 // blocks cut since the last reset
	spare [][]int32 // blocks to cut again
}

// slabBlock is the int32s of a block (16 KiB).
const slabBlock = 4096

// alloc returns a zeroed slice of n int32s whose capacity is n, so that an
// append to it never writes over its neighbours.
func (s *int32Slab) alloc(n int) []int32 {
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
func (s *int32Slab) clone(v []int32) []int32 {
	out := s.alloc(len(v))
	copy(out, v)
	return out
}

// nextBlock starts a block of at least n int32s: a spare one, or a new
// one.
func (s *int32Slab) nextBlock(n int) {
	if s.block != nil {
		s.used = append(s.used, s.block)
	}
	if k := len(s.spare); k > 0 && cap(s.spare[k-1]) >= n {
		s.block, s.spare = s.spare[k-1][:0], s.spare[:k-1]
		return
	}
	s.block = make([]int32, 0, max(slabBlock, n))
}

// reset takes back every slice handed out: their memory is cut again.
func (s *int32Slab) reset() {
	if s.block != nil {
		s.used = append(s.used, s.block)
		s.block = nil
	}
	s.spare = append(s.spare, s.used...)
	s.used = s.used[:0]
}
