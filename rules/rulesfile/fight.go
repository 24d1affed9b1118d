package rulesfile

import (
	"io"
	"slices"

	"go.starlark.net/starlark"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulesfile/document"
)

// fighter plays battles of one compiled scenario. Fight and Replay share
// play, which writes the account only when log is set, so both make the
// same draws.
type fighter struct {
	b    *Battle
	r    *rules.Rand
	st   []int32 // the state (Battle's layout)
	init []int32 // the state at the start of every battle
	reg  []int32 // the named rolls' results
	// derived from the state, kept up to date with it
	// agg[s] are side s's aggregates in sideAggregates order: alive, hp,
	// armed (lost is worked out; start is static)
	agg [2][3]int32
	// hpCount[types[t].hpOff + v] counts type t's units with v hit points
	// left (a roster: kill-greedy reads it instead of the units)
	hpCount, hpCount0 []int32
	// dirty marks the types whose units' hit points the roster has moved
	// past (syncUnits)
	dirty uint64
	dealt [2]int64
	// the battle's end, once reached
	over   bool
	winner rules.Side
	end    int
	ender  int // the side that reached a non-victory end, or −1
	round  int32
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
	hits   []hit
	single []hit   // hits one by one, for the policies that take them so
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
	// index (effectC.guard), for the contest that follows at once
	lastIdx int32
	// memo keeps, per expression of one unit's values (cexpr.memo), the
	// part of its table's index those values make, for the unit and the
	// generation of the state it was worked out in: a defender's pool is
	// read every round, its unit's tracks change only when it is hit.
	// gen moves at every write of a unit's value (touched). Only the
	// Monte Carlo fighter has one (Battle.NewFighter).
	memo     []memoEntry
	gen      uint64
	guarded  *cexpr
	guardIdx int32
	// flat: the effects are played as flat programs (flat.go) when no
	// account is written; only the Monte Carlo fighter does
	flat   bool
	log    *account
	stop   *rules.Stop
	thread *starlark.Thread // the hooks' thread, made at the first call
	ch     Chooser          // answers the random events instead of r (Stepper)
}

// hit is a die that hit, waiting for a target.
type hit struct {
	w     *weaponC
	from  int32  // the firing unit type
	by    int32  // the firing unit
	face  int32  // the face index
	mask  uint64 // the target types (global index) it hits
	crit  bool
	dmg   int32 // the damage the policy counts on
	dyn   bool  // its hit test reads the target's state
	order int32
	n     int32 // how many such hits (dice of one face of a plain volley)
}

// memoEntry is the unit part of an expression's index, for unit u in
// generation gen of the state (fighter.memo).
type memoEntry struct {
	gen  uint64
	unit int32
	idx  int32
}

// touched notes that a unit's value in the state changed: what memo keeps
// is stale.
func (f *fighter) touched() { f.gen++ }

// ectx is where an expression is evaluated: the units in each role, the
// side of self (or of the side view), the face of the die at hand.
type ectx struct {
	unit [nRoles + 1]int32 // one more, so that unit[role&3] needs no bounds check
	side int
	face int32
}

func newFighter(b *Battle) *fighter {
	f := &fighter{b: b, st: make([]int32, b.stateLen), init: make([]int32, b.stateLen), reg: make([]int32, b.nregs),
		unitBase: b.unitBase, stride: b.stride, nSideTrk: len(b.sideTrk)}
	f.count = make([]int32, document.MaxFaces)
	f.score, f.scoreHP = make([]int64, MaxTypes), make([]int32, MaxTypes)
	f.hpCount0 = make([]int32, b.hpCountLen)
	for _, ut := range b.types {
		f.hpCount0[ut.hpOff+int(ut.stats[0])] = int32(ut.count)
	}
	f.hpCount = slices.Clone(f.hpCount0)
	for s := range 2 {
		for k, t := range b.sideTrk {
			f.init[1+s*len(b.sideTrk)+k] = t.start[0]
		}
	}
	for _, u := range b.units {
		ut := b.types[u.typ]
		f.init[u.slot] = int32(ut.stats[0])
		for k, t := range b.unitTrk {
			f.init[u.slot+1+k] = t.start[u.typ]
		}
	}
	return f
}

