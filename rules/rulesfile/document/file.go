package document

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/rules/doc"
)

// File is a rules file as written: decoded with every field checked and
// placed, nothing compiled yet. Names keep the file's order, which is the
// order every output lists them in.
type File struct {
	Title, About string
	Sides        [2]string
	Options      []OptionDecl
	Stats        []StatDecl
	Tracks       []TrackDecl
	SideTracks   []TrackDecl
	SideValues   []SideValueDecl
	Weapons      []*WeaponDecl
	Parts        []*PartDecl
	Units        []*UnitDecl
	Targeting    TargetingDecl
	Start, Round []*Phase
	Cap          Expr
	Ends         []EndDecl
	Counters     []CounterDecl
	Hooks        *Expr // the Starlark source, placed
	HookSteps    int64 // the step budget of one hook call (0: DefaultHookSteps)
	node         *doc.Node
}

// OptionDecl declares one rule option of the file.
type OptionDecl struct {
	Name, Default, Doc string
	Words              []string
	Ints               *doc.Range
	Node               *doc.Node
}

// StatDecl declares a stat every unit has (hp is always one).
type StatDecl struct {
	Name, Doc string
	Default   int64
	// Formula, when given, derives the stat from the unit's other stats
	// (and the options) once the unit is assembled: a unit and its parts
	// do not set it.
	Formula Expr
	Node    *doc.Node
}

// TrackDecl declares a per-unit or per-side value that changes in battle.
type TrackDecl struct {
	Name, Doc  string
	Start, Max Expr
	Min        int64
	Node       *doc.Node
}

// SideValueDecl is a value of each side worked out from its units not
// destroyed: how many meet a condition (Count), or the sum of an
// expression over them. Expressions read it as side.NAME and enemy.NAME.
type SideValueDecl struct {
	Name, Doc string
	Of        Expr // the condition (Count) or the expression summed, of self
	Count     bool
	Node      *doc.Node
}

// fileDoc is a rules file's top level as written: each declaration is
// decoded by a step of Decode of its own.
type fileDoc struct {
	Title      string    `doc:"title,required"`
	About      string    `doc:"about"`
	Sides      *doc.Node `doc:"sides"`
	Options    *doc.Node `doc:"options"`
	Stats      *doc.Node `doc:"stats"`
	Tracks     *doc.Node `doc:"tracks"`
	SideTracks *doc.Node `doc:"side-tracks"`
	SideValues *doc.Node `doc:"side-values"`
	Weapons    *doc.Node `doc:"weapons"`
	Parts      *doc.Node `doc:"parts"`
	Units      *doc.Node `doc:"units,required"`
	Targeting  *doc.Node `doc:"targeting"`
	Start      *doc.Node `doc:"start"`
	Round      *doc.Node `doc:"round,required"`
	Cap        *doc.Node `doc:"cap"`
	Ends       *doc.Node `doc:"ends"`
	Counters   *doc.Node `doc:"counters"`
	Hooks      *doc.Node `doc:"hooks"`
	HookSteps  *doc.Node `doc:"hook-steps"`
}

// Decode reads a rules file from its document.
func Decode(n *doc.Node) (*File, error) {
	if n == nil || n.Kind != doc.Map {
		at := n
		if at == nil {
			at = &doc.Node{}
		}
		return nil, at.Errorf("a rules file is a mapping with at least `title`, `units` and `round` (see `crucible rules rulesfile`)")
	}
	var top fileDoc
	if err := doc.Decode(n, &top); err != nil {
		return nil, err
	}
	f := &File{Title: top.Title, About: top.About, Sides: [2]string{"a", "b"}, node: n}
	steps := []func() error{
		func() error { return f.decodeSides(top.Sides) },
		func() (err error) { f.Options, err = decodeOptions(top.Options); return },
		func() (err error) { f.Stats, err = decodeStats(top.Stats); return },
		func() (err error) { f.Tracks, err = decodeTracks(top.Tracks, "a unit's"); return },
		func() (err error) { f.SideTracks, err = decodeTracks(top.SideTracks, "a side's"); return },
		func() (err error) { f.SideValues, err = decodeSideValues(top.SideValues); return },
		func() (err error) { f.Weapons, err = decodeWeapons(top.Weapons); return },
		func() (err error) { f.Parts, err = decodeParts(top.Parts); return },
		func() (err error) { f.Units, err = decodeUnits(top.Units); return },
		func() (err error) { f.Targeting, err = decodeTargeting(top.Targeting); return },
		func() (err error) { f.Start, err = decodePhases(top.Start, false); return },
		func() (err error) { f.Round, err = decodePhases(top.Round, true); return },
		func() (err error) { f.Cap = exprOf(top.Cap); return nil },
		func() (err error) { f.Ends, err = decodeEnds(top.Ends); return },
		func() (err error) { f.Counters, err = decodeCounters(top.Counters); return },
		func() error { return f.decodeHooks(top.Hooks, top.HookSteps) },
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return nil, err
		}
	}
	if err := doc.CheckName(f.Title); err != nil {
		return nil, n.Get("title").Errorf("the title is %v", err)
	}
	return f, f.checkNames()
}

