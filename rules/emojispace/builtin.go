package emojispace

import "strings"

// BuiltinShip is a ship of §21's table: a sample fit a side may name
// (`ship: P3`). P0 is the game's real starter, a bare Midge; the N ships
// are fitted the way the generator fits them (weapons first, common mk1).
// None has secondaries, crew or degradation.
type BuiltinShip struct {
	Name    string
	Hull    string
	Modules []string
}

// BuiltinShips is §21's table in its order.
var BuiltinShips = []BuiltinShip{
	{"P0", "civ_t1_midge", nil},
	{"P1", "civ_t1_midge", []string{kin, shi, arm, rep}},
	{"P2", "mil_t2_hornet", []string{ene, ene, kin, arm, tgt}},
	{"P3", "civ_t3_mosquito", []string{ene, kin, shi, ada, rep, eng}},
	{"P4", "mil_t4_scorpion", []string{ene2, kin, kin, arm, shi, ada, rep}},
	{"P5", "mil_t5_dragonfly", []string{ene2, ene2, kin2, kin, arm2, shi, ada, rep2}},
	{"N1a", "civ_t1_midge", []string{ene}},
	{"N1b", "mil_t1_wasp", []string{ene, kin}},
	{"N2a", "mil_t2_hornet", []string{kin, ene}},
	{"N2b", "frg_t2_cricket", []string{kin, arm}},
	{"N3a", "mil_t3_mantis", []string{ene, kin, dis}},
	{"N3b", "civ_t3_mosquito", []string{ene, kin, shi}},
	{"N4a", "mil_t4_scorpion", []string{ene, kin, kin, arm}},
	{"N4b", "civ_t4_firefly", []string{ene, kin, shi, arm}},
	{"N5a", "mil_t5_dragonfly", []string{ene, kin, kin, dis}},
	{"N5b", "mil_t5_dragonfly", []string{ene, kin, kin, dis, arm, shi, ada, rep}},
}

// §21's abbreviations.
const (
	ene  = "weapon_energy_mk1"
	ene2 = "weapon_energy_mk2"
	kin  = "weapon_kinetic_mk1"
	kin2 = "weapon_kinetic_mk2"
	dis  = "weapon_disruptive_mk1"
	shi  = "defense_shielded_mk1"
	arm  = "defense_armored_mk1"
	arm2 = "defense_armored_mk2"
	ada  = "defense_adaptive_mk1"
	rep  = "combat_utility_repair_system_mk1"
	rep2 = "combat_utility_repair_system_mk2"
	tgt  = "combat_utility_targeting_mk1"
	eng  = "combat_utility_engine_boost_mk1"
)

// State returns the built-in ship as a ship_state.
func (b BuiltinShip) State() ShipState {
	st := ShipState{Hull: HullIndex(b.Hull)}
	for _, id := range b.Modules {
		st.Modules = append(st.Modules, ModuleInstance{Module: ModuleIndex(id)})
	}
	return st
}

// FindBuiltinShip returns the built-in ship of that name, in any case
// ("P3", "p3", "n1a").
func FindBuiltinShip(name string) (BuiltinShip, bool) {
	for _, b := range BuiltinShips {
		if strings.EqualFold(b.Name, name) {
			return b, true
		}
	}
	return BuiltinShip{}, false
}

func builtinShipNames() []string {
	out := make([]string, len(BuiltinShips))
	for i, b := range BuiltinShips {
		out[i] = b.Name
	}
	return out
}
