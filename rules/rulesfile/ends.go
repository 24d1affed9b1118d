package rulesfile

import (
	"slices"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulesfile/document"
)

// Builtin end indexes in Spec.Ends.
const (
	endDestroyed = iota
	endMutual
	endRoundCap
	nBuiltinEnds
)

// endC is a compiled end of the file's own.
type endC struct {
	decl    *document.EndDecl
	index   int       // in Spec.Ends
	when    [2]*cexpr // per side
	check   int       // 0 round-start, 1 round-end, -1 only by `end`
	sideCtr [2]int    // a.<end>, b.<end> for an end that is not a victory; −1 otherwise
}

func (b *Battle) compileEnds(cp *compiler) error {
	for i := range b.file.Ends {
		d := &b.file.Ends[i]
		e := &endC{decl: d, index: nBuiltinEnds + i, check: -1, sideCtr: [2]int{-1, -1}}
		if d.When.Present() {
			e.check = slices.Index(document.EndChecks, d.Check)
			for s := range 2 {
				c := &context{reads: readOptions | readSides | readRound, types: [nRoles]int{-1, -1, -1}, side: s}
				var err error
				if e.when[s], err = cp.compile(&d.When, c, true); err != nil {
					return err
				}
			}
		}
		b.ends = append(b.ends, e)
		if e.check >= 0 {
			b.endsAt[e.check] = append(b.endsAt[e.check], e)
		}
	}
	for _, e := range b.endsAt[0] {
		b.endsAgg |= e.aggregates()
	}
	for _, e := range b.endsAt[1] {
		b.endsAgg |= e.aggregates()
	}
	b.endsOnSides = !slices.ContainsFunc(b.ends, func(e *endC) bool {
		return e.check >= 0 && slices.ContainsFunc(e.when[:], func(c *cexpr) bool {
			return slices.ContainsFunc(c.vars, func(v varRef) bool { return v.kind != vSideTrack && v.kind != vSideAgg })
		})
	})
	return nil
}

// aggregates returns the bits of the sides' aggregates e's condition
// reads (Battle.endsAgg).
func (e *endC) aggregates() uint8 {
	var bits uint8
	for _, c := range e.when {
		for _, v := range c.vars {
			if v.kind == vSideAgg {
				k := v.which
				if k == aggLost { // lost is alive worked out
					k = aggAlive
				}
				bits |= 1 << k
			}
		}
	}
	return bits
}

// winnerOf returns who wins when side s meets end e (or both sides do).
func (e *endC) winnerOf(s int, both bool) rules.Side {
	if both {
		return rules.None
	}
	switch e.decl.Winner {
	case "self":
		return rules.Side(s + 1)
	case "a":
		return rules.A
	case "b":
		return rules.B
	case "none":
		return rules.None
	}
	return rules.Side(2 - s)
}

// counterC is a compiled counter of the file's own.
type counterC struct {
	decl  *document.CounterDecl
	index [2]int // a's (or the battle's) and b's
	value [2]*cexpr
}

func (b *Battle) compileCounters(cp *compiler) error {
	for i := range b.file.Counters {
		d := &b.file.Counters[i]
		c := &counterC{decl: d, index: [2]int{-1, -1}}
		sides := 1
		if d.PerSide {
			sides = 2
		}
		for s := range sides {
			ctx := &context{reads: readOptions | readSides | readRound, types: [nRoles]int{-1, -1, -1}, side: s}
			var err error
			if c.value[s], err = cp.compile(&d.Value, ctx, false); err != nil {
				return err
			}
			if lo, _ := c.value[s].bounds(); d.Dist && lo < 0 {
				return d.Value.Node.Errorf("counter %s is a distribution (dist: true), whose values must be 0 or more, but it can be %d", d.Name, lo)
			}
		}
		b.counters = append(b.counters, c)
	}
	return nil
}

// checkDamageable refuses a unit type nothing in the file can damage: its
// side could never lose, and every battle would run to the round cap.
func (b *Battle) checkDamageable() error {
	if b.hooks != nil || b.anyEffectDamage() {
		return nil
	}
	for _, t := range b.types {
		hit := false
		for _, ph := range append(slices.Clone(b.start), b.round...) {
			if ph.kind != phFire {
				continue
			}
			for _, step := range ph.steps {
				for _, ft := range step {
					if b.types[ft].side == t.side {
						continue
					}
					for _, wu := range b.types[ft].weapons {
						if ph.group != "" && wu.w.decl.Group != ph.group {
							continue
						}
						ht := wu.w.hit[t.indexIn(b)]
						if ht.e != nil || slices.Contains(ht.mask, true) {
							hit = true
						}
					}
				}
			}
		}
		if !hit {
			return t.decl.Node.Errorf("unit %s (side %s) has no way to take damage: no weapon of the other side can hit it in a fire phase, and no effect or hook deals damage; every battle would run to the round cap", t.name, sideLetters[t.side])
		}
	}
	return nil
}

// indexIn returns the type's index in b.types.
func (t *unitType) indexIn(b *Battle) int { return slices.Index(b.types, t) }

func (b *Battle) anyEffectDamage() bool {
	var walk func(list []*effectC) bool
	walk = func(list []*effectC) bool {
		for _, e := range list {
			switch e.kind {
			case efDamage, efEnd, efHook:
				return true
			case efSet, efAdd, efLower:
				if e.track < 0 {
					return true
				}
			case efIf:
				if walk(e.then) || walk(e.els) {
					return true
				}
			case efContest:
				if walk(e.contest.win[0]) || walk(e.contest.lose[0]) {
					return true
				}
			}
		}
		return false
	}
	for _, ph := range append(slices.Clone(b.start), b.round...) {
		switch ph.kind {
		case phHook:
			return true
		case phContest:
			for i := range ph.contest.win {
				if walk(ph.contest.win[i]) || walk(ph.contest.lose[i]) {
					return true
				}
			}
		case phEach:
			for _, e := range ph.each {
				if walk(e.do) {
					return true
				}
			}
		}
	}
	return len(b.file.Ends) > 0
}
