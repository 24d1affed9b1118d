package fight

import (
	"github.com/crucible-sim/crucible/rules/rulesfile/program"
)

// eachPhase runs an each phase's effects for every unit not destroyed, side
// a's first.
func (f *Fighter) eachPhase(p *program.Phase) {
	for i := range p.Members {
		m := &p.Members[i]
		if f.St[m.Slot] <= 0 {
			continue
		}
		if m.WhenSlot >= 0 && cell(m.WhenTable, f.St[m.WhenSlot], m.WhenLo, m.WhenN) == 0 {
			continue
		}
		c := EvalContext{Unit: [program.NumRoles + 1]int32{m.U, -1, -1, -1}, Side: int(m.Side)}
		if m.WhenSlot < 0 && m.E.When != nil && f.Val(m.E.When, &c) == 0 {
			continue
		}
		if f.flat && f.log == nil {
			f.exec(m.E.Prog, &c)
		} else {
			f.run(m.E.Do, &c)
		}
		if f.Over {
			return
		}
	}
}

// run runs an effect list in context c until the battle ends.
func (f *Fighter) run(list []*program.Effect, c *EvalContext) {
	for _, e := range list {
		switch {
		case e.Kind == program.EfIf:
			then := e.Els
			if f.Val(e.Value, c) != 0 {
				then = e.Then
				if e.Guard != nil { // eval left the index the pool shares
					f.guarded, f.guardIdx = e.Guard, f.lastIdx
				}
			}
			if len(then) > 0 {
				f.run(then, c)
			}
		case e.Kind == program.EfContest && !e.Contest.Pairs:
			var then []*program.Effect
			switch f.contest(e.Contest, c.Unit[program.RoleSelf], c.Unit[program.RoleOther], true) {
			case 1:
				then = e.Contest.Win[0]
			case -1:
				then = e.Contest.Lose[0]
			}
			if len(then) > 0 {
				f.run(then, c)
			}
		default:
			f.effect(e, c)
		}
		if f.Over {
			return
		}
	}
}

// effect plays one effect that is not an if, nor a contest but one of
// compare: pairs, in context c.
func (f *Fighter) effect(e *program.Effect, c *EvalContext) {
	switch e.Kind {
	case program.EfDamage:
		d, _ := f.roll(e.Roll, c)
		u := c.Unit[program.RoleOther]
		if e.ToSelf {
			u = c.Unit[program.RoleSelf]
		} else if u < 0 {
			u = f.pickAny(c.Side, d)
		}
		if u >= 0 {
			if f.log != nil {
				f.log.damage(u, d)
			}
			f.Damage(u, d, c.Side)
		}
	case program.EfRoll:
		v, _ := f.roll(e.Roll, c)
		f.Reg[e.Reg] = v
	case program.EfSet, program.EfAdd, program.EfRaise, program.EfLower:
		f.Change(e, c)
	case program.EfContest:
		f.nestedPairs(e.Contest, c)
	case program.EfEnd:
		f.Reach(f.B.Ends[e.End], c.Side, false)
	case program.EfHook:
		f.CallHook(e.Hook, c.Unit[program.RoleSelf], c.Unit[program.RoleOther], c.Side)
	}
}

// pickAny picks the enemy unit of side s that d damage goes to, by the
// side's policy, as a hit that reaches every unit.
func (f *Fighter) pickAny(s int, d int32) int32 {
	h := Hit{Mask: ^uint64(0), Dmg: d}
	return f.Pick(s, &h, nil)
}

