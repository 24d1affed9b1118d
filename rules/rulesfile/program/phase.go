package program

import (
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/rulesfile/document"
)

// Phase kinds compiled.
const (
	PhFire uint8 = iota
	PhContest
	PhEach
	PhHook
)

// Phase is a compiled phase.
type Phase struct {
	Kind  uint8
	Steps [][]int // fire: the types that fire together, step by step
	Group string
	Fires [][]int // fire: per type, its weapons (indexes) that fire
	// fast: per type, the one plain weapon it fires when its side plays
	// kill-greedy on the roster (fighter.fastVolley); w nil when it does
	// not fire so
	fast []FastVolley
	// FastAt: per step, the one type's fast volley when it fires so, or nil
	FastAt []*FastVolley
	// Contest
	Contest *Contest
	// each
	Who  int // 0 a, 1 b, 2 both
	Each []eachPhase
	// Members are the units the each phase goes through, in order, with
	// what eachPhase needs of them at hand
	Members []eachMember
	Hook    *HookFn
	node    *doc.Node
}

// FastVolley is what fighter.fastVolley needs of a firing type, packed.
type FastVolley struct {
	W       *Weapon
	T, Side int
	PerUnit int // dice a unit not destroyed rolls
	HpOff   int
	Count   int32
}

// eachPhase is an eachPhase phase's work for one unit type.
type eachPhase struct {
	When *Expr
	Do   []*Effect
	Prog []Instr // do as a flat program (flat.go)
}

// eachMember is a unit an each phase goes through: its index, the slot of
// its hit points, its side and its type's effects; whenSlot is the slot of
// the one value of its own the condition reads (self.hp, self.TRACK), or −1
// when the condition is read otherwise: eachPhase then reads it with no
// context made.
type eachMember struct {
	U, Slot, Side, WhenSlot int32
	E                       *eachPhase
	// the condition's table, when whenSlot is a slot: whenTable[v − whenLo]
	// for the value v, nearest end past its whenN entries
	WhenTable     []int32
	WhenLo, WhenN int32
}

// Contest is a compiled contest. The rolls and effects are compiled for
// each pair of unit types (self, other): pair(t, u).
type Contest struct {
	Roll, Against []*Roll
	Ties          TieRule
	Pairs         bool // compare: pairs
	Win, Lose     [][]*Effect
	decl          *document.ContestDecl
	// the Monte Carlo battle's (flat.go): win and lose as flat programs,
	// and a contest phase's pools of coins when their sizes are known at
	// compile (nil otherwise)
	WinP, LoseP [][]Instr
	Sizes       []int32
}

// Effect kinds compiled.
const (
	EfDamage uint8 = iota
	EfRoll
	EfSet
	EfAdd
	EfRaise
	EfLower
	EfIf
	EfContest
	EfEnd
	EfHook
)

// Effect is a compiled effect.
type Effect struct {
	Kind    uint8
	Roll    *Roll // damage, roll
	ToSelf  bool  // damage to self
	Reg     int   // roll: the register
	Who     int8  // change: 0 self, 1 other/target, 2 side, 3 enemy
	Track   int   // change: the track, −1 for hp
	Value   *Expr
	Then    []*Effect
	Els     []*Effect
	Contest *Contest // nested: compiled for the one pair in context
	End     int
	Hook    *HookFn
	node    *doc.Node
	// Guard is, for an if, the size of the pool that the contest its
	// effects begin with rolls first, when it reads the same values as
	// the condition (if: pool > 0, then: contest, roll: pool): the
	// condition's index is the pool's (fighter.guardIdx)
	Guard *Expr
}

// TieRule is what a contest's tie does.
type TieRule uint8

const (
	TieReroll TieRule = iota
	TieSelf           // a (phase) or win (nested): self's side wins
	TieOther          // b or lose
	TieNone
	tieCoin
	TieFewer
	TieMore
)

// Step codes.
const (
	opEffect    uint8 = iota // any other effect, played by effect
	OpCoins                  // a named roll of coins: the heads into a register
	OpIf                     // on to the next step when the condition holds, else to jump
	OpJump                   // to jump
	OpFlips                  // a nested contest of two pools of coins (flipOff)
	OpContest                // any other nested contest but compare: pairs
	OpTrack                  // set, add, raise or lower a unit's track (not hp)
	OpSideTrack              // set, add, raise or lower a side track
)

// Instr is one step of a flat program.
type Instr struct {
	Code uint8
	Kind uint8 // a change's kind (efSet…)
	Role uint8 // opTrack: the unit changed (roleSelf, roleOther)
	Ties TieRule
	// X is the value: a roll's pool, a condition, a change's value, self's
	// pool of a contest; y other's pool of a contest, a roll's plus
	X, Y *Expr
	E    *Effect
	Reg  int32 // opCoins: the register
	// Off is opTrack's slot among a unit's (1 + the track), opSideTrack's
	// track; lo, hi its range (for the unit's type, known at compile)
	Off, Lo, Hi int32
	// Enemy: opSideTrack changes the enemy's track
	Enemy bool
	// Jump is where an if's else begins, a contest's lose effects begin,
	// a jump goes; end is past a contest's effects (nobody won)
	Jump, end int32
}

// Branch returns where a contest's program goes on from instruction s, next
// after it, for result r: on (self won), its lose effects, or past both.
func (s *Instr) Branch(next, r int) int {
	switch r {
	case 1:
		return next
	case -1:
		return int(s.Jump)
	}
	return int(s.end)
}
