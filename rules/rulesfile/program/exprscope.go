package program

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/parser"

	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/rulesfile/document"
)

// context fixes what is static where an expression is compiled: the unit
// types in each role (−1: none), the side of self (or of the side view),
// the die of face, the registers in scope.
type context struct {
	reads reads
	types [NumRoles]int
	side  int
	die   []int64
	regs  []register
	// stats are the bare stats of a unit being assembled (checks).
	stats map[string]int64
}

// register is a named roll in scope, with its range.
type register struct {
	name   string
	lo, hi int32
	slot   int
}

// compiler compiles expressions against a battle being compiled.
type compiler struct {
	l *lang
	b *Battle // the types, sides and cap for domains and static values
	// An expression is compiled once for every context it stands in (a
	// weapon's hit test for each target type, say): trees, programs and
	// tables (exprcache.go) keep its parse, its program for each
	// environment type, which half the compile of a fleet file went to
	// redoing, and its table for each set of values it reads (tableKey),
	// across compiles.
	// the walks of an expression's tree (references) and a table key's
	// bytes (tableKeyOf), kept for every expression
	walk                    refWalker
	idents                  identWalker
	keyBuf, dieBuf, nameBuf []byte
	statBuf                 []string // envType's
}

// exprError places an expr error (its line and column in the expression)
// in the YAML file.
func exprError(e *document.Expr, line, col int, msg string) error {
	n := e.Node
	if n == nil {
		return errors.New(msg)
	}
	pos := n.Pos
	if pos.Line > 0 {
		if line <= 1 && !strings.Contains(e.Src, "\n") {
			off := col
			if n.Quoted {
				off++ // past the opening quote
			}
			pos.Col += off
		} else {
			pos.Line += line
			pos.Col = col + 1
		}
	}
	return &doc.Error{Pos: pos, Path: n.Path, Msg: msg}
}

// lineCol returns the 1-based line and 0-based column of rune offset off in
// src.
func lineCol(src string, off int) (int, int) {
	line, col, i := 1, 0, 0
	for _, r := range src {
		if i == off {
			break
		}
		if r == '\n' {
			line++
			col = 0
		} else {
			col++
		}
		i++
	}
	return line, col
}

// SideLetters name the sides where an expression, a hook or an error
// names one: side.name reads them.
var SideLetters = [2]string{"a", "b"}

// references walks the expression's tree: every name it reads must be in
// scope (an unknown one is an error with the known ones and the nearest),
// and the state values it reads are returned with their ranges, and the
// static values it reads (refWalker.statics).
func (cp *compiler) references(e *document.Expr, tree *parser.Tree, c *context) ([]VarRef, string, error) {
	// The compiler's walkers and their arrays serve every expression it
	// reads: made for each, they were a fifth of a compile's allocations,
	// and the walker's pointer to c made every caller's context escape.
	w := &cp.walk
	if w.bases == nil {
		w.bases = map[ast.Node]bool{}
	}
	clear(w.bases)
	*w = refWalker{cp: cp, e: e, c: *c, bases: w.bases, vars: w.vars[:0], statics: w.statics[:0]}
	ast.Walk(&tree.Node, w)
	if w.err != nil {
		return nil, "", w.err
	}
	cp.idents.w = w
	ast.Walk(&tree.Node, &cp.idents)
	return w.vars, string(w.statics), w.err
}

// refWalker walks an expression's member accesses (self.X, side.X,
// options.X) in context c, a copy of the caller's. vars is valid until
// the next walk.
type refWalker struct {
	cp    *compiler
	e     *document.Expr
	c     context
	bases map[ast.Node]bool
	vars  []VarRef
	// statics are the static values the expression reads where it stands
	// (a stat of self's type, an option, side.start), each written as
	// what it is and its value: with the program and the state values
	// read, all its table depends on (tableKey), so that a formula read in
	// many contexts is tabulated once for each set of values it sees (the
	// hit test of a fleet's every pair of types, for the few computers
	// and shields there are).
	statics []byte
	err     error
}

// static notes a static value read: what (a letter and an index) and its
// value, a number or a word.
func (w *refWalker) static(what byte, idx int, v int64, word string) {
	w.statics = appendInts(append(w.statics, what), int64(idx), v, int64(len(word)))
	w.statics = append(w.statics, word...)
}

// unitStatic notes the static field name of the unit in role (a stat,
// its side or its type), or that there is no unit in the role.
func (w *refWalker) unitStatic(role int, name string) {
	t := w.c.types[role]
	if t < 0 {
		w.static('-', role, 0, name)
		return
	}
	ut := w.cp.b.Types[t]
	switch name {
	case USide:
		w.static('u', role, 0, USide+"\x00"+SideLetters[ut.Side])
	case UType:
		w.static('u', role, 0, UType+"\x00"+ut.Name)
	default:
		i := slices.IndexFunc(w.cp.l.Stats, func(s string) bool { return s == "hp" && name == UMaxHP || s != "hp" && document.ExprName(s) == name })
		w.static('u', role, ut.Stats[i], name)
	}
}

