package exact

import "slices"

// indexTable maps keys (a uint64 below 2^62 and a 32-bit tag) to int32
// indices: node keys to nodes, volley keys (enemy sub-key, tagged with the
// firing type and ship count) to memo entries. It replaces Go maps on the
// solver's hottest paths: every edge of every node looks its target up,
// and a flat open-addressing table with linear probing does that in one or
// two cache lines, without the map's hashing of a struct key, group
// metadata and incremental growth.
type indexTable struct {
	slots []tableSlot // power-of-two length, at most half full
	shift uint        // 64 − log2(len(slots))
	n     int
	// spare is an array the table moves into when it grows, if large
	// enough, rather than allocating one; the array it leaves becomes the
	// spare. Both pass to the next solve (see spares).
	spare []tableSlot
}

// tableSlot holds key+1 (0 marks an empty slot), the tag and the index,
// in 16 bytes.
type tableSlot struct {
	key uint64
	tag uint32
	idx int32
}

// tableLog2 is the log2 of the initial table size: small, so that tiny
// battles (a handful of nodes) do not pay for clearing a large table.
// The memos of volley shapes and of the ends of volleys that destroy,
// which hold a few entries or none in a small battle, start at memoLog2.
const (
	tableLog2 = 6
	memoLog2  = 3
)

// init empties the table, to 2^log2 slots, into the arrays of bufs if
// large enough (dropping their contents).
func (t *indexTable) init(bufs [2][]tableSlot, log2 uint) {
	t.slots = clearedSlots(bufs[0], 1<<log2)
	t.spare = bufs[1]
	t.shift = 64 - log2
	t.n = 0
}

// buffers returns the table's arrays, for init to reuse; the table must
// no longer be used.
func (t *indexTable) buffers() [2][]tableSlot { return [2][]tableSlot{t.slots, t.spare} }

// clearedSlots returns n empty slots, in buf if its capacity suffices.
func clearedSlots(buf []tableSlot, n int) []tableSlot {
	if cap(buf) < n {
		return make([]tableSlot, n)
	}
	buf = buf[:n]
	clear(buf)
	return buf
}

// fibHash is 2^64 over the golden ratio, Fibonacci hashing's multiplier.
const fibHash = 0x9e3779b97f4a7c15

// find returns the slot of (key, tag): the slot holding it, or the empty
// slot where it belongs.
func (t *indexTable) find(key uint64, tag uint32) int {
	mask := len(t.slots) - 1
	// Fibonacci hashing: the high bits of the product mix every key bit
	// (and the tag's, spread over the word first).
	i := int(((key ^ uint64(tag)*0xbf58476d1ce4e5b9) * fibHash) >> t.shift)
	for {
		sl := &t.slots[i]
		if sl.key == key+1 && sl.tag == tag || sl.key == 0 {
			return i
		}
		i = (i + 1) & mask
	}
}

// get returns the index recorded for (key, tag), if any.
func (t *indexTable) get(key uint64, tag uint32) (int32, bool) {
	sl := &t.slots[t.find(key, tag)]
	return sl.idx, sl.key != 0
}

// put records idx for (key, tag), which is not in the table.
func (t *indexTable) put(key uint64, tag uint32, idx int32) {
	t.putAt(t.find(key, tag), key, tag, idx)
}

// getOrPut returns the index recorded for (key, tag) and true, or records
// idx for it and returns idx and false: one search where get then put
// would take two.
func (t *indexTable) getOrPut(key uint64, tag uint32, idx int32) (int32, bool) {
	i := t.find(key, tag)
	if sl := &t.slots[i]; sl.key != 0 {
		return sl.idx, true
	}
	t.putAt(i, key, tag, idx)
	return idx, false
}

// putAt records idx for (key, tag) in slot i, the empty slot find returned.
func (t *indexTable) putAt(i int, key uint64, tag uint32, idx int32) {
	t.slots[i] = tableSlot{key: key + 1, tag: tag, idx: idx}
	t.n++
	if 2*t.n > len(t.slots) {
		t.grow()
	}
}

// grow doubles the table. The keys it holds are distinct, so each goes
// to the first empty slot from its hash (find's) without comparing keys.
func (t *indexTable) grow() {
	old := t.slots
	t.slots = clearedSlots(t.spare, 2*len(old))
	t.spare = old
	t.shift--
	slots, shift, mask := t.slots, t.shift&63, len(t.slots)-1
	for _, sl := range old {
		if sl.key == 0 {
			continue
		}
		i := int(((sl.key - 1) ^ uint64(sl.tag)*0xbf58476d1ce4e5b9) * fibHash >> shift)
		for slots[i].key != 0 {
			i = (i + 1) & mask
		}
		slots[i] = sl
	}
}

// push appends x to *s, doubling the capacity when *s is full: append grows
// large slices by only about 1.25×, which copies the solver's edge and
// roll arrays several times over. It takes a pointer so that, but when it
// grows, only the length is stored: storing the whole slice header back
// into the solver would run the GC write barrier on every push while a
// collection is marking.
func push[E any](s *[]E, x E) {
	if len(*s) == cap(*s) {
		*s = slices.Grow(*s, max(len(*s), 64))
	}
	*s = append(*s, x)
}
