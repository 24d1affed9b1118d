package rulesfile

import (
	"errors"
	"fmt"
	"slices"

	"go.starlark.net/starlark"

	"github.com/crucible-sim/crucible/rules/rulesfile/document"
)

// HookError is a hook's failure during a battle: it names the hook, where
// it is defined and, for an overrun, the budget. The engine turns it into
// the run's error.
type HookError struct {
	Hook, Pos string
	Steps     uint64 // the budget, when it was exceeded
	Err       error
}

func (e *HookError) Error() string {
	if e.Steps > 0 {
		return fmt.Sprintf("hook %s (%s) exceeded its budget of %d steps (hook-steps)", e.Hook, e.Pos, e.Steps)
	}
	return fmt.Sprintf("hook %s (%s): %v", e.Hook, e.Pos, e.Err)
}

// callHook calls a hook with the battle as its argument: self and other
// the units in those roles (−1: none), s the side of self.
func (f *fighter) callHook(h *hookFn, self, other int32, s int) {
	if f.thread == nil {
		f.thread = &starlark.Thread{Name: "battle"}
	}
	th := f.thread
	th.Steps = 0
	th.Uncancel()
	th.SetMaxExecutionSteps(h.set.steps)
	bv := &battleValue{f: f, self: self, other: other, side: s}
	_, err := starlark.Call(th, h.fn, starlark.Tuple{bv}, nil)
	if err == nil {
		return
	}
	he := &HookError{Hook: h.name, Pos: h.pos, Err: err}
	if th.ExecutionSteps() >= h.set.steps {
		he.Steps = h.set.steps
	}
	var ee *starlark.EvalError
	if errors.As(err, &ee) {
		he.Err = errors.New(ee.Msg)
	}
	panic(he)
}

// battleValue is the battle as a hook sees it.
type battleValue struct {
	f           *fighter
	self, other int32
	side        int
}

var (
	_ starlark.HasAttrs = (*battleValue)(nil)
	_ starlark.HasAttrs = (*unitValue)(nil)
	_ starlark.HasAttrs = (*sideValue)(nil)
)

func (*battleValue) String() string        { return "battle" }
func (*battleValue) Type() string          { return "battle" }
func (*battleValue) Freeze()               {}
func (*battleValue) Truth() starlark.Bool  { return true }
func (*battleValue) Hash() (uint32, error) { return 0, errors.New("a battle is not hashable") }

// battleAttrs are what a hook may read of the battle.
var battleAttrs = []string{"round", "self", "other", "side", "enemy", "a", "b", "units", "roll", "choose", "end"}

func (bv *battleValue) AttrNames() []string { return battleAttrs }

func (bv *battleValue) Attr(name string) (starlark.Value, error) {
	f := bv.f
	unit := func(u int32) starlark.Value {
		if u < 0 {
			return starlark.None
		}
		return &unitValue{f: f, u: u}
	}
	switch name {
	case "round":
		return starlark.MakeInt(int(f.round)), nil
	case "self":
		return unit(bv.self), nil
	case "other":
		return unit(bv.other), nil
	case "side":
		return &sideValue{f: f, s: bv.side}, nil
	case "enemy":
		return &sideValue{f: f, s: 1 - bv.side}, nil
	case "a":
		return &sideValue{f: f, s: 0}, nil
	case "b":
		return &sideValue{f: f, s: 1}, nil
	case "units":
		return starlark.NewBuiltin("units", bv.units), nil
	case "roll":
		return starlark.NewBuiltin("roll", bv.roll), nil
	case "choose":
		return starlark.NewBuiltin("choose", bv.choose), nil
	case "end":
		return starlark.NewBuiltin("end", bv.end), nil
	}
	return nil, starlark.NoSuchAttrError(fmt.Sprintf("battle has no %q (it has: %v)", name, battleAttrs))
}

