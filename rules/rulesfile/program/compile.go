package program

import (
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/rulesfile/document"
)

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
	b := &Battle{File: f, endIndex: map[string]int{}}
	settings, opts, err := resolveOptions(f, sd.Options)
	if err != nil {
		return nil, err
	}
	b.Lang = newLang(document.Names(f.Stats, func(s document.StatDecl) string { return s.Name }), document.Names(f.Tracks, func(t document.TrackDecl) string { return t.Name }),
		document.Names(f.SideTracks, func(t document.TrackDecl) string { return t.Name }), document.Names(f.SideValues, func(v document.SideValueDecl) string { return v.Name }), opts)
	cp := &compiler{l: b.Lang, b: b}
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
	if len(b.Types) > MaxTypes {
		return nil, sd.B.Errorf("the sides field %d unit types together (allowed: at most %d)", len(b.Types), MaxTypes)
	}
	if err := b.layout(cp); err != nil {
		return nil, err
	}
	b.SizeStat = b.sizeStat()
	b.buildRoster()
	if err := b.compilePlay(cp); err != nil {
		return nil, err
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

// compilePlay compiles what a round plays, once the layout is fixed: the
// round cap, side values, weapons, hooks and the start and round phases.
func (b *Battle) compilePlay(cp *compiler) error {
	if err := b.compileCap(cp); err != nil {
		return err
	}
	if err := b.compileSideValues(cp); err != nil {
		return err
	}
	if err := b.compileWeapons(cp); err != nil {
		return err
	}
	var err error
	if b.Hooks, err = compileHooks(b.File); err != nil {
		return err
	}
	if b.Start, err = b.compilePhases(cp, b.File.Start); err != nil {
		return err
	}
	if b.Round, err = b.compilePhases(cp, b.File.Round); err != nil {
		return err
	}
	b.RosterSafe = len(b.UnitTrk) == 0
	for _, ph := range append(slices.Clone(b.Start), b.Round...) {
		b.RosterSafe = b.RosterSafe && ph.Kind == PhFire
	}
	return nil
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
	f := b.File
	si := &b.Sides[s]
	si.Label = f.Sides[s]
	if sd.Name != "" {
		si.Label = sd.Name
	}
	designs, designOrder, err := b.decodeDesigns(sd)
	if err != nil {
		return err
	}
	known := append(document.Names(f.Units, func(u *document.UnitDecl) string { return u.Name }), designOrder...)
	si.First = len(b.AllUnits)
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
		ut.Local = len(si.Types)
		ut.First, ut.Count = len(b.AllUnits), int(count)
		si.Types = append(si.Types, len(b.Types))
		for range count {
			b.AllUnits = append(b.AllUnits, unitInst{Typ: len(b.Types), Side: s})
		}
		si.HpMax += int(count) * int(ut.Stats[0])
		b.Types = append(b.Types, ut)
		return nil
	}); err != nil {
		return err
	}
	si.N = len(b.AllUnits) - si.First
	if si.N == 0 {
		return node.Errorf("side %s fields no unit: give it at least one (units: {NAME: COUNT})", SideLetters[s])
	}
	if si.N > MaxUnits {
		return sd.Units.Errorf("side %s fields %d units (allowed: at most %d)", SideLetters[s], si.N, MaxUnits)
	}
	return nil
}

// decodeDesigns decodes a side's designs: units of the scenario's own,
// each named apart from the rules file's units (it may build on one), in
// the order written.
func (b *Battle) decodeDesigns(sd *sideDoc) (map[string]*document.UnitDecl, []string, error) {
	designs := map[string]*document.UnitDecl{}
	var order []string
	err := document.Entries(sd.Designs, "design names to units", func(name string, v *doc.Node) error {
		u, err := document.DecodeUnit(name, v)
		if err != nil {
			return err
		}
		if slices.ContainsFunc(b.File.Units, func(x *document.UnitDecl) bool { return x.Name == name }) {
			return v.Errorf("design %q has the name of a unit of the rules file: give it a name of its own (it may build on it: base: %s)", name, name)
		}
		designs[name] = u
		order = append(order, name)
		return nil
	})
	return designs, order, err
}

