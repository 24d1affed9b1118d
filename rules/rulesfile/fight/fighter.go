package fight

import (
	"math/bits"
	"slices"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulesfile/document"
	"github.com/crucible-sim/crucible/rules/rulesfile/program"
	"go.starlark.net/starlark"
)

// Fighter plays battles of one compiled scenario. Fight and Replay share
// play, which writes the account only when log is set, so both make the
// same draws.
type Fighter struct {
	B    *program.Battle
	r    *rules.Rand
	St   []int32 // the state (Battle's layout)
	Init []int32 // the state at the start of every battle
	Reg  []int32 // the named rolls' results
	// derived from the state, kept up to date with it
	// Agg[s] are side s's aggregates in sideAggregates order: alive, hp,
	// armed (lost is worked out; start is static)
	Agg [2][3]int32
	// HpCount[types[t].hpOff + v] counts type t's units with v hit points
	// left (a roster: kill-greedy reads it instead of the units)
	HpCount, hpCount0 []int32
	// dirty marks the types whose units' hit points the roster has moved
	// past (syncUnits)
	dirty uint64
	dealt [2]int64
	// the battle's end, once reached
	Over   bool
	winner rules.Side
	end    int
	ender  int // the side that reached a non-victory end, or −1
	Round  int32
	// endsFresh[when]: the ends checked then were checked, and none was
	// met, since the last change of a side track or a side's aggregates
	// (Battle.endsOnSides: a check again would find the same)
	endsFresh [2]bool
	// the battle's layout, kept at hand for eval
	unitBase, stride int
	nSideTrk         int // side tracks a side has: side s's track k is st[1+s·nSideTrk+k]
	// the dice left of the current draw (die)
	word   uint64
	chunks int
	// scratch
	Hits   []Hit
	single []Hit   // hits one by one, for the policies that take them so
	count  []int32 // faces rolled by a plain volley, by face index
	// kill-greedy's scores of the enemy's types (assignRoster)
	score   []int64
	scoreHP []int32
	faces   []int32
	cand    []int32
	// the pools of a contest of compare: pairs, and the results of the
	// pairs being played (a stack: a pair's effects may hold another)
	poolS, poolO []int32
	pairRes      []int8
	// lastIdx is the index of the shSlots table eval read
	// last; guarded and guardIdx, the pool an if has just read and its
	// index (Effect.Guard), for the contest that follows at once
	lastIdx int32
	// memo keeps, per expression of one unit's values (Expr.Memo), the
	// part of its table's index those values make, for the unit and the
	// generation of the state it was worked out in: a defender's pool is
	// read every round, its unit's tracks change only when it is hit.
	// gen moves at every write of a unit's value (touched). Only the
	// Monte Carlo fighter has one (Battle.NewFighter).
	memo     []memoEntry
	gen      uint64
	guarded  *program.Expr
	guardIdx int32
	// flat: the effects are played as flat programs (exec) when no
	// account is written; only the Monte Carlo fighter does
	flat   bool
	log    *account
	stop   *rules.Stop
	thread *starlark.Thread // the hooks' thread, made at the first call
	ch     Chooser          // answers the random events instead of r (Stepper)
}

func NewFighter(b *program.Battle) *Fighter {
	f := &Fighter{B: b, St: make([]int32, b.StateSize), Init: make([]int32, b.StateSize), Reg: make([]int32, b.NumRegisters),
		unitBase: b.UnitBase, stride: b.UnitStride, nSideTrk: len(b.SideTrk)}
	f.count = make([]int32, document.MaxFaces)
	f.score, f.scoreHP = make([]int64, program.MaxTypes), make([]int32, program.MaxTypes)
	f.hpCount0 = make([]int32, b.RosterLen)
	for _, ut := range b.Types {
		f.hpCount0[ut.HpOff+int(ut.Stats[0])] = int32(ut.Count)
	}
	f.HpCount = slices.Clone(f.hpCount0)
	for s := range 2 {
		for k, t := range b.SideTrk {
			f.Init[1+s*len(b.SideTrk)+k] = t.Start[0]
		}
	}
	for _, u := range b.AllUnits {
		ut := b.Types[u.Typ]
		f.Init[u.Slot] = int32(ut.Stats[0])
		for k, t := range b.UnitTrk {
			f.Init[u.Slot+1+k] = t.Start[u.Typ]
		}
	}
	return f
}

