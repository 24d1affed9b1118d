package rulesfile

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/rulesfile/document"
)

// scenarioDoc is the scenario's part of a rules-file battle.
type scenarioDoc struct {
	Rules   *doc.Node `doc:"rules,required"`
	Options *doc.Node `doc:"options"`
	A       *doc.Node `doc:"a,required"`
	B       *doc.Node `doc:"b,required"`
}

// sideDoc is one side of a scenario.
type sideDoc struct {
	Name     string    `doc:"name,name"`
	Units    *doc.Node `doc:"units,required"`
	Designs  *doc.Node `doc:"designs"`
	Policy   string    `doc:"policy"`
	Priority []string  `doc:"priority"`
}

// MaxUnits is the most units a side may field.
const MaxUnits = 256

// MaxTypes is the most unit types the two sides may field together (a hit
// keeps the types it reaches in a 64-bit set).
const MaxTypes = 64

// Compile compiles a scenario document whose rules are under `rules` (the
// loader puts them there) into a battle.
func Compile(n *doc.Node) (*Battle, error) {
	var sd scenarioDoc
	if err := doc.Decode(n, &sd); err != nil {
		return nil, err
	}
	f, err := document.Decode(sd.Rules)
	if err != nil {
		return nil, err
	}
	return compileFile(f, &sd)
}

func compileFile(f *document.File, sd *scenarioDoc) (*Battle, error) {
	b := &Battle{file: f, endIndex: map[string]int{}}
	settings, opts, err := resolveOptions(f, sd.Options)
	if err != nil {
		return nil, err
	}
	b.lang = newLang(document.Names(f.Stats, func(s document.StatDecl) string { return s.Name }), document.Names(f.Tracks, func(t document.TrackDecl) string { return t.Name }),
		document.Names(f.SideTracks, func(t document.TrackDecl) string { return t.Name }), document.Names(f.SideValues, func(v document.SideValueDecl) string { return v.Name }), opts)
	cp := &compiler{l: b.lang, b: b}
	var sides [2]sideDoc
	for s, node := range [2]*doc.Node{sd.A, sd.B} {
		if err := doc.Decode(node, &sides[s]); err != nil {
			return nil, err
		}
	}
	for s := range 2 {
		if err := b.fieldSide(cp, s, &sides[s], node2(sd, s)); err != nil {
			return nil, err
		}
	}
	if len(b.types) > MaxTypes {
		return nil, sd.B.Errorf("the sides field %d unit types together (allowed: at most %d)", len(b.types), MaxTypes)
	}
	if err := b.layout(cp); err != nil {
		return nil, err
	}
	b.sizeK = b.sizeStat()
	b.buildRoster()
	if err := b.compileCap(cp); err != nil {
		return nil, err
	}
	if err := b.compileSideValues(cp); err != nil {
		return nil, err
	}
	if err := b.compileWeapons(cp); err != nil {
		return nil, err
	}
	if b.hooks, err = compileHooks(f); err != nil {
		return nil, err
	}
	if b.start, err = b.compilePhases(cp, f.Start); err != nil {
		return nil, err
	}
	if b.round, err = b.compilePhases(cp, f.Round); err != nil {
		return nil, err
	}
	b.rosterSafe = len(b.unitTrk) == 0
	for _, ph := range append(slices.Clone(b.start), b.round...) {
		b.rosterSafe = b.rosterSafe && ph.kind == phFire
	}
	if err := b.compileEnds(cp); err != nil {
		return nil, err
	}
	for s := range 2 {
		if err := b.compilePolicy(s, &sides[s], node2(sd, s)); err != nil {
			return nil, err
		}
	}
	b.fastPaths()
	b.flatten()
	if err := b.checkDamageable(); err != nil {
		return nil, err
	}
	if err := b.compileCounters(cp); err != nil {
		return nil, err
	}
	b.finishSpec(settings, sides)
	return b, nil
}

func node2(sd *scenarioDoc, s int) *doc.Node {
	if s == 0 {
		return sd.A
	}
	return sd.B
}