func (w *refWalker) fail(loc file.Location, format string, args ...any) {
	if w.err == nil {
		line, col := lineCol(w.e.Src, loc.From)
		w.err = exprError(w.e, line, col, fmt.Sprintf("in %q: ", w.e.Src)+fmt.Sprintf(format, args...)+w.hyphenHint())
	}
}

// hyphenHint explains an unknown name that is a hyphenated name read as
// a subtraction (scar-roll as scar − roll): expressions write its hyphens
// as underscores.
func (w *refWalker) hyphenHint() string {
	l := w.cp.l
	known := append(append(l.UnitFields(), l.SideFields()...), l.optionFields()...)
	for _, r := range w.c.regs {
		known = append(known, r.name)
	}
	for _, k := range known {
		if h := strings.ReplaceAll(k, "_", "-"); h != k && strings.Contains(w.e.Src, h) {
			return fmt.Sprintf(" (an expression reads %s as a subtraction: write %s)", h, k)
		}
	}
	return ""
}

func (w *refWalker) addVar(v VarRef) {
	for _, x := range w.vars {
		if x.Kind == v.Kind && x.Role == v.Role && x.Which == v.Which {
			return
		}
	}
	w.vars = append(w.vars, v)
}

// Visit handles member accesses: self.X, side.X, options.X.
func (w *refWalker) Visit(node *ast.Node) {
	m, ok := (*node).(*ast.MemberNode)
	if !ok {
		return
	}
	id, ok := m.Node.(*ast.IdentifierNode)
	if !ok {
		return
	}
	w.bases[id] = true
	prop, ok := m.Property.(*ast.StringNode)
	if !ok {
		w.fail(m.Location(), "write %s.NAME with a name, not an index", id.Value)
		return
	}
	w.member(m.Location(), id.Value, prop.Value)
}

// member checks base.name, a member access, and notes what it reads.
func (w *refWalker) member(loc file.Location, base, name string) {
	switch role := slices.Index(roleNames[:], base); {
	case role >= 0:
		w.unitMember(loc, role, base, name)
	case base == "side" || base == "enemy":
		w.sideMember(loc, base, name)
	case base == "options":
		w.optionMember(loc, name)
	}
}

// unitMember reads a field of the unit in role: its hit points, whether
// it is alive and its tracks are state values; its stats, side and type
// are static.
func (w *refWalker) unitMember(loc file.Location, role int, base, name string) {
	l, c := w.cp.l, &w.c
	if c.reads&(readSelf<<role) == 0 {
		w.fail(loc, "%s is not in scope here (%s)", base, c.scopeWords())
		return
	}
	t := c.types[role]
	switch {
	case name == UHP:
		w.addVar(VarRef{Kind: VUnitHP, Role: uint8(role), Lo: 0, N: int32(w.cp.b.maxHP(t)) + 1, name: base + "." + name})
	case name == UAlive:
		w.addVar(VarRef{Kind: VUnitAlive, Role: uint8(role), Lo: 0, N: 2, name: base + "." + name})
	case NameIndex(l.Tracks, name) >= 0:
		k := NameIndex(l.Tracks, name)
		if k >= len(w.cp.b.UnitTrk) {
			w.fail(loc, "a track's start and highest value may read the unit's stats, not its tracks (%s)", name)
			return
		}
		lo, hi := w.cp.b.trackRange(t, k)
		w.addVar(VarRef{Kind: VUnitTrack, Role: uint8(role), Which: k, Off: int32(1 + k), Lo: lo, N: hi - lo + 1, name: base + "." + name})
	case slices.Contains(l.UnitFields(), name):
		w.unitStatic(role, name)
	default:
		w.fail(loc, "a unit has no %q (it has: %s)%s", name, strings.Join(l.UnitFields(), ", "), doc.DidYouMean(name, l.UnitFields()))
	}
}

