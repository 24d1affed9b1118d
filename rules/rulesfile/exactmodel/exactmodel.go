package exactmodel

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulesfile/fight"
	"github.com/crucible-sim/crucible/rules/rulesfile/program"
)

// Model is a compiled battle as an exact solver reads it (the package
// rulesfile/exact): the state's layout and bounds, the start state, the
// program as a list of steps, which units of a type are interchangeable
// and how far the round number matters. A Enumerator plays its steps over
// every outcome of their random events, with exact weights.
//
// The state is the fighter's: a vector of integers, st[0] the round, then
// each side's tracks, then each unit's hit points and tracks (Slots says
// which is which). A state is canonical once Canon has sorted the units
// of each interchangeable type: two battles in canonical states that are
// equal play out alike.
type Model struct {
	B *program.Battle
	// StepList is the program: the start's steps, then a round's. A fire
	// phase is one step per group of types that fire together; every
	// other phase is one step.
	StepList []Step
	NStart   int
	// exch marks the unit types whose units are interchangeable: nothing
	// the battle does depends on their order, only on their states.
	exch []bool
	// roundSat is the round from which on no expression tells rounds
	// apart; roundRead is set when something reads the round number
	// itself (a counter at the end, a hook), which must then be followed
	// to the cap.
	roundSat  int32
	roundRead bool
	notes     []string
}

// Step is one step of the program.
type Step struct {
	Phase *program.Phase
	Fire  []int // fire: the unit types that fire together
	start bool  // a step of the start, played once before round 1
	// Det marks a fire step whose hits side s assigns with no random
	// event (no wound or save roll, damage a number, a policy that does
	// not draw): the fighter's own assign plays them.
	Det [2]bool
	// Indep marks a fire step whose side s's hits, once rolled, do what
	// they do from the enemy's units alone: resolving them reads only the
	// target, so each side's hits can be assigned apart from the other's.
	Indep [2]bool
	// What a side's fire depends on (Enumerator.fireKey): plain[t] marks
	// a firing type whose weapons of the step are all plain (only how many
	// of its units are left counts); spends[s], a side whose weapons spend
	// a track; wide[s], a side whose dice read more than the units (the
	// sides' totals, tracks, the round): everything counts.
	Plain  []bool
	Spends [2]bool
	Wide   [2]bool
	Fires  [2]bool // side s has a type that fires in the step
}

// eachWeapon calls fn for each weapon that side's unit types fire in step
// st (of the step's group alone, where the phase names one), in firing
// order; it stops, returning false, as soon as fn does.
func (st *Step) eachWeapon(b *program.Battle, side int, fn func(ut *program.UnitType, wu program.WeaponUse) bool) bool {
	for _, t := range st.Fire {
		ut := b.Types[t]
		if ut.Side != side {
			continue
		}
		for _, wu := range ut.Weapons {
			if st.Phase.Group != "" && wu.W.Decl.Group != st.Phase.Group {
				continue
			}
			if !fn(ut, wu) {
				return false
			}
		}
	}
	return true
}

// UnsupportedError lists what in a rules file the exact solver does not
// follow.
type UnsupportedError struct {
	Constructs []string
}

func (e *UnsupportedError) Error() string {
	return "no exact solution: " + strings.Join(e.Constructs, "; ")
}

// Battle returns the compiled battle.
func (m *Model) Battle() *program.Battle { return m.B }

// Spec returns the battle's spec.
func (m *Model) Spec() rules.Spec { return m.B.RulesSpec }

// Cap returns the round cap.
func (m *Model) Cap() int { return m.B.Cap }

// StateLen returns the length of a state.
func (m *Model) StateLen() int { return m.B.StateSize }

// Start returns the state every battle starts in (round 0), canonical.
func (m *Model) Start() []int32 {
	f := fight.NewFighter(m.B)
	st := slices.Clone(f.Init)
	m.Canon(st)
	return st
}

// Steps returns the number of steps of the program; steps 0 to
// StartSteps()−1 are the start's, the rest a round's.
func (m *Model) Steps() int { return len(m.StepList) }

// StartSteps returns the number of steps of the start.
func (m *Model) StartSteps() int { return m.NStart }

// RoundSaturation returns the round from which on no expression of the
// battle tells rounds apart (0 when none reads the round), and whether
// something reads the round number itself, so that it must be followed
// exactly to the cap.
func (m *Model) RoundSaturation() (sat int32, read bool) { return m.roundSat, m.roundRead }

// Notes returns what every exact answer of the battle should say about how
// it was reached.
func (m *Model) Notes() []string { return m.notes }

