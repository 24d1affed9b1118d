package program

import (
	"math"
	"slices"

	"github.com/crucible-sim/crucible/rules/rulesfile/document"
)

// reads says what an expression may read where it stands.
type reads uint16

const (
	readOptions reads = 1 << iota
	readStats         // the unit's stats by their bare names (checks)
	readSelf
	readTarget
	readOther
	readSides // side and enemy
	readRound
	readFace
	readRegs
)

// roles of units an expression reads.
const (
	RoleSelf = iota
	RoleTarget
	RoleOther
	NumRoles
)

var roleNames = [NumRoles]string{"self", "target", "other"}

// varKind is a state value an expression reads.
type varKind uint8

const (
	VUnitHP varKind = iota
	VUnitAlive
	VUnitTrack
	VSideAgg
	VSideTrack
	VRound
	VFace
	VReg
	VSideVal // a side value (SideValueDecl), worked out from the side's units
)

// VarRef is a state value a tabulated expression reads, and its place in
// the table: index += (value − lo) × stride.
type VarRef struct {
	// what eval reads, first
	Kind   varKind
	Role   uint8 // unit role, or side 0 (side) / 1 (enemy)
	Off    int32 // a unit value's slot within the unit: 0 its hit points, 1 + k its track k; a side track's slot past side a's first, 1 + k
	Lo, N  int32
	Stride int32
	Which  int // track, aggregate or register index (in the context's registers)
	Slot   int // a register's slot in the fighter
	name   string
}

// Expr is a compiled expression in one static context: a constant, or a
// table over the state values it reads.
type Expr struct {
	K     int32
	Vars  []VarRef
	Table []int32
	src   *document.Expr
	// Shape says how eval looks the expression up (shapeOf).
	Shape shape
	// oneUnit says that every unit value of a shSlots expression is of
	// one role, unitRole: eval finds the unit once, not per value.
	UnitRole uint8
	OneUnit  bool
	// Memo is, for a oneUnit expression, its entry in the fighter's memo
	// (fighter.memo), which keeps the part of the table's index its unit
	// values make until the state changes; regs are its named rolls, read
	// every time.
	Memo int32
	Regs []VarRef
}

// shape is how an expression is looked up: a constant, a table of one
// state value of a common kind (read with nothing else to decide), or a
// table walked value by value. Evaluation is the hot path of every battle
// whose expressions read the state; the walk cost a duel a third of its
// time, and one value is the commonest shape (a condition on self.hp, a
// pool of self.pain dice, a named roll's result, an end on a side track).
type shape uint8

const (
	ShConst shape = iota
	shWalk
	ShUnitSlot  // self.hp, other.pain
	ShReg       // a named roll
	ShSideTrack // side.worn
	ShSlots     // several values, each a unit's hp or track or a named roll
	ShSideAggs  // sides' aggregates but lost: a fleet's stalemate (side.armed == 0 && enemy.armed == 0)
)

// shapeOf returns the shape of a compiled expression.
func (e *Expr) shapeOf() shape {
	switch {
	case len(e.Vars) == 0:
		return ShConst
	case !slices.ContainsFunc(e.Vars, func(v VarRef) bool { return v.Kind != VSideAgg || v.Which >= AggLost }):
		return ShSideAggs
	case len(e.Vars) > 1:
		if slices.ContainsFunc(e.Vars, func(v VarRef) bool { return v.Kind != VUnitHP && v.Kind != VUnitTrack && v.Kind != VReg }) {
			return shWalk
		}
		e.UnitRole, e.OneUnit = e.oneRole()
		return ShSlots
	}
	switch e.Vars[0].Kind {
	case VUnitHP, VUnitTrack:
		return ShUnitSlot
	case VReg:
		return ShReg
	case VSideTrack:
		return ShSideTrack
	}
	return shWalk
}

// oneRole reports the role every unit value of e reads, when e reads two
// unit values or more and all of them are of one role (with one, finding
// the unit once saves nothing).
func (e *Expr) oneRole() (uint8, bool) {
	role, seen := uint8(0), 0
	for _, v := range e.Vars {
		if v.Kind == VReg {
			continue
		}
		if seen > 0 && v.Role != role {
			return 0, false
		}
		role, seen = v.Role, seen+1
	}
	return role, seen >= 2
}

// static reports whether the expression is a constant.
func (e *Expr) static() bool { return len(e.Vars) == 0 }

// Bounds returns the least and greatest values the expression takes.
func (e *Expr) Bounds() (lo, hi int32) {
	if e.static() {
		return e.K, e.K
	}
	lo, hi = math.MaxInt32, math.MinInt32
	for _, v := range e.Table {
		lo, hi = min(lo, v), max(hi, v)
	}
	return lo, hi
}

// Index returns value x's part of the index of a table of several values:
// past the value's ends, the nearest end's.
func (v *VarRef) Index(x int32) int32 {
	if x -= v.Lo; uint32(x) >= uint32(v.N) {
		x = max(0, min(x, v.N-1))
	}
	return x * v.Stride
}
