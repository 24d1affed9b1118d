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
	switch f.contest(c, ua, ub, false) {
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
	f.run(c.win[b.pair(tw, tl)], &ectx{unit: [nRoles + 1]int32{w, -1, l, -1}, side: b.units[w].side})
	if !f.over {
		f.run(c.lose[b.pair(tl, tw)], &ectx{unit: [nRoles + 1]int32{l, -1, w, -1}, side: b.units[l].side})
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
	ts, to := b.units[self].typ, b.units[other].typ
	cs := ectx{unit: [nRoles + 1]int32{self, -1, other, -1}, side: b.units[self].side}
	co := ectx{unit: [nRoles + 1]int32{other, -1, self, -1}, side: b.units[other].side}
	for range maxRerolls {
		var rs, ns, ro, no int32
		if nested {
			rs, ns = f.roll(c.roll[0], &cs)
			ro, no = f.roll(c.against[0], &cs)
		} else {
			rs, ns = f.roll(c.roll[b.pair(ts, to)], &cs)
			ro, no = f.roll(c.roll[b.pair(to, ts)], &co)
		}
		if f.log != nil {
			f.log.contest(self, rs, other, ro)
		}
		switch {
		case rs > ro:
			return 1
		case rs < ro:
			return -1
		}
		switch c.ties {
		case tieReroll:
			continue
		case tieSelf:
			return 1
		case tieOther:
			return -1
		case tieNone:
			return 0
		case tieFewer, tieMore:
			if ns != no {
				if (ns < no) == (c.ties == tieFewer) {
					return 1
				}
				return -1
			}
		}
		if f.coin() {
			return 1
		}
		return -1
	}
	return 0
}

// eachPhase runs an each phase's effects for every unit not destroyed, side
// a's first.
func (f *fighter) eachPhase(p *phaseC) {
	b := f.b
	for s := range 2 {
		if p.who != 2 && p.who != s {
			continue
		}
		si := &b.sides[s]
		c := ectx{unit: [nRoles + 1]int32{-1, -1, -1, -1}, side: s}
		slot := f.unitBase + si.first*f.stride
		for u := int32(si.first); u < int32(si.first+si.n); u, slot = u+1, slot+f.stride {
			if f.st[slot] <= 0 {
				continue
			}
			e := &p.each[b.unitType[u]]
			c.unit[roleSelf] = u
			if e.when != nil && f.eval(e.when, &c) == 0 {
				continue
			}
			f.run(e.do, &c)
			if f.over {
				return
			}
		}
	}
}

// run runs an effect list in context c until the battle ends.
func (f *fighter) run(list []*effectC, c *ectx) {
	b := f.b
	for _, e := range list {
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
		case efIf:
			if f.eval(e.value, c) != 0 {
				f.run(e.then, c)
			} else {
				f.run(e.els, c)
			}
		case efContest:
			if e.contest.pairs {
				f.nestedPairs(e.contest, c)
				break
			}
			switch f.contest(e.contest, c.unit[roleSelf], c.unit[roleOther], true) {
			case 1:
				f.run(e.contest.win[0], c)
			case -1:
				f.run(e.contest.lose[0], c)
			}
		case efEnd:
			f.reach(b.ends[e.end], c.side, false)
		case efHook:
			f.callHook(e.hook, c.unit[roleSelf], c.unit[roleOther], c.side)
		}
		if f.over {
			return
		}
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
	v := f.eval(e.value, c)
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
