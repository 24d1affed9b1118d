package eclipse

// Built-in catalog of Eclipse: Second Dawn (§4). Every row below cites the
// table it comes from; the numbers are facts of the game.

// Colour is a die colour (§4.1). The index is also the order in which a
// type's dice are counted and merged.
type Colour uint8

const (
	Yellow Colour = iota // Ion, 1 damage
	Orange               // Plasma, 2 damage
	Blue                 // Soliton, 3 damage
	Red                  // Antimatter, 4 damage
	nColours
)

// colourNames are the scenario spellings of the colours (§7, §5 rule 2).
var colourNames = [nColours]string{"yellow", "orange", "blue", "red"}

// colourDamage is the damage per hit of each colour (§4.1, §3.5 rule 1).
var colourDamage = [nColours]int16{1, 2, 3, 4}

func (c Colour) String() string { return colourNames[c] }

// Damage is the damage a hitting die of this colour does (§4.1).
func (c Colour) Damage() int { return int(colourDamage[c]) }

// Dice counts dice per colour.
type Dice [nColours]int8

// Total is the number of dice.
func (d Dice) Total() int {
	n := 0
	for _, x := range d {
		n += int(x)
	}
	return n
}

// Part is one ship part (§4.2). Energy is positive when consumed and
// negative when produced.
type Part struct {
	Name                                       string
	Cannon, Missile                            Dice
	Computer, Shield, Hull, Initiative, Energy int
	Drive                                      bool
	Slot                                       bool // occupies a blueprint slot (§5 rule 4)
	Unverified                                 string
	custom                                     bool
}

func y(n int8) Dice { return Dice{Yellow: n} }
func o(n int8) Dice { return Dice{Orange: n} }
func b(n int8) Dice { return Dice{Blue: n} }
func r(n int8) Dice { return Dice{Red: n} }

// builtinParts is the table of §4.2, in its order.
var builtinParts = []Part{
	// Cannons (§4.2; Ion Cannon energy 1 per §4.2 and §13.6).
	{Name: "Ion Cannon", Cannon: y(1), Energy: 1, Slot: true},
	{Name: "Plasma Cannon", Cannon: o(1), Energy: 2, Slot: true},
	{Name: "Soliton Cannon", Cannon: b(1), Energy: 3, Slot: true},
	{Name: "Antimatter Cannon", Cannon: r(1), Energy: 4, Slot: true},
	// Missiles (§4.2: a Plasma Missile part = 2 orange dice, §2).
	{Name: "Plasma Missile", Missile: o(2), Energy: 1, Slot: true},
	{Name: "Flux Missile", Missile: y(2), Initiative: 1, Slot: true},
	// Computers.
	{Name: "Electron Computer", Computer: 1, Slot: true},
	{Name: "Positron Computer", Computer: 2, Energy: 1, Slot: true},
	{Name: "Gluon Computer", Computer: 3, Energy: 2, Slot: true},
	// Shields.
	{Name: "Gauss Shield", Shield: 1, Slot: true},
	{Name: "Phase Shield", Shield: 2, Energy: 1, Slot: true},
	{Name: "Absorption Shield", Shield: 1, Energy: -4, Slot: true},
	// Hulls (Sentient Hull energy 1 per §4.2).
	{Name: "Hull", Hull: 1, Slot: true},
	{Name: "Improved Hull", Hull: 2, Slot: true},
	{Name: "Conifold Field", Hull: 3, Energy: 2, Slot: true},
	{Name: "Sentient Hull", Hull: 1, Computer: 1, Energy: 1, Slot: true},
	// Drives (initiative from the drive, §2: computers give none).
	{Name: "Nuclear Drive", Drive: true, Initiative: 1, Energy: 1, Slot: true},
	{Name: "Fusion Drive", Drive: true, Initiative: 2, Energy: 2, Slot: true},
	{Name: "Tachyon Drive", Drive: true, Initiative: 3, Energy: 3, Slot: true},
	{Name: "Transition Drive", Drive: true, Slot: true},
	// Energy sources.
	{Name: "Nuclear Source", Energy: -3, Slot: true},
	{Name: "Fusion Source", Energy: -6, Slot: true},
	{Name: "Tachyon Source", Energy: -9, Slot: true},
	{Name: "Zero-Point Source", Energy: -12, Slot: true},
	// Discovery parts.
	{Name: "Ion Turret", Cannon: y(2), Slot: true},
	{Name: "Ion Disruptor", Cannon: y(1), Initiative: 3, Slot: true},
	{Name: "Plasma Turret", Cannon: o(2), Energy: 3, Slot: true},
	{Name: "Soliton Charger", Cannon: b(1), Energy: 1, Slot: true},
	{Name: "Ion Missile", Missile: y(3), Slot: true},
	{Name: "Soliton Missile", Missile: b(1), Initiative: 1, Slot: true},
	{Name: "Antimatter Missile", Missile: r(1), Slot: true},
	{Name: "Axion Computer", Computer: 2, Initiative: 1, Slot: true},
	{Name: "Flux Shield", Shield: 3, Initiative: 1, Energy: 2, Slot: true},
	{Name: "Inversion Shield", Shield: 2, Energy: -2, Slot: true},
	{Name: "Shard Hull", Hull: 3, Slot: true},
	{Name: "Conformal Drive", Drive: true, Initiative: 2, Energy: 2, Slot: true},
	{Name: "Nonlinear Drive", Drive: true, Energy: -2, Slot: true},
	{Name: "Hypergrid Source", Energy: -11, Slot: true},
	// §4.2: the Muon Source, outside the grid (no slot), unverified (aid
	// sheet only).
	{Name: "Muon Source", Energy: -2, Initiative: 1, Slot: false,
		Unverified: "Muon Source (makes 2 energy, initiative +1, no slot) is unverified: one source only, the part aid sheet (rules/eclipse/README.md §4.2)"},
}