// resolveOptions checks the scenario's options against the file's and
// returns the settings in force and how expressions see them.
func resolveOptions(f *document.File, n *doc.Node) (rules.Settings, []optionVal, error) {
	set := make(rules.OptionSet, len(f.Options))
	for i, o := range f.Options {
		set[i] = rules.Option{Name: o.Name, Default: o.Default, Words: o.Words, Ints: o.Ints, Doc: o.Doc}
	}
	settings, err := set.Resolve(n)
	if err != nil {
		return nil, nil, err
	}
	vals := make([]optionVal, len(f.Options))
	for i, o := range f.Options {
		v := settings[i].Value
		ov := optionVal{Name: o.Name, Field: document.ExprName(o.Name)}
		switch {
		case o.Ints != nil:
			ov.Kind = reflect.Int
			ov.Int, _ = strconv.ParseInt(strings.ReplaceAll(v, "_", ""), 10, 64)
		case slices.Equal(sortedCopy(o.Words), []string{"false", "true"}):
			ov.Kind, ov.Bool = reflect.Bool, v == "true"
		default:
			ov.Kind, ov.Str = reflect.String, v
		}
		vals[i] = ov
	}
	return settings, vals, nil
}

func sortedCopy(s []string) []string {
	c := slices.Clone(s)
	slices.Sort(c)
	return c
}

