package emojispace

import (
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulestest"
)

// kit runs the shared conformance checks (rules/rulestest) on every
// built-in scenario and on variants that reach the other code paths: the
// live profile and each option, crew with alien synergy, secondaries,
// degradation on input, every policy rule, escapes and surrenders, scans,
// NPC sides on both sides.
func kit(t testing.TB) rulestest.Kit {
	return rulestest.Kit{
		Ruleset: ruleset{},
		Scenarios: append(rulestest.Files(t, "../../scenarios/builtin/emojispace/*.yaml"),
			rulestest.Scenario{Name: "live", Src: "options: {profile: live}\na: {ship: P3}\nb: {ship: N3b}\n"},
			rulestest.Scenario{Name: "options", Src: "options: {red-override: additive, mutual-escape: auto, crew-in-combat: false, max-rounds: 7, escape-result: no-winner, tr-includes-crew: true, live-action-id-bug: true}\na: {ship: P1, policy: [escape-below:0.5, default-selector]}\nb: {ship: N1b, policy: [escape-below:0.6, random]}\n"},
			rulestest.Scenario{Name: "crew-secondaries", Src: `a:
  ship:
    hull_id: aln_t4_axolotl
    module_instances:
      - {module_id: weapon_energy_mk2, secondary_tags: [secondary:alien, efficient]}
      - {module_id: weapon_kinetic_mk1, secondary_tags: [compact]}
      - {module_id: weapon_kinetic_mk1, secondary_tags: [compact, unstable]}
      - {module_id: defense_armored_mk1, secondary_tags: [enhanced]}
      - {module_id: combat_utility_repair_system_mk1, secondary_tags: [efficient, alien]}
      - {module_id: combat_utility_repair_system_mk2}
      - {module_id: ship_utility_probe_array}
      - {module_id: combat_utility_engine_boost_mk1, secondary_tags: [prototype]}
    degradation_state: {weapon: 1, engine: 0}
    crew:
      - {crew_role_id: engineer, crew_tags: [crew:alien, crew:damage_control]}
      - {crew_role_id: gunner, crew_tags: [crew:steady_aim, crew:overconfident]}
      - crew:pilot
    tags: [ship:trait_alien, faction_alien]
  policy: [surrender-below:0.1, {plan: [scan, repair, reinforce, evasive, escape, Scan, Repair Systems]}]
b: {ship: {hull_id: xc_t3_bulwark, module_instances: [{module_id: ship_utility_interdiction}, {module_id: defense_adaptive_mk2, secondary_tags: [prototype]}, {module_id: weapon_disruptive_mk2}], crew: [crew:pilot, {crew_role_id: tactician, crew_tags: [crew:evasive, crew:slow_reactions, crew:trigger_happy]}]}, policy: [evasive]}
`},
			rulestest.Scenario{Name: "npc-both", Src: "a: {npc: {subtype: experimental_vessel, population: 5}, policy: random}\nb: {npc: {subtype: alien_vessel, population: 2}, policy: [escape-below:0.4, default-selector]}\n"},
			rulestest.Scenario{Name: "surrender-reinforce", Src: "a: {ship: P0, policy: [surrender-below:0.5, reinforce]}\nb: {ship: N2b, policy: [surrender-below:0.9, evasive]}\n"},
		),
		Invalid: []string{
			"",
			"a: {ship: P1}\n",
			"a: {ship: P9}\nb: {ship: P1}\n",
			"a: {ship: {hull_id: civ_t9_moth, module_instances: []}}\nb: {ship: P1}\n",
			"a: {ship: {hull_id: civ_t1_midge, module_instances: [{module_id: weapon_laser_mk1}]}}\nb: {ship: P1}\n",
			"a: {ship: {hull_id: civ_t1_midge, module_instances: [{module_id: weapon_energy_mk1}, {module_id: weapon_energy_mk1}]}}\nb: {ship: P1}\n",
			"a: {ship: {hull_id: civ_t1_gnat, module_instances: [], crew: [crew:pilot, crew:gunner]}}\nb: {ship: P1}\n",
			"a: {ship: {hull_id: civ_t1_gnat, module_instances: [], degradation_state: {hull: 1}}}\nb: {ship: P1}\n",
			"a: {ship: {hull_id: civ_t1_gnat, module_instances: [], degradation_state: {weapon: -1}}}\nb: {ship: P1}\n",
			"a: {ship: {hull_id: civ_t1_gnat, module_instances: [{module_id: weapon_energy_mk1, secondary_tags: [shiny]}]}}\nb: {ship: P1}\n",
			"a: {ship: {hull_id: civ_t1_gnat, module_instances: [{module_id: weapon_energy_mk1, secondary_tags: [compact, secondary:compact]}]}}\nb: {ship: P1}\n",
			"a: {ship: {hull_id: civ_t1_gnat, module_instances: [], crew: [{crew_role_id: cook}]}}\nb: {ship: P1}\n",
			"a: {ship: {hull_id: civ_t1_gnat, module_instances: [], crew: [{crew_role_id: pilot, crew_tags: [steady_aim]}]}}\nb: {ship: P1}\n",
			"a: {npc: {subtype: space_whale, population: 3}}\nb: {ship: P1}\n",
			"a: {npc: {subtype: pirate_raider, population: 6}}\nb: {ship: P1}\n",
			"a: {ship: P1, npc: {subtype: pirate_raider, population: 3}}\nb: {ship: P1}\n",
			"a: {ship: P1, policy: escape-below:1.5}\nb: {ship: P1}\n",
			"a: {ship: P1, policy: [hide]}\nb: {ship: P1}\n",
			"a: {ship: P1, policy: {plan: [fly]}}\nb: {ship: P1}\n",
			"a: {ship: P1}\nb: {ship: P1}\noptions: {profile: arcade}\n",
			"a: {ship: P1}\nb: {ship: P1}\noptions: {max-rounds: 0}\n",
			"a: {ship: P1, extra-modules: {module_id: weapon_energy_mk1, count: 3}}\nb: {ship: P1}\n",
			"a: {ship: P1, colour: red}\nb: {ship: P1}\n",
		},
		Decoded: decoded(),
		// Replay writes the log with fmt; Fight allocates nothing.
		TooLong: func(rules.Battle) bool { return false },
	}
}

// decoded maps each part of a scenario the decoder reads by itself to the
// doc-tagged struct it decodes that part into, for both sides.
func decoded() map[string]any {
	m := map[string]any{"": scenarioDoc{}}
	for _, side := range []string{"a", "b"} {
		m[side] = sideDoc{}
		m[side+".ship"] = shipStateDoc{}
		m[side+".ship.module_instances[]"] = moduleDoc{}
		m[side+".ship.crew[]"] = crewDoc{}
		m[side+".npc"] = npcDoc{}
		m[side+".extra-modules"] = extraDoc{}
	}
	return m
}

func TestConformance(t *testing.T) { kit(t).Run(t) }

// FuzzCompile: any document compiles or fails with a located error, never
// a panic; what compiles fights and replays the same battle. Run it with
//
//	go test -run '^$' -fuzz FuzzCompile -fuzztime 60s ./rules/emojispace/
//
// Crashers land in testdata/fuzz/FuzzCompile and run as regression tests.
func FuzzCompile(f *testing.F) { kit(f).Fuzz(f) }
