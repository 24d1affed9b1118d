package exact

import (
	"encoding/binary"

	"github.com/crucible-sim/crucible/rules/rulesfile/enumerate"
	"github.com/crucible-sim/crucible/rules/rulesfile/exactmodel"
)

// nodes are the chain's nodes by key: a node is a step to play and a
// canonical state. A key packs the step and each integer of the state in
// as few bits as their ranges need; when they fit in 64 bits (a fleet of
// fourteen ships a side does), the key is a uint64, which hashes and
// compares at once, else a string of as few bytes per integer.
type nodes struct {
	pack    exactmodel.Packing
	lo      []int32
	width   []uint8 // bytes of each integer (not packed)
	packed  bool
	keys64  []uint64
	index64 keyTable
	keys    []string
	index   map[string]int32
	buf     []byte
}

// reset empties n for the states of model m, keeping its memory.
func (n *nodes) reset(m *exactmodel.Model, opt enumerate.StepOptions) {
	n.pack = m.Packing(opt.RoundTrack)
	n.keys64, n.keys = n.keys64[:0], n.keys[:0]
	n.index64.reset()
	clear(n.index)
	if n.packed = n.pack.OK; n.packed {
		return
	}
	slots := m.Slots()
	n.lo, n.width = n.lo[:0], n.width[:0]
	for _, s := range slots {
		n.lo = append(n.lo, s.Lo)
		n.width = append(n.width, widthOf(uint32(s.Hi-s.Lo)))
	}
	if n.index == nil {
		n.index = map[string]int32{}
	}
}

// widthOf is the bytes an integer of a span of values takes in a key.
func widthOf(span uint32) uint8 {
	switch {
	case span < 1<<8:
		return 1
	case span < 1<<16:
		return 2
	}
	return 4
}

func (n *nodes) len() int {
	if n.packed {
		return len(n.keys64)
	}
	return len(n.keys)
}

// addKey returns the node of packed key k, and whether it is new.
func (n *nodes) addKey(k uint64) (int32, bool) {
	i, found := n.index64.get(k, int32(len(n.keys64)))
	if found {
		return i, false
	}
	n.keys64 = append(n.keys64, k)
	return i, true
}

// add returns the node of step pos in state st, and whether it is new.
func (n *nodes) add(pos int, st []int32) (int32, bool) {
	if n.packed {
		return n.addKey(n.pack.Key(pos, st))
	}
	b := append(n.buf[:0], byte(pos), byte(pos>>8))
	for i, v := range st {
		x := uint32(v - n.lo[i])
		switch n.width[i] {
		case 1:
			b = append(b, byte(x))
		case 2:
			b = append(b, byte(x), byte(x>>8))
		default:
			b = binary.LittleEndian.AppendUint32(b, x)
		}
	}
	n.buf = b
	if i, ok := n.index[string(b)]; ok {
		return i, false
	}
	i := int32(len(n.keys))
	k := string(b)
	n.index[k] = i
	n.keys = append(n.keys, k)
	return i, true
}

// decode returns node i's step and state (in st's array).
func (n *nodes) decode(i int32, st []int32) (int, []int32) {
	if n.packed {
		return n.pack.Decode(n.keys64[i], st)
	}
	st = st[:0]
	key := n.keys[i]
	pos := int(key[0]) | int(key[1])<<8
	k := 2
	for j := range n.lo {
		var x uint32
		switch n.width[j] {
		case 1:
			x = uint32(key[k])
		case 2:
			x = uint32(key[k]) | uint32(key[k+1])<<8
		default:
			x = binary.LittleEndian.Uint32([]byte(key[k : k+4]))
		}
		k += int(n.width[j])
		st = append(st, int32(x)+n.lo[j])
	}
	return pos, st
}

// pos returns node i's step.
func (n *nodes) pos(i int32) int {
	if n.packed {
		return int(n.keys64[i] & (1<<n.pack.PosBits - 1))
	}
	return int(n.keys[i][0]) | int(n.keys[i][1])<<8
}

// sameState reports whether nodes i and j have one state.
func (n *nodes) sameState(i, j int32) bool {
	if n.packed {
		return n.keys64[i]>>n.pack.PosBits == n.keys64[j]>>n.pack.PosBits
	}
	return n.keys[i][2:] == n.keys[j][2:]
}
