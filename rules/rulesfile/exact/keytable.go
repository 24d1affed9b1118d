package exact

import "math/bits"

// keyTable indexes the nodes by their packed keys: an open-addressing
// hash table (linear probing, at most half full), which a solve looks up
// for every edge it finds — hundreds of thousands of times for a few
// thousand nodes, where a Go map's general lookup cost a few percent of
// the solve.
type keyTable struct {
	slots []keySlot // a power of two of them
	used  int
	shift uint8 // 64 − log₂ len(slots)
}

// keySlot holds a key and its node plus one; 0 marks an empty slot.
type keySlot struct {
	key  uint64
	node int32
}

// keyTableMin is the fewest slots a table has.
const keyTableMin = 1 << 10

// keyTableKeep is the most slots a reset table keeps: a pooled chain
// that once solved a million states does not clear megabytes for every
// small solve after it.
const keyTableKeep = 1 << 20

// reset empties t, keeping its slots unless they are many.
func (t *keyTable) reset() {
	if len(t.slots) > keyTableKeep {
		t.slots = nil
	}
	clear(t.slots)
	t.used = 0
}

// get returns the node of key k, or, when k is not in t, adds it as node
// next and returns next, false. Whether t must grow is asked only when a
// key is added, not at every look-up (four or more for each key added in
// the Eclipse battles): a table at most half full always has an empty
// slot to end a probe.
func (t *keyTable) get(k uint64, next int32) (int32, bool) {
	if len(t.slots) == 0 {
		t.grow()
	}
	mask := len(t.slots) - 1
	for i := int(hashKey(k) >> t.shift); ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.node == 0 {
			if 2*(t.used+1) > len(t.slots) {
				t.grow()
				return t.get(k, next)
			}
			s.key, s.node = k, next+1
			t.used++
			return next, false
		}
		if s.key == k {
			return s.node - 1, true
		}
	}
}

// grow doubles t's slots (or makes its first) and puts its keys back.
func (t *keyTable) grow() {
	old := t.slots
	n := max(keyTableMin, 2*len(old))
	t.slots = make([]keySlot, n)
	t.shift = uint8(65 - bits.Len(uint(n)))
	mask := n - 1
	for _, s := range old {
		if s.node == 0 {
			continue
		}
		i := int(hashKey(s.key) >> t.shift)
		for t.slots[i].node != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = s
	}
}

// hashKey mixes a key's bits into its top bits (Fibonacci hashing), where
// get takes the slot from.
func hashKey(k uint64) uint64 {
	k ^= k >> 29
	return k * 0x9e3779b97f4a7c15
}