// decodeHooks reads the hooks' Starlark source, a block of text, and the
// budget of steps a hook's call may take.
func (f *File) decodeHooks(src, steps *doc.Node) error {
	if doc.Present(steps) {
		v, err := IntOf(steps, 1, 100_000_000)
		if err != nil {
			return err
		}
		f.HookSteps = v
	}
	if doc.Present(src) {
		if src.Kind != doc.Scalar {
			return src.Errorf("expected the hooks' Starlark source as a block of text (hooks: |), got %s", doc.Describe(src))
		}
		h := exprOf(src)
		f.Hooks = &h
	}
	return nil
}

func (f *File) decodeSides(n *doc.Node) error {
	if !doc.Present(n) {
		return nil
	}
	var s struct {
		A string `doc:"a,name"`
		B string `doc:"b,name"`
	}
	s.A, s.B = f.Sides[0], f.Sides[1]
	if err := doc.Decode(n, &s); err != nil {
		return err
	}
	if s.A == s.B {
		return n.Errorf("side a and side b are both called %q: give them different names", s.A)
	}
	f.Sides = [2]string{s.A, s.B}
	return nil
}

func decodeOptions(n *doc.Node) ([]OptionDecl, error) {
	var out []OptionDecl
	err := Entries(n, "option names to declarations", func(name string, v *doc.Node) error {
		if err := checkWord(v, name, "an option"); err != nil {
			return err
		}
		var o struct {
			Default *doc.Node `doc:"default,required"`
			Values  []string  `doc:"values"`
			Range   string    `doc:"range"`
			Doc     string    `doc:"doc,required"`
		}
		if err := doc.Decode(v, &o); err != nil {
			return err
		}
		d := OptionDecl{Name: name, Doc: o.Doc, Node: v}
		if o.Default.Kind != doc.Scalar {
			return o.Default.Errorf("expected the option's default value, got %s", doc.Describe(o.Default))
		}
		d.Default = o.Default.Value
		switch {
		case len(o.Values) > 0 && o.Range != "":
			return v.Errorf("an option has values or a range, not both")
		case len(o.Values) > 0:
			d.Words = o.Values
			if _, err := doc.OneOf(o.Default, o.Values...); err != nil {
				return err
			}
		case o.Range != "":
			r, err := parseRange(v.Get("range"), o.Range)
			if err != nil {
				return err
			}
			d.Ints = &r
			if _, err := r.Int(o.Default); err != nil {
				return err
			}
		default:
			return v.Errorf("an option needs `values` (a list of words) or `range` (LO..HI), so that a value given to it can be checked")
		}
		out = append(out, d)
		return nil
	})
	return out, err
}

// parseRange reads "LO..HI".
func parseRange(n *doc.Node, s string) (doc.Range, error) {
	lo, hi, ok := strings.Cut(s, "..")
	a, err1 := strconv.ParseInt(strings.TrimSpace(lo), 10, 64)
	b, err2 := strconv.ParseInt(strings.TrimSpace(hi), 10, 64)
	if !ok || err1 != nil || err2 != nil || a > b {
		return doc.Range{}, n.Errorf("expected a range LO..HI of integers with LO ≤ HI, got %q", s)
	}
	return doc.Range{Min: a, Max: b}, nil
}

func decodeStats(n *doc.Node) ([]StatDecl, error) {
	out := []StatDecl{{Name: "hp", Doc: "hit points: the damage a unit takes before it is destroyed", Default: 1}}
	err := Entries(n, "stat names to declarations", func(name string, v *doc.Node) error {
		if name == "hp" {
			return v.Errorf("hp is every unit's stat already: its hit points")
		}
		if err := checkIdent(v, name, "a stat"); err != nil {
			return err
		}
		var s struct {
			Default *int64    `doc:"default"`
			Formula *doc.Node `doc:"formula"`
			Doc     string    `doc:"doc,required"`
		}
		if err := doc.Decode(v, &s); err != nil {
			return err
		}
		d := StatDecl{Name: name, Doc: s.Doc, Node: v}
		if s.Default != nil {
			d.Default = *s.Default
		}
		var err error
		if d.Formula, err = scalarExpr(s.Formula, "the stat's formula over the unit's other stats"); err != nil {
			return err
		}
		if d.Formula.Present() && s.Default != nil {
			return v.Get("default").Errorf("stat %s is derived by its formula (%s): it has no default", name, d.Formula.Src)
		}
		out = append(out, d)
		return nil
	})
	return out, err
}

