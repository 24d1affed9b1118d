package program

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"go.starlark.net/resolve"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"

	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/rulesfile/document"
)

// DefaultHookSteps is the step budget of one hook call when the file sets
// none (hook-steps).
const DefaultHookSteps = 10_000

// hookSet is a file's hooks: its Starlark source executed once, and its
// functions by name.
type hookSet struct {
	file    string
	Src     *document.Expr
	globals starlark.StringDict
	Steps   uint64
	Draws   bool // some hook draws random numbers
}

// HookFn is one hook a phase or an effect calls.
type HookFn struct {
	Name string
	Fn   *starlark.Function
	Set  *hookSet
	Pos  string // file:line of its def
}

// hookDraws finds the calls through which a hook draws random numbers.
var hookDraws = regexp.MustCompile(`\.\s*(roll|choose)\s*\(`)

// compileHooks runs the file's Starlark source once (its definitions), with
// the step budget, refusing a syntax error, a name it does not define, and
// a cycle of hooks that call each other, each at its line.
func compileHooks(f *document.File) (*hookSet, error) {
	if f.Hooks == nil {
		return nil, nil
	}
	n := f.Hooks.Node
	hs := &hookSet{file: n.Pos.File, Src: f.Hooks, Steps: uint64(f.HookSteps)}
	if hs.Steps == 0 {
		hs.Steps = DefaultHookSteps
	}
	// The block's text starts on the line after `hooks: |`: padding it
	// with as many newlines gives Starlark the file's own line numbers.
	src := strings.Repeat("\n", n.Pos.Line) + n.Value
	opts := &syntax.FileOptions{}
	file, err := opts.Parse(hs.file, src, 0)
	if err != nil {
		return nil, hookError(n, err)
	}
	if err := checkHookCycles(n, file); err != nil {
		return nil, err
	}
	thread := &starlark.Thread{Name: "hooks"}
	thread.SetMaxExecutionSteps(hs.Steps * 10)
	globals, err := starlark.ExecFileOptions(opts, thread, hs.file, src, nil)
	if err != nil {
		return nil, hookError(n, err)
	}
	hs.globals = globals
	hs.Draws = hookDraws.MatchString(n.Value)
	return hs, nil
}

// hookError places a Starlark error at its line in the file.
func hookError(n *doc.Node, err error) error {
	pos := n.Pos
	var se syntax.Error
	var ee *starlark.EvalError
	switch {
	case asErr(err, &se):
		pos.Line, pos.Col = int(se.Pos.Line), int(se.Pos.Col)
		return &doc.Error{Pos: pos, Path: n.Path, Msg: "in the hooks: " + se.Msg}
	case asErr(err, &ee):
		if len(ee.CallStack) > 0 {
			p := ee.CallStack[len(ee.CallStack)-1].Pos
			pos.Line, pos.Col = int(p.Line), int(p.Col)
		}
		return &doc.Error{Pos: pos, Path: n.Path, Msg: "in the hooks: " + ee.Msg}
	}
	if rs, ok := err.(resolve.ErrorList); ok && len(rs) > 0 {
		pos.Line, pos.Col = int(rs[0].Pos.Line), int(rs[0].Pos.Col)
		return &doc.Error{Pos: pos, Path: n.Path, Msg: "in the hooks: " + rs[0].Msg}
	}
	return &doc.Error{Pos: pos, Path: n.Path, Msg: "in the hooks: " + err.Error()}
}

func asErr[T any](err error, target *T) bool {
	if e, ok := err.(T); ok {
		*target = e
		return true
	}
	return false
}

// checkHookCycles refuses hooks that call each other in a cycle: Starlark
// would stop the recursion at run time, in the middle of a battle.
func checkHookCycles(n *doc.Node, file *syntax.File) error {
	defs := map[string]*syntax.DefStmt{}
	for _, st := range file.Stmts {
		if d, ok := st.(*syntax.DefStmt); ok {
			defs[d.Name.Name] = d
		}
	}
	calls := map[string][]string{}
	for name, d := range defs {
		syntax.Walk(d, func(x syntax.Node) bool {
			if c, ok := x.(*syntax.CallExpr); ok {
				if id, ok := c.Fn.(*syntax.Ident); ok && defs[id.Name] != nil {
					calls[name] = append(calls[name], id.Name)
				}
			}
			return true
		})
	}
	state := map[string]int{} // 1 visiting, 2 done
	var path []string
	var visit func(string) []string
	visit = func(f string) []string {
		switch state[f] {
		case 1:
			i := slices.Index(path, f)
			return append(slices.Clone(path[i:]), f)
		case 2:
			return nil
		}
		state[f] = 1
		path = append(path, f)
		for _, g := range calls[f] {
			if cyc := visit(g); cyc != nil {
				return cyc
			}
		}
		path = path[:len(path)-1]
		state[f] = 2
		return nil
	}
	for _, name := range slices.Sorted(func(yield func(string) bool) {
		for k := range defs {
			if !yield(k) {
				return
			}
		}
	}) {
		if cyc := visit(name); cyc != nil {
			d := defs[cyc[0]]
			pos := n.Pos
			pos.Line, pos.Col = int(d.Def.Line), int(d.Def.Col)
			return &doc.Error{Pos: pos, Path: n.Path, Msg: fmt.Sprintf("the hooks call each other in a cycle (%s): a hook may call others, never itself through them", strings.Join(cyc, " → "))}
		}
	}
	return nil
}

// lookup returns the hook of that name, placed at node for errors.
func (hs *hookSet) lookup(at *doc.Node, name string) (*HookFn, error) {
	if hs == nil {
		return nil, at.Errorf("hook %q: the rules file has no hooks (hooks: | with Starlark functions)", name)
	}
	v, ok := hs.globals[name]
	fn, isFn := v.(*starlark.Function)
	if !ok || !isFn {
		var known []string
		for k, x := range hs.globals {
			if _, ok := x.(*starlark.Function); ok {
				known = append(known, k)
			}
		}
		slices.Sort(known)
		return nil, document.ErrUnknown(at, "hook (a function of the hooks)", name, known)
	}
	if fn.NumParams() != 1 {
		return nil, at.Errorf("hook %s takes %d parameters; a hook takes one, the battle (def %s(battle): …)", name, fn.NumParams(), name)
	}
	p := fn.Position()
	return &HookFn{Name: name, Fn: fn, Set: hs, Pos: fmt.Sprintf("%s:%d", p.Filename(), p.Line)}, nil
}
