package program

import (
	"fmt"
	"slices"
	"strings"

	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/rulesfile/document"
)

// This file assembles a unit type from its declaration: its base, its
// own stats, its parts' stats, costs and weapons, its derived stats, and
// the checks it must pass.

// assembly is a unit type being assembled.
type assembly struct {
	b           *Battle
	cp          *compiler
	decl        *document.UnitDecl
	ut          *UnitType
	parts       []document.Count
	weapons     map[string]int64
	weaponOrder []string
	checks      []document.CheckDecl
	cost        []int64 // what the parts use of each stat
}

// assemble works out a unit type's stats and weapons from its declaration,
// its base, its parts, and checks its costs and checks.
func (b *Battle) assemble(cp *compiler, decl *document.UnitDecl, designs map[string]*document.UnitDecl, side int) (*UnitType, error) {
	f := b.File
	chain, err := b.baseChain(decl, designs)
	if err != nil {
		return nil, err
	}
	a := &assembly{b: b, cp: cp, decl: decl, weapons: map[string]int64{}, cost: make([]int64, len(f.Stats)),
		ut: &UnitType{Name: decl.Name, Side: side, decl: decl, Stats: make([]int64, len(f.Stats))}}
	for i, s := range f.Stats {
		a.ut.Stats[i] = s.Default
	}
	for _, u := range chain {
		if err := a.own(u); err != nil {
			return nil, err
		}
	}
	for _, pc := range a.parts {
		if err := a.addPart(pc); err != nil {
			return nil, err
		}
	}
	if err := b.derive(cp, a.ut); err != nil {
		return nil, err
	}
	if err := a.check(); err != nil {
		return nil, err
	}
	for _, name := range a.weaponOrder {
		i := slices.IndexFunc(f.Weapons, func(x *document.WeaponDecl) bool { return x.Name == name })
		if a.weapons[name] > 0 {
			a.ut.Weapons = append(a.ut.Weapons, WeaponUse{W: &Weapon{Decl: f.Weapons[i]}, N: int(a.weapons[name])})
		}
	}
	a.ut.Armed = len(a.ut.Weapons) > 0
	return a.ut, nil
}

// baseChain returns the declarations a unit builds on through base, the
// root first (later declarations override), refusing a base that is
// unknown or a unit that builds on itself.
func (b *Battle) baseChain(decl *document.UnitDecl, designs map[string]*document.UnitDecl) ([]*document.UnitDecl, error) {
	f := b.File
	chain := []*document.UnitDecl{decl}
	for u := decl; u.Base != ""; {
		next := designs[u.Base]
		if next == nil || next == u {
			if i := slices.IndexFunc(f.Units, func(x *document.UnitDecl) bool { return x.Name == u.Base }); i >= 0 {
				next = f.Units[i]
			}
		}
		if next == nil {
			return nil, document.ErrUnknown(u.Node.Get("base"), "base unit", u.Base, document.Names(f.Units, func(u *document.UnitDecl) string { return u.Name }))
		}
		if slices.Contains(chain, next) {
			return nil, u.Node.Get("base").Errorf("unit %s builds on itself through base (%s)", decl.Name, u.Base)
		}
		chain = append(chain, next)
		u = next
	}
	slices.Reverse(chain)
	return chain, nil
}

// own applies one declaration of the chain: its stats, its parts (which
// replace its base's), its weapons and its checks.
func (a *assembly) own(u *document.UnitDecl) error {
	statNames := a.b.Lang.Stats
	for _, s := range u.Stats {
		i := NameIndex(statNames, s.Name)
		if i < 0 {
			return s.Node.Errorf("unknown stat %q of unit %s (stats: %s; a unit also has %s)%s", s.Name, a.decl.Name,
				strings.Join(statNames, ", "), strings.Join(document.UnitKeys, ", "), doc.DidYouMean(s.Name, append(slices.Clone(statNames), document.UnitKeys...)))
		}
		if err := notDerived(a.b.File, s, i); err != nil {
			return err
		}
		v, err := a.cp.static(&s.Value)
		if err != nil {
			return err
		}
		a.ut.Stats[i] = v
	}
	if u.Parts != nil {
		a.parts = u.Parts // a unit's parts replace its base's
	}
	a.checks = append(a.checks, u.Checks...)
	return a.addWeapons(u.Weapons)
}

// addWeapons adds weapons, with how many, keeping the order they first
// come in.
func (a *assembly) addWeapons(list []document.Count) error {
	f := a.b.File
	for _, w := range list {
		if !slices.ContainsFunc(f.Weapons, func(x *document.WeaponDecl) bool { return x.Name == w.Name }) {
			return document.ErrUnknown(w.Node, "weapon", w.Name, document.Names(f.Weapons, func(w *document.WeaponDecl) string { return w.Name }))
		}
		if _, ok := a.weapons[w.Name]; !ok {
			a.weaponOrder = append(a.weaponOrder, w.Name)
		}
		a.weapons[w.Name] += w.N
	}
	return nil
}

