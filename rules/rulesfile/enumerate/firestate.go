package enumerate

import (
	"encoding/binary"
	"slices"

	"github.com/crucible-sim/crucible/rules/rulesfile/exactmodel"
	"github.com/crucible-sim/crucible/rules/rulesfile/fight"
	"github.com/crucible-sim/crucible/rules/rulesfile/program"
)

// volley is one outcome of a side's dice in a fire step: its weight, the
// hits in the order the fighter lists them (block by block; within a
// block, hits whose order does not matter, Model.checkHitOrder), and the
// side's tracks after the re-rolls it spent.
type volley[T any] struct {
	w      T
	hits   []fight.Hit
	tracks []int32
	// code names the hits (Enumerator.codeOf): each class
	// (Enumerator.classID) and its count,
	// in the list's order.
	code int32
}

// vstate is a partial volley: hits counted per class, the side's tracks,
// its weight.
type vstate[T any] struct {
	counts []int16
	tracks []int32
	w      T
}

// block is a run of the fighter's dice whose faces do alike: a plain
// weapon's dice of a whole type, or a weapon's dice of one unit.
type block struct {
	n      int
	faces  []dieHits
	budget int // the side track re-rolls spend, −1 none
	depth  int // explosions at most
}

// dieHits is what one face of a die does: the classes of the hits it
// makes (with crit-hits copies), whether its re-roll and explosion tests
// pass.
type dieHits struct {
	hits    []int
	reroll  bool
	explode bool
}

func hasReroll(bl *block) bool {
	return slices.ContainsFunc(bl.faces, func(d dieHits) bool { return d.reroll })
}

// classes lists the distinct hits of one side's volley, in the order
// they first appear in the fighter's list.
type classes struct {
	hits  []fight.Hit
	index map[classKey]int
}

// classKey is what tells two hits apart for their assignment (see
// hitClass); by is the unit whose state resolving reads, or the type's
// first unit.
type classKey struct {
	w    *program.Weapon
	by   int32
	mask uint64
	crit bool
	face int32
}

func (cl *classes) add(h fight.Hit, face int32) int {
	k := classKey{w: h.W, by: h.By, mask: h.Mask, crit: h.Crit, face: face}
	if i, ok := cl.index[k]; ok {
		return i
	}
	cl.index[k] = len(cl.hits)
	h.Order = int32(len(cl.hits)) // the Enumerator's name for the class
	cl.hits = append(cl.hits, h)
	return len(cl.hits) - 1
}

// faceGroup is the faces of a block that hit one class (−1: none).
type faceGroup struct{ class, faces int }

// sideOut is one outcome of a side's fire in a step, apart from the
// other side's: its tracks after its re-rolls, the enemy's units after
// its hits (alive of them left, with hp hit points and armed of them
// armed: the enemy side's aggregates), and its weight.
type sideOut[T any] struct {
	w                T
	tracks           []int32
	enemy            []int32
	alive, hp, armed int32
	// typeAlive counts the enemy's units left per type (its side's
	// order); part is the tracks' and the enemy units' part of the key
	// (Packing).
	typeAlive []int32
	part      uint64
}

// outMerger merges a side's outcomes of equal tracks and enemy units.
// The Enumerator has one, which every fire step reuses (merger): its
// outcomes are copied out at the end (done).
type outMerger[T any, A exactmodel.Arith[T]] struct {
	ar      A
	out     []sideOut[T]
	index   map[string]int
	indexed bool // the outcomes are in index (or partIndex), past outScan of them
	// parts are the outcomes' parts of the key, partIndex their index,
	// when they are added by addPart
	parts     []uint64
	partIndex wordTable
	buf       []byte
	slab      *int32Slab // the outcomes' tracks and units
	outSlab   *slab[sideOut[T]]
}

// done returns a copy of the merged outcomes, cut from the Enumerator's
// slab of outcomes.
func (m *outMerger[T, A]) done() []sideOut[T] { return m.outSlab.clone(m.out) }

