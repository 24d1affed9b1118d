package exact

import "math/bits"

// sortNodes orders the nodes topologically: by progress, then state, then
// pointer, so that each fleet state's nodes (a "cluster", which only the
// no-change loop connects) are contiguous. Since key = x·ptrs + k with
// k < ptrs, (state, pointer) order is key order. Keys are distinct, so the
// order is fully determined; it is found by a radix sort (stable passes
// over digits of the progress and the key joined in one word, progress
// above, least significant first), several times faster than a
// comparison sort here: keys have few significant bits and progress takes
// few values.
func (s *solver[T, A]) sortNodes() {
	n := len(s.nodes)
	if n <= smallSort {
		s.insertionSort()
		return
	}
	if !s.sortPacked() {
		s.sortSlots()
	}
}

// sortSlots is sortNodes' radix sort of the nodes' slots, for when a
// node's progress, key and index do not fit in one word (see sortPacked).
func (s *solver[T, A]) sortSlots() {
	n := len(s.nodes)
	// Every node exists now, so the node table is no longer needed: its
	// slots (at least twice as many as the nodes) hold the two buffers the
	// passes alternate between, which saves allocating them; a slot's tag
	// holds the node's progress. (The table is not used again.)
	src, dst := s.index.slots[:n], s.index.slots[n:2*n]
	// Progress and key side by side in one word, when they fit (nearly
	// always: keys of a few tens of bits, progress of a few), sort in
	// fewer passes than the key's then the progress's.
	kb, pb := bits.Len64(s.keyBits), bits.Len64(s.progBits)
	joint := kb+pb <= 64
	for i := range s.nodes {
		nd := &s.nodes[i]
		src[i] = tableSlot{key: nd.key, tag: uint32(nd.prog), idx: int32(i)}
		if joint {
			src[i].key |= uint64(nd.prog) << kb
		}
	}
	w := 8 // bits a digit: wider digits, fewer passes, for many nodes
	if n >= wideSort {
		w = maxRadixBits
	}
	passes := func(bits, from int) {
		for d := 0; d < bits; d += w {
			radixPass(dst, src, from+d, w)
			src, dst = dst, src
		}
	}
	if joint {
		passes(kb+pb, 0)
	} else {
		passes(kb, 0)
		passes(pb, 64)
	}
	s.order = scratch(s.order, n) // every element is set below
	for i, sl := range src {
		s.order[i] = sl.idx
	}
}

// sortPacked is sortNodes' radix sort when a node's progress, key and
// index fit in one word together (nearly always): it sorts the words,
// half the bytes of slots, counts every digit in one read of them, and
// reads the order off their low bits. It reports false, having done
// nothing, when they do not fit.
func (s *solver[T, A]) sortPacked() bool {
	n := len(s.nodes)
	kb, pb, ib := bits.Len64(s.keyBits), bits.Len64(s.progBits), bits.Len(uint(n-1))
	if kb+pb+ib > 64 {
		return false
	}
	s.sortBuf = scratch(s.sortBuf, 2*n) // every element is set below
	src, dst := s.sortBuf[:n], s.sortBuf[n:]
	// Shifts are masked to 63 and digits to maxRadixBits bits, which they
	// are already: that spares the compiler's checks of a shift's width
	// and of an index's bounds in every turn of the loops.
	kb, ib = kb&63, ib&63
	for i := range s.nodes {
		src[i] = (uint64(s.nodes[i].prog)<<kb|s.nodes[i].key)<<ib | uint64(i)
	}
	w := 8 // bits a digit: wider digits, fewer passes, for many nodes
	if n >= wideSort {
		w = maxRadixBits
	}
	passes := (kb + pb + w - 1) / w
	w = (kb + pb + passes - 1) / passes // as even as can be
	var counts [maxPasses][1 << maxRadixBits]int32
	mask := (uint64(1)<<w - 1) & (1<<maxRadixBits - 1)
	for p := range passes {
		cp, at := &counts[p], (ib+p*w)&63
		for _, v := range src {
			cp[v>>at&mask]++
		}
	}
	for p := range passes {
		start, sum := &counts[p], int32(0) // per digit value: where its run begins in dst
		for v, c := range start[:1<<w] {
			start[v] = sum
			sum += c
		}
		at := (ib + p*w) & 63
		for _, v := range src {
			d := v >> at & mask
			dst[start[d]] = v
			start[d]++
		}
		src, dst = dst, src
	}
	s.order = scratch(s.order, n) // every element is set below
	for i, v := range src {
		s.order[i] = int32(v & (1<<ib - 1))
	}
	return true
}

