package program

import (
	"math"

	"github.com/crucible-sim/crucible/rules/rulesfile/document"
)

// FaceTest is a compiled condition on a die's face: a table of the faces
// that meet it, when it reads nothing else of the state, or the
// expression.
type FaceTest struct {
	Set  bool   // a condition was given
	Mask []bool // per face index, when e is nil
	E    *Expr
}

// Roll is a compiled roll.
type Roll struct {
	Value   *Expr // no dice: this value
	Dice    *Expr // how many dice
	Die     []int64
	Faces   *Expr // dice of faces 1..faces (die nil), when the roll says so
	Keep    int8  // 0 none, 1 highest, 2 lowest
	KeepN   int
	Reroll  FaceTest
	Explode FaceTest
	Depth   int
	Count   FaceTest // set: the result counts the faces that meet it
	Plus    *Expr
	lo, hi  int32 // the range of the result
	Coins   bool  // coins (faces 0 and 1) summed, nothing else: heads counted
	// Flips: coins with no modifier (plus), which a contest flips itself
	Flips bool
	// dist caches the result's distribution for rolls that read nothing
	// of the state (see Dist).
	Src *document.Roll
}

// bounds works out the range of the roll's result from the range of its
// dice.
func (rc *Roll) bounds(dlo, dhi int) (lo, hi int32) {
	fmin, fmax := int64(math.MaxInt32), int64(math.MinInt32)
	for _, f := range rc.Die {
		fmin, fmax = min(fmin, f), max(fmax, f)
	}
	per := 1
	if rc.Explode.Set {
		per += rc.Depth
	}
	var l, h int64
	switch {
	case rc.Count.Set:
		l, h = 0, int64(dhi*per)
	default:
		nlo, nhi := int64(dlo), int64(dhi)
		if rc.Keep != 0 { // a kept die is the sum of its chain
			nlo, nhi = min(nlo, int64(rc.KeepN)), min(nhi, int64(rc.KeepN))
		}
		nhi *= int64(per)
		l, h = min(nlo*fmin, nhi*fmin), max(nlo*fmax, nhi*fmax)
		if fmin < 0 {
			l = min(l, nhi*fmin)
		}
	}
	if rc.Plus != nil {
		plo, phi := rc.Plus.Bounds()
		l, h = l+int64(plo), h+int64(phi)
	}
	return clamp32(l), clamp32(h)
}

// Walk calls fn with every expression of the roll.
func (rc *Roll) Walk(fn func(*Expr)) {
	if rc == nil {
		return
	}
	for _, e := range []*Expr{rc.Value, rc.Dice, rc.Plus, rc.Reroll.E, rc.Explode.E, rc.Count.E} {
		if e != nil {
			fn(e)
		}
	}
}

func clamp32(v int64) int32 { return int32(max(min(v, math.MaxInt32/4), math.MinInt32/4)) }

// Weapon is a weapon as one unit type fires it, compiled against every
// target type of the enemy.
type Weapon struct {
	Decl    *document.WeaponDecl
	Die     []int64
	Attacks *Expr
	Reroll  FaceTest
	Budget  int // the side track re-rolls spend, or -1
	Explode FaceTest
	Crit    FaceTest
	// per global target type (nil or unset for the firing side's own)
	Hit       []FaceTest
	Wound     []FaceTest
	CritWound []FaceTest
	Save      []FaceTest
	Damage    []*Roll
	Reduce    []*Expr
	// Volley marks a weapon whose hits go to targets as a whole volley:
	// no wound or save step, damage the same against every target, no
	// reduction, no spill-over, hits decided by the face alone.
	Volley bool
	dmg    int32 // the damage of a volley weapon
	// FaceMask[fi] has the bit of every target type a die showing face
	// index fi hits whatever the state; dynMask those types whose hit test
	// reads the state, tested target by target.
	FaceMask  []uint64
	DynMask   uint64
	PolicyDmg int32 // the damage a policy counts a hit as doing: the most it can do
	// Plain marks a weapon whose dice only hit or miss, decided by the
	// face alone: a fixed number of attacks, no re-roll, explosion or
	// critical, no hit test that reads the state.
	Plain bool
	// Groups are the distinct sets of targets the faces of a plain weapon
	// reach, and faceGroup[fi] is 1 + the group of face fi (0: a miss);
	// thresh is 2¹⁶ mod the die's faces (die).
	Groups       []uint64
	FaceGroup    []uint8
	GroupWeights []int64 // the faces of each class: misses, then each group
	GroupOrder   []int   // the groups in the order kill-greedy takes them: the fewest targets first
	Thresh       uint64
}
