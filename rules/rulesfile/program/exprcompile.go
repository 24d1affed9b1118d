package program

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/vm"

	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/rulesfile/document"
)

// TableBudget is the most entries a tabulated expression may have: the
// product of the ranges of the state values it reads.
const TableBudget = 1 << 18

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

// compile compiles e in context c, to an integer (asBool: a condition,
// 1 or 0).
func (cp *compiler) compile(e *document.Expr, c *context, asBool bool) (*Expr, error) {
	if e.Int != nil && !asBool {
		if *e.Int > math.MaxInt32 || *e.Int < math.MinInt32 {
			return nil, exprError(e, 1, 0, fmt.Sprintf("%d is out of range (allowed: %d to %d)", *e.Int, math.MinInt32, math.MaxInt32))
		}
		return &Expr{K: int32(*e.Int), src: e}, nil
	}
	if strings.TrimSpace(e.Src) == "" {
		return nil, exprError(e, 1, 0, "an empty expression")
	}
	tree, err := cp.parse(e)
	if err != nil {
		return nil, err
	}
	vars, statics, err := cp.references(e, tree, c)
	if err != nil {
		return nil, err
	}
	env := cp.envType(c)
	prog, err := cp.program(e, env, asBool)
	if err != nil {
		return nil, err
	}
	key := cp.tableKeyOf(progKey{e.Src, env, asBool}, c, statics, vars)
	if ce := cachedTable(key); ce != nil {
		return cp.again(ce, e), nil
	}
	ce, err := cp.tabulate(e, c, env, prog, vars, asBool)
	if err != nil {
		return nil, err
	}
	keepTable(key, ce)
	return ce, nil
}

// parse returns the parse of e, parsed once (trees).
func (cp *compiler) parse(e *document.Expr) (*parser.Tree, error) {
	if t := cachedTree(e.Src); t != nil {
		return t, nil
	}
	tree, err := parser.Parse(e.Src)
	if err != nil {
		return nil, cp.placeExprErr(e, err)
	}
	keepTree(e.Src, tree)
	return tree, nil
}

// program returns expr's program of e in environment env, compiled once.
// An error is not kept: each context reports its own, in place.
func (cp *compiler) program(e *document.Expr, env reflect.Type, asBool bool) (*vm.Program, error) {
	k := progKey{e.Src, env, asBool}
	if p := cachedProgram(k); p != nil {
		return p, nil
	}
	opts := []expr.Option{expr.Env(reflect.New(env).Elem().Interface())}
	if asBool {
		opts = append(opts, expr.AsBool())
	} else {
		opts = append(opts, expr.AsInt())
	}
	prog, err := expr.Compile(e.Src, opts...)
	if err != nil {
		return nil, cp.placeExprErr(e, err)
	}
	keepProgram(k, prog)
	return prog, nil
}

// placeExprErr turns an error of expr into one placed in the file.
func (cp *compiler) placeExprErr(e *document.Expr, err error) error {
	var fe *file.Error
	if errors.As(err, &fe) {
		line, col := fe.Line, fe.Column
		if line == 0 {
			line, col = lineCol(e.Src, fe.From)
		}
		return exprError(e, line, col, fmt.Sprintf("in %q: %s", e.Src, fe.Message))
	}
	return exprError(e, 1, 0, fmt.Sprintf("in %q: %v", e.Src, err))
}

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

