package program

import (
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulesfile/document"
)

// Battle is a compiled rules-file scenario: the file's names resolved, its
// expressions tabulated, the state's layout fixed. It is immutable and
// implements rules.Battle.
type Battle struct {
	// SideVals are the file's side values, compiled (sidevalues.go)
	SideVals  []sideValue
	File      *document.File
	Lang      *lang
	RulesSpec rules.Spec
	Types     []*UnitType // every unit type of the scenario: side a's, then side b's
	AllUnits  []unitInst  // every unit: side a's, then side b's, type by type
	// UnitType[u] is units[u].typ, packed for the loops over units
	UnitType []int32
	Sides    [2]sideInfo
	// the state's layout: st[0] the round, then each side's tracks, then
	// each unit's hit points and tracks.
	SizeStat int // the stat targeting calls size
	// RosterSafe says that nothing tells two units of one type with the
	// same hit points apart: no unit tracks, no contest, each or hook
	// phase. Hits may then be played on the roster of hit points alone.
	RosterSafe bool
	// Roster is each side's types as the roster policies read them.
	Roster     [2][]RosterType
	RosterLen  int // the length of a fighter's roster (Fighter.HpCount)
	UnitStride int // a unit's slots: hp and its tracks
	UnitBase   int
	StateSize  int
	SideTrk    []trackInfo
	UnitTrk    []trackInfo
	Start      []*Phase
	Round      []*Phase
	Cap        int
	Ends       []*End
	EndsAt     [2][]*End // the ends with a condition checked at a round's start (0) and end (1)
	// EndsOnSides: the conditions of endsAt read the side tracks and the
	// sides' aggregates (alive, hp, armed, lost) and nothing else of the
	// state, so a check need not be made again until one of them changes
	// (fighter.endsFresh)
	EndsOnSides bool
	// EndsAgg has bit k set when the ends read aggregate k (aggAlive,
	// aggHP, aggArmed; lost is read as alive): only a change of one of
	// those makes them worth a check again
	EndsAgg   uint8
	Counters  []*counter
	Survivors [2][]int // counter index per local type
	Dealt     [2]int   // counter index of damage dealt
	// NumRegisters is how many named rolls' results a fighter keeps
	// (Fighter.Reg)
	NumRegisters int
	// NumMemos is how many expressions keep their unit part per fighter
	// (Expr.Memo)
	NumMemos int
	regNames []string
	Hooks    *hookSet
	// Flat: the Monte Carlo fighter plays the effects as flat programs
	// (flat.go)
	Flat     bool
	Policies [2]policy
	endIndex map[string]int
}

// UnitType is a unit type as one side fields it.
type UnitType struct {
	Name    string
	Side    int
	Local   int     // its index among its side's types
	Stats   []int64 // by lang.stats index; stats[0] is hp
	Weapons []WeaponUse
	First   int // its first unit
	Count   int
	size    int64
	Armed   bool
	decl    *document.UnitDecl
	HpOff   int // its units' counts by hit points left start here in a fighter's roster
}

// WeaponUse is a weapon a unit type carries, n times.
type WeaponUse struct {
	W *Weapon
	N int
}

// RosterType is a unit type as rosterChoose reads it, packed.
type RosterType struct {
	T        int
	Bit      uint64
	Off      int   // its counts in fighter.hpCount
	Max      int32 // its hit points
	Count    int32
	SizeRank int64 // its size's rank among the side's types, 0 the smallest
	Armed    bool
}

// unitInst is one unit.
type unitInst struct {
	Typ  int
	Side int
	Slot int // its hit points' slot in the state
}

// sideInfo is what the battle knows of a side.
type sideInfo struct {
	Label      string
	Types      []int // its types, in the scenario's order
	First, N   int   // its units
	HpMax      int
	Priority   []int // the enemy's local types, for the priority policy
	PolicyName string
}

// trackInfo is a compiled track: its range per unit type (unit tracks) or
// once (side tracks), and its start.
type trackInfo struct {
	Name  string
	Lo    []int32 // per type (unit tracks) or one entry
	Hi    []int32
	Start []int32
}

// Spec implements rules.Battle.
func (b *Battle) Spec() rules.Spec { return b.RulesSpec }

// maxHP returns the hit points of type t, or the most of any type for t < 0.
func (b *Battle) maxHP(t int) int {
	if t >= 0 {
		return int(b.Types[t].Stats[0])
	}
	m := 0
	for _, ut := range b.Types {
		m = max(m, int(ut.Stats[0]))
	}
	return m
}

// trackRange returns the range of unit track k for type t (any type for
// t < 0).
func (b *Battle) trackRange(t, k int) (lo, hi int32) {
	tr := &b.UnitTrk[k]
	if t >= 0 {
		return tr.Lo[t], tr.Hi[t]
	}
	lo, hi = tr.Lo[0], tr.Hi[0]
	for i := range tr.Lo {
		lo, hi = min(lo, tr.Lo[i]), max(hi, tr.Hi[i])
	}
	return lo, hi
}

func (b *Battle) sideTrackRange(k int) (lo, hi int32) { return b.SideTrk[k].Lo[0], b.SideTrk[k].Hi[0] }

// sideUnits returns the units side s starts with.
func (b *Battle) sideUnits(s int) int { return b.Sides[s].N }

// sideAggMax returns the greatest value of a side aggregate.
func (b *Battle) sideAggMax(s int, name string) int32 {
	switch name {
	case "hp":
		return int32(b.Sides[s].HpMax)
	}
	return int32(b.Sides[s].N)
}

// SideRange returns the slots of side s's units and its types' part of
// the roster.
func (b *Battle) SideRange(s int) (lo, hi, rlo, rhi int) {
	si := &b.Sides[s]
	first, last := b.Types[si.Types[0]], b.Types[si.Types[len(si.Types)-1]]
	return b.UnitBase + si.First*b.UnitStride, b.UnitBase + (si.First+si.N)*b.UnitStride, first.HpOff, last.HpOff + int(last.Stats[0]) + 1
}

// policy is a side's targeting policy.
type policy uint8

const (
	PolKillGreedy policy = iota
	PolLargestFirst
	PolWeakest
	PolRandom
	PolPriority
)

// sideValue is a compiled side value (SideValueDecl): its expression for
// each unit type, with self that type's unit, and the range of its value
// for each side.
type sideValue struct {
	decl   *document.SideValueDecl
	Per    []*Expr // by unit type
	lo, hi [2]int32
}

// Pair indexes per-pair tables.
func (b *Battle) Pair(t, u int) int {
	if u < 0 {
		u = len(b.Types)
	}
	return t*(len(b.Types)+1) + u
}
