package emojispace

import "strings"

// Module is one row of the module catalogue (§6, from data/modules.json).
// No module restricts frames and all allow secondaries, so neither is kept.
type Module struct {
	ID   string
	Slot Slot
	// Tag is the primary tag, which decides the module's role in combat:
	// its weapon or defense type (§10), repair (§14), probe (Scan, §11),
	// interdiction (§15), engine subsystem (§9 step 7).
	Tag string
	// Bonus is the band of the numeric bonus (noBand if none) and Value
	// its size; the bonus is passive, always on (§22 row 3).
	Bonus  Band
	Value  int
	Rarity Rarity
	// Weight is rarity_weight, the generator's base weight (§19 step 6).
	Weight int
	Price  int
}

// Modules is the module catalogue of §6 in its order, which the NPC
// generator walks (§19 step 6).
var Modules = [...]Module{
	{"weapon_energy_mk1", slotWeapon, "combat:weapon_energy", Weapon, 1, rarityCommon, 120, 1800},
	{"weapon_energy_mk2", slotWeapon, "combat:weapon_energy", Weapon, 2, rarityRare, 18, 7200},
	{"weapon_kinetic_mk1", slotWeapon, "combat:weapon_kinetic", Weapon, 1, rarityCommon, 120, 1700},
	{"weapon_kinetic_mk2", slotWeapon, "combat:weapon_kinetic", Weapon, 2, rarityRare, 18, 6800},
	{"weapon_disruptive_mk1", slotWeapon, "combat:weapon_disruptive", Weapon, 1, rarityCommon, 120, 1900},
	{"weapon_disruptive_mk2", slotWeapon, "combat:weapon_disruptive", Weapon, 2, rarityRare, 18, 7600},
	{"defense_shielded_mk1", slotDefense, "combat:defense_shielded", Defense, 1, rarityCommon, 120, 1600},
	{"defense_shielded_mk2", slotDefense, "combat:defense_shielded", Defense, 2, rarityRare, 16, 6400},
	{"defense_armored_mk1", slotDefense, "combat:defense_armored", Defense, 1, rarityCommon, 120, 1500},
	{"defense_armored_mk2", slotDefense, "combat:defense_armored", Defense, 2, rarityRare, 16, 6000},
	{"defense_adaptive_mk1", slotDefense, "combat:defense_adaptive", Defense, 1, rarityCommon, 120, 1700},
	{"defense_adaptive_mk2", slotDefense, "combat:defense_adaptive", Defense, 2, rarityRare, 16, 6800},
	{"combat_utility_engine_boost_mk1", slotUtility, "combat:utility_engine_boost", Engine, 1, rarityCommon, 110, 1400},
	{"combat_utility_engine_boost_mk2", slotUtility, "combat:utility_engine_boost", Engine, 2, rarityRare, 14, 5200},
	{"combat_utility_targeting_mk1", slotUtility, "combat:utility_targeting", Weapon, 1, rarityCommon, 110, 1600},
	{"combat_utility_targeting_mk2", slotUtility, "combat:utility_targeting", Weapon, 2, rarityRare, 14, 5600},
	{"combat_utility_repair_system_mk1", slotUtility, "combat:utility_repair_system", Defense, 1, rarityCommon, 110, 1500},
	{"combat_utility_repair_system_mk2", slotUtility, "combat:utility_repair_system", Defense, 2, rarityRare, 14, 5200},
	{"combat_utility_signal_scrambler_mk1", slotUtility, "combat:utility_signal_scrambler", Defense, 1, rarityCommon, 110, 1600},
	{"combat_utility_signal_scrambler_mk2", slotUtility, "combat:utility_signal_scrambler", Defense, 2, rarityRare, 14, 5600},
	{"combat_utility_overcharger_mk1", slotUtility, "combat:utility_overcharger", Weapon, 1, rarityCommon, 90, 1900},
	{"combat_utility_overcharger_mk2", slotUtility, "combat:utility_overcharger", Weapon, 2, rarityRare, 12, 6400},
	{"ship_utility_extra_cargo", slotUtility, "ship:utility_extra_cargo", noBand, 0, rarityCommon, 100, 1200},
	{"ship_utility_data_array", slotUtility, "ship:utility_data_array", noBand, 0, rarityCommon, 95, 1300},
	{"ship_utility_smuggler_hold", slotUtility, "ship:utility_smuggler_hold", noBand, 0, rarityUncommon, 70, 2100},
	{"ship_utility_mining_equipment", slotUtility, "ship:utility_mining_equipment", noBand, 0, rarityUncommon, 75, 2400},
	{"ship_utility_probe_array", slotUtility, "ship:utility_probe_array", noBand, 0, rarityCommon, 85, 1700},
	{"ship_utility_interdiction", slotUtility, "ship:utility_interdiction", noBand, 0, rarityUncommon, 55, 2600},
	{"ship_utility_extra_fuel_mk1", slotUtility, "ship:utility_extra_fuel", noBand, 0, rarityCommon, 110, 1900},
}