// Change applies a set, add, raise or lower effect.
func (f *Fighter) Change(e *program.Effect, c *EvalContext) {
	b := f.B
	v := f.Val(e.Value, c)
	if e.Who >= 2 {
		s := c.Side
		if e.Who == 3 {
			s = 1 - s
		}
		tr := &b.SideTrk[e.Track]
		slot := 1 + s*len(b.SideTrk) + e.Track
		f.setSideTrack(slot, min(max(apply(e.Kind, f.St[slot], v), tr.Lo[0]), tr.Hi[0]))
		return
	}
	u := c.Unit[program.RoleSelf]
	if e.Who == 1 {
		u = c.Unit[program.RoleOther]
	}
	if u < 0 {
		return
	}
	ui := &b.AllUnits[u]
	if e.Track < 0 {
		old := f.St[ui.Slot]
		if f.log != nil {
			f.log.printf("    %s: hp %d → %d\n", f.log.unit(u), old, max(0, min(apply(e.Kind, old, v), int32(b.Types[ui.Typ].Stats[0]))))
		}
		f.setHP(u, apply(e.Kind, old, v))
		return
	}
	tr := &b.UnitTrk[e.Track]
	slot := ui.Slot + 1 + e.Track
	old := f.St[slot]
	f.St[slot] = min(max(apply(e.Kind, old, v), tr.Lo[ui.Typ]), tr.Hi[ui.Typ])
	if f.St[slot] != old {
		f.touched()
	}
	if f.log != nil && f.St[slot] != old {
		f.log.printf("    %s: %s %d → %d\n", f.log.unit(u), tr.Name, old, f.St[slot])
	}
}

func apply(kind uint8, old, v int32) int32 {
	switch kind {
	case program.EfSet:
		return v
	case program.EfAdd:
		return old + v
	case program.EfRaise:
		return max(old, v)
	}
	return min(old, v)
}

// exec plays flat program prog in context c until the battle ends, as run
// plays the effects it was compiled from.
func (f *Fighter) exec(prog []program.Instr, c *EvalContext) {
	for pc := 0; pc < len(prog); {
		s := &prog[pc]
		pc++
		switch s.Code {
		case program.OpCoins:
			h := int32(f.r.Heads(int(max(f.Val(s.X, c), 0))))
			if s.Y != nil {
				h += f.Val(s.Y, c)
			}
			f.Reg[s.Reg] = h
		case program.OpIf:
			if f.Val(s.X, c) == 0 {
				pc = int(s.Jump)
			} else if g := s.E.Guard; g != nil { // eval left the index the pool shares
				f.guarded, f.guardIdx = g, f.lastIdx
			}
		case program.OpJump:
			pc = int(s.Jump)
		case program.OpFlips:
			var ks int32
			if s.X == f.guarded { // read by the if just before
				ks = max(s.X.Table[f.guardIdx], 0)
			} else {
				ks = max(f.Val(s.X, c), 0)
			}
			f.guarded = nil
			pc = s.Branch(pc, f.flipOff(s.Ties, ks, max(f.Val(s.Y, c), 0)))
		case program.OpContest:
			pc = s.Branch(pc, f.contest(s.E.Contest, c.Unit[program.RoleSelf], c.Unit[program.RoleOther], true))
		case program.OpTrack:
			v := f.Val(s.X, c)
			if u := c.Unit[s.Role&3]; u >= 0 {
				at := f.unitBase + int(u)*f.stride + int(s.Off)
				old := f.St[at]
				if n := min(max(apply(s.Kind, old, v), s.Lo), s.Hi); n != old {
					f.St[at] = n
					f.touched()
				}
			}
		case program.OpSideTrack:
			v := f.Val(s.X, c)
			side := c.Side
			if s.Enemy {
				side = 1 - side
			}
			at := 1 + side*f.nSideTrk + int(s.Off)
			f.setSideTrack(at, min(max(apply(s.Kind, f.St[at], v), s.Lo), s.Hi))
		default:
			if f.effect(s.E, c); f.Over {
				return
			}
		}
	}
}

// nestedPairs plays a contest of compare: pairs inside effects: self's
// win effects once for each pair self wins, its lose effects once for
// each pair it loses.
func (f *Fighter) nestedPairs(c *program.Contest, x *EvalContext) {
	base := len(f.pairRes)
	defer func() { f.pairRes = f.pairRes[:base] }()
	k := f.comparePairs(c, x.Unit[program.RoleSelf], x.Unit[program.RoleOther], true)
	for i := range k {
		switch f.pairRes[base+i] {
		case PairSelf:
			f.run(c.Win[0], x)
		case PairOther:
			f.run(c.Lose[0], x)
		}
		if f.Over {
			return
		}
	}
}