func (w *refWalker) member(loc file.Location, base, name string) {
	l, c := w.cp.l, &w.c
	role := slices.Index(roleNames[:], base)
	switch {
	case role >= 0:
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
	case base == "side" || base == "enemy":
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
	case base == "options":
		i := slices.Index(l.optionFields(), name)
		if i < 0 {
			w.fail(loc, "no option %q (options: %s)%s", name, strings.Join(l.optionFields(), ", "), doc.DidYouMean(name, l.optionFields()))
			return
		}
		o := l.options[i]
		w.static('o', i, o.Int, strconv.FormatBool(o.Bool)+"\x00"+o.Str)
	}
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

func mapKeys(m map[string]int64) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
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

// envType is the struct expr checks the expression against in context c.
func (cp *compiler) envType(c *context) reflect.Type {
	k := envKey{opt: cp.l.optType, unit: cp.l.unitType, side: cp.l.sideType, reads: c.reads}
	// The names are written into the compiler's arrays: envType is asked
	// for every formula of every context.
	names := cp.nameBuf[:0]
	if c.reads&readRegs != 0 {
		for _, r := range c.regs {
			names = append(append(names, r.name...), 0)
		}
	}
	names = append(names, 0)
	stats := cp.statBuf[:0]
	for s := range c.stats {
		stats = append(stats, s)
	}
	slices.Sort(stats)
	for _, s := range stats {
		names = append(append(names, s...), 0)
	}
	cp.nameBuf, cp.statBuf = names, stats
	k.names = string(names)
	if t, ok := envTypes.Load(k); ok {
		return t.(reflect.Type)
	}
	t := cp.makeEnvType(c)
	envTypes.Store(k, t)
	return t
}

// makeEnvType makes the struct of envType.
func (cp *compiler) makeEnvType(c *context) reflect.Type {
	var f []reflect.StructField
	add := func(name string, t reflect.Type) { f = append(f, field(len(f), name, t)) }
	add("options", cp.l.optType)
	for r := range NumRoles {
		if c.reads&(readSelf<<r) != 0 {
			add(roleNames[r], cp.l.unitType)
		}
	}
	if c.reads&readSides != 0 {
		add("side", cp.l.sideType)
		add("enemy", cp.l.sideType)
	}
	if c.reads&readRound != 0 {
		add("round", intT)
	}
	if c.reads&readFace != 0 {
		add("face", intT)
	}
	if c.reads&readRegs != 0 {
		for _, r := range c.regs {
			add(r.name, intT)
		}
	}
	for _, s := range slices.Sorted(mapKeys(c.stats)) {
		add(s, intT)
	}
	return reflect.StructOf(f)
}

// tabulate evaluates the program at every point of the ranges of the
// state values it reads, with the static values of context c, and returns
// the table (or the constant).
func (cp *compiler) tabulate(e *document.Expr, c *context, env reflect.Type, prog *vm.Program, vars []VarRef, asBool bool) (*Expr, error) {
	size := int64(1)
	for i := range vars {
		if vars[i].N <= 0 {
			vars[i].N = 1
		}
		vars[i].Stride = int32(size)
		size *= int64(vars[i].N)
		if size > TableBudget {
			var parts []string
			for _, v := range vars {
				parts = append(parts, fmt.Sprintf("%s (%d values)", v.name, v.N))
			}
			return nil, exprError(e, 1, 0, fmt.Sprintf("%q reads %s: more than %d combinations, beyond what an expression may be tabulated over; split it (an if effect, or two ends)", e.Src, strings.Join(parts, ", "), TableBudget))
		}
	}
	ce := &Expr{Vars: slices.Clone(vars), src: e}
	envv := reflect.New(env).Elem()
	cp.fillStatic(envv, c)
	var machine vm.VM
	point := make([]int32, len(vars))
	for i := range vars {
		point[i] = vars[i].Lo
	}
	table := make([]int32, size)
	for idx := int64(0); idx < size; idx++ {
		cp.fillPoint(envv, c, vars, point)
		out, err := machine.Run(prog, envv.Interface())
		if err != nil {
			return nil, exprError(e, 1, 0, fmt.Sprintf("in %q: %v (%s)", e.Src, err, describePoint(vars, point, c)))
		}
		v, err := toInt32(out, asBool)
		if err != nil {
			return nil, exprError(e, 1, 0, fmt.Sprintf("in %q: %v (%s)", e.Src, err, describePoint(vars, point, c)))
		}
		table[idx] = v
		for i := range point { // the next point, odometer order
			point[i]++
			if point[i] < vars[i].Lo+vars[i].N {
				break
			}
			point[i] = vars[i].Lo
		}
	}
	if len(vars) == 0 {
		ce.K = table[0]
		return ce, nil
	}
	// A table of one value is a constant after all (self.alive in a
	// context where it is always true, say).
	if !slices.ContainsFunc(table, func(v int32) bool { return v != table[0] }) {
		return &Expr{K: table[0], src: e}, nil
	}
	ce.Table = table
	ce.Shape = ce.shapeOf()
	if ce.OneUnit {
		ce.Memo = int32(cp.b.NumMemos)
		cp.b.NumMemos++
		for _, v := range vars {
			if v.Kind == VReg {
				ce.Regs = append(ce.Regs, v)
			}
		}
	}
	return ce, nil
}

func describePoint(vars []VarRef, point []int32, c *context) string {
	var parts []string
	for i, v := range vars {
		x := point[i]
		if v.Kind == VFace && int(x) < len(c.die) {
			parts = append(parts, fmt.Sprintf("face = %d", c.die[x]))
			continue
		}
		parts = append(parts, fmt.Sprintf("%s = %d", v.name, x))
	}
	if len(parts) == 0 {
		return "with the static values"
	}
	return "at " + strings.Join(parts, ", ")
}

func toInt32(out any, asBool bool) (int32, error) {
	switch v := out.(type) {
	case bool:
		if v {
			return 1, nil
		}
		return 0, nil
	case int:
		if v > math.MaxInt32 || v < math.MinInt32 {
			return 0, fmt.Errorf("the value %d is out of range (allowed: %d to %d)", v, math.MinInt32, math.MaxInt32)
		}
		return int32(v), nil
	}
	return 0, fmt.Errorf("the value %v is not a number", out)
}

// fillStatic sets the fields of the environment that are the same at
// every point: options, stats of the units in each role, side names.
func (cp *compiler) fillStatic(env reflect.Value, c *context) {
	l := cp.l
	opts := env.Field(0)
	for i, o := range l.options {
		switch o.Kind {
		case reflect.Bool:
			opts.Field(i).SetBool(o.Bool)
		case reflect.String:
			opts.Field(i).SetString(o.Str)
		default:
			opts.Field(i).SetInt(o.Int)
		}
	}
	k := 1
	for r := range NumRoles {
		if c.reads&(readSelf<<r) == 0 {
			continue
		}
		u := env.Field(k)
		k++
		t := c.types[r]
		if t < 0 {
			continue
		}
		ut := cp.b.Types[t]
		for i := range l.Stats {
			u.Field(i).SetInt(ut.Stats[i])
		}
		base := len(l.Stats) + len(l.Tracks)
		u.Field(base).SetInt(ut.Stats[0]) // hp: full unless the table reads it
		u.Field(base + 1).SetBool(true)
		u.Field(base + 2).SetString(SideLetters[ut.Side])
		u.Field(base + 3).SetString(ut.Name)
		for i := range l.Tracks {
			if i < len(cp.b.UnitTrk) { // tracks being laid out have no range yet
				lo, _ := cp.b.trackRange(t, i)
				u.Field(len(l.Stats) + i).SetInt(int64(lo))
			}
		}
	}
	if c.reads&readSides != 0 {
		for r, s := range [2]int{c.side, 1 - c.side} {
			sv := env.Field(k + r)
			sv.Field(slices.IndexFunc(document.SideAggregates, func(a struct{ Name, Meaning string }) bool { return a.Name == "start" })).SetInt(int64(cp.b.sideUnits(s)))
			sv.Field(len(document.SideAggregates) + len(l.SideTracks)).SetString(SideLetters[s])
		}
	}
	if c.stats != nil {
		names := slices.Sorted(mapKeys(c.stats))
		for i, s := range names {
			env.Field(env.NumField() - len(names) + i).SetInt(c.stats[s])
		}
	}
}

var SideLetters = [2]string{"a", "b"}

// fillPoint sets the state values of one point of the table.
func (cp *compiler) fillPoint(env reflect.Value, c *context, vars []VarRef, point []int32) {
	l := cp.l
	roleField := func(role int) reflect.Value {
		k := 1
		for r := range role {
			if c.reads&(readSelf<<r) != 0 {
				k++
			}
		}
		return env.Field(k)
	}
	sideField := func(r int) reflect.Value {
		k := 1
		for x := range NumRoles {
			if c.reads&(readSelf<<x) != 0 {
				k++
			}
		}
		return env.Field(k + r)
	}
	after := 1
	for x := range NumRoles {
		if c.reads&(readSelf<<x) != 0 {
			after++
		}
	}
	if c.reads&readSides != 0 {
		after += 2
	}
	for i, v := range vars {
		x := point[i]
		switch v.Kind {
		case VUnitHP:
			u := roleField(int(v.Role))
			u.Field(len(l.Stats) + len(l.Tracks)).SetInt(int64(x))
		case VUnitAlive:
			roleField(int(v.Role)).Field(len(l.Stats) + len(l.Tracks) + 1).SetBool(x != 0)
		case VUnitTrack:
			roleField(int(v.Role)).Field(len(l.Stats) + v.Which).SetInt(int64(x))
		case VSideAgg:
			sideField(int(v.Role)).Field(v.Which).SetInt(int64(x))
		case VSideTrack:
			sideField(int(v.Role)).Field(len(document.SideAggregates) + v.Which).SetInt(int64(x))
		case VSideVal:
			sideField(int(v.Role)).Field(len(document.SideAggregates) + len(l.SideTracks) + 1 + v.Which).SetInt(int64(x))
		case VRound:
			env.Field(after).SetInt(int64(x))
		case VFace:
			k := after
			if c.reads&readRound != 0 {
				k++
			}
			env.Field(k).SetInt(c.die[x])
		case VReg:
			k := after
			if c.reads&readRound != 0 {
				k++
			}
			if c.reads&readFace != 0 {
				k++
			}
			env.Field(k + v.Which).SetInt(int64(x))
		}
	}
}

// tableKeyOf returns the key of formula prog in context c, which reads
// the static values statics and the state values vars.
func (cp *compiler) tableKeyOf(prog progKey, c *context, statics string, vars []VarRef) tableKey {
	k := tableKey{prog: prog, laid: [2]int{len(cp.b.UnitTrk), len(cp.b.SideTrk)}, statics: statics}
	b := cp.keyBuf[:0]
	for _, v := range vars {
		if v.Kind == VFace {
			cp.dieBuf = appendInts(cp.dieBuf[:0], c.die...)
			k.die = string(cp.dieBuf)
		}
		b = appendInts(b, int64(v.Kind), int64(v.Role), int64(v.Which), int64(v.Off), int64(v.Slot), int64(v.Lo), int64(v.N))
	}
	k.vars = string(b)
	cp.keyBuf = b
	return k
}

// again returns the formula tabulated once as ce for e, where e stands in
// another context that reads the same: its table and values shared (no
// one writes them), its source e's own (errors and descriptions point at
// e), and an entry of its own in the fighter's memo.
func (cp *compiler) again(ce *Expr, e *document.Expr) *Expr {
	c := *ce
	c.src = e
	if c.OneUnit {
		c.Memo = int32(cp.b.NumMemos)
		cp.b.NumMemos++
	}
	return &c
}

// static compiles an expression of options alone to its value.
func (cp *compiler) static(e *document.Expr) (int64, error) {
	if e.Int != nil {
		return *e.Int, nil
	}
	ce, err := cp.compile(e, &context{reads: readOptions, types: [NumRoles]int{-1, -1, -1}}, false)
	if err != nil {
		return 0, err
	}
	return int64(ce.K), nil
}
