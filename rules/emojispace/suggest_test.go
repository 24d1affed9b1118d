package emojispace

import (
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules/rulestest"
)

// TestUnknownNamesSuggest: a name looked up in a catalogue and not found
// ends its error with the nearest known names, case ignored; a hull's id
// given as a ship's name says how to write a ship of that hull.
func TestUnknownNamesSuggest(t *testing.T) {
	ship := func(fields string) string {
		return "a: {ship: {hull_id: civ_t3_mosquito, module_instances: []" + fields + "}}\nb: {ship: P0}\n"
	}
	for _, c := range []struct{ name, src, want string }{
		{"hull case", "a: {ship: {hull_id: Civ_T3_Mosquito, module_instances: []}}\nb: {ship: P0}\n", `a.ship.hull_id: unknown hull "Civ_T3_Mosquito" (allowed: civ_t1_midge, `},
		{"hull typo", "a: {ship: {hull_id: civ_t3_mosqito, module_instances: []}}\nb: {ship: P0}\n", `; did you mean "civ_t3_mosquito"?`},
		{"hull case hint", "a: {ship: {hull_id: Civ_T3_Mosquito, module_instances: []}}\nb: {ship: P0}\n", `aln_t5_coelacanth); did you mean "civ_t3_mosquito"?`},
		{"module typo", "a: {ship: {hull_id: civ_t3_mosquito, module_instances: [{module_id: Weapon_Kinetic_MK1}]}}\nb: {ship: P0}\n", `a.ship.module_instances[0].module_id: unknown module "Weapon_Kinetic_MK1" (allowed: `},
		{"module hint", "a: {ship: {hull_id: civ_t3_mosquito, module_instances: [{module_id: weapon_kinetc_mk1}]}}\nb: {ship: P0}\n", `; did you mean "weapon_kinetic_mk1" or "weapon_kinetic_mk2" or "weapon_energy_mk1"?`},
		{"extra module", "a: {ship: P0, extra-modules: {module_id: Defense_Armored_Mk1, count: 1}}\nb: {ship: P0}\n", `a.extra-modules.module_id: unknown module "Defense_Armored_Mk1"`},
		{"extra module hint", "a: {ship: P0, extra-modules: {module_id: Defense_Armored_Mk1, count: 1}}\nb: {ship: P0}\n", `; did you mean "defense_armored_mk1" or "defense_armored_mk2" or "defense_shielded_mk1"?`},
		{"secondary", "a: {ship: {hull_id: civ_t3_mosquito, module_instances: [{module_id: weapon_kinetic_mk1, secondary_tags: [secondary:compakt]}]}}\nb: {ship: P0}\n", `; did you mean "compact"?`},
		{"subsystem", ship(", degradation_state: {Weapon: 1}"), `a.ship.degradation_state.Weapon: unknown subsystem "Weapon" (allowed: weapon, defense, engine); did you mean "weapon"?`},
		{"crew role", ship(", crew: [{crew_role_id: Gunner}]"), `a.ship.crew[0].crew_role_id: unknown crew role "Gunner" (allowed roles: pilot, gunner, tactician, engineer, mechanic, navigator, broker, quartermaster, lawyer, science); did you mean "gunner"?`},
		{"legacy crew", ship(", crew: [crew:Pilot]"), `did you mean "pilot"?`},
		{"built-in ship", "a: {ship: N3c}\nb: {ship: P0}\n", `a.ship: unknown built-in ship "N3c" (allowed: P0, P1, P2, P3, P4, P5, N1a, N1b, N2a, N2b, N3a, N3b, N4a, N4b, N5a, N5b, or a ship_state mapping); did you mean "N3a" or "N3b"?`},
		{"hull as ship", "a: {ship: civ_t3_mosquito}\nb: {ship: P0}\n", `; civ_t3_mosquito is a hull: write ship: {hull_id: civ_t3_mosquito, module_instances: [...]}`},
		{"npc subtype", "a: {npc: {subtype: pirate-raider, population: 3}}\nb: {ship: P0}\n", `did you mean "pirate_raider"`},
		{"policy word", "a: {ship: P0, policy: Focus-Fire}\nb: {ship: P0}\n", `a.policy: unknown policy rule "Focus-Fire" (allowed: `},
		{"policy word hint", "a: {ship: P0, policy: Focus-Fire}\nb: {ship: P0}\n", `; did you mean "focus-fire"?`},
		{"policy threshold", "a: {ship: P0, policy: [escape_below:0.3]}\nb: {ship: P0}\n", `; did you mean "escape-below"?`},
		{"policy mapping", "a: {ship: P0, policy: [{surender-below: 0.3}]}\nb: {ship: P0}\n", `; did you mean "surrender-below"?`},
		{"plan action", "a: {ship: P0, policy: {plan: [focus fire]}}\nb: {ship: P0}\n", `a.policy.plan[0]: "focus fire" is not an action (allowed: `},
		{"plan action hint", "a: {ship: P0, policy: {plan: [focus fire]}}\nb: {ship: P0}\n", `; did you mean "Focus Fire" or "focus-fire"?`},
	} {
		_, err := Compile(rulestest.Document(t, c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v\n want it to contain %q", c.name, err, c.want)
		} else if msg := rulestest.Located(err); msg != "" {
			t.Errorf("%s: %s", c.name, msg)
		}
	}
}
