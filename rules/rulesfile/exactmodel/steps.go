package exactmodel

import "github.com/crucible-sim/crucible/rules/rulesfile/program"

// NewModel returns the battle's model for an exact solver, or an error that
// names what in the rules file the exact walk cannot follow (an
// *UnsupportedError).
func NewModel(b *program.Battle) (*Model, error) {
	m := &Model{B: b}
	for _, p := range b.Start {
		m.addSteps(p, true)
	}
	m.NStart = len(m.StepList)
	for _, p := range b.Round {
		m.addSteps(p, false)
	}
	var un []string
	if b.Hooks != nil && b.Hooks.Draws {
		un = append(un, "the hooks draw random numbers (battle.roll, battle.choose), which the exact solver cannot follow: only the file's declared dice can be enumerated")
	}
	un = append(un, m.checkHitOrder()...)
	if len(un) > 0 {
		return nil, &UnsupportedError{Constructs: un}
	}
	m.exchangeable()
	m.rounds()
	m.contestNotes()
	return m, nil
}

func (m *Model) addSteps(p *program.Phase, start bool) {
	if p.Kind != program.PhFire {
		m.StepList = append(m.StepList, Step{Phase: p, start: start})
		return
	}
	for _, types := range p.Steps {
		st := Step{Phase: p, Fire: types, start: start}
		st.Det = [2]bool{m.deterministic(&st, 0), m.deterministic(&st, 1)}
		st.Indep = [2]bool{m.independent(&st, 0), m.independent(&st, 1)}
		m.fireDeps(&st)
		m.StepList = append(m.StepList, st)
	}
}

// fireDeps works out what each side's fire in step st depends on.
func (m *Model) fireDeps(st *Step) {
	b := m.B
	st.Plain = make([]bool, len(b.Types))
	narrow := func(e *program.Expr) bool {
		if e == nil {
			return true
		}
		for _, v := range e.Vars {
			switch v.Kind {
			case program.VUnitHP, program.VUnitAlive, program.VUnitTrack, program.VFace:
			default:
				return false
			}
		}
		return true
	}
	for _, t := range st.Fire {
		ut := b.Types[t]
		st.Fires[ut.Side] = true
		st.Plain[t] = true
		for _, wu := range ut.Weapons {
			w := wu.W
			if st.Phase.Group != "" && w.Decl.Group != st.Phase.Group {
				continue
			}
			st.Plain[t] = st.Plain[t] && w.Plain
			st.Spends[ut.Side] = st.Spends[ut.Side] || w.Budget >= 0
			for _, e := range []*program.Expr{w.Attacks, w.Reroll.E, w.Explode.E, w.Crit.E} {
				st.Wide[ut.Side] = st.Wide[ut.Side] || !narrow(e)
			}
			for u := range w.Hit {
				st.Wide[ut.Side] = st.Wide[ut.Side] || !narrow(w.Hit[u].E)
			}
		}
	}
}

// independent reports whether resolving side's hits of fire step st reads
// nothing but the target unit and the die's face.
func (m *Model) independent(st *Step, side int) bool {
	b := m.B
	ok := true
	onlyTarget := func(e *program.Expr) {
		if e == nil {
			return
		}
		for _, v := range e.Vars {
			switch v.Kind {
			case program.VUnitHP, program.VUnitAlive, program.VUnitTrack:
				ok = ok && v.Role == program.RoleTarget
			case program.VFace:
			default:
				ok = false
			}
		}
	}
	st.eachWeapon(b, side, func(_ *program.UnitType, wu program.WeaponUse) bool {
		w := wu.W
		for _, u := range b.Sides[1-side].Types {
			for _, e := range []*program.Expr{w.Hit[u].E, w.Wound[u].E, w.CritWound[u].E, w.Save[u].E, w.Reduce[u]} {
				onlyTarget(e)
			}
			w.Damage[u].Walk(onlyTarget)
		}
		return true
	})
	return ok
}

// deterministic reports whether side's hits of fire step st are assigned
// with no random event.
func (m *Model) deterministic(st *Step, side int) bool {
	b := m.B
	if b.Policies[side] == program.PolRandom {
		return false
	}
	return st.eachWeapon(b, side, func(_ *program.UnitType, wu program.WeaponUse) bool {
		w := wu.W
		for _, u := range b.Sides[1-side].Types {
			if w.Wound[u].Set || w.Save[u].Set || w.Damage[u].Value == nil {
				return false
			}
		}
		return true
	})
}
