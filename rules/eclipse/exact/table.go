package exact

import "slices"

// nodeTable maps node keys (packed uint64, below 2^62) to node indices. It
// replaces a Go map on the solver's hottest path: every edge of every node
// looks its target up, and a flat open-addressing table with linear probing
// does that in one or two cache lines, without the map's hashing, group
// metadata and incremental growth.
type nodeTable struct {
	slots []nodeSlot // power-of-two length, at most half full
	shift uint       // 64 − log2(len(slots))
	n     int
}

// nodeSlot holds key+1 (0 marks an empty slot) and the node index.
type nodeSlot struct {
	key uint64
	idx int32
}

// nodeTableLog2 is the log2 of the initial table size: small, so that
// tiny battles (a handful of nodes) do not pay for clearing a large table.
const nodeTableLog2 = 6

func (t *nodeTable) init() {
	t.slots = make([]nodeSlot, 1<<nodeTableLog2)
	t.shift = 64 - nodeTableLog2
	t.n = 0
}

// find returns the slot of key: the slot holding it, or the empty slot
// where it belongs.
func (t *nodeTable) find(key uint64) int {
	mask := len(t.slots) - 1
	// Fibonacci hashing: the high bits of the product mix every key bit.
	i := int((key * 0x9e3779b97f4a7c15) >> t.shift)
	for {
		sk := t.slots[i].key
		if sk == key+1 || sk == 0 {
			return i
		}
		i = (i + 1) & mask
	}
}

// get returns the index of key's node, if any.
func (t *nodeTable) get(key uint64) (int32, bool) {
	sl := &t.slots[t.find(key)]
	return sl.idx, sl.key != 0
}

// put records idx for key, which is not in the table.
func (t *nodeTable) put(key uint64, idx int32) {
	t.slots[t.find(key)] = nodeSlot{key: key + 1, idx: idx}
	t.n++
	if 2*t.n > len(t.slots) {
		old := t.slots
		t.slots = make([]nodeSlot, 2*len(old))
		t.shift--
		for _, sl := range old {
			if sl.key != 0 {
				t.slots[t.find(sl.key-1)] = sl
			}
		}
	}
}

// push appends x to s, doubling the capacity when s is full: append grows
// large slices by only about 1.25×, which copies the solver's edge and
// roll arrays several times over.
func push[E any](s []E, x E) []E {
	if len(s) == cap(s) {
		s = slices.Grow(s, max(len(s), 64))
	}
	return append(s, x)
}
