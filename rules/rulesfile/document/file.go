package document

import (
	"fmt"
	"regexp"
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

// Expr is an expression as written: its text and where it stands, so that
// its errors point into the file.
type Expr struct {
	Src  string
	Node *doc.Node
	// Int is set when the value was written as an integer literal.
	Int *int64
}

// Present reports whether the expression was given.
func (e Expr) Present() bool { return e.Node != nil && e.Node.Kind != doc.Null }

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

// WeaponDecl is one weapon: its dice and the attack pipeline.
type WeaponDecl struct {
	Name, Group, Doc string
	Attacks          Expr
	Die              DieDecl
	Hit              Expr
	Reroll           RerollDecl
	Explode          Expr
	ExplodeDepth     int64
	Crit             Expr
	CritHits         int64
	CritWounds       bool
	// CritExtraCritical makes a critical hit's extra hits critical too
	// (crit-extra: critical): with crit-wounds they wound without a roll.
	CritExtraCritical bool
	Wound             Expr
	CritWound         Expr
	CritMortal        bool
	// MortalSpill sends a mortal wound's excess damage on (mortal-spill,
	// true unless set).
	MortalSpill bool
	Save        Expr
	Damage      Roll
	Reduce      Expr
	Spill       bool
	Node        *doc.Node
}

// RerollDecl says which dice a weapon rolls again, once each.
type RerollDecl struct {
	When   Expr
	Budget string // a side track spent one per re-roll, or ""
	Node   *doc.Node
}

// DieDecl is the die a roll uses: faces 1..N, or a list of faces.
type DieDecl struct {
	Faces []int64
	Node  *doc.Node
}

// PartDecl is an entry of the catalogue.
type PartDecl struct {
	Name, Doc string
	Stats     []Assign
	Cost      []Assign
	Weapons   []Count
	Node      *doc.Node
}

// Assign is a stat and a value, as written.
type Assign struct {
	Name  string
	Value Expr
	Node  *doc.Node
}

// Count is a name and a count, as written ({ion: 2}).
type Count struct {
	Name string
	N    int64
	Node *doc.Node
}

// UnitDecl is a unit type.
type UnitDecl struct {
	Name, Doc, Base string
	Stats           []Assign
	Parts           []Count // a part listed twice is counted twice
	Weapons         []Count
	Checks          []CheckDecl
	Node            *doc.Node
}

// CheckDecl is a condition a unit's assembled stats must meet.
type CheckDecl struct {
	Rule Expr
	Says string
	Node *doc.Node
}

// TargetingDecl configures the targeting policies.
type TargetingDecl struct {
	Default  string
	Size     string // the stat largest-first and ties read ("" : hp)
	Policies []string
	Node     *doc.Node
}

// EndDecl is a named end of the file's own.
type EndDecl struct {
	Name, Doc string
	When      Expr
	Check     string // round-start, round-end, or "" for an end only `end` statements reach
	Winner    string // other, self, a, b, none
	Victory   bool
	Node      *doc.Node
}

// CounterDecl is a counter of the file's own.
type CounterDecl struct {
	Name, Doc string
	Value     Expr
	PerSide   bool
	Dist      bool
	Node      *doc.Node
}

// Identifier names what may stand in an expression: a stat, a track, a
// named roll. A hyphen joins words (life-coins), and expressions read it
// as an underscore (self.life_coins), since they read `a-b` as a
// subtraction.
var identifier = regexp.MustCompile(`^[a-z_][a-z0-9_]*(-[a-z0-9_]+)*$`)

// IdentChars says what an identifier may hold, for errors.
const identChars = "lower-case letters, digits and underscores, not starting with a digit, words joined by single hyphens"

// wordName matches names of ends, counters, options and groups: lower-case
// words joined by hyphens, as every crucible output names them.
var wordName = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

const wordChars = "lower-case words joined by hyphens"

// reserved are the names an expression gives a meaning of its own: a stat
// or a track may not take one.
var reserved = []string{"self", "target", "other", "side", "enemy", "round", "face", "options", "true", "false", "nil", "in", "not", "and", "or", "let", "hp", "max_hp", "alive", "type"}

// Decode reads a rules file from its document.
func Decode(n *doc.Node) (*File, error) {
	if n == nil || n.Kind != doc.Map {
		at := n
		if at == nil {
			at = &doc.Node{}
		}
		return nil, at.Errorf("a rules file is a mapping with at least `title`, `units` and `round` (see `crucible rules rulesfile`)")
	}
	var top struct {
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
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return nil, err
		}
	}
	if doc.Present(top.HookSteps) {
		v, err := IntOf(top.HookSteps, 1, 100_000_000)
		if err != nil {
			return nil, err
		}
		f.HookSteps = v
	}
	if doc.Present(top.Hooks) {
		if top.Hooks.Kind != doc.Scalar {
			return nil, top.Hooks.Errorf("expected the hooks' Starlark source as a block of text (hooks: |), got %s", doc.Describe(top.Hooks))
		}
		h := exprOf(top.Hooks)
		f.Hooks = &h
	}
	if err := doc.CheckName(f.Title); err != nil {
		return nil, n.Get("title").Errorf("the title is %v", err)
	}
	return f, f.checkNames()
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

// exprOf reads a scalar as an expression (an integer literal is kept as
// such too); a mapping or a list is left for the caller to refuse.
func exprOf(n *doc.Node) Expr {
	if !doc.Present(n) {
		return Expr{Node: n}
	}
	e := Expr{Src: n.Value, Node: n}
	if n.Kind == doc.Scalar && !n.Quoted {
		if i, err := strconv.ParseInt(strings.ReplaceAll(n.Value, "_", ""), 10, 64); err == nil {
			e.Int = &i
		}
	}
	return e
}

// scalarExpr reads n as an expression, refusing anything but a scalar.
func scalarExpr(n *doc.Node, what string) (Expr, error) {
	if doc.Present(n) && n.Kind != doc.Scalar {
		return Expr{}, n.Errorf("expected %s (a number or an expression), got %s", what, doc.Describe(n))
	}
	return exprOf(n), nil
}

// entries calls fn for each key of a mapping of names the designer
// chooses; nil or absent is an empty mapping.
func Entries(n *doc.Node, what string, fn func(key string, v *doc.Node) error) error {
	if !doc.Present(n) {
		return nil
	}
	if n.Kind != doc.Map {
		return n.Errorf("expected a mapping of %s, got %s", what, doc.Describe(n))
	}
	for i, k := range n.Keys {
		if err := fn(k, n.Vals[i]); err != nil {
			return err
		}
	}
	return nil
}

// keyNode returns a node that places an error about a mapping's key: the
// value's position, with the key's path.
func keyNode(v *doc.Node) *doc.Node { return v }

func checkIdent(v *doc.Node, name, what string) error {
	if !identifier.MatchString(name) {
		return v.Errorf("%s name %q is not allowed: a name that expressions read holds %s", what, name, identChars)
	}
	if slices.Contains(reserved, ExprName(name)) {
		return v.Errorf("%s name %q is reserved: expressions give it a meaning of their own (reserved: %s)", what, name, strings.Join(reserved, ", "))
	}
	return nil
}

func checkWord(v *doc.Node, name, what string) error {
	if !wordName.MatchString(name) {
		return v.Errorf("%s name %q is not allowed (allowed: %s)", what, name, wordChars)
	}
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

// names returns the names of a list of declarations.
func Names[T any](list []T, name func(T) string) []string {
	out := make([]string, len(list))
	for i, x := range list {
		out[i] = name(x)
	}
	return out
}

// errUnknown is the error of a name that is none of the known ones.
func ErrUnknown(n *doc.Node, what, name string, known []string) error {
	list := strings.Join(known, ", ")
	if list == "" {
		list = "none declared"
	}
	return n.Errorf("unknown %s %q (known: %s)%s", what, name, list, doc.DidYouMean(name, known))
}

// intOf reads an integer scalar in a range.
func IntOf(n *doc.Node, lo, hi int64) (int64, error) { return doc.Int(n, lo, hi) }

var _ = fmt.Sprintf
