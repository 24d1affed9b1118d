package rulesfile

import (
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulesfile/document"
)

// Battle is a compiled rules-file scenario: the file's names resolved, its
// expressions tabulated, the state's layout fixed. It is immutable and
// implements rules.Battle.
type Battle struct {
	// sideVals are the file's side values, compiled (sidevalues.go)
	sideVals []sideValC
	file     *document.File
	lang     *lang
	spec     rules.Spec
	types    []*unitType // every unit type of the scenario: side a's, then side b's
	units    []unitInst  // every unit: side a's, then side b's, type by type
	// unitType[u] is units[u].typ, packed for the loops over units
	unitType []int32
	sides    [2]sideInfo
	// the state's layout: st[0] the round, then each side's tracks, then
	// each unit's hit points and tracks.
	sizeK int // the stat targeting calls size
	// rosterSafe says that nothing tells two units of one type with the
	// same hit points apart: no unit tracks, no contest, each or hook
	// phase. Hits may then be played on the roster of hit points alone.
	rosterSafe bool
	// roster is each side's types as the roster policies read them.
	roster     [2][]rosterType
	hpCountLen int // the length of a fighter's roster (fighter.hpCount)
	stride     int // a unit's slots: hp and its tracks
	unitBase   int
	stateLen   int
	sideTrk    []trackInfo
	unitTrk    []trackInfo
	start      []*phaseC
	round      []*phaseC
	cap        int
	ends       []*endC
	endsAt     [2][]*endC // the ends with a condition checked at a round's start (0) and end (1)
	// endsOnSides: the conditions of endsAt read the side tracks and the
	// sides' aggregates (alive, hp, armed, lost) and nothing else of the
	// state, so a check need not be made again until one of them changes
	// (fighter.endsFresh)
	endsOnSides bool
	// endsAgg has bit k set when the ends read aggregate k (aggAlive,
	// aggHP, aggArmed; lost is read as alive): only a change of one of
	// those makes them worth a check again
	endsAgg   uint8
	counters  []*counterC
	survivors [2][]int // counter index per local type
	dealt     [2]int   // counter index of damage dealt
	nregs     int
	// nMemo is how many expressions keep their unit part per fighter
	// (cexpr.memo)
	nMemo    int
	regNames []string
	hooks    *hookSet
	// flat: the Monte Carlo fighter plays the effects as flat programs
	// (flat.go)
	flat     bool
	policies [2]policy
	endIndex map[string]int
}

// unitType is a unit type as one side fields it.
type unitType struct {
	name    string
	side    int
	local   int     // its index among its side's types
	stats   []int64 // by lang.stats index; stats[0] is hp
	weapons []weaponUse
	first   int // its first unit
	count   int
	size    int64
	armed   bool
	decl    *document.UnitDecl
	hpOff   int // its units' counts by hit points left start here in a fighter's roster
}

// weaponUse is a weapon a unit type carries, n times.
type weaponUse struct {
	w *weaponC
	n int
}

// rosterType is a unit type as rosterChoose reads it, packed.
type rosterType struct {
	t        int
	bit      uint64
	off      int   // its counts in fighter.hpCount
	max      int32 // its hit points
	count    int32
	sizeRank int64 // its size's rank among the side's types, 0 the smallest
	armed    bool
}

// unitInst is one unit.
type unitInst struct {
	typ  int
	side int
	slot int // its hit points' slot in the state
}

// sideInfo is what the battle knows of a side.
type sideInfo struct {
	label      string
	types      []int // its types, in the scenario's order
	first, n   int   // its units
	hpMax      int
	priority   []int // the enemy's local types, for the priority policy
	policyName string
}

// trackInfo is a compiled track: its range per unit type (unit tracks) or
// once (side tracks), and its start.
type trackInfo struct {
	name  string
	lo    []int32 // per type (unit tracks) or one entry
	hi    []int32
	start []int32
}

// Spec implements rules.Battle.
func (b *Battle) Spec() rules.Spec { return b.spec }

// NewFighter implements rules.Battle.
// Its fighter keeps what expressions read of one unit (fighter.memo):
// the fighters of the exact paths, which load states wholesale, do not.
func (b *Battle) NewFighter() rules.Fighter {
	f := newFighter(b)
	f.memo = make([]memoEntry, b.nMemo)
	f.flat = b.flat
	return f
}

// maxHP returns the hit points of type t, or the most of any type for t < 0.
func (b *Battle) maxHP(t int) int {
	if t >= 0 {
		return int(b.types[t].stats[0])
	}
	m := 0
	for _, ut := range b.types {
		m = max(m, int(ut.stats[0]))
	}
	return m
}

// trackRange returns the range of unit track k for type t (any type for
// t < 0).
func (b *Battle) trackRange(t, k int) (lo, hi int32) {
	tr := &b.unitTrk[k]
	if t >= 0 {
		return tr.lo[t], tr.hi[t]
	}
	lo, hi = tr.lo[0], tr.hi[0]
	for i := range tr.lo {
		lo, hi = min(lo, tr.lo[i]), max(hi, tr.hi[i])
	}
	return lo, hi
}

func (b *Battle) sideTrackRange(k int) (lo, hi int32) { return b.sideTrk[k].lo[0], b.sideTrk[k].hi[0] }

// sideUnits returns the units side s starts with.
func (b *Battle) sideUnits(s int) int { return b.sides[s].n }

// sideAggMax returns the greatest value of a side aggregate.
func (b *Battle) sideAggMax(s int, name string) int32 {
	switch name {
	case "hp":
		return int32(b.sides[s].hpMax)
	}
	return int32(b.sides[s].n)
}
