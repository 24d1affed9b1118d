package fight

import (
	"errors"
	"fmt"
	"slices"

	"go.starlark.net/starlark"

	"github.com/crucible-sim/crucible/rules/rulesfile/document"
	"github.com/crucible-sim/crucible/rules/rulesfile/program"
)

// errNoDraws is a hook's error when it draws during an exact solve.
var errNoDraws = errors.New("a hook drew a random number (battle.roll or battle.choose): the exact solver follows only the rules file's declared dice")

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

// CallHook calls a hook with the battle as its argument: self and other
// the units in those roles (−1: none), s the side of self.
func (f *Fighter) CallHook(h *program.HookFn, self, other int32, s int) {
	if f.thread == nil {
		f.thread = &starlark.Thread{Name: "battle"}
	}
	th := f.thread
	th.Steps = 0
	th.Uncancel()
	th.SetMaxExecutionSteps(h.Set.Steps)
	bv := &battleValue{f: f, self: self, other: other, side: s}
	_, err := starlark.Call(th, h.Fn, starlark.Tuple{bv}, nil)
	if err == nil {
		return
	}
	he := &HookError{Hook: h.Name, Pos: h.Pos, Err: err}
	if th.ExecutionSteps() >= h.Set.Steps {
		he.Steps = h.Set.Steps
	}
	var ee *starlark.EvalError
	if errors.As(err, &ee) {
		he.Err = errors.New(ee.Msg)
	}
	panic(he)
}