// units(side) returns the side's units not destroyed ("a" or "b").
func (bv *battleValue) units(_ *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var side string
	if err := starlark.UnpackPositionalArgs("units", args, kwargs, 1, &side); err != nil {
		return nil, err
	}
	s := slices.Index(sideLetters[:], side)
	if s < 0 {
		return nil, fmt.Errorf("units: side %q is a or b", side)
	}
	var out []starlark.Value
	si := &bv.f.b.sides[s]
	for u := int32(si.first); u < int32(si.first+si.n); u++ {
		if bv.f.hp(u) > 0 {
			out = append(out, &unitValue{f: bv.f, u: u})
		}
	}
	return starlark.NewList(out), nil
}

// roll(n, faces) rolls n dice of faces faces (6 unless given) from the
// trial's stream and returns their sum.
func (bv *battleValue) roll(_ *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	n, faces := 0, 6
	if err := starlark.UnpackPositionalArgs("roll", args, kwargs, 1, &n, &faces); err != nil {
		return nil, err
	}
	if n < 0 || n > document.MaxDice || faces < 1 || faces > document.MaxFaces {
		return nil, fmt.Errorf("roll(%d, %d): from 0 to %d dice of 1 to %d faces", n, faces, document.MaxDice, document.MaxFaces)
	}
	if bv.f.r == nil && bv.f.ch == nil {
		return nil, errNoDraws
	}
	sum := 0
	for range n {
		sum += int(bv.f.die(faces)) + 1
	}
	return starlark.MakeInt(sum), nil
}

// choose(n) returns a number from 0 to n−1, each with the same chance.
func (bv *battleValue) choose(_ *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	n := 0
	if err := starlark.UnpackPositionalArgs("choose", args, kwargs, 1, &n); err != nil {
		return nil, err
	}
	if n < 1 {
		return nil, fmt.Errorf("choose(%d): choose among at least 1", n)
	}
	if bv.f.r == nil && bv.f.ch == nil {
		return nil, errNoDraws
	}
	return starlark.MakeInt(int(bv.f.die(n))), nil
}

// end(name, side) ends the battle with one of the file's ends, met by the
// side (self's unless given).
func (bv *battleValue) end(_ *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var name string
	side := sideLetters[bv.side]
	if err := starlark.UnpackPositionalArgs("end", args, kwargs, 1, &name, &side); err != nil {
		return nil, err
	}
	b := bv.f.b
	k := slices.IndexFunc(b.ends, func(e *endC) bool { return e.decl.Name == name })
	if k < 0 {
		return nil, fmt.Errorf("end(%q): the file declares no such end (ends: %v)", name, document.Names(b.ends, func(e *endC) string { return e.decl.Name }))
	}
	s := slices.Index(sideLetters[:], side)
	if s < 0 {
		return nil, fmt.Errorf("end: side %q is a or b", side)
	}
	bv.f.reach(b.ends[k], s, false)
	return starlark.None, nil
}

// unitValue is a unit as a hook sees it: its stats, tracks and hit points
// by name; hp and tracks may be set (unit.hp = 0 destroys it).
type unitValue struct {
	f *fighter
	u int32
}

func (uv *unitValue) String() string        { return uv.f.b.types[uv.f.b.units[uv.u].typ].name }
func (*unitValue) Type() string             { return "unit" }
func (*unitValue) Freeze()                  {}
func (*unitValue) Truth() starlark.Bool     { return true }
func (uv *unitValue) Hash() (uint32, error) { return uint32(uv.u), nil }

func (uv *unitValue) AttrNames() []string {
	return append(uv.f.b.lang.unitFields(), "name")
}

