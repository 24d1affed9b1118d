package fight

import (
	"io"
	"slices"

	"go.starlark.net/starlark"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulesfile/document"
	"github.com/crucible-sim/crucible/rules/rulesfile/program"
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
	guarded  *program.Cexpr
	guardIdx int32
	// flat: the effects are played as flat programs (flat.go) when no
	// account is written; only the Monte Carlo fighter does
	flat   bool
	log    *account
	stop   *rules.Stop
	thread *starlark.Thread // the hooks' thread, made at the first call
	ch     Chooser          // answers the random events instead of r (Stepper)
}

// Hit is a die that hit, waiting for a target.
type Hit struct {
	W     *program.WeaponC
	From  int32  // the firing unit type
	By    int32  // the firing unit
	Face  int32  // the face index
	Mask  uint64 // the target types (global index) it hits
	Crit  bool
	Dmg   int32 // the damage the policy counts on
	Dyn   bool  // its hit test reads the target's state
	Order int32
	N     int32 // how many such hits (dice of one face of a plain volley)
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
func (f *Fighter) touched() { f.gen++ }

// Ectx is where an expression is evaluated: the units in each role, the
// side of self (or of the side view), the face of the die at hand.
type Ectx struct {
	Unit [program.NRoles + 1]int32 // one more, so that unit[role&3] needs no bounds check
	Side int
	face int32
}

func NewFighter(b *program.Battle) *Fighter {
	f := &Fighter{B: b, St: make([]int32, b.StateSize), Init: make([]int32, b.StateSize), Reg: make([]int32, b.Nregs),
		unitBase: b.UnitBase, stride: b.UnitStride, nSideTrk: len(b.SideTrk)}
	f.count = make([]int32, document.MaxFaces)
	f.score, f.scoreHP = make([]int64, program.MaxTypes), make([]int32, program.MaxTypes)
	f.hpCount0 = make([]int32, b.HpCountLen)
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

// Fight implements rules.Fighter.
func (f *Fighter) Fight(_ int64, r *rules.Rand, o *rules.Outcome) {
	f.log = nil
	f.play(r, o)
}

// Replay implements rules.Fighter.
func (f *Fighter) Replay(_ int64, r *rules.Rand, o *rules.Outcome, w io.Writer) {
	if w == nil {
		w = io.Discard
	}
	f.log = &account{w: w, b: f.B}
	f.play(r, o)
	f.log = nil
}

// reset sets the state to the start of a battle.
func (f *Fighter) reset(r *rules.Rand) {
	b := f.B
	f.r = r
	copy(f.St, f.Init)
	f.touched()
	copy(f.HpCount, f.hpCount0)
	f.dirty = 0
	clear(f.Reg)
	f.word, f.chunks = 0, 0
	f.Over, f.winner, f.end, f.ender, f.Round = false, rules.None, 0, -1, 0
	f.endsFresh = [2]bool{}
	for s := range 2 {
		si := &b.Sides[s]
		f.Agg[s][program.AggAlive], f.Agg[s][program.AggHP], f.Agg[s][program.AggArmed] = int32(si.N), int32(si.HpMax), 0
		for _, t := range si.Types {
			if b.Types[t].Armed {
				f.Agg[s][program.AggArmed] += int32(b.Types[t].Count)
			}
		}
	}
}

// stopEvery is how many rounds a battle fights between looks at the stop.
const stopEvery = 1 << 12

func (f *Fighter) play(r *rules.Rand, o *rules.Outcome) {
	b := f.B
	f.reset(r)
	if f.log != nil {
		f.log.header()
	}
	if len(b.Start) > 0 {
		f.log.line("before the first round")
		f.phases(b.Start)
	}
	for round := int32(1); !f.Over; round++ {
		f.playRound(round)
		if round%stopEvery == 0 && f.stop.Requested() {
			return
		}
	}
	f.Record(o)
}

// playRound plays round number round: the ends checked at its start, its
// phases, the ends checked at its end, the round cap.
func (f *Fighter) playRound(round int32) {
	f.Round = round
	f.St[0] = round
	if f.log != nil {
		f.log.printf("round %d\n", round)
	}
	if !f.endsFresh[0] {
		if f.CheckEnds(0); f.Over {
			return
		}
	}
	if f.phases(f.B.Round); f.Over {
		return
	}
	if !f.endsFresh[1] {
		if f.CheckEnds(1); f.Over {
			return
		}
	}
	if int(round) >= f.B.Cap {
		f.Finish(rules.None, program.EndRoundCap)
	}
}

// phases plays a list of phases until the battle ends.
func (f *Fighter) phases(list []*program.PhaseC) {
	for _, p := range list {
		switch p.Kind {
		case program.PhFire:
			f.fire(p)
		case program.PhContest:
			f.contestPhase(p)
		case program.PhEach:
			f.eachPhase(p)
		case program.PhHook:
			f.CallHook(p.Hook, -1, -1, 0)
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
func (f *Fighter) ended() bool {
	return (f.Over || min(f.Agg[0][program.AggAlive], f.Agg[1][program.AggAlive]) == 0) && f.Settle()
}

// Settle ends the battle when a side has no unit left.
func (f *Fighter) Settle() bool {
	switch {
	case f.Over:
		return true
	case f.Agg[0][program.AggAlive] == 0 && f.Agg[1][program.AggAlive] == 0:
		f.Finish(rules.None, program.EndMutual)
	case f.Agg[0][program.AggAlive] == 0:
		f.Finish(rules.B, program.EndDestroyed)
	case f.Agg[1][program.AggAlive] == 0:
		f.Finish(rules.A, program.EndDestroyed)
	default:
		return false
	}
	return true
}

func (f *Fighter) Finish(w rules.Side, end int) {
	if !f.Over {
		f.Over, f.winner, f.end = true, w, end
	}
}

// CheckEnds tests the file's ends checked at the start (0) or the end (1)
// of a round.
func (f *Fighter) CheckEnds(when int) {
	ends := f.B.EndsAt[when]
	if f.endsFresh[when] {
		return
	}
	if len(ends) == 0 { // none to find until a change makes it worth a look
		f.endsFresh[when] = true
		return
	}
	sides := [2]Ectx{{Unit: noUnits, Side: 0}, {Unit: noUnits, Side: 1}}
	for _, e := range ends {
		met := [2]bool{f.Val(e.When[0], &sides[0]) != 0, f.Val(e.When[1], &sides[1]) != 0}
		if !met[0] && !met[1] {
			continue
		}
		s := 0
		if !met[0] {
			s = 1
		}
		f.Reach(e, s, met[0] && met[1])
		return
	}
	f.endsFresh[when] = f.B.EndsOnSides
}

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

// Reach ends the battle with end e, met by side s (or by both).
func (f *Fighter) Reach(e *program.EndC, s int, both bool) {
	if f.Over {
		return
	}
	f.Finish(e.WinnerOf(s, both), e.Index)
	if !both {
		f.ender = s
	}
	if f.log != nil {
		who := f.B.Sides[s].Label
		if both {
			who = "both sides"
		}
		f.log.printf("  %s: %s (%s)\n", who, e.Decl.Name, e.Decl.Doc)
	}
}

var noUnits = [program.NRoles + 1]int32{-1, -1, -1, -1}

// Record fills the outcome.
func (f *Fighter) Record(o *rules.Outcome) {
	b := f.B
	o.Winner, o.End, o.Rounds = f.winner, f.end, int64(f.Round)
	if f.end == program.EndRoundCap {
		o.Rounds = int64(b.Cap)
	}
	for s := range 2 {
		for k, t := range b.Sides[s].Types {
			ut := b.Types[t]
			o.Counters[b.Survivors[s][k]] = int64(ut.Count) - int64(f.HpCount[ut.HpOff])
		}
		o.Counters[b.Dealt[s]] = int64(b.Sides[1-s].HpMax) - int64(f.Agg[1-s][program.AggHP])
	}
	for _, e := range b.Ends {
		if e.SideCtr[0] >= 0 && f.end == e.Index && f.ender >= 0 {
			o.Counters[e.SideCtr[f.ender]] = 1
		}
	}
	for _, c := range b.Counters {
		for s := range 2 {
			if c.Index[s] >= 0 {
				o.Counters[c.Index[s]] = int64(f.Val(c.Value[s], &Ectx{Unit: noUnits, Side: s}))
			}
		}
	}
}

// Val evaluates a compiled expression in context c, a constant without a
// call.
func (f *Fighter) Val(e *program.Cexpr, c *Ectx) int32 {
	if e.Shape == program.ShConst {
		return e.K
	}
	return f.eval(e, c)
}

// eval evaluates a compiled expression in context c. An expression of
// one state value (shape) reads it with nothing else to decide (the first
// value's stride is 1); any other walks its values, here rather than in a
// call of its own: eval is the hot path of every battle whose expressions
// read the state.
func (f *Fighter) eval(e *program.Cexpr, c *Ectx) int32 {
	switch e.Shape {
	case program.ShConst:
		return e.K
	case program.ShUnitSlot:
		v := &e.Vars[0]
		x := int32(0)
		if u := c.Unit[v.Role&3]; u >= 0 {
			x = f.St[f.unitBase+int(u)*f.stride+int(v.Off)]
		}
		return cell(e.Table, x, v.Lo, v.N)
	case program.ShReg:
		v := &e.Vars[0]
		return cell(e.Table, f.Reg[v.Slot], v.Lo, v.N)
	case program.ShSideTrack:
		v := &e.Vars[0]
		return cell(e.Table, f.St[int(v.Off)+(c.Side^int(v.Role))*f.nSideTrk], v.Lo, v.N)
	case program.ShSlots:
		if e.OneUnit {
			// The unit found once for all its values: the
			// defender's pool, the condition of an attack.
			u := c.Unit[e.UnitRole&3]
			var idx int32
			if f.memo != nil {
				if m := &f.memo[e.Memo]; m.gen == f.gen && m.unit == u {
					idx = m.idx
				} else {
					idx = f.unitIndex(e, u)
					*m = memoEntry{gen: f.gen, unit: u, idx: idx}
				}
			} else {
				idx = f.unitIndex(e, u)
			}
			for i := range e.Regs {
				v := &e.Regs[i]
				idx += v.Index(f.Reg[v.Slot])
			}
			f.lastIdx = idx
			return e.Table[idx]
		}
		// Several values, each a unit's hp or track or a named roll: the
		// commonest formula of a duel (attack − pain − incapacitation),
		// read without a switch per value.
		st, reg, base, stride := f.St, f.Reg, f.unitBase, f.stride
		idx := int32(0)
		for i := range e.Vars {
			v := &e.Vars[i]
			var x int32
			if v.Kind == program.VReg {
				x = reg[v.Slot]
			} else if u := c.Unit[v.Role&3]; u >= 0 {
				x = st[base+int(u)*stride+int(v.Off)]
			}
			idx += v.Index(x)
		}
		f.lastIdx = idx
		return e.Table[idx]
	case program.ShSideAggs:
		idx := int32(0)
		for i := range e.Vars {
			v := &e.Vars[i]
			idx += v.Index(f.Agg[(c.Side^int(v.Role))&1][v.Which])
		}
		return e.Table[idx]
	}
	idx := int32(0)
	for i := range e.Vars {
		v := &e.Vars[i]
		var x int32
		// Every kind but the side values is read inline.
		switch v.Kind {
		case program.VUnitHP, program.VUnitTrack:
			if u := c.Unit[v.Role&3]; u >= 0 {
				x = f.St[f.unitBase+int(u)*f.stride+int(v.Off)]
			}
		case program.VReg:
			x = f.Reg[v.Slot]
		case program.VSideTrack:
			x = f.St[int(v.Off)+(c.Side^int(v.Role))*f.nSideTrk]
		case program.VFace:
			x = c.face
		case program.VRound:
			x = f.Round
		case program.VUnitAlive:
			if u := c.Unit[v.Role&3]; u >= 0 && f.St[f.unitBase+int(u)*f.stride] > 0 {
				x = 1
			}
		case program.VSideAgg: // a fleet's stalemate reads side.armed every round
			s := (c.Side ^ int(v.Role)) & 1
			if v.Which < program.AggLost {
				x = f.Agg[s][v.Which]
			} else {
				x = int32(f.B.Sides[s].N) - f.Agg[s][program.AggAlive]
			}
		default:
			x = f.value(v, c)
		}
		if x -= v.Lo; uint32(x) >= uint32(v.N) { // out of the table: the nearest end
			x = max(0, min(x, v.N-1))
		}
		idx += x * v.Stride
	}
	return e.Table[idx]
}

// unitIndex returns the part of a oneUnit expression's index that unit
// u's values make (nothing of a unit that is not there).
func (f *Fighter) unitIndex(e *program.Cexpr, u int32) int32 {
	var us []int32
	if u >= 0 {
		at := f.unitBase + int(u)*f.stride
		us = f.St[at : at+f.stride]
	}
	idx := int32(0)
	for i := range e.Vars {
		v := &e.Vars[i]
		if v.Kind == program.VReg {
			continue
		}
		var x int32
		if us != nil {
			x = us[v.Off]
		}
		idx += v.Index(x)
	}
	return idx
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
func (f *Fighter) value(v *program.VarRef, c *Ectx) int32 {
	b := f.B
	switch v.Kind {
	case program.VUnitHP:
		if u := c.Unit[v.Role]; u >= 0 {
			return f.St[b.AllUnits[u].Slot]
		}
	case program.VUnitAlive:
		if u := c.Unit[v.Role]; u >= 0 && f.St[b.AllUnits[u].Slot] > 0 {
			return 1
		}
	case program.VUnitTrack:
		if u := c.Unit[v.Role]; u >= 0 {
			return f.St[b.AllUnits[u].Slot+1+v.Which]
		}
	case program.VSideAgg:
		s := c.Side ^ int(v.Role)
		if v.Which < len(f.Agg[s]) {
			return f.Agg[s][v.Which]
		}
		return int32(b.Sides[s].N) - f.Agg[s][program.AggAlive] // lost
	case program.VSideTrack:
		s := c.Side
		if v.Role == 1 {
			s = 1 - s
		}
		return f.St[1+s*len(b.SideTrk)+v.Which]
	case program.VSideVal:
		return f.sideValue(v.Which, c.Side^int(v.Role))
	case program.VRound:
		return f.Round
	case program.VFace:
		return c.face
	case program.VReg:
		return f.Reg[v.Slot]
	}
	return 0
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

// NewMonteCarlo returns the Monte Carlo fighter of b (rules.Battle's
// NewFighter). It keeps what expressions read of one unit (fighter.memo):
// the fighters of the exact paths, which load states wholesale, do not.
func NewMonteCarlo(b *program.Battle) rules.Fighter {
	f := NewFighter(b)
	f.memo = make([]memoEntry, b.NMemo)
	f.flat = b.Flat
	return f
}