// maxPasses is the most passes sortPacked makes: digits of 8 bits or
// more over the bits of a word.
const maxPasses = 8

// maxRadixBits is the widest digit of the radix sort: its counts (2^11
// of them, 8 KB) stay in the first-level cache. Running over them costs a
// pass more than its fewer passes save below wideSort nodes, which take
// digits of a byte.
const (
	maxRadixBits = 11
	wideSort     = 1 << 12
)

// smallSort is the most nodes insertionSort orders: below it, the
// radix sort's passes over 256 buckets cost more than the comparisons
// (a duel has two nodes).
const smallSort = 48

// insertionSort sets s.order to the nodes by progress, then key: the
// order the radix sort gives, keys being distinct.
func (s *solver[T, A]) insertionSort() {
	s.order = scratch(s.order, len(s.nodes)) // every element is set below
	less := func(a, b int32) bool {
		na, nb := &s.nodes[a], &s.nodes[b]
		return na.prog < nb.prog || na.prog == nb.prog && na.key < nb.key
	}
	for i := range s.order {
		j := i
		for ; j > 0 && less(int32(i), s.order[j-1]); j-- {
			s.order[j] = s.order[j-1]
		}
		s.order[j] = int32(i)
	}
}

// radixPass copies src into dst stably ordered by the w bits (w ≤
// maxRadixBits) of the slots from bit at: of the key for at < 64, else of
// the tag from bit at−64.
func radixPass(dst, src []tableSlot, at, w int) {
	mask := uint32(1)<<w - 1
	digit := func(sl tableSlot) uint32 {
		if at < 64 {
			return uint32(sl.key>>at) & mask
		}
		return sl.tag >> (at - 64) & mask
	}
	var counts [1 << maxRadixBits]int32
	start := counts[:1<<w] // per digit value: where its run begins in dst
	for _, sl := range src {
		start[digit(sl)]++
	}
	sum := int32(0)
	for v, c := range start {
		start[v] = sum
		sum += c
	}
	for _, sl := range src {
		v := digit(sl)
		dst[start[v]] = sl
		start[v]++
	}
}

// clusters calls f for each run of nodes with the same fleet state, in
// topological order (or reverse). It stops with the context's error when
// the solve is cancelled: over big.Rat a pass takes seconds.
func (s *solver[T, A]) clusters(reverse bool, f func(cl []int32)) error {
	// The runs are found on the fly, scanning from the end when reverse,
	// rather than listed first: no allocation per solve.
	state := func(i int) uint64 { return s.nodes[s.order[i]].state() }
	n := len(s.order)
	for done, i, j := 0, 0, n; i < j; done++ {
		if done%clustersPerLook == 0 {
			if err := s.bud.ctx.Err(); err != nil {
				return err
			}
		}
		if !reverse {
			k := i + 1
			for k < n && state(k) == state(i) {
				k++
			}
			f(s.order[i:k])
			i = k
			continue
		}
		k := j - 1
		for k > 0 && state(k-1) == state(j-1) {
			k--
		}
		f(s.order[k:j])
		j = k
	}
	return nil
}

// clustersPerLook is how many clusters a pass of the induction solves
// between two looks at the context.
const clustersPerLook = 64

// scratch returns buf resized to n elements, reallocating only when its
// capacity is short: the per-cluster arrays of backward and forward are
// reused from one cluster to the next instead of allocated for each.
func scratch[E any](buf []E, n int) []E {
	if cap(buf) < n {
		return make([]E, n)
	}
	return buf[:n]
}

// intra reports whether node a's no-change successor is in its own cluster.
func (s *solver[T, A]) intra(a int32) bool {
	to := s.nodes[a].ncTo
	return to >= 0 && s.nodes[to].state() == s.nodes[a].state()
}