func (uv *unitValue) Attr(name string) (starlark.Value, error) {
	f := uv.f
	b := f.b
	ui := &b.units[uv.u]
	ut := b.types[ui.typ]
	switch name {
	case uHP:
		return starlark.MakeInt(int(f.st[ui.slot])), nil
	case uMaxHP:
		return starlark.MakeInt(int(ut.stats[0])), nil
	case uAlive:
		return starlark.Bool(f.st[ui.slot] > 0), nil
	case uSide:
		return starlark.String(sideLetters[ui.side]), nil
	case uType, "name":
		return starlark.String(ut.name), nil
	}
	if k := nameIndex(b.lang.tracks, name); k >= 0 {
		return starlark.MakeInt(int(f.st[ui.slot+1+k])), nil
	}
	if k := nameIndex(b.lang.stats, name); k > 0 {
		return starlark.MakeInt(int(ut.stats[k])), nil
	}
	return nil, starlark.NoSuchAttrError(fmt.Sprintf("a unit has no %q (it has: %v)", name, uv.AttrNames()))
}

func (uv *unitValue) SetField(name string, v starlark.Value) error {
	f := uv.f
	b := f.b
	x, err := starlark.AsInt32(v)
	if err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	ui := &b.units[uv.u]
	if name == uHP {
		f.setHP(uv.u, int32(x))
		return nil
	}
	k := nameIndex(b.lang.tracks, name)
	if k < 0 {
		return starlark.NoSuchAttrError(fmt.Sprintf("a hook may set a unit's hp and tracks (%v), not %q", b.lang.tracks, name))
	}
	tr := &b.unitTrk[k]
	f.st[ui.slot+1+k] = min(max(int32(x), tr.lo[ui.typ]), tr.hi[ui.typ])
	f.touched()
	return nil
}

// sideValue is a side as a hook sees it: its aggregates and tracks; its
// tracks may be set.
type sideValue struct {
	f *fighter
	s int
}

func (sv *sideValue) String() string        { return sideLetters[sv.s] }
func (*sideValue) Type() string             { return "side" }
func (*sideValue) Freeze()                  {}
func (*sideValue) Truth() starlark.Bool     { return true }
func (sv *sideValue) Hash() (uint32, error) { return uint32(sv.s), nil }
func (sv *sideValue) AttrNames() []string   { return sv.f.b.lang.sideFields() }

func (sv *sideValue) Attr(name string) (starlark.Value, error) {
	f := sv.f
	b := f.b
	switch name {
	case "alive":
		return starlark.MakeInt(int(f.agg[sv.s][aggAlive])), nil
	case "hp":
		return starlark.MakeInt(int(f.agg[sv.s][aggHP])), nil
	case "armed":
		return starlark.MakeInt(int(f.agg[sv.s][aggArmed])), nil
	case "lost":
		return starlark.MakeInt(b.sides[sv.s].n - int(f.agg[sv.s][aggAlive])), nil
	case "start":
		return starlark.MakeInt(b.sides[sv.s].n), nil
	case "name":
		return starlark.String(sideLetters[sv.s]), nil
	}
	if k := nameIndex(b.lang.sideTracks, name); k >= 0 {
		return starlark.MakeInt(int(f.st[1+sv.s*len(b.sideTrk)+k])), nil
	}
	if k := nameIndex(b.lang.sideValues, name); k >= 0 {
		return starlark.MakeInt(int(f.sideValue(k, sv.s))), nil
	}
	return nil, starlark.NoSuchAttrError(fmt.Sprintf("a side has no %q (it has: %v)", name, sv.AttrNames()))
}

func (sv *sideValue) SetField(name string, v starlark.Value) error {
	f := sv.f
	b := f.b
	k := nameIndex(b.lang.sideTracks, name)
	if k < 0 {
		return starlark.NoSuchAttrError(fmt.Sprintf("a hook may set a side's tracks (%v), not %q", b.lang.sideTracks, name))
	}
	x, err := starlark.AsInt32(v)
	if err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	tr := &b.sideTrk[k]
	f.setSideTrack(1+sv.s*len(b.sideTrk)+k, min(max(int32(x), tr.lo[0]), tr.hi[0]))
	return nil
}
