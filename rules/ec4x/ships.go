package ec4x

import (
	"strings"

	"github.com/crucible-sim/crucible/rules/doc"
)

// Class is a ship class of §2.1.
type Class uint8

// The ship classes of §2.1, in the table's order.
const (
	Corvette Class = iota
	Frigate
	Destroyer
	Cruiser
	LightCruiser
	HeavyCruiser
	Battlecruiser
	Battleship
	Dreadnought
	SuperDreadnought
	PlanetBreaker
	Carrier
	SuperCarrier
	Fighter
	Raider
	Scout
	Starbase
	ETAC
	TroopTransport
	numClasses
)

var classNames = [numClasses]string{
	"Corvette", "Frigate", "Destroyer", "Cruiser", "LightCruiser", "HeavyCruiser", "Battlecruiser",
	"Battleship", "Dreadnought", "SuperDreadnought", "PlanetBreaker", "Carrier", "SuperCarrier",
	"Fighter", "Raider", "Scout", "Starbase", "ETAC", "TroopTransport",
}

// String returns the class's name as scenario files write it.
func (c Class) String() string { return classNames[c] }

// ParseClass returns the class named s (exact spelling of §2.1).
func ParseClass(s string) (Class, bool) {
	for c, n := range classNames {
		if n == s {
			return Class(c), true
		}
	}
	return 0, false
}

// Stats are one ship's attack strength, defense strength, command cost and
// command rating (§2.1).
type Stats struct{ AS, DS, CC, CR int }

// Table is a ship table: the stats of every class, and whether the class
// exists in it.
type Table struct {
	Name  string
	Stats [numClasses]Stats
	Has   [numClasses]bool
}

// SpecShips is the `spec` table (§2.1): reference.md §9.1 with "NA" read as
// 0, and the code-only Cruiser taking the dd61f090 row. ETAC and
// TroopTransport are in no `spec` table: spacelift is not allowed (§2.3).
var SpecShips = Table{
	Name: "spec",
	Stats: [numClasses]Stats{
		Corvette: {2, 3, 1, 2}, Frigate: {3, 4, 2, 3}, Destroyer: {5, 6, 2, 4}, Cruiser: {8, 9, 3, 6},
		LightCruiser: {8, 9, 3, 6}, HeavyCruiser: {12, 13, 3, 7}, Battlecruiser: {16, 18, 3, 8},
		Battleship: {20, 25, 3, 10}, Dreadnought: {28, 30, 4, 12}, SuperDreadnought: {35, 40, 5, 14},
		PlanetBreaker: {50, 20, 6, 6}, Carrier: {5, 18, 3, 8}, SuperCarrier: {8, 25, 4, 10},
		Fighter: {4, 3, 0, 0}, Raider: {12, 10, 3, 4}, Scout: {1, 2, 1, 0}, Starbase: {45, 50, 0, 0},
	},
	Has: allBut(ETAC, TroopTransport),
}

// A0Ships is the `a0` table (§2.1): data/ships_default.toml @ff897a4f as the
// fixture's engine loaded it. LightCruiser, HeavyCruiser, SuperDreadnought
// and SuperCarrier have no section under the code's key and load as zeros
// (§4.9 row 16); Corvette and Frigate are not code classes.
var A0Ships = Table{
	Name: "a0",
	Stats: [numClasses]Stats{
		Destroyer: {4, 3, 2, 3}, Cruiser: {6, 4, 3, 5}, Battlecruiser: {8, 5, 4, 7}, Battleship: {10, 6, 5, 9},
		Dreadnought: {15, 8, 7, 12}, PlanetBreaker: {20, 6, 8, 10}, Carrier: {2, 4, 4, 6},
		Fighter: {1, 1, 0, 0}, Raider: {4, 2, 2, 2}, Scout: {1, 2, 1, 1}, Starbase: {12, 10, 0, 0},
		ETAC: {0, 2, 2, 0}, TroopTransport: {0, 3, 2, 0},
	},
	Has: allBut(Corvette, Frigate),
}

func allBut(cs ...Class) (has [numClasses]bool) {
	for c := range has {
		has[c] = true
	}
	for _, c := range cs {
		has[c] = false
	}
	return has
}

// tableNamed returns the table of option `ships` (§9 item 11).
func tableNamed(name string) *Table {
	if name == A0Ships.Name {
		return &A0Ships
	}
	return &SpecShips
}

// Classes returns the names of the table's classes, in the order of §2.1.
func (t *Table) Classes() []string {
	var names []string
	for c := range numClasses {
		if t.Has[c] {
			names = append(names, c.String())
		}
	}
	return names
}

// classNamesOf lists the classes of a table for error messages.
func (t *Table) classNamesOf() string { return strings.Join(t.Classes(), ", ") }

// Bucket is a targeting bucket of §2.2, in priority order.
type Bucket uint8

// The buckets of §2.2, in priority order.
const (
	BucketRaider Bucket = iota
	BucketCapital
	BucketDestroyer
	BucketFighter
	BucketStarbase
	numBuckets
)

var bucketNames = [numBuckets]string{"Raider", "Capital", "Destroyer", "Fighter", "Starbase"}

func (b Bucket) String() string { return bucketNames[b] }

// BaseWeight is a bucket's base targeting weight (§2.2).
func (b Bucket) BaseWeight() int { return int(b) + 1 }

// BucketOf returns the bucket of a squadron by its flagship class (§2.2):
// every class not listed in another row is Capital.
func BucketOf(flagship Class) Bucket {
	switch flagship {
	case Raider:
		return BucketRaider
	case Destroyer:
		return BucketDestroyer
	case Fighter:
		return BucketFighter
	case Starbase:
		return BucketStarbase
	}
	return BucketCapital
}

// MaxTech bounds a WEP level: an input bound beyond the rules (economy.md
// §4.6 has levels 1-10), which keeps 11^(t-1) in integer range.
const MaxTech = 10

// techRange is the allowed range of the `tech` fields.
var techRange = doc.Range{Min: 0, Max: MaxTech, Note: "the WEP level; 0 and 1 use the base values"}

// WEP returns a stat scaled to weapons level t (§2.1 WEP scaling, profile
// spec): floor(base × 11^(t−1) / 10^(t−1)) for t ≥ 2, the base otherwise.
func WEP(base, t int) int {
	if t < 2 {
		return base
	}
	num, den := int64(base), int64(1)
	for range t - 1 {
		num *= 11
		den *= 10
	}
	return int(num / den)
}