// SetStop implements rules.Stoppable: a battle whose round cap allows a
// million rounds may run long.
func (f *fighter) SetStop(s *rules.Stop) { f.stop = s }

// Fight implements rules.Fighter.
func (f *fighter) Fight(_ int64, r *rules.Rand, o *rules.Outcome) {
	f.log = nil
	f.play(r, o)
}

// Replay implements rules.Fighter.
func (f *fighter) Replay(_ int64, r *rules.Rand, o *rules.Outcome, w io.Writer) {
	if w == nil {
		w = io.Discard
	}
	f.log = &account{w: w, b: f.b}
	f.play(r, o)
	f.log = nil
}

// reset sets the state to the start of a battle.
func (f *fighter) reset(r *rules.Rand) {
	b := f.b
	f.r = r
	copy(f.st, f.init)
	f.touched()
	copy(f.hpCount, f.hpCount0)
	f.dirty = 0
	clear(f.reg)
	f.word, f.chunks = 0, 0
	f.over, f.winner, f.end, f.ender, f.round = false, rules.None, 0, -1, 0
	f.endsFresh = [2]bool{}
	for s := range 2 {
		si := &b.sides[s]
		f.agg[s][aggAlive], f.agg[s][aggHP], f.agg[s][aggArmed] = int32(si.n), int32(si.hpMax), 0
		for _, t := range si.types {
			if b.types[t].armed {
				f.agg[s][aggArmed] += int32(b.types[t].count)
			}
		}
	}
}

// stopEvery is how many rounds a battle fights between looks at the stop.
const stopEvery = 1 << 12

func (f *fighter) play(r *rules.Rand, o *rules.Outcome) {
	b := f.b
	f.reset(r)
	if f.log != nil {
		f.log.header()
	}
	if len(b.start) > 0 {
		f.log.line("before the first round")
		f.phases(b.start)
	}
	for round := int32(1); !f.over; round++ {
		f.playRound(round)
		if round%stopEvery == 0 && f.stop.Requested() {
			return
		}
	}
	f.record(o)
}

// playRound plays round number round: the ends checked at its start, its
// phases, the ends checked at its end, the round cap.
func (f *fighter) playRound(round int32) {
	f.round = round
	f.st[0] = round
	if f.log != nil {
		f.log.printf("round %d\n", round)
	}
	if !f.endsFresh[0] {
		if f.checkEnds(0); f.over {
			return
		}
	}
	if f.phases(f.b.round); f.over {
		return
	}
	if !f.endsFresh[1] {
		if f.checkEnds(1); f.over {
			return
		}
	}
	if int(round) >= f.b.cap {
		f.finish(rules.None, endRoundCap)
	}
}

// phases plays a list of phases until the battle ends.
func (f *fighter) phases(list []*phaseC) {
	for _, p := range list {
		switch p.kind {
		case phFire:
			f.fire(p)
		case phContest:
			f.contestPhase(p)
		case phEach:
			f.eachPhase(p)
		case phHook:
			f.callHook(p.hook, -1, -1, 0)
		}
		if f.ended() {
			return
		}
	}
}

// ended reports whether the battle is over, ending it when a side has no
// unit left; settle is called only when a side may have none (the counts
// are never negative: their min is 0 then, and ended stays short enough
// to inline).
func (f *fighter) ended() bool {
	return (f.over || min(f.agg[0][aggAlive], f.agg[1][aggAlive]) == 0) && f.settle()
}

// settle ends the battle when a side has no unit left.
func (f *fighter) settle() bool {
	switch {
	case f.over:
		return true
	case f.agg[0][aggAlive] == 0 && f.agg[1][aggAlive] == 0:
		f.finish(rules.None, endMutual)
	case f.agg[0][aggAlive] == 0:
		f.finish(rules.B, endDestroyed)
	case f.agg[1][aggAlive] == 0:
		f.finish(rules.A, endDestroyed)
	default:
		return false
	}
	return true
}

