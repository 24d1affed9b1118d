package dbd

// Terrain is a hex's terrain (§3). A scenario maps hex ids to terrain; an
// absent hex is Clear.
type Terrain uint8

const (
	Clear Terrain = iota
	Woods
	Rough
	Hill
	Water
)

// terrainNames are the words of a scenario's `terrain` values (§3, §12).
var terrainNames = [...]string{"CLEAR", "WOODS", "ROUGH", "HILL", "WATER"}

func (t Terrain) String() string { return terrainNames[t] }

// impassable is the move cost of WATER (§3): no unit enters it.
const impassable = 0xff

// moveCost is the cost of entering a hex (§3, §7).
var moveCost = [...]uint8{Clear: 1, Woods: 2, Rough: 2, Hill: 1, Water: impassable}

// meleeCover and rangedCover are the dice an attacker loses against a
// defender on the terrain (§3, §8 step 2): WOODS and ROUGH cover against
// both, HILL against ranged attacks only.
var (
	meleeCover  = [Water + 1]int8{Woods: 1, Rough: 1}
	rangedCover = [Water + 1]int8{Woods: 1, Rough: 1, Hill: 1}
)

// dense reports whether a terrain is WOODS or ROUGH: it stops cavalry (§7),
// breaks a charge (§7, G10), and is what a retreat prefers (§10).
func (t Terrain) dense() bool { return t == Woods || t == Rough }

// Side is BLUE (outcome side a) or RED (side b) (§5, §16).
type Side uint8

const (
	Blue Side = iota
	Red
)

var sideNames = [2]string{"BLUE", "RED"}

func (s Side) String() string { return sideNames[s] }

// Other returns the opposing side.
func (s Side) Other() Side { return 1 - s }

// UnitType is a unit's type (§4).
type UnitType uint8

const (
	INF UnitType = iota
	CAV
	SKR
	ARC
	GEN
)

var typeNames = [...]string{"INF", "CAV", "SKR", "ARC", "GEN"}

func (t UnitType) String() string { return typeNames[t] }

// typeStats is one row of §4's table.
type typeStats struct {
	Move   uint8 // movement points (§7)
	Melee  int8  // melee dice (§8 step 1)
	Ranged int8  // ranged dice; 0: no ranged attack
	// MinRange, MaxRange: the distances it shoots at (§8, G6: "up to", and
	// never 1 because a shooter must be unengaged).
	MinRange, MaxRange uint8
	BaseHP             int8 // max HP of a REGULAR unit
}

var stats = [...]typeStats{
	INF: {Move: 1, Melee: 2, BaseHP: 5},
	CAV: {Move: 2, Melee: 2, BaseHP: 4},
	SKR: {Move: 2, Melee: 1, Ranged: 1, MinRange: 2, MaxRange: 2, BaseHP: 3},
	ARC: {Move: 1, Melee: 1, Ranged: 2, MinRange: 2, MaxRange: 3, BaseHP: 3},
	GEN: {Move: 1, Melee: 1, BaseHP: 6},
}

// Quality is a unit's quality (§4): it sets max HP and retreat
// cancellation (§9 step 3), nothing else.
type Quality uint8

const (
	Green Quality = iota
	Regular
	Veteran
)

var qualityNames = [...]string{"GREEN", "REGULAR", "VETERAN"}

func (q Quality) String() string { return qualityNames[q] }

// MaxHP is a unit's max HP (§4): base HP − 1 for GREEN, + 1 for VETERAN.
func MaxHP(t UnitType, q Quality) int { return int(stats[t].BaseHP) + int(q) - 1 }

// unitValue is value(t) of the greedy policy (§14), by type and quality.
var unitValue = [...][3]float64{
	INF: {3, 5, 7},
	CAV: {6, 8, 10},
	SKR: {2, 3, 4},
	ARC: {2, 4, 6},
	GEN: {8, 10, 12},
}

// standardsFor is the standards a side scores for destroying a unit (§11):
// 2 for a general, else 1.
func standardsFor(t UnitType) int {
	if t == GEN {
		return 2
	}
	return 1
}