// Slot describes one integer of the state.
type Slot struct {
	Lo, Hi int32
	Side   int // the side it belongs to, or −1 (the round)
}

// Slots describes every integer of the state, in order; the round's
// range is 0 to the cap.
func (m *Model) Slots() []Slot {
	b := m.B
	out := make([]Slot, b.StateSize)
	out[0] = Slot{Lo: 0, Hi: int32(b.Cap), Side: -1}
	for s := range 2 {
		for k, t := range b.SideTrk {
			out[1+s*len(b.SideTrk)+k] = Slot{Lo: t.Lo[0], Hi: t.Hi[0], Side: s}
		}
	}
	for _, u := range b.AllUnits {
		out[u.Slot] = Slot{Lo: 0, Hi: int32(b.Types[u.Typ].Stats[0]), Side: u.Side}
		for k, t := range b.UnitTrk {
			out[u.Slot+1+k] = Slot{Lo: t.Lo[u.Typ], Hi: t.Hi[u.Typ], Side: u.Side}
		}
	}
	return out
}

// Canon puts a state in canonical form: the units of each
// interchangeable type sorted by their hit points and tracks, fewest
// first (the order the fighter's roster writes them back in).
func (m *Model) Canon(st []int32) {
	b := m.B
	w := b.UnitStride
	for t, ut := range b.Types {
		if !m.exch[t] || ut.Count < 2 {
			continue
		}
		lo := b.UnitBase + ut.First*w
		canonUnits(st[lo:lo+ut.Count*w], w)
	}
}

// CanonSide puts side s's units of state st in canonical form.
func (m *Model) CanonSide(st []int32, s int) {
	b := m.B
	w := b.UnitStride
	for _, t := range b.Sides[s].Types {
		ut := b.Types[t]
		if !m.exch[t] || ut.Count < 2 {
			continue
		}
		lo := b.UnitBase + ut.First*w
		canonUnits(st[lo:lo+ut.Count*w], w)
	}
}

// canonUnits sorts the units of one type (w integers each) by their
// integers, least first: an insertion sort, since types are small and
// their units mostly sorted already.
func canonUnits(v []int32, w int) {
	if w == 1 {
		for i := 1; i < len(v); i++ {
			for j := i; j > 0 && v[j] < v[j-1]; j-- {
				v[j], v[j-1] = v[j-1], v[j]
			}
		}
		return
	}
	n := len(v) / w
	for i := 1; i < n; i++ {
		for j := i; j > 0 && greaterUnit(v[(j-1)*w:j*w], v[j*w:j*w+w]); j-- {
			for k := range w {
				v[j*w+k], v[(j-1)*w+k] = v[(j-1)*w+k], v[j*w+k]
			}
		}
	}
}

func greaterUnit(x, y []int32) bool {
	for k := range x {
		if x[k] != y[k] {
			return x[k] > y[k]
		}
	}
	return false
}

// Interchangeable reports whether the units of type t (an index into the
// battle's types, side a's first) are interchangeable.
func (m *Model) Interchangeable(t int) bool { return m.exch[t] }

// Describe names a step for errors and notes: "round, fire (cannon)
// step 2".
func (m *Model) Describe(pos int) string {
	st := m.StepList[pos]
	where := "round"
	if st.start {
		where = "start"
	}
	name := [...]string{"fire", "contest", "each", "hook"}[st.Phase.Kind]
	if st.Fire != nil {
		var types []string
		for _, t := range st.Fire {
			types = append(types, fmt.Sprintf("%s %s", program.SideLetters[m.B.Types[t].Side], m.B.Types[t].Name))
		}
		return fmt.Sprintf("%s, fire (%s)", where, strings.Join(types, ", "))
	}
	return where + ", " + name
}

// Packing packs a step of the program and a state into 64 bits, each
// integer of the state in as few bits as its range needs, when they fit:
// a fleet of fourteen ships a side does. A key is linear in the state's
// integers — the sum of each one's part — so the key of a state that
// differs from a known one in a few integers is that key, less their old
// parts, plus their new.
type Packing struct {
	OK      bool // the step and the state fit
	PosBits uint8
	lo      []int32
	shift   []uint8
	width   []uint8
	mask    []uint64 // 1<<width − 1
}