func decodeTracks(n *doc.Node, whose string) ([]TrackDecl, error) {
	var out []TrackDecl
	err := Entries(n, "track names to declarations", func(name string, v *doc.Node) error {
		if err := checkIdent(v, name, "a track"); err != nil {
			return err
		}
		var t struct {
			Start *doc.Node `doc:"start"`
			Min   int64     `doc:"min"`
			Max   *doc.Node `doc:"max,required"`
			Doc   string    `doc:"doc,required"`
		}
		if err := doc.Decode(v, &t); err != nil {
			return err
		}
		d := TrackDecl{Name: name, Doc: t.Doc, Min: t.Min, Node: v}
		var err error
		if d.Start, err = scalarExpr(t.Start, whose+" starting value"); err != nil {
			return err
		}
		if d.Max, err = scalarExpr(t.Max, whose+" highest value"); err != nil {
			return err
		}
		out = append(out, d)
		return nil
	})
	return out, err
}

// checkNames refuses a name declared twice across stats, tracks and side
// tracks (an expression could not tell them apart) and a unit, part or
// weapon named twice.
func (f *File) checkNames() error {
	type decl struct{ what, name string }
	seen := map[string]decl{}
	declare := func(name, what string, at *doc.Node) error {
		prev, dup := seen[ExprName(name)]
		switch {
		case dup && at != nil && prev.name != name:
			return at.Errorf("%s %q reads in expressions as %s, as the %s %q does: expressions could not tell them apart", what, name, ExprName(name), prev.what, prev.name)
		case dup && at != nil:
			return at.Errorf("%s %q has the name of a %s: expressions could not tell them apart", what, name, prev.what)
		}
		seen[ExprName(name)] = decl{what, name}
		return nil
	}
	for _, s := range f.Stats {
		if err := declare(s.Name, "stat", s.Node); err != nil {
			return err
		}
	}
	for _, t := range f.Tracks {
		if err := declare(t.Name, "track", t.Node); err != nil {
			return err
		}
	}
	for _, t := range f.SideTracks {
		if err := declare(t.Name, "side track", t.Node); err != nil {
			return err
		}
	}
	for _, v := range f.SideValues {
		if slices.ContainsFunc(SideAggregates, func(a struct{ Name, Meaning string }) bool { return a.Name == ExprName(v.Name) }) || v.Name == "name" {
			return v.Node.Errorf("side value %q has the name of what every side has already (%s, name)", v.Name, strings.Join(Names(SideAggregates, func(a struct{ Name, Meaning string }) string { return a.Name }), ", "))
		}
		if err := declare(v.Name, "side value", v.Node); err != nil {
			return err
		}
	}
	return nil
}

// decodeSideValues reads the side values: each {count: CONDITION} or
// {sum: EXPRESSION}, of self, with a doc.
func decodeSideValues(n *doc.Node) ([]SideValueDecl, error) {
	var out []SideValueDecl
	err := Entries(n, "side value names to values", func(name string, v *doc.Node) error {
		if err := checkIdent(v, name, "a side value"); err != nil {
			return err
		}
		var raw struct {
			Count *doc.Node `doc:"count"`
			Sum   *doc.Node `doc:"sum"`
			Doc   string    `doc:"doc,required"`
		}
		if err := doc.Decode(v, &raw); err != nil {
			return err
		}
		d := SideValueDecl{Name: name, Doc: raw.Doc, Node: v, Count: doc.Present(raw.Count)}
		if d.Count == doc.Present(raw.Sum) {
			return v.Errorf("a side value is {count: CONDITION} (its units not destroyed that meet it) or {sum: EXPRESSION} (summed over them), one of the two")
		}
		var err error
		if d.Count {
			d.Of, err = scalarExpr(raw.Count, "a condition on the unit (self)")
		} else {
			d.Of, err = scalarExpr(raw.Sum, "an expression of the unit (self)")
		}
		out = append(out, d)
		return err
	})
	return out, err
}

var _ = fmt.Sprintf
