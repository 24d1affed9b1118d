package rulesfile

// contestPhase plays a contest between the two sides' champions (their
// first units not destroyed); the winner's effects run with self = winner.
func (f *fighter) contestPhase(p *phaseC) {
	ua, ub := f.champion(0), f.champion(1)
	if ua < 0 || ub < 0 {
		return
	}
	c := p.contest
	if c.pairs {
		f.pairsPhase(c)
		return
	}
	var r int
	if c.sizes != nil && f.flat && f.log == nil { // pools of coins of sizes known at compile
		ta, tb := f.b.unitType[ua], f.b.unitType[ub]
		r = f.flipOff(c.ties, c.sizes[f.b.pair(int(ta), int(tb))], c.sizes[f.b.pair(int(tb), int(ta))])
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
func (f *fighter) contestEffects(c *contestC, w, l int32) {
	b := f.b
	tw, tl := b.units[w].typ, b.units[l].typ
	pw, pl := b.pair(tw, tl), b.pair(tl, tw)
	if f.flat && f.log == nil {
		if win := c.winP[pw]; len(win) > 0 {
			f.exec(win, &ectx{unit: [nRoles + 1]int32{w, -1, l, -1}, side: b.units[w].side})
		}
		if lose := c.loseP[pl]; len(lose) > 0 && !f.over {
			f.exec(lose, &ectx{unit: [nRoles + 1]int32{l, -1, w, -1}, side: b.units[l].side})
		}
		return
	}
	if win := c.win[pw]; len(win) > 0 {
		f.run(win, &ectx{unit: [nRoles + 1]int32{w, -1, l, -1}, side: b.units[w].side})
	}
	if lose := c.lose[pl]; len(lose) > 0 && !f.over {
		f.run(lose, &ectx{unit: [nRoles + 1]int32{l, -1, w, -1}, side: b.units[l].side})
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
func (f *fighter) contest(c *contestC, self, other int32, nested bool) int {
	b := f.b
	us, uo := &b.units[self], &b.units[other]
	cs := ectx{unit: [nRoles + 1]int32{self, -1, other, -1}, side: us.side}
	// A nested contest rolls both rolls in self's context; a phase contest
	// rolls the same roll for each side's champion.
	var rollS, rollO *rollC
	co := &cs
	if nested {
		rollS, rollO = c.roll[0], c.against[0]
	} else {
		rollS, rollO = c.roll[b.pair(us.typ, uo.typ)], c.roll[b.pair(uo.typ, us.typ)]
		co = &ectx{unit: [nRoles + 1]int32{other, -1, self, -1}, side: uo.side}
	}
	// Two pools of coins (no modifier) are flipped in flipOff, their
	// sizes read once: a re-rolled tie changes nothing they read.
	if rollS.flips && rollO.flips && f.log == nil && f.ch == nil {
		var ks int32
		if rollS.dice == f.guarded { // read by the if just before
			ks = max(rollS.dice.table[f.guardIdx], 0)
		} else {
			ks = max(f.val(rollS.dice, &cs), 0)
		}
		f.guarded = nil
		return f.flipOff(c.ties, ks, max(f.val(rollO.dice, co), 0))
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
		if r, settled := f.breakTie(c.ties, ns, no); settled {
			return r
		}
	}
	return 0
}

// flipOff flips ks coins against ko until the heads differ or the tie
// rule settles it, as contest does for two pools of coins: 1 when the ks
// win, −1 when the ko do, 0 when nobody does.
func (f *fighter) flipOff(ties tieRule, ks, ko int32) int {
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
func (f *fighter) breakTie(ties tieRule, ns, no int32) (r int, settled bool) {
	switch ties {
	case tieReroll:
		return 0, false
	case tieSelf:
		return 1, true
	case tieOther:
		return -1, true
	case tieNone:
		return 0, true
	case tieFewer, tieMore:
		if ns != no {
			if (ns < no) == (ties == tieFewer) {
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
func (f *fighter) eachPhase(p *phaseC) {
	for i := range p.members {
		m := &p.members[i]
		if f.st[m.slot] <= 0 {
			continue
		}
		if m.whenSlot >= 0 && cell(m.whenTable, f.st[m.whenSlot], m.whenLo, m.whenN) == 0 {
			continue
		}
		c := ectx{unit: [nRoles + 1]int32{m.u, -1, -1, -1}, side: int(m.side)}
		if m.whenSlot < 0 && m.e.when != nil && f.val(m.e.when, &c) == 0 {
			continue
		}
		if f.flat && f.log == nil {
			f.exec(m.e.prog, &c)
		} else {
			f.run(m.e.do, &c)
		}
		if f.over {
			return
		}
	}
}

// run runs an effect list in context c until the battle ends.
func (f *fighter) run(list []*effectC, c *ectx) {
	for _, e := range list {
		switch {
		case e.kind == efIf:
			then := e.els
			if f.val(e.value, c) != 0 {
				then = e.then
				if e.guard != nil { // eval left the index the pool shares
					f.guarded, f.guardIdx = e.guard, f.lastIdx
				}
			}
			if len(then) > 0 {
				f.run(then, c)
			}
		case e.kind == efContest && !e.contest.pairs:
			var then []*effectC
			switch f.contest(e.contest, c.unit[roleSelf], c.unit[roleOther], true) {
			case 1:
				then = e.contest.win[0]
			case -1:
				then = e.contest.lose[0]
			}
			if len(then) > 0 {
				f.run(then, c)
			}
		default:
			f.effect(e, c)
		}
		if f.over {
			return
		}
	}
}

// effect plays one effect that is not an if, nor a contest but one of
// compare: pairs, in context c.
func (f *fighter) effect(e *effectC, c *ectx) {
	switch e.kind {
	case efDamage:
		d, _ := f.roll(e.roll, c)
		u := c.unit[roleOther]
		if e.toSelf {
			u = c.unit[roleSelf]
		} else if u < 0 {
			u = f.pickAny(c.side, d)
		}
		if u >= 0 {
			if f.log != nil {
				f.log.damage(u, d)
			}
			f.damage(u, d, c.side)
		}
	case efRoll:
		v, _ := f.roll(e.roll, c)
		f.reg[e.reg] = v
	case efSet, efAdd, efRaise, efLower:
		f.change(e, c)
	case efContest:
		f.nestedPairs(e.contest, c)
	case efEnd:
		f.reach(f.b.ends[e.end], c.side, false)
	case efHook:
		f.callHook(e.hook, c.unit[roleSelf], c.unit[roleOther], c.side)
	}
}

// pickAny picks the enemy unit of side s that d damage goes to, by the
// side's policy, as a hit that reaches every unit.
func (f *fighter) pickAny(s int, d int32) int32 {
	h := hit{mask: ^uint64(0), dmg: d}
	return f.pick(s, &h, nil)
}

// change applies a set, add, raise or lower effect.
func (f *fighter) change(e *effectC, c *ectx) {
	b := f.b
	v := f.val(e.value, c)
	if e.who >= 2 {
		s := c.side
		if e.who == 3 {
			s = 1 - s
		}
		tr := &b.sideTrk[e.track]
		slot := 1 + s*len(b.sideTrk) + e.track
		f.setSideTrack(slot, min(max(apply(e.kind, f.st[slot], v), tr.lo[0]), tr.hi[0]))
		return
	}
	u := c.unit[roleSelf]
	if e.who == 1 {
		u = c.unit[roleOther]
	}
	if u < 0 {
		return
	}
	ui := &b.units[u]
	if e.track < 0 {
		old := f.st[ui.slot]
		if f.log != nil {
			f.log.printf("    %s: hp %d → %d\n", f.log.unit(u), old, max(0, min(apply(e.kind, old, v), int32(b.types[ui.typ].stats[0]))))
		}
		f.setHP(u, apply(e.kind, old, v))
		return
	}
	tr := &b.unitTrk[e.track]
	slot := ui.slot + 1 + e.track
	old := f.st[slot]
	f.st[slot] = min(max(apply(e.kind, old, v), tr.lo[ui.typ]), tr.hi[ui.typ])
	if f.st[slot] != old {
		f.touched()
	}
	if f.log != nil && f.st[slot] != old {
		f.log.printf("    %s: %s %d → %d\n", f.log.unit(u), tr.name, old, f.st[slot])
	}
}

func apply(kind uint8, old, v int32) int32 {
	switch kind {
	case efSet:
		return v
	case efAdd:
		return old + v
	case efRaise:
		return max(old, v)
	}
	return min(old, v)
}