// layout fixes the state vector and the tracks' ranges.
func (b *Battle) layout(cp *compiler) error {
	f := b.File
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
		b.SideTrk = append(b.SideTrk, trackInfo{Name: t.Name, Lo: []int32{lo}, Hi: []int32{int32(hi)}, Start: []int32{int32(st)}})
	}
	for k, t := range f.Tracks {
		ti := trackInfo{Name: t.Name}
		for ti2 := range b.Types {
			c := &context{reads: readOptions | readSelf, types: [NumRoles]int{ti2, -1, -1}}
			hi, err := cp.compile(&t.Max, c, false)
			if err != nil {
				return err
			}
			st := &Expr{}
			if t.Start.Present() {
				if st, err = cp.compile(&t.Start, c, false); err != nil {
					return err
				}
			}
			if int64(hi.K) < t.Min || int64(st.K) < t.Min || st.K > hi.K {
				return t.Node.Errorf("track %s of unit %s starts at %d outside its range %d..%d", t.Name, b.Types[ti2].Name, st.K, t.Min, hi.K)
			}
			if int64(hi.K)-t.Min > MaxHP {
				return t.Node.Errorf("track %s of unit %s ranges over %d values (allowed: at most %d)", t.Name, b.Types[ti2].Name, int64(hi.K)-t.Min+1, MaxHP+1)
			}
			ti.Lo = append(ti.Lo, int32(t.Min))
			ti.Hi = append(ti.Hi, hi.K)
			ti.Start = append(ti.Start, st.K)
		}
		b.UnitTrk = append(b.UnitTrk, ti)
		_ = k
	}
	b.UnitStride = 1 + len(b.UnitTrk)
	b.UnitBase = 1 + 2*len(b.SideTrk)
	for i := range b.AllUnits {
		b.AllUnits[i].Slot = b.UnitBase + i*b.UnitStride
		b.UnitType = append(b.UnitType, int32(b.AllUnits[i].Typ))
	}
	b.StateSize = b.UnitBase + len(b.AllUnits)*b.UnitStride
	for _, ut := range b.Types {
		ut.HpOff = b.RosterLen
		b.RosterLen += int(ut.Stats[0]) + 1
	}
	return nil
}

// buildRoster packs each side's types for the roster policies, with
// their sizes ranked.
func (b *Battle) buildRoster() {
	for s := range 2 {
		var sizes []int64
		for _, t := range b.Sides[s].Types {
			sizes = append(sizes, b.Types[t].Stats[b.SizeStat])
		}
		slices.Sort(sizes)
		sizes = slices.Compact(sizes)
		for _, t := range b.Sides[s].Types {
			ut := b.Types[t]
			rank, _ := slices.BinarySearch(sizes, ut.Stats[b.SizeStat])
			b.Roster[s] = append(b.Roster[s], RosterType{T: t, Bit: 1 << uint(t), Off: ut.HpOff, Max: int32(ut.Stats[0]), Count: int32(ut.Count), SizeRank: int64(rank), Armed: ut.Armed})
		}
	}
}

// DefaultCap is the round cap of a file that names none.
const DefaultCap = 1000

// MaxCap is the highest round cap.
const MaxCap = 1_000_000

func (b *Battle) compileCap(cp *compiler) error {
	b.Cap = DefaultCap
	if !b.File.Cap.Present() {
		return nil
	}
	v, err := cp.static(&b.File.Cap)
	if err != nil {
		return err
	}
	if v < 1 || v > MaxCap {
		return b.File.Cap.Node.Errorf("a round cap of %d is out of range (allowed: 1 to %d)", v, MaxCap)
	}
	b.Cap = int(v)
	return nil
}