// Primary tags with a combat role (§6, §10, §14, §15).
const (
	tagArmored      = "combat:defense_armored"
	tagEngineBoost  = "combat:utility_engine_boost"
	tagRepair       = "combat:utility_repair_system"
	tagProbe        = "ship:utility_probe_array"
	tagInterdiction = "ship:utility_interdiction"
	// No module of the catalogue carries either cloak tag (§6); §15 still
	// reads them, so the code does too.
	tagCloakCombat = "combat:utility_cloak"
	tagCloakShip   = "ship:utility_cloak"
)

// ModuleIndex returns the index in Modules of the module with the given id,
// or -1.
func ModuleIndex(id string) int {
	for i := range Modules {
		if Modules[i].ID == id {
			return i
		}
	}
	return -1
}

func moduleIDs() []string {
	ids := make([]string, len(Modules))
	for i := range Modules {
		ids[i] = Modules[i].ID
	}
	return ids
}

// Secondaries is a set of secondary tags on one module instance (§7), as
// bits in the order of secondaryNames.
type Secondaries uint8

const (
	secCompact Secondaries = 1 << iota
	secEnhanced
	secUnstable
	secPrototype
	secEfficient
	secAlien
)

// secondaryNames are the six secondaries of §7 without their `secondary:`
// prefix, in bit order.
var secondaryNames = [...]string{"compact", "enhanced", "unstable", "prototype", "efficient", "alien"}

// Has reports whether every secondary of t is in s.
func (s Secondaries) Has(t Secondaries) bool { return s&t == t }

// parseSecondary reads one secondary tag, with or without its prefix (§3).
func parseSecondary(tag string) (Secondaries, bool) {
	name := strings.TrimPrefix(tag, "secondary:")
	for i, n := range secondaryNames {
		if n == name {
			return 1 << i, true
		}
	}
	return 0, false
}

// Tags returns the secondaries as ship_state writes them
// ("secondary:compact"), in bit order.
func (s Secondaries) Tags() []string {
	var out []string
	for i, n := range secondaryNames {
		if s&(1<<i) != 0 {
			out = append(out, "secondary:"+n)
		}
	}
	return out
}

// ModuleInstance is one entry of a ship_state's module_instances: a module
// and its secondaries.
type ModuleInstance struct {
	Module int // index in Modules
	Sec    Secondaries
}

// Def returns the catalogue row of the instance's module.
func (m ModuleInstance) Def() *Module { return &Modules[m.Module] }

// subsystem is the subsystem the module is a member of (§9 step 7): weapon
// and defense modules of theirs, engine utilities (an engine bonus or the
// engine boost) of the engine; noBand for the rest.
func (d *Module) subsystem() Band {
	switch {
	case d.Slot == slotWeapon:
		return Weapon
	case d.Slot == slotDefense:
		return Defense
	case d.Slot == slotUtility && (d.Bonus == Engine || d.Tag == tagEngineBoost):
		return Engine
	}
	return noBand
}