func (f *fighter) finish(w rules.Side, end int) {
	if !f.over {
		f.over, f.winner, f.end = true, w, end
	}
}

// checkEnds tests the file's ends checked at the start (0) or the end (1)
// of a round.
func (f *fighter) checkEnds(when int) {
	ends := f.b.endsAt[when]
	if f.endsFresh[when] {
		return
	}
	if len(ends) == 0 { // none to find until a change makes it worth a look
		f.endsFresh[when] = true
		return
	}
	sides := [2]ectx{{unit: noUnits, side: 0}, {unit: noUnits, side: 1}}
	for _, e := range ends {
		met := [2]bool{f.val(e.when[0], &sides[0]) != 0, f.val(e.when[1], &sides[1]) != 0}
		if !met[0] && !met[1] {
			continue
		}
		s := 0
		if !met[0] {
			s = 1
		}
		f.reach(e, s, met[0] && met[1])
		return
	}
	f.endsFresh[when] = f.b.endsOnSides
}

// aggChanged notes that the sides' aggregates of bits changed: the ends
// that read them are worth a check again.
func (f *fighter) aggChanged(bits uint8) {
	if bits&f.b.endsAgg != 0 {
		f.endsFresh = [2]bool{}
	}
}

// setSideTrack sets the side track in slot to v.
func (f *fighter) setSideTrack(slot int, v int32) {
	if f.st[slot] != v {
		f.st[slot] = v
		f.endsFresh = [2]bool{}
	}
}

// reach ends the battle with end e, met by side s (or by both).
func (f *fighter) reach(e *endC, s int, both bool) {
	if f.over {
		return
	}
	f.finish(e.winnerOf(s, both), e.index)
	if !both {
		f.ender = s
	}
	if f.log != nil {
		who := f.b.sides[s].label
		if both {
			who = "both sides"
		}
		f.log.printf("  %s: %s (%s)\n", who, e.decl.Name, e.decl.Doc)
	}
}

var noUnits = [nRoles + 1]int32{-1, -1, -1, -1}

// Indexes of fighter.agg, as sideAggregates orders them.
const (
	aggAlive = iota
	aggHP
	aggArmed
	aggLost // worked out, not kept
)

// record fills the outcome.
func (f *fighter) record(o *rules.Outcome) {
	b := f.b
	o.Winner, o.End, o.Rounds = f.winner, f.end, int64(f.round)
	if f.end == endRoundCap {
		o.Rounds = int64(b.cap)
	}
	for s := range 2 {
		for k, t := range b.sides[s].types {
			ut := b.types[t]
			o.Counters[b.survivors[s][k]] = int64(ut.count) - int64(f.hpCount[ut.hpOff])
		}
		o.Counters[b.dealt[s]] = int64(b.sides[1-s].hpMax) - int64(f.agg[1-s][aggHP])
	}
	for _, e := range b.ends {
		if e.sideCtr[0] >= 0 && f.end == e.index && f.ender >= 0 {
			o.Counters[e.sideCtr[f.ender]] = 1
		}
	}
	for _, c := range b.counters {
		for s := range 2 {
			if c.index[s] >= 0 {
				o.Counters[c.index[s]] = int64(f.val(c.value[s], &ectx{unit: noUnits, side: s}))
			}
		}
	}
}

// val evaluates a compiled expression in context c, a constant without a
// call.
func (f *fighter) val(e *cexpr, c *ectx) int32 {
	if e.shape == shConst {
		return e.k
	}
	return f.eval(e, c)
}