func (m *outMerger[T, A]) add(tracks, enemy []int32, alive int32, w T) *sideOut[T] {
	if !m.indexed { // few outcomes: compared one by one
		for i := range m.out {
			if o := &m.out[i]; slices.Equal(o.enemy, enemy) && slices.Equal(o.tracks, tracks) {
				o.w = m.ar.Add(o.w, w)
				return o
			}
		}
		m.out = append(m.out, sideOut[T]{w: w, tracks: m.slab.clone(tracks), enemy: m.slab.clone(enemy), alive: alive})
		if len(m.out) == outScan {
			if m.index == nil {
				m.index = map[string]int{}
			}
			m.indexed = true
			for i := range m.out {
				m.index[string(m.key(m.out[i].tracks, m.out[i].enemy))] = i
			}
		}
		return &m.out[len(m.out)-1]
	}
	m.buf = m.key(tracks, enemy)
	if i, ok := m.index[string(m.buf)]; ok {
		m.out[i].w = m.ar.Add(m.out[i].w, w)
		return &m.out[i]
	}
	m.index[string(m.buf)] = len(m.out)
	m.out = append(m.out, sideOut[T]{w: w, tracks: m.slab.clone(tracks), enemy: m.slab.clone(enemy), alive: alive})
	return &m.out[len(m.out)-1]
}

// addPart adds a deterministic side's outcome of a volley with tracks
// whose hits left assignment r, of weight w, when states pack: part, the
// tracks' and the enemy units' part of the key, tells outcomes apart as
// their tracks and units do, in one word. The outcome's tracks and units
// are the volley's and the assignment's, which the Enumerator keeps
// unchanged for the solve: they are not copied.
func (m *outMerger[T, A]) addPart(part uint64, tracks []int32, r *assignment, w T) {
	i := -1
	if !m.indexed { // few outcomes: compared one by one
		for j, p := range m.parts {
			if p == part {
				i = j
				break
			}
		}
	} else if j, ok := m.partIndex.find(part, 0); ok {
		i = int(j)
	}
	if i >= 0 {
		m.out[i].w = m.ar.Add(m.out[i].w, w)
		return
	}
	m.out = append(m.out, sideOut[T]{w: w, tracks: tracks, enemy: r.enemy, alive: r.alive, hp: r.hp, armed: r.armed,
		typeAlive: r.typeAlive, part: part})
	m.parts = append(m.parts, part)
	switch n := len(m.parts); {
	case n == outScan:
		m.indexed = true
		for j, p := range m.parts {
			m.partIndex.put(p, 0, int32(j))
		}
	case n > outScan:
		m.partIndex.put(part, 0, int32(n-1))
	}
}

// outScan is how many outcomes outMerger compares one by one before it
// indexes them.
const outScan = 32

func (m *outMerger[T, A]) key(tracks, enemy []int32) []byte {
	m.buf = m.buf[:0]
	for _, v := range tracks {
		m.buf = binary.LittleEndian.AppendUint32(m.buf, uint32(v))
	}
	for _, v := range enemy {
		m.buf = binary.LittleEndian.AppendUint32(m.buf, uint32(v))
	}
	return m.buf
}

// assignment is what a side's hits leave of the enemy's units: the
// units (canonical), how many are left in all and by type, and their
// part of the key (Packing).
type assignment struct {
	enemy            []int32
	alive, hp, armed int32
	typeAlive        []int32
	part             uint64
}

// assignKey names an assignment: the side whose hits, the hits (their
// volley's code) and the enemy's units before them (enemyKey).
type assignKey struct {
	side  int32
	code  int32
	enemy uint64
}

// words returns the key as two words (wordTable).
func (k assignKey) words() (uint64, uint64) {
	return k.enemy, uint64(uint32(k.side))<<32 | uint64(uint32(k.code))
}

// PackedFireKey names a side's fire in a step from a packed state: k the
// bits the fire depends on and the step, x the side and the counts of
// units left of its plain types.
type PackedFireKey struct{ k, X uint64 }

// fireMask is what a side's fire in one step reads of a packed key: the
// bits of its own that its volleys depend on (own) and of the enemy's
// units (enemy), whether everything counts (wide), and whether the
// counts of its plain types fit beside the side's bit (ok).
type fireMask struct {
	own, enemy uint64
	wide, Ok   bool
}