// battleValue is the battle as a hook sees it.
type battleValue struct {
	f           *Fighter
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
		return starlark.MakeInt(int(f.Round)), nil
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
	s := slices.Index(program.SideLetters[:], side)
	if s < 0 {
		return nil, fmt.Errorf("units: side %q is a or b", side)
	}
	var out []starlark.Value
	si := &bv.f.B.Sides[s]
	for u := int32(si.First); u < int32(si.First+si.N); u++ {
		if bv.f.Hp(u) > 0 {
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
	side := program.SideLetters[bv.side]
	if err := starlark.UnpackPositionalArgs("end", args, kwargs, 1, &name, &side); err != nil {
		return nil, err
	}
	b := bv.f.B
	k := slices.IndexFunc(b.Ends, func(e *program.End) bool { return e.Decl.Name == name })
	if k < 0 {
		return nil, fmt.Errorf("end(%q): the file declares no such end (ends: %v)", name, document.Names(b.Ends, func(e *program.End) string { return e.Decl.Name }))
	}
	s := slices.Index(program.SideLetters[:], side)
	if s < 0 {
		return nil, fmt.Errorf("end: side %q is a or b", side)
	}
	bv.f.Reach(b.Ends[k], s, false)
	return starlark.None, nil
}

// unitValue is a unit as a hook sees it: its stats, tracks and hit points
// by name; hp and tracks may be set (unit.hp = 0 destroys it).
type unitValue struct {
	f *Fighter
	u int32
}

func (uv *unitValue) String() string        { return uv.f.B.Types[uv.f.B.AllUnits[uv.u].Typ].Name }
func (*unitValue) Type() string             { return "unit" }
func (*unitValue) Freeze()                  {}
func (*unitValue) Truth() starlark.Bool     { return true }
func (uv *unitValue) Hash() (uint32, error) { return uint32(uv.u), nil }

func (uv *unitValue) AttrNames() []string {
	return append(uv.f.B.Lang.UnitFields(), "name")
}

func (uv *unitValue) Attr(name string) (starlark.Value, error) {
	f := uv.f
	b := f.B
	ui := &b.AllUnits[uv.u]
	ut := b.Types[ui.Typ]
	switch name {
	case program.UHP:
		return starlark.MakeInt(int(f.St[ui.Slot])), nil
	case program.UMaxHP:
		return starlark.MakeInt(int(ut.Stats[0])), nil
	case program.UAlive:
		return starlark.Bool(f.St[ui.Slot] > 0), nil
	case program.USide:
		return starlark.String(program.SideLetters[ui.Side]), nil
	case program.UType, "name":
		return starlark.String(ut.Name), nil
	}
	if k := program.NameIndex(b.Lang.Tracks, name); k >= 0 {
		return starlark.MakeInt(int(f.St[ui.Slot+1+k])), nil
	}
	if k := program.NameIndex(b.Lang.Stats, name); k > 0 {
		return starlark.MakeInt(int(ut.Stats[k])), nil
	}
	return nil, starlark.NoSuchAttrError(fmt.Sprintf("a unit has no %q (it has: %v)", name, uv.AttrNames()))
}

func (uv *unitValue) SetField(name string, v starlark.Value) error {
	f := uv.f
	b := f.B
	x, err := starlark.AsInt32(v)
	if err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	ui := &b.AllUnits[uv.u]
	if name == program.UHP {
		f.setHP(uv.u, int32(x))
		return nil
	}
	k := program.NameIndex(b.Lang.Tracks, name)
	if k < 0 {
		return starlark.NoSuchAttrError(fmt.Sprintf("a hook may set a unit's hp and tracks (%v), not %q", b.Lang.Tracks, name))
	}
	tr := &b.UnitTrk[k]
	f.St[ui.Slot+1+k] = min(max(int32(x), tr.Lo[ui.Typ]), tr.Hi[ui.Typ])
	f.touched()
	return nil
}

// sideValue is a side as a hook sees it: its aggregates and tracks; its
// tracks may be set.
type sideValue struct {
	f *Fighter
	s int
}

func (sv *sideValue) String() string        { return program.SideLetters[sv.s] }
func (*sideValue) Type() string             { return "side" }
func (*sideValue) Freeze()                  {}
func (*sideValue) Truth() starlark.Bool     { return true }
func (sv *sideValue) Hash() (uint32, error) { return uint32(sv.s), nil }
func (sv *sideValue) AttrNames() []string   { return sv.f.B.Lang.SideFields() }

func (sv *sideValue) Attr(name string) (starlark.Value, error) {
	f := sv.f
	b := f.B
	switch name {
	case "alive":
		return starlark.MakeInt(int(f.Agg[sv.s][program.AggAlive])), nil
	case "hp":
		return starlark.MakeInt(int(f.Agg[sv.s][program.AggHP])), nil
	case "armed":
		return starlark.MakeInt(int(f.Agg[sv.s][program.AggArmed])), nil
	case "lost":
		return starlark.MakeInt(b.Sides[sv.s].N - int(f.Agg[sv.s][program.AggAlive])), nil
	case "start":
		return starlark.MakeInt(b.Sides[sv.s].N), nil
	case "name":
		return starlark.String(program.SideLetters[sv.s]), nil
	}
	if k := program.NameIndex(b.Lang.SideTracks, name); k >= 0 {
		return starlark.MakeInt(int(f.St[1+sv.s*len(b.SideTrk)+k])), nil
	}
	if k := program.NameIndex(b.Lang.SideValues, name); k >= 0 {
		return starlark.MakeInt(int(f.sideValue(k, sv.s))), nil
	}
	return nil, starlark.NoSuchAttrError(fmt.Sprintf("a side has no %q (it has: %v)", name, sv.AttrNames()))
}

func (sv *sideValue) SetField(name string, v starlark.Value) error {
	f := sv.f
	b := f.B
	k := program.NameIndex(b.Lang.SideTracks, name)
	if k < 0 {
		return starlark.NoSuchAttrError(fmt.Sprintf("a hook may set a side's tracks (%v), not %q", b.Lang.SideTracks, name))
	}
	x, err := starlark.AsInt32(v)
	if err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	tr := &b.SideTrk[k]
	f.setSideTrack(1+sv.s*len(b.SideTrk)+k, min(max(int32(x), tr.Lo[0]), tr.Hi[0]))
	return nil
}
