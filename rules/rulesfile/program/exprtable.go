package program

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"

	"github.com/expr-lang/expr/vm"

	"github.com/crucible-sim/crucible/rules/rulesfile/document"
)

// TableBudget is the most entries a tabulated expression may have: the
// product of the ranges of the state values it reads.
const TableBudget = 1 << 18

// tabulate evaluates the program at every point of the ranges of the
// state values it reads, with the static values of context c, and returns
// the table (or the constant).
func (cp *compiler) tabulate(e *document.Expr, c *context, env reflect.Type, prog *vm.Program, vars []VarRef, asBool bool) (*Expr, error) {
	size, err := layStrides(e, vars)
	if err != nil {
		return nil, err
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

// layStrides gives each state value read its stride in the table (the
// first read varies fastest) and returns the table's size, an error past
// TableBudget.
func layStrides(e *document.Expr, vars []VarRef) (int64, error) {
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
			return 0, exprError(e, 1, 0, fmt.Sprintf("%q reads %s: more than %d combinations, beyond what an expression may be tabulated over; split it (an if effect, or two ends)", e.Src, strings.Join(parts, ", "), TableBudget))
		}
	}
	return size, nil
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