// Base names a hull a blueprint builds on: the four player hulls (§4.3)
// and the NPC kinds (§4.4).
type Base uint8

const (
	Interceptor Base = iota
	Cruiser
	Dreadnought
	Starbase
	Ancient
	Guardian
	GCDS
	nBases
)

var baseNames = [nBases]string{"Interceptor", "Cruiser", "Dreadnought", "Starbase", "Ancient", "Guardian", "GCDS"}

func (b Base) String() string { return baseNames[b] }

// NPC reports whether the base is an NPC kind.
func (b Base) NPC() bool { return b >= Ancient }

// sizeRank is §4.5: Interceptor 1, Starbase 2, Cruiser 3, Dreadnought 4,
// Ancient 5, Guardian 6, GCDS 7 (advanced tiles as their normal kind).
var sizeRank = [nBases]int8{1, 3, 4, 2, 5, 6, 7}

// reputationWeight is §3.9: Interceptor, Starbase, Ancient 1; Cruiser,
// Guardian 2; Dreadnought, GCDS 3.
var reputationWeight = [nBases]int{1, 2, 3, 1, 1, 2, 3}

// pieceCap is §5 rule 3: 8 Interceptors, 4 Cruisers, 2 Dreadnoughts and 4
// Starbases per player; NPCs only by the components (14 Ancients, 4
// Guardians, 1 GCDS).
var pieceCap = [nBases]int{8, 4, 2, 4, 14, 4, 1}

// Blueprint is a ship design: a player hull with parts (§4.3) or an NPC
// tile with fixed stats (§4.4).
type Blueprint struct {
	Name string
	Base Base
	// Player bases: printed values and parts.
	Slots, InitBonus, Energy, PrintedComputer, PrintedHull int
	Parts                                                  []string
	// NPC bases: fixed tile stats.
	Cannons, Missiles                  Dice
	Computer, Shield, Hull, Initiative int
	Unverified                         string
}

// builtinBlueprints are the Terran defaults of §4.3 and the NPC tiles of
// §4.4, in table order.
var builtinBlueprints = []Blueprint{
	{Name: "Interceptor", Base: Interceptor, Slots: 4, InitBonus: 2,
		Parts: []string{"Ion Cannon", "Nuclear Drive", "Nuclear Source"}},
	{Name: "Cruiser", Base: Cruiser, Slots: 6, InitBonus: 1,
		Parts: []string{"Ion Cannon", "Electron Computer", "Hull", "Nuclear Drive", "Nuclear Source"}},
	{Name: "Dreadnought", Base: Dreadnought, Slots: 8, InitBonus: 0,
		Parts: []string{"Ion Cannon", "Ion Cannon", "Electron Computer", "Hull", "Hull", "Nuclear Drive", "Nuclear Source"}},
	{Name: "Starbase", Base: Starbase, Slots: 5, InitBonus: 4, Energy: 3,
		Parts: []string{"Ion Cannon", "Electron Computer", "Hull", "Hull"}},
	// §4.4 normal tiles: verified (two sources agree).
	{Name: "Ancient", Base: Ancient, Cannons: y(2), Computer: 1, Hull: 1, Initiative: 2},
	{Name: "Guardian", Base: Guardian, Cannons: y(3), Computer: 2, Hull: 2, Initiative: 3},
	{Name: "GCDS", Base: GCDS, Cannons: y(4), Computer: 2, Hull: 7, Initiative: 0},
	// §4.4 advanced tiles: unverified (one source only); every output warns.
	{Name: "Ancient-advanced", Base: Ancient, Cannons: o(1), Computer: 1, Hull: 2, Initiative: 1,
		Unverified: "NPC tile Ancient-advanced is unverified: its stats have one source only (rules/eclipse/README.md §4.4)"},
	{Name: "Guardian-advanced", Base: Guardian, Cannons: r(1), Missiles: o(2), Computer: 1, Hull: 3, Initiative: 1,
		Unverified: "NPC tile Guardian-advanced is unverified: its stats have one source only (rules/eclipse/README.md §4.4)"},
	{Name: "GCDS-advanced", Base: GCDS, Cannons: r(1), Missiles: y(4), Computer: 2, Hull: 3, Initiative: 0,
		Unverified: "NPC tile GCDS-advanced is unverified: its stats have one source only, and its hit points look low (rules/eclipse/README.md §4.4)"},
}

// Parts returns a copy of the built-in part catalog (§4.2).
func Parts() []Part {
	out := make([]Part, len(builtinParts))
	copy(out, builtinParts)
	return out
}

// Blueprints returns a copy of the built-in blueprints (§4.3, §4.4).
func Blueprints() []Blueprint {
	out := make([]Blueprint, len(builtinBlueprints))
	for i, bp := range builtinBlueprints {
		out[i] = bp
		out[i].Parts = append([]string(nil), bp.Parts...)
	}
	return out
}