// fieldSide assembles the unit types side s fields and its units.
func (b *Battle) fieldSide(cp *compiler, s int, sd *sideDoc, node *doc.Node) error {
	f := b.file
	si := &b.sides[s]
	si.label = f.Sides[s]
	if sd.Name != "" {
		si.label = sd.Name
	}
	designs := map[string]*document.UnitDecl{}
	var designOrder []string
	if err := document.Entries(sd.Designs, "design names to units", func(name string, v *doc.Node) error {
		u, err := document.DecodeUnit(name, v)
		if err != nil {
			return err
		}
		if slices.ContainsFunc(f.Units, func(x *document.UnitDecl) bool { return x.Name == name }) {
			return v.Errorf("design %q has the name of a unit of the rules file: give it a name of its own (it may build on it: base: %s)", name, name)
		}
		designs[name] = u
		designOrder = append(designOrder, name)
		return nil
	}); err != nil {
		return err
	}
	known := append(document.Names(f.Units, func(u *document.UnitDecl) string { return u.Name }), designOrder...)
	si.first = len(b.units)
	if err := document.Entries(sd.Units, "unit names to counts", func(name string, v *doc.Node) error {
		decl := designs[name]
		if decl == nil {
			if i := slices.IndexFunc(f.Units, func(u *document.UnitDecl) bool { return u.Name == name }); i >= 0 {
				decl = f.Units[i]
			}
		}
		if decl == nil {
			return document.ErrUnknown(v, "unit", name, known)
		}
		count, err := document.IntOf(v, 0, MaxUnits)
		if err != nil {
			return err
		}
		ut, err := b.assemble(cp, decl, designs, s)
		if err != nil {
			return err
		}
		ut.local = len(si.types)
		ut.first, ut.count = len(b.units), int(count)
		si.types = append(si.types, len(b.types))
		for range count {
			b.units = append(b.units, unitInst{typ: len(b.types), side: s})
		}
		si.hpMax += int(count) * int(ut.stats[0])
		b.types = append(b.types, ut)
		return nil
	}); err != nil {
		return err
	}
	si.n = len(b.units) - si.first
	if si.n == 0 {
		return node.Errorf("side %s fields no unit: give it at least one (units: {NAME: COUNT})", sideLetters[s])
	}
	if si.n > MaxUnits {
		return sd.Units.Errorf("side %s fields %d units (allowed: at most %d)", sideLetters[s], si.n, MaxUnits)
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

// static compiles an expression of options alone to its value.
func (cp *compiler) static(e *document.Expr) (int64, error) {
	if e.Int != nil {
		return *e.Int, nil
	}
	ce, err := cp.compile(e, &context{reads: readOptions, types: [nRoles]int{-1, -1, -1}}, false)
	if err != nil {
		return 0, err
	}
	return int64(ce.k), nil
}

// layout fixes the state vector and the tracks' ranges.
func (b *Battle) layout(cp *compiler) error {
	f := b.file
	for _, t := range f.SideTracks {
		lo := int32(t.Min)
		hi, err := cp.static(&t.Max)
		if err != nil {
			return err
		}
		st := int64(0)
		if t.Start.Present() {
			if st, err = cp.static(&t.Start); err != nil {
				return err
			}
		}
		if int64(lo) > hi || st < int64(lo) || st > hi {
			return t.Node.Errorf("side track %s starts at %d outside its range %d..%d", t.Name, st, lo, hi)
		}
		b.sideTrk = append(b.sideTrk, trackInfo{name: t.Name, lo: []int32{lo}, hi: []int32{int32(hi)}, start: []int32{int32(st)}})
	}
	for k, t := range f.Tracks {
		ti := trackInfo{name: t.Name}
		for ti2 := range b.types {
			c := &context{reads: readOptions | readSelf, types: [nRoles]int{ti2, -1, -1}}
			hi, err := cp.compile(&t.Max, c, false)
			if err != nil {
				return err
			}
			st := &cexpr{}
			if t.Start.Present() {
				if st, err = cp.compile(&t.Start, c, false); err != nil {
					return err
				}
			}
			if int64(hi.k) < t.Min || int64(st.k) < t.Min || st.k > hi.k {
				return t.Node.Errorf("track %s of unit %s starts at %d outside its range %d..%d", t.Name, b.types[ti2].name, st.k, t.Min, hi.k)
			}
			if int64(hi.k)-t.Min > MaxHP {
				return t.Node.Errorf("track %s of unit %s ranges over %d values (allowed: at most %d)", t.Name, b.types[ti2].name, int64(hi.k)-t.Min+1, MaxHP+1)
			}
			ti.lo = append(ti.lo, int32(t.Min))
			ti.hi = append(ti.hi, hi.k)
			ti.start = append(ti.start, st.k)
		}
		b.unitTrk = append(b.unitTrk, ti)
		_ = k
	}
	b.stride = 1 + len(b.unitTrk)
	b.unitBase = 1 + 2*len(b.sideTrk)
	for i := range b.units {
		b.units[i].slot = b.unitBase + i*b.stride
		b.unitType = append(b.unitType, int32(b.units[i].typ))
	}
	b.stateLen = b.unitBase + len(b.units)*b.stride
	for _, ut := range b.types {
		ut.hpOff = b.hpCountLen
		b.hpCountLen += int(ut.stats[0]) + 1
	}
	return nil
}

// buildRoster packs each side's types for the roster policies, with
// their sizes ranked.
func (b *Battle) buildRoster() {
	for s := range 2 {
		var sizes []int64
		for _, t := range b.sides[s].types {
			sizes = append(sizes, b.types[t].stats[b.sizeK])
		}
		slices.Sort(sizes)
		sizes = slices.Compact(sizes)
		for _, t := range b.sides[s].types {
			ut := b.types[t]
			rank, _ := slices.BinarySearch(sizes, ut.stats[b.sizeK])
			b.roster[s] = append(b.roster[s], rosterType{t: t, bit: 1 << uint(t), off: ut.hpOff, max: int32(ut.stats[0]), count: int32(ut.count), sizeRank: int64(rank), armed: ut.armed})
		}
	}
}

// DefaultCap is the round cap of a file that names none.
const DefaultCap = 1000

// MaxCap is the highest round cap.
const MaxCap = 1_000_000

func (b *Battle) compileCap(cp *compiler) error {
	b.cap = DefaultCap
	if !b.file.Cap.Present() {
		return nil
	}
	v, err := cp.static(&b.file.Cap)
	if err != nil {
		return err
	}
	if v < 1 || v > MaxCap {
		return b.file.Cap.Node.Errorf("a round cap of %d is out of range (allowed: 1 to %d)", v, MaxCap)
	}
	b.cap = int(v)
	return nil
}