// addPart adds a part: what it adds to the stats, what it costs, its
// weapons.
func (a *assembly) addPart(pc document.Count) error {
	f := a.b.File
	statNames := a.b.Lang.Stats
	i := slices.IndexFunc(f.Parts, func(p *document.PartDecl) bool { return p.Name == pc.Name })
	if i < 0 {
		return document.ErrUnknown(pc.Node, "part", pc.Name, document.Names(f.Parts, func(p *document.PartDecl) string { return p.Name }))
	}
	p := f.Parts[i]
	for _, s := range p.Stats {
		k := NameIndex(statNames, s.Name)
		if k < 0 {
			return document.ErrUnknown(s.Node, "stat", s.Name, statNames)
		}
		if err := notDerived(f, s, k); err != nil {
			return err
		}
		v, err := a.cp.static(&s.Value)
		if err != nil {
			return err
		}
		a.ut.Stats[k] += v
	}
	for _, c := range p.Cost {
		k := NameIndex(statNames, c.Name)
		if k < 0 {
			return document.ErrUnknown(c.Node, "stat (a cost is paid from a stat of the unit)", c.Name, statNames)
		}
		v, err := a.cp.static(&c.Value)
		if err != nil {
			return err
		}
		a.cost[k] += v
	}
	return a.addWeapons(p.Weapons)
}

// check refuses an assembled unit whose parts cost more than it has,
// whose hit points are out of range, or that fails one of its checks.
func (a *assembly) check() error {
	decl, ut, statNames := a.decl, a.ut, a.b.Lang.Stats
	for k, c := range a.cost {
		// Only what the parts use is checked: a stat that may be negative
		// (a type code, a penalty) and that nothing costs is no budget.
		if c > 0 && c > ut.Stats[k] {
			at := decl.Node
			if decl.Node.Get("parts") != nil {
				at = decl.Node.Get("parts")
			}
			return at.Errorf("unit %s's parts cost %d %s, more than the %d it has", decl.Name, c, statNames[k], ut.Stats[k])
		}
	}
	if ut.Stats[0] < 1 {
		return decl.Node.Errorf("unit %s has %d hp: a unit needs at least 1 hit point", decl.Name, ut.Stats[0])
	}
	if ut.Stats[0] > MaxHP {
		return decl.Node.Errorf("unit %s has %d hp (allowed: at most %d)", decl.Name, ut.Stats[0], MaxHP)
	}
	stats := map[string]int64{}
	for i, s := range statNames {
		stats[document.ExprName(s)] = ut.Stats[i]
	}
	for _, c := range a.checks {
		ok, err := a.cp.compile(&c.Rule, &context{reads: readOptions | readStats, stats: stats, types: [NumRoles]int{-1, -1, -1}}, true)
		if err != nil {
			return err
		}
		if ok.K == 0 {
			return decl.Node.Errorf("unit %s: %s (%s fails with %s)", decl.Name, c.Says, c.Rule.Src, statWords(statNames, ut.Stats))
		}
	}
	return nil
}

// notDerived refuses a unit's or a part's value for stat i when the stat
// is derived by a formula.
func notDerived(f *document.File, a document.Assign, i int) error {
	if s := f.Stats[i]; s.Formula.Present() {
		return a.Node.Errorf("stat %s is derived by its formula (%s): give the stats it reads, not the stat itself", s.Name, s.Formula.Src)
	}
	return nil
}

// derive works out unit type ut's derived stats, once its own stats and
// its parts' are summed, in the order the file declares them: each
// formula reads the stats that are not derived and the derived stats
// declared before it, by their names, and the options.
func (b *Battle) derive(cp *compiler, ut *UnitType) error {
	stats := map[string]int64{}
	for i, s := range b.File.Stats {
		if !s.Formula.Present() {
			stats[document.ExprName(s.Name)] = ut.Stats[i]
		}
	}
	for i, s := range b.File.Stats {
		if !s.Formula.Present() {
			continue
		}
		ce, err := cp.compile(&s.Formula, &context{reads: readOptions | readStats, stats: stats, types: [NumRoles]int{-1, -1, -1}}, false)
		if err != nil {
			return err
		}
		ut.Stats[i] = int64(ce.K)
		stats[document.ExprName(s.Name)] = ut.Stats[i]
	}
	return nil
}

// MaxHP is the most hit points a unit may have.
const MaxHP = 10000

func statWords(names []string, v []int64) string {
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = fmt.Sprintf("%s %d", n, v[i])
	}
	return strings.Join(parts, ", ")
}
