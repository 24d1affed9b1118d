package eclipse

import (
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/eclipse/assign"
)

// Limits of the data model. The game's own limits (§5) are errors too; these
// bound what a custom part or blueprint may declare so that every battle fits
// the fixed-size state (MaxShips, MaxTypes) and the HP and dice stay sane.
const (
	maxPartDice    = 8  // dice of one colour on one custom part
	maxPartStat    = 8  // computer or shield of one custom part
	maxPartHull    = 20 // hull of one custom part
	maxInitiative  = 20 // initiative of a part, a bonus or an NPC tile
	maxPartEnergy  = 30 // |energy| of one custom part
	maxSlots       = 12 // slots of a custom player blueprint
	maxPrinted     = 30 // printed energy of a custom player blueprint
	maxPrintedHull = 20 // printed hull of a custom player blueprint
	maxTileDice    = 16 // dice of one colour on a custom NPC tile
	maxTileHull    = 40 // hull of a custom NPC tile
	// MaxHP bounds a ship's hit points (hull + 1): a roster's (package
	// assign) bound.
	MaxHP = assign.MaxHP
	// MaxDicePerShip bounds the cannon dice (and separately the missile
	// dice) of one ship.
	MaxDicePerShip = 32
	// RoundCap is the Monte Carlo safety stop (§3.8 `round-cap`).
	RoundCap = 10000
)

// End reasons, in Spec order (§3.8).
const (
	EndDestroyed = iota
	EndRetreated
	EndStalemate
	EndMutual
	EndRoundCap
)

// EndNames are the end reasons of §3.8 in Spec order.
var EndNames = []string{"destroyed", "retreated", "stalemate", "mutual-destruction", "round-cap"}

// Type is one ship type of a compiled battle: all ships of one blueprint on
// one side, with the derived stats of §2.
type Type struct {
	Name      string
	Side      int // 0 = attacker (side A), 1 = defender (side B)
	Local     int // index within its side, in scenario order
	Base      Base
	Rank      int8 // size rank, §4.5
	Weight    int  // reputation weight, §3.9
	Count     int  // ships at the start
	HP        int  // hull + 1, §2
	Init      int
	Computer  int
	Shield    int
	Cannon    Dice // per ship
	Missile   Dice // per ship
	cannonSeq []Colour
	missSeq   []Colour
	colours   []Colour // colours of its cannon or missile dice
	// cannonDamage is the damage of one ship's cannon dice if all hit,
	// Σ dice × damage by colour (strength6 reads it every activation).
	cannonDamage int64
}

// CannonDice returns the colours of one ship's cannon dice in part order.
func (t *Type) CannonDice() []Colour { return t.cannonSeq }

// MissileDice returns the colours of one ship's missile dice in part order.
func (t *Type) MissileDice() []Colour { return t.missSeq }

// SideConf is the configuration of one side.
type SideConf struct {
	NPC      bool
	Policy   assign.Policy
	Priority []string // enemy type names, policy priority only
	prio     [MaxPerSide]int8
	Retreat  Retreat
	Splitter bool
	First, N int // its types are Types[First : First+N]
}

// Compiled is a validated Eclipse battle: it implements rules.Battle, and
// the exact solver reads it. It is immutable after Compile.
type Compiled struct {
	Types []Type
	Sides [2]SideConf
	// Order is the engagement activation order (§3.1) as type indices;
	// MissileOrder the types with missile dice, in the same order (§3.2).
	Order, MissileOrder []int
	// StalemateDraw is option `stalemate: draw`; else the defender wins.
	StalemateDraw bool
	// RetreatRounds is the round from which every retreat option is
	// constant in the round number (1 without retreat options).
	RetreatRounds int

	hit [MaxTypes][7]uint8 // per firing type and face: enemy local types hit
	// plans is the class layout of every volley (§8.2), per firing type
	// and set of enemy local types in the battle: built once here so that
	// a volley only counts its dice into classes.
	plans    [MaxTypes][1 << MaxPerSide]volleyPlan
	maxUnits int
	spec     rules.Spec
	counters counterIndex
}

type counterIndex struct {
	survivors [MaxTypes]int
	retreated [MaxTypes]int // -1 when the side cannot retreat
	rep       [2]int        // -1 for NPC sides
}

// Spec implements rules.Battle.
func (c *Compiled) Spec() rules.Spec { return c.spec }

// NewFighter implements rules.Battle.
func (c *Compiled) NewFighter() rules.Fighter { return newFighter(c) }

// TypeIndex returns the index in Types of the named type on side s (0 =
// attacker), or -1.
func (c *Compiled) TypeIndex(s int, name string) int {
	for i := range c.Types {
		if c.Types[i].Side == s && c.Types[i].Name == name {
			return i
		}
	}
	return -1
}

// SideLetter is "a" for the attacker (side 0) and "b" for the defender.
func SideLetter(s int) string { return [2]string{"a", "b"}[s] }