// SetStop implements rules.Stoppable: a battle whose round cap allows a
// million rounds may run long.
func (f *Fighter) SetStop(s *rules.Stop) { f.stop = s }

// memoEntry is the unit part of an expression's index, for unit u in
// generation gen of the state (fighter.memo).
type memoEntry struct {
	gen  uint64
	unit int32
	idx  int32
}

// touched notes that a unit's value in the state changed: what memo keeps
// is stale.
func (f *Fighter) touched() { f.gen++ }

// aggChanged notes that the sides' aggregates of bits changed: the ends
// that read them are worth a check again.
func (f *Fighter) aggChanged(bits uint8) {
	if bits&f.B.EndsAgg != 0 {
		f.endsFresh = [2]bool{}
	}
}

// setSideTrack sets the side track in slot to v.
func (f *Fighter) setSideTrack(slot int, v int32) {
	if f.St[slot] != v {
		f.St[slot] = v
		f.endsFresh = [2]bool{}
	}
}

// Hp returns unit u's hit points left.
func (f *Fighter) Hp(u int32) int32 { return f.St[f.B.AllUnits[u].Slot] }

// Damage deals d damage to unit u from side s, and reports the damage
// beyond what destroyed it.
func (f *Fighter) Damage(u int32, d int32, s int) (excess int32) {
	if d <= 0 {
		return 0
	}
	b := f.B
	slot := b.AllUnits[u].Slot
	left := f.St[slot]
	if left <= 0 {
		return d
	}
	taken := min(d, left)
	f.setHP(u, left-taken)
	return d - taken
}

// setHP sets unit u's hit points, within 0 and its most, keeping the
// sides' totals.
func (f *Fighter) setHP(u int32, v int32) {
	b := f.B
	ui := &b.AllUnits[u]
	ut := b.Types[ui.Typ]
	v = max(0, min(v, int32(ut.Stats[0])))
	old := f.St[ui.Slot]
	if old == v {
		return
	}
	f.St[ui.Slot] = v
	f.touched()
	f.HpCount[ut.HpOff+int(old)]--
	f.HpCount[ut.HpOff+int(v)]++
	f.Agg[ui.Side][program.AggHP] += v - old
	changed := uint8(1 << program.AggHP)
	if (old > 0) != (v > 0) {
		changed |= 1 << program.AggAlive
		if ut.Armed {
			changed |= 1 << program.AggArmed
		}
	}
	f.aggChanged(changed)
	switch {
	case old > 0 && v == 0:
		f.Agg[ui.Side][program.AggAlive]--
		if ut.Armed {
			f.Agg[ui.Side][program.AggArmed]--
		}
		if f.log != nil {
			f.log.printf("    %s is destroyed\n", f.log.unit(u))
		}
	case old == 0 && v > 0:
		f.Agg[ui.Side][program.AggAlive]++
		if ut.Armed {
			f.Agg[ui.Side][program.AggArmed]++
		}
	}
}

// Champion returns side s's first unit not destroyed, or −1.
func (f *Fighter) Champion(s int) int32 {
	si := &f.B.Sides[s]
	slot := f.unitBase + si.First*f.stride // units[u].slot, without a look
	for u := si.First; u < si.First+si.N; u, slot = u+1, slot+f.stride {
		if f.St[slot] > 0 {
			return int32(u)
		}
	}
	return -1
}

// SyncUnits writes the roster back to the units of each type a roster
// policy changed (fighter.dirty), in one canonical order: the destroyed
// first, then the most damaged, as a walk over the units would find them
// whichever unit took which hit. Whatever reads a unit's hit points calls
// it first.
func (f *Fighter) SyncUnits() {
	b := f.B
	for m := f.dirty; m != 0; m &= m - 1 {
		ut := b.Types[bits.TrailingZeros64(m)]
		slot := b.UnitBase + ut.First*b.UnitStride
		for v, n := range f.HpCount[ut.HpOff : ut.HpOff+int(ut.Stats[0])+1] {
			for range n {
				f.St[slot] = int32(v)
				slot += b.UnitStride
			}
		}
	}
	if f.dirty != 0 {
		f.touched()
	}
	f.dirty = 0
}