// eval evaluates a compiled expression in context c. An expression of
// one state value (shape) reads it with nothing else to decide (the first
// value's stride is 1); any other walks its values, here rather than in a
// call of its own: eval is the hot path of every battle whose expressions
// read the state.
func (f *fighter) eval(e *cexpr, c *ectx) int32 {
	switch e.shape {
	case shConst:
		return e.k
	case shUnitSlot:
		v := &e.vars[0]
		x := int32(0)
		if u := c.unit[v.role&3]; u >= 0 {
			x = f.st[f.unitBase+int(u)*f.stride+int(v.off)]
		}
		return cell(e.table, x, v.lo, v.n)
	case shReg:
		v := &e.vars[0]
		return cell(e.table, f.reg[v.slot], v.lo, v.n)
	case shSideTrack:
		v := &e.vars[0]
		return cell(e.table, f.st[int(v.off)+(c.side^int(v.role))*f.nSideTrk], v.lo, v.n)
	case shSlots:
		if e.oneUnit {
			// The unit found once for all its values: the
			// defender's pool, the condition of an attack.
			u := c.unit[e.unitRole&3]
			var idx int32
			if f.memo != nil {
				if m := &f.memo[e.memo]; m.gen == f.gen && m.unit == u {
					idx = m.idx
				} else {
					idx = f.unitIndex(e, u)
					*m = memoEntry{gen: f.gen, unit: u, idx: idx}
				}
			} else {
				idx = f.unitIndex(e, u)
			}
			for i := range e.regs {
				v := &e.regs[i]
				idx += v.index(f.reg[v.slot])
			}
			f.lastIdx = idx
			return e.table[idx]
		}
		// Several values, each a unit's hp or track or a named roll: the
		// commonest formula of a duel (attack − pain − incapacitation),
		// read without a switch per value.
		st, reg, base, stride := f.st, f.reg, f.unitBase, f.stride
		idx := int32(0)
		for i := range e.vars {
			v := &e.vars[i]
			var x int32
			if v.kind == vReg {
				x = reg[v.slot]
			} else if u := c.unit[v.role&3]; u >= 0 {
				x = st[base+int(u)*stride+int(v.off)]
			}
			idx += v.index(x)
		}
		f.lastIdx = idx
		return e.table[idx]
	case shSideAggs:
		idx := int32(0)
		for i := range e.vars {
			v := &e.vars[i]
			idx += v.index(f.agg[(c.side^int(v.role))&1][v.which])
		}
		return e.table[idx]
	}
	idx := int32(0)
	for i := range e.vars {
		v := &e.vars[i]
		var x int32
		// Every kind but the side values is read inline.
		switch v.kind {
		case vUnitHP, vUnitTrack:
			if u := c.unit[v.role&3]; u >= 0 {
				x = f.st[f.unitBase+int(u)*f.stride+int(v.off)]
			}
		case vReg:
			x = f.reg[v.slot]
		case vSideTrack:
			x = f.st[int(v.off)+(c.side^int(v.role))*f.nSideTrk]
		case vFace:
			x = c.face
		case vRound:
			x = f.round
		case vUnitAlive:
			if u := c.unit[v.role&3]; u >= 0 && f.st[f.unitBase+int(u)*f.stride] > 0 {
				x = 1
			}
		case vSideAgg: // a fleet's stalemate reads side.armed every round
			s := (c.side ^ int(v.role)) & 1
			if v.which < aggLost {
				x = f.agg[s][v.which]
			} else {
				x = int32(f.b.sides[s].n) - f.agg[s][aggAlive]
			}
		default:
			x = f.value(v, c)
		}
		if x -= v.lo; uint32(x) >= uint32(v.n) { // out of the table: the nearest end
			x = max(0, min(x, v.n-1))
		}
		idx += x * v.stride
	}
	return e.table[idx]
}

// unitIndex returns the part of a oneUnit expression's index that unit
// u's values make (nothing of a unit that is not there).
func (f *fighter) unitIndex(e *cexpr, u int32) int32 {
	var us []int32
	if u >= 0 {
		at := f.unitBase + int(u)*f.stride
		us = f.st[at : at+f.stride]
	}
	idx := int32(0)
	for i := range e.vars {
		v := &e.vars[i]
		if v.kind == vReg {
			continue
		}
		var x int32
		if us != nil {
			x = us[v.off]
		}
		idx += v.index(x)
	}
	return idx
}

