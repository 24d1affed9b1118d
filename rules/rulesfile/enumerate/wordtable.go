package enumerate

import "math/bits"

// wordTable indexes what an Enumerator keeps by keys of two words (a
// side's fire outcomes and volleys by packedFireKey, assignments by
// assignKey): an open-addressing hash table, linear probing, at most half
// full. A fire step looks them up for every side of every state; a Go
// map's general lookup of a struct key cost the solve of fleet-mirror
// about 3 % of its instructions.
type wordTable struct {
	slots []wordSlot // a power of two of them
	used  int
	shift uint8 // 64 − log₂ len(slots)
}

// wordSlot holds a key and its value plus one; 0 marks an empty slot.
type wordSlot struct {
	k, x uint64
	v    int32
}

const (
	wordTableMin  = 1 << 8  // the fewest slots a table has
	wordTableKeep = 1 << 16 // the most slots a reset table keeps
)

// reset empties t, keeping its slots unless they are many.
func (t *wordTable) reset() {
	if len(t.slots) > wordTableKeep {
		t.slots = nil
	}
	clear(t.slots)
	t.used = 0
}

// find returns the value of key (k, x), or false.
func (t *wordTable) find(k, x uint64) (int32, bool) {
	if t.used == 0 {
		return 0, false
	}
	mask := len(t.slots) - 1
	for i := t.home(k, x); ; i = (i + 1) & mask {
		s := &t.slots[i]
		switch {
		case s.v == 0:
			return 0, false
		case s.k == k && s.x == x:
			return s.v - 1, true
		}
	}
}

// put sets the value of key (k, x), which t does not hold, to v ≥ 0.
func (t *wordTable) put(k, x uint64, v int32) {
	if 2*(t.used+1) > len(t.slots) {
		t.grow()
	}
	mask := len(t.slots) - 1
	i := t.home(k, x)
	for t.slots[i].v != 0 {
		i = (i + 1) & mask
	}
	t.slots[i] = wordSlot{k: k, x: x, v: v + 1}
	t.used++
}

// home is the slot a key's probe starts from: its words mixed into the
// top bits (Fibonacci hashing).
func (t *wordTable) home(k, x uint64) int {
	h := k ^ bits.RotateLeft64(x, 29)
	h ^= h >> 29
	return int((h * 0x9e3779b97f4a7c15) >> t.shift)
}

// grow doubles t's slots (or makes its first) and puts its keys back.
func (t *wordTable) grow() {
	old := t.slots
	n := max(wordTableMin, 2*len(old))
	t.slots = make([]wordSlot, n)
	t.shift = uint8(65 - bits.Len(uint(n)))
	t.used = 0
	for _, s := range old {
		if s.v != 0 {
			t.put(s.k, s.x, s.v-1)
		}
	}
}
