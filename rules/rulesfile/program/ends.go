package program

import (
	"slices"

	"github.com/crucible-sim/crucible/rules/rulesfile/document"
)

func (b *Battle) compileEnds(cp *compiler) error {
	for i := range b.File.Ends {
		d := &b.File.Ends[i]
		e := &End{Decl: d, Index: nBuiltinEnds + i, check: -1, SideCtr: [2]int{-1, -1}}
		if d.When.Present() {
			e.check = slices.Index(document.EndChecks, d.Check)
			for s := range 2 {
				c := &context{reads: readOptions | readSides | readRound, types: [NumRoles]int{-1, -1, -1}, side: s}
				var err error
				if e.When[s], err = cp.compile(&d.When, c, true); err != nil {
					return err
				}
			}
		}
		b.Ends = append(b.Ends, e)
		if e.check >= 0 {
			b.EndsAt[e.check] = append(b.EndsAt[e.check], e)
		}
	}
	for _, e := range b.EndsAt[0] {
		b.EndsAgg |= e.aggregates()
	}
	for _, e := range b.EndsAt[1] {
		b.EndsAgg |= e.aggregates()
	}
	b.EndsOnSides = !slices.ContainsFunc(b.Ends, func(e *End) bool {
		return e.check >= 0 && slices.ContainsFunc(e.When[:], func(c *Expr) bool {
			return slices.ContainsFunc(c.Vars, func(v VarRef) bool { return v.Kind != VSideTrack && v.Kind != VSideAgg })
		})
	})
	return nil
}

func (b *Battle) compileCounters(cp *compiler) error {
	for i := range b.File.Counters {
		d := &b.File.Counters[i]
		c := &counter{decl: d, Index: [2]int{-1, -1}}
		sides := 1
		if d.PerSide {
			sides = 2
		}
		for s := range sides {
			ctx := &context{reads: readOptions | readSides | readRound, types: [NumRoles]int{-1, -1, -1}, side: s}
			var err error
			if c.Value[s], err = cp.compile(&d.Value, ctx, false); err != nil {
				return err
			}
			if lo, _ := c.Value[s].Bounds(); d.Dist && lo < 0 {
				return d.Value.Node.Errorf("counter %s is a distribution (dist: true), whose values must be 0 or more, but it can be %d", d.Name, lo)
			}
		}
		b.Counters = append(b.Counters, c)
	}
	return nil
}

// checkDamageable refuses a unit type nothing in the file can damage: its
// side could never lose, and every battle would run to the round cap.
func (b *Battle) checkDamageable() error {
	if b.Hooks != nil || b.anyEffectDamage() {
		return nil
	}
	for _, t := range b.Types {
		hit := false
		for _, ph := range append(slices.Clone(b.Start), b.Round...) {
			if ph.Kind != PhFire {
				continue
			}
			for _, step := range ph.Steps {
				for _, ft := range step {
					if b.Types[ft].Side == t.Side {
						continue
					}
					for _, wu := range b.Types[ft].Weapons {
						if ph.Group != "" && wu.W.Decl.Group != ph.Group {
							continue
						}
						ht := wu.W.Hit[t.indexIn(b)]
						if ht.E != nil || slices.Contains(ht.Mask, true) {
							hit = true
						}
					}
				}
			}
		}
		if !hit {
			return t.decl.Node.Errorf("unit %s (side %s) has no way to take damage: no weapon of the other side can hit it in a fire phase, and no effect or hook deals damage; every battle would run to the round cap", t.Name, SideLetters[t.Side])
		}
	}
	return nil
}

// indexIn returns the type's index in b.types.
func (t *UnitType) indexIn(b *Battle) int { return slices.Index(b.Types, t) }

func (b *Battle) anyEffectDamage() bool {
	var walk func(list []*Effect) bool
	walk = func(list []*Effect) bool {
		for _, e := range list {
			switch e.Kind {
			case EfDamage, EfEnd, EfHook:
				return true
			case EfSet, EfAdd, EfLower:
				if e.Track < 0 {
					return true
				}
			case EfIf:
				if walk(e.Then) || walk(e.Els) {
					return true
				}
			case EfContest:
				if walk(e.Contest.Win[0]) || walk(e.Contest.Lose[0]) {
					return true
				}
			}
		}
		return false
	}
	for _, ph := range append(slices.Clone(b.Start), b.Round...) {
		switch ph.Kind {
		case PhHook:
			return true
		case PhContest:
			for i := range ph.Contest.Win {
				if walk(ph.Contest.Win[i]) || walk(ph.Contest.Lose[i]) {
					return true
				}
			}
		case PhEach:
			for _, e := range ph.Each {
				if walk(e.Do) {
					return true
				}
			}
		}
	}
	return len(b.File.Ends) > 0
}