// index returns value x's part of the index of a table of several values:
// past the value's ends, the nearest end's.
func (v *varRef) index(x int32) int32 {
	if x -= v.lo; uint32(x) >= uint32(v.n) {
		x = max(0, min(x, v.n-1))
	}
	return x * v.stride
}

// cell returns the entry of a one-value table of n entries from lo for
// value x: past its ends, the nearest end's.
func cell(table []int32, x, lo, n int32) int32 {
	if x -= lo; uint32(x) >= uint32(n) {
		x = max(0, min(x, n-1))
	}
	return table[x]
}

// value returns the state value v reads in context c.
func (f *fighter) value(v *varRef, c *ectx) int32 {
	b := f.b
	switch v.kind {
	case vUnitHP:
		if u := c.unit[v.role]; u >= 0 {
			return f.st[b.units[u].slot]
		}
	case vUnitAlive:
		if u := c.unit[v.role]; u >= 0 && f.st[b.units[u].slot] > 0 {
			return 1
		}
	case vUnitTrack:
		if u := c.unit[v.role]; u >= 0 {
			return f.st[b.units[u].slot+1+v.which]
		}
	case vSideAgg:
		s := c.side ^ int(v.role)
		if v.which < len(f.agg[s]) {
			return f.agg[s][v.which]
		}
		return int32(b.sides[s].n) - f.agg[s][aggAlive] // lost
	case vSideTrack:
		s := c.side
		if v.role == 1 {
			s = 1 - s
		}
		return f.st[1+s*len(b.sideTrk)+v.which]
	case vSideVal:
		return f.sideValue(v.which, c.side^int(v.role))
	case vRound:
		return f.round
	case vFace:
		return c.face
	case vReg:
		return f.reg[v.slot]
	}
	return 0
}

// hp returns unit u's hit points left.
func (f *fighter) hp(u int32) int32 { return f.st[f.b.units[u].slot] }

// damage deals d damage to unit u from side s, and reports the damage
// beyond what destroyed it.
func (f *fighter) damage(u int32, d int32, s int) (excess int32) {
	if d <= 0 {
		return 0
	}
	b := f.b
	slot := b.units[u].slot
	left := f.st[slot]
	if left <= 0 {
		return d
	}
	taken := min(d, left)
	f.setHP(u, left-taken)
	return d - taken
}

// setHP sets unit u's hit points, within 0 and its most, keeping the
// sides' totals.
func (f *fighter) setHP(u int32, v int32) {
	b := f.b
	ui := &b.units[u]
	ut := b.types[ui.typ]
	v = max(0, min(v, int32(ut.stats[0])))
	old := f.st[ui.slot]
	if old == v {
		return
	}
	f.st[ui.slot] = v
	f.touched()
	f.hpCount[ut.hpOff+int(old)]--
	f.hpCount[ut.hpOff+int(v)]++
	f.agg[ui.side][aggHP] += v - old
	changed := uint8(1 << aggHP)
	if (old > 0) != (v > 0) {
		changed |= 1 << aggAlive
		if ut.armed {
			changed |= 1 << aggArmed
		}
	}
	f.aggChanged(changed)
	switch {
	case old > 0 && v == 0:
		f.agg[ui.side][aggAlive]--
		if ut.armed {
			f.agg[ui.side][aggArmed]--
		}
		if f.log != nil {
			f.log.printf("    %s is destroyed\n", f.log.unit(u))
		}
	case old == 0 && v > 0:
		f.agg[ui.side][aggAlive]++
		if ut.armed {
			f.agg[ui.side][aggArmed]++
		}
	}
}

// champion returns side s's first unit not destroyed, or −1.
func (f *fighter) champion(s int) int32 {
	si := &f.b.sides[s]
	slot := f.unitBase + si.first*f.stride // units[u].slot, without a look
	for u := si.first; u < si.first+si.n; u, slot = u+1, slot+f.stride {
		if f.st[slot] > 0 {
			return int32(u)
		}
	}
	return -1
}