// sideMember reads a field of the side (base side) or of the other side
// (base enemy): its aggregates, tracks and side values are state values;
// its start and name are static.
func (w *refWalker) sideMember(loc file.Location, base, name string) {
	l, c := w.cp.l, &w.c
	if c.reads&readSides == 0 {
		w.fail(loc, "%s is not in scope here (%s)", base, c.scopeWords())
		return
	}
	r := uint8(0)
	if base == "enemy" {
		r = 1
	}
	s := c.side
	if r == 1 {
		s = 1 - s
	}
	if k := slices.IndexFunc(document.SideAggregates, func(a struct{ Name, Meaning string }) bool { return a.Name == name }); k >= 0 {
		if name == "start" {
			w.static('s', int(r), int64(w.cp.b.sideUnits(s)), "")
			return
		}
		hi := w.cp.b.sideAggMax(s, name)
		w.addVar(VarRef{Kind: VSideAgg, Role: r, Which: k, Lo: 0, N: hi + 1, name: base + "." + name})
		return
	}
	if k := NameIndex(l.SideTracks, name); k >= 0 {
		if k >= len(w.cp.b.SideTrk) {
			w.fail(loc, "a side track's start and highest value may read the options, not the side's tracks (%s)", name)
			return
		}
		lo, hi := w.cp.b.sideTrackRange(k)
		w.addVar(VarRef{Kind: VSideTrack, Role: r, Which: k, Off: int32(1 + k), Lo: lo, N: hi - lo + 1, name: base + "." + name})
		return
	}
	if k := NameIndex(l.SideValues, name); k >= 0 {
		sv := &w.cp.b.SideVals[k]
		w.addVar(VarRef{Kind: VSideVal, Role: r, Which: k, Lo: sv.lo[s], N: sv.hi[s] - sv.lo[s] + 1, name: base + "." + name})
		return
	}
	if name != "name" {
		w.fail(loc, "a side has no %q (it has: %s)%s", name, strings.Join(l.SideFields(), ", "), doc.DidYouMean(name, l.SideFields()))
		return
	}
	w.static('n', int(r), 0, SideLetters[s])
}

// optionMember reads an option: static, the same at every point.
func (w *refWalker) optionMember(loc file.Location, name string) {
	l := w.cp.l
	i := slices.Index(l.optionFields(), name)
	if i < 0 {
		w.fail(loc, "no option %q (options: %s)%s", name, strings.Join(l.optionFields(), ", "), doc.DidYouMean(name, l.optionFields()))
		return
	}
	o := l.options[i]
	w.static('o', i, o.Int, strconv.FormatBool(o.Bool)+"\x00"+o.Str)
}

// identWalker handles bare names: round, face, named rolls, and a unit's
// stats in a check.
type identWalker struct{ w *refWalker }

func (iw *identWalker) Visit(node *ast.Node) {
	w := iw.w
	id, ok := (*node).(*ast.IdentifierNode)
	if !ok || w.bases[id] {
		if ok && w.bases[id] {
			w.known(id)
		}
		return
	}
	c := &w.c
	switch name := id.Value; {
	case name == "round" && c.reads&readRound != 0:
		w.addVar(VarRef{Kind: VRound, Lo: 0, N: int32(w.cp.b.Cap) + 1, name: name})
	case name == "face" && c.reads&readFace != 0:
		w.addVar(VarRef{Kind: VFace, Lo: 0, N: int32(len(c.die)), name: name})
	case c.reads&readRegs != 0 && slices.ContainsFunc(c.regs, func(r register) bool { return r.name == name }):
		k := slices.IndexFunc(c.regs, func(r register) bool { return r.name == name })
		r := c.regs[k]
		w.addVar(VarRef{Kind: VReg, Which: k, Slot: r.slot, Lo: r.lo, N: r.hi - r.lo + 1, name: name})
	case c.reads&readStats != 0 && c.stats != nil:
		v, ok := c.stats[name]
		if !ok {
			known := slices.Sorted(mapKeys(c.stats))
			w.fail(id.Location(), "unknown stat %q (stats: %s)%s", name, strings.Join(known, ", "), doc.DidYouMean(name, known))
			return
		}
		w.static('c', 0, v, name)
	default:
		known := c.names()
		w.fail(id.Location(), "unknown name %q (here an expression may read: %s)%s", name, strings.Join(known, ", "), doc.DidYouMean(name, known))
	}
}

// known checks that a member base (self, side, options) is in scope at all.
func (w *refWalker) known(id *ast.IdentifierNode) {
	switch id.Value {
	case "self", "target", "other", "side", "enemy", "options":
		return
	}
	known := w.c.names()
	w.fail(id.Location(), "unknown name %q (here an expression may read: %s)%s", id.Value, strings.Join(known, ", "), doc.DidYouMean(id.Value, known))
}

// names lists what an expression may read in the context.
func (c *context) names() []string {
	var out []string
	if c.reads&readOptions != 0 {
		out = append(out, "options")
	}
	for r := range NumRoles {
		if c.reads&(readSelf<<r) != 0 {
			out = append(out, roleNames[r])
		}
	}
	if c.reads&readSides != 0 {
		out = append(out, "side", "enemy")
	}
	if c.reads&readRound != 0 {
		out = append(out, "round")
	}
	if c.reads&readFace != 0 {
		out = append(out, "face")
	}
	if c.reads&readRegs != 0 {
		for _, r := range c.regs {
			out = append(out, r.name)
		}
	}
	if c.stats != nil {
		out = append(out, slices.Sorted(mapKeys(c.stats))...)
	}
	return out
}

func (c *context) scopeWords() string {
	return "here an expression may read: " + strings.Join(c.names(), ", ")
}

func mapKeys(m map[string]int64) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}