// Packing returns the packing of the model's states when the state
// records rounds up to roundTrack.
func (m *Model) Packing(roundTrack int32) Packing {
	slots := m.Slots()
	slots[0].Hi = roundTrack
	n := len(slots)
	p := Packing{PosBits: uint8(bits.Len(uint(len(m.StepList)))), lo: make([]int32, n), shift: make([]uint8, n), width: make([]uint8, n), mask: make([]uint64, n)}
	at := int(p.PosBits)
	for i, s := range slots {
		p.lo[i] = s.Lo
		p.width[i] = uint8(bits.Len32(uint32(s.Hi - s.Lo)))
		p.mask[i] = 1<<p.width[i] - 1
		p.shift[i] = uint8(min(at, 63))
		at += int(p.width[i])
	}
	p.OK = at <= 64
	return p
}

// Key packs step pos and state st.
func (p *Packing) Key(pos int, st []int32) uint64 { return uint64(pos) | p.Part(st, 0) }

// Part returns the part of the key of integers vals, the state's from
// slot at on.
func (p *Packing) Part(vals []int32, at int) uint64 {
	k := uint64(0)
	lo, shift := p.lo[at:at+len(vals)], p.shift[at:at+len(vals)]
	for i, v := range vals {
		k += uint64(v-lo[i]) << shift[i]
	}
	return k
}

// Mask returns the bits of a key that hold the state's integers at to
// at+n−1: since every integer's part lies within its own bits, the part
// of those integers (Part) is the key's bits under the mask.
func (p *Packing) Mask(at, n int) uint64 {
	if n == 0 {
		return 0
	}
	last := at + n - 1
	hi := uint(p.shift[last]) + uint(p.width[last])
	return (1<<hi - 1) &^ (1<<p.shift[at] - 1)
}

// Decode returns the step and the state (in st's array) of key k.
func (p *Packing) Decode(k uint64, st []int32) (int, []int32) {
	n := len(p.width)
	if cap(st) < n {
		st = make([]int32, n)
	}
	st = st[:n]
	lo, shift, mask := p.lo[:n], p.shift[:n], p.mask[:n]
	for i := range st {
		st[i] = int32(k>>(shift[i]&63)&mask[i]) + lo[i]
	}
	return int(k & (1<<p.PosBits - 1)), st
}

// LargestVolley returns the most outcomes the Enumerator may count for one
// side's dice in one fire step, from the start (every unit there), and
// names that volley: at most C(h + k, k) counts of h hits over k classes
// for each block of dice, multiplied over the blocks of the step. A solver
// refuses at once a battle whose largest volley is beyond its work budget.
func (m *Model) LargestVolley() (outcomes float64, what string) {
	// The volleys are sized first and only the largest described: every
	// solve asks (checkVolleys), and the words are wanted only when it
	// is refused.
	best, bestSide := -1, 0
	for i := range m.StepList {
		for side := range 2 {
			if n := m.volleyOutcomes(&m.StepList[i], side, nil); n > outcomes {
				outcomes, best, bestSide = n, i, side
			}
		}
	}
	if best < 0 {
		return outcomes, ""
	}
	var parts []string
	m.volleyOutcomes(&m.StepList[best], bestSide, &parts)
	return outcomes, fmt.Sprintf("side %s's volley of %s", program.SideLetters[bestSide], strings.Join(parts, " and "))
}

// volleyOutcomes bounds the outcomes of side's volley in step st, and,
// when parts is not nil, describes each weapon's dice in it.
func (m *Model) volleyOutcomes(st *Step, side int, parts *[]string) float64 {
	b := m.B
	n := 1.0
	st.eachWeapon(b, side, func(ut *program.UnitType, wu program.WeaponUse) bool {
		w := wu.W
		_, attacks := w.Attacks.Bounds()
		dice := ut.Count * wu.N * int(max(attacks, 0))
		perDie := (1 + int(w.Decl.CritHits)) * (1 + int(w.Decl.ExplodeDepth)*b2i(w.Explode.Set))
		hits, k := dice*perDie, m.classesOf(w)
		for j := 1; j <= k; j++ {
			n *= float64(hits+j) / float64(j)
		}
		if parts != nil {
			*parts = append(*parts, fmt.Sprintf("%d %s dice of %s (%d classes of hits)", dice, w.Decl.Name, ut.Name, k))
		}
		return true
	})
	return n
}

// classesOf counts the classes of hits a weapon's dice make (see
// checkHitOrder), crits apart.
func (m *Model) classesOf(w *program.Weapon) int {
	var masks []uint64
	for fi := range w.Die {
		if mask := w.FaceMask[fi] | w.DynMask; mask != 0 && !slices.Contains(masks, mask) {
			masks = append(masks, mask)
		}
	}
	k := len(masks)
	if w.DynMask != 0 {
		k = len(w.Die)
	}
	if w.Crit.Set && w.Decl.CritWounds {
		k *= 2
	}
	return k
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
