package fight

import (
	"github.com/crucible-sim/crucible/rules/rulesfile/program"
)

// contestPhase plays a contest between the two sides' champions (their
// first units not destroyed); the winner's effects run with self = winner.
func (f *Fighter) contestPhase(p *program.PhaseC) {
	ua, ub := f.Champion(0), f.Champion(1)
	if ua < 0 || ub < 0 {
		return
	}
	c := p.Contest
	if c.Pairs {
		f.pairsPhase(c)
		return
	}
	var r int
	if c.Sizes != nil && f.flat && f.log == nil { // pools of coins of sizes known at compile
		ta, tb := f.B.UnitType[ua], f.B.UnitType[ub]
		r = f.flipOff(c.Ties, c.Sizes[f.B.Pair(int(ta), int(tb))], c.Sizes[f.B.Pair(int(tb), int(ta))])
	} else {
		r = f.contest(c, ua, ub, false)
	}
	switch r {
	case 1:
		f.contestEffects(c, ua, ub)
	case -1:
		f.contestEffects(c, ub, ua)
	}
}

// contestEffects runs a contest phase's effects for winner w and loser l:
// the winner's with self = w, then, unless the battle is over, the
// loser's with self = l.
func (f *Fighter) contestEffects(c *program.ContestC, w, l int32) {
	b := f.B
	tw, tl := b.AllUnits[w].Typ, b.AllUnits[l].Typ
	pw, pl := b.Pair(tw, tl), b.Pair(tl, tw)
	if f.flat && f.log == nil {
		if win := c.WinP[pw]; len(win) > 0 {
			f.exec(win, &Ectx{Unit: [program.NRoles + 1]int32{w, -1, l, -1}, Side: b.AllUnits[w].Side})
		}
		if lose := c.LoseP[pl]; len(lose) > 0 && !f.Over {
			f.exec(lose, &Ectx{Unit: [program.NRoles + 1]int32{l, -1, w, -1}, Side: b.AllUnits[l].Side})
		}
		return
	}
	if win := c.Win[pw]; len(win) > 0 {
		f.run(win, &Ectx{Unit: [program.NRoles + 1]int32{w, -1, l, -1}, Side: b.AllUnits[w].Side})
	}
	if lose := c.Lose[pl]; len(lose) > 0 && !f.Over {
		f.run(lose, &Ectx{Unit: [program.NRoles + 1]int32{l, -1, w, -1}, Side: b.AllUnits[l].Side})
	}
}

// maxRerolls bounds the re-rolled ties of one contest: a contest whose
// rolls can differ ends with probability 1, and this many ties in a row
// have a chance below 10⁻³⁰⁰ for any such contest of dice; past it, the
// contest has no winner.
const maxRerolls = 100_000

// contest rolls self's roll against other's and returns 1 when self wins,
// −1 when other does, 0 when nobody does. A phase contest (nested false)
// rolls the same roll for each side, with self as that side's champion.
func (f *Fighter) contest(c *program.ContestC, self, other int32, nested bool) int {
	b := f.B
	us, uo := &b.AllUnits[self], &b.AllUnits[other]
	cs := Ectx{Unit: [program.NRoles + 1]int32{self, -1, other, -1}, Side: us.Side}
	// A nested contest rolls both rolls in self's context; a phase contest
	// rolls the same roll for each side's champion.
	var rollS, rollO *program.RollC
	co := &cs
	if nested {
		rollS, rollO = c.Roll[0], c.Against[0]
	} else {
		rollS, rollO = c.Roll[b.Pair(us.Typ, uo.Typ)], c.Roll[b.Pair(uo.Typ, us.Typ)]
		co = &Ectx{Unit: [program.NRoles + 1]int32{other, -1, self, -1}, Side: uo.Side}
	}
	// Two pools of coins (no modifier) are flipped in flipOff, their
	// sizes read once: a re-rolled tie changes nothing they read.
	if rollS.Flips && rollO.Flips && f.log == nil && f.ch == nil {
		var ks int32
		if rollS.Dice == f.guarded { // read by the if just before
			ks = max(rollS.Dice.Table[f.guardIdx], 0)
		} else {
			ks = max(f.Val(rollS.Dice, &cs), 0)
		}
		f.guarded = nil
		return f.flipOff(c.Ties, ks, max(f.Val(rollO.Dice, co), 0))
	}
	f.guarded = nil
	for range maxRerolls {
		rs, ns := f.roll(rollS, &cs)
		ro, no := f.roll(rollO, co)
		if f.log != nil {
			f.log.contest(self, rs, other, ro)
		}
		if rs != ro {
			return compare(rs, ro)
		}
		if r, settled := f.breakTie(c.Ties, ns, no); settled {
			return r
		}
	}
	return 0
}

// flipOff flips ks coins against ko until the heads differ or the tie
// rule settles it, as contest does for two pools of coins: 1 when the ks
// win, −1 when the ko do, 0 when nobody does.
func (f *Fighter) flipOff(ties program.TieRule, ks, ko int32) int {
	for range maxRerolls {
		rs, ro := int32(f.r.Heads(int(ks))), int32(f.r.Heads(int(ko)))
		if rs != ro {
			return compare(rs, ro)
		}
		if r, settled := f.breakTie(ties, ks, ko); settled {
			return r
		}
	}
	return 0
}

// compare returns 1 when rs > ro, else −1.
func compare(rs, ro int32) int {
	if rs > ro {
		return 1
	}
	return -1
}

// breakTie settles a tied contest of pools of ns and no dice by rule
// ties: settled false when the contest is rolled again.
func (f *Fighter) breakTie(ties program.TieRule, ns, no int32) (r int, settled bool) {
	switch ties {
	case program.TieReroll:
		return 0, false
	case program.TieSelf:
		return 1, true
	case program.TieOther:
		return -1, true
	case program.TieNone:
		return 0, true
	case program.TieFewer, program.TieMore:
		if ns != no {
			if (ns < no) == (ties == program.TieFewer) {
				return 1, true
			}
			return -1, true
		}
	}
	if f.coin() {
		return 1, true
	}
	return -1, true
}

// eachPhase runs an each phase's effects for every unit not destroyed, side
// a's first.
func (f *Fighter) eachPhase(p *program.PhaseC) {
	for i := range p.Members {
		m := &p.Members[i]
		if f.St[m.Slot] <= 0 {
			continue
		}
		if m.WhenSlot >= 0 && cell(m.WhenTable, f.St[m.WhenSlot], m.WhenLo, m.WhenN) == 0 {
			continue
		}
		c := Ectx{Unit: [program.NRoles + 1]int32{m.U, -1, -1, -1}, Side: int(m.Side)}
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
func (f *Fighter) run(list []*program.EffectC, c *Ectx) {
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
			var then []*program.EffectC
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
func (f *Fighter) effect(e *program.EffectC, c *Ectx) {
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
func (f *Fighter) Change(e *program.EffectC, c *Ectx) {
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
