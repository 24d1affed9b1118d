package program

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/vm"

	"github.com/crucible-sim/crucible/rules/rulesfile/document"
)

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
