package emojispace

import (
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules/rulestest"
)

func policyOf(t *testing.T, src string) Policy {
	t.Helper()
	n := rulestest.Document(t, "policy: "+src+"\n").Get("policy")
	p, err := parsePolicy(n)
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	return p
}

// TestPolicies: §18's rules, read in order, first that fires.
func TestPolicies(t *testing.T) {
	full := View{Round: 1, Hull: 12, HullMax: 12, RepairLeft: true}
	low := View{Round: 2, Hull: 3, HullMax: 12, RepairLeft: true}
	for _, c := range []struct {
		policy    string
		v         View
		want      Action
		random    bool
		canonical string
	}{
		{"focus-fire", full, FocusFire, false, "focus-fire"},
		{"reinforce", full, Reinforce, false, "reinforce"},
		{"evasive", full, Evasive, false, "evasive"},
		{"default-selector", low, Repair, false, "default-selector"},
		{"[escape-below:0.25, default-selector]", low, Escape, false, "[escape-below:0.25, default-selector]"},
		{"[escape-below:0.2, default-selector]", low, Repair, false, "[escape-below:0.2, default-selector]"},
		// hull × 1000 ≤ f_milli × hull_max: 3 × 1000 ≤ 250 × 12 exactly.
		{"[surrender-below:0.250, reinforce]", low, Surrender, false, "[surrender-below:0.25, reinforce]"},
		{"[surrender-below:0.249, reinforce]", low, Reinforce, false, "[surrender-below:0.249, reinforce]"},
		{"[escape-below:0]", low, FocusFire, false, "escape-below:0"},
		{"escape-below:1", full, Escape, false, "escape-below:1"},
		{"random", full, FocusFire, true, "random"},
		{"{plan: [evasive, repair]}", full, Evasive, false, "plan:[evasive, repair]"},
		{"{plan: [evasive, Repair Systems]}", low, Repair, false, "plan:[evasive, repair]"},
		{"{plan: [scan]}", full, FocusFire, false, "plan:[scan]"},      // no probe: unavailable
		{"{plan: [evasive]}", low, FocusFire, false, "plan:[evasive]"}, // past the plan's end
		{"[{plan: [surrender]}, evasive]", full, Surrender, false, "[plan:[surrender], evasive]"},
	} {
		p := policyOf(t, c.policy)
		a, random := p.Choose(c.v)
		if a != c.want || random != c.random || p.String() != c.canonical {
			t.Errorf("%s: %s (random %t, text %q), want %s (%t, %q)", c.policy, a, random, p.String(), c.want, c.random, c.canonical)
		}
	}
	var buf [numActions]Action
	got := RandomChoices(View{RepairLeft: true, Probe: true}, &buf)
	if want := []Action{FocusFire, Reinforce, Evasive, Escape, Repair, Scan}; !equalActions(got, want) {
		t.Errorf("random choices %v, want %v (all available but Surrender)", got, want)
	}
	if got := RandomChoices(View{}, &buf); !equalActions(got, []Action{FocusFire, Reinforce, Evasive, Escape}) {
		t.Errorf("random choices without repair or probe: %v", got)
	}
}

// TestPlanRounds: only plans make a choice depend on the round, and only
// for as many rounds as the longest plan has.
func TestPlanRounds(t *testing.T) {
	for src, want := range map[string]int{
		"default-selector":                                       0,
		"[escape-below:0.25, random]":                            0,
		"{plan: [evasive, repair]}":                              2,
		"[{plan: [surrender]}, {plan: [evasive, scan, repair]}]": 3,
		"[escape-below:0.5, {plan: [evasive]}]":                  1,
	} {
		if got := policyOf(t, src).PlanRounds(); got != want {
			t.Errorf("%s: PlanRounds() = %d, want %d", src, got, want)
		}
	}
}

func equalActions(a, b []Action) bool {
	return len(a) == len(b) && strings.EqualFold(actionsText(a), actionsText(b))
}

func actionsText(as []Action) string {
	var s []string
	for _, a := range as {
		s = append(s, a.String())
	}
	return strings.Join(s, ",")
}

// TestLiveActionIDBug: with it, A's Repair Systems and Scan become Focus
// Fire; B's do not.
func TestLiveActionIDBug(t *testing.T) {
	src := "a: {ship: {hull_id: civ_t3_mosquito, module_instances: [{module_id: combat_utility_repair_system_mk1}, {module_id: ship_utility_probe_array}]}, policy: {plan: [repair, scan]}}\n" +
		"b: {ship: {hull_id: civ_t3_mosquito, module_instances: [{module_id: combat_utility_repair_system_mk1}, {module_id: ship_utility_probe_array}]}, policy: {plan: [repair, scan]}}\n"
	for _, c := range []struct {
		opts string
		a    [2]Action
	}{{"{}", [2]Action{Repair, Scan}}, {"{live-action-id-bug: true}", [2]Action{FocusFire, FocusFire}}, {"{profile: live, live-action-id-bug: false}", [2]Action{Repair, Scan}}} {
		f := newFighter(battle(t, "options: "+c.opts+"\n"+src))
		f.setup(testStream())
		for round := 1; round <= 2; round++ {
			if a := f.choose(0, round); a != c.a[round-1] {
				t.Errorf("%s round %d: a chose %s, want %s", c.opts, round, a, c.a[round-1])
			}
			if b := f.choose(1, round); b != [2]Action{Repair, Scan}[round-1] {
				t.Errorf("%s round %d: b chose %s", c.opts, round, b)
			}
		}
	}
}

func TestParseMilli(t *testing.T) {
	for s, want := range map[string]int{"0": 0, "1": 1000, "0.5": 500, "0.25": 250, "0.125": 125, "1.0": 1000, "1.000": 1000} {
		if got, ok := parseMilli(s); !ok || got != want {
			t.Errorf("%q: %d %t, want %d", s, got, ok, want)
		}
	}
	for _, s := range []string{"", ".5", "0.", "0.1234", "1.001", "2", "-0.1", "0.5x", "01"} {
		if _, ok := parseMilli(s); ok {
			t.Errorf("%q accepted", s)
		}
	}
}

// TestProfiles: a profile only changes defaults; an explicit option wins
// (§23).
func TestProfiles(t *testing.T) {
	for _, c := range []struct {
		opts string
		want string
	}{
		{"{}", "profile=contract red-override=strict mutual-escape=resolve crew-in-combat=true max-rounds=20 escape-result=escaper-wins tr-includes-crew=false live-action-id-bug=false a.policy=default-selector b.policy=default-selector"},
		{"{profile: live}", "profile=live red-override=additive mutual-escape=auto crew-in-combat=false max-rounds=20 escape-result=escaper-wins tr-includes-crew=false live-action-id-bug=true a.policy=focus-fire b.policy=focus-fire"},
		{"{profile: live, red-override: strict, max-rounds: 50}", "profile=live red-override=strict mutual-escape=auto crew-in-combat=false max-rounds=50 escape-result=escaper-wins tr-includes-crew=false live-action-id-bug=true a.policy=focus-fire b.policy=focus-fire"},
	} {
		b := battle(t, "options: "+c.opts+"\na: {ship: P0}\nb: {ship: P0}\n")
		var got []string
		for _, s := range b.Spec().Options {
			got = append(got, s.Name+"="+s.Value)
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.opts, strings.Join(got, " "), c.want)
		}
	}
}

// TestCompileErrors: bad input is an error naming the field and the valid
// values (§3), never a panic.
func TestCompileErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"a: {ship: {hull_id: civ_t1_midge, module_instances: [{module_id: weapon_energy_mk1}, {module_id: defense_armored_mk1}, {module_id: weapon_laser_mk1}]}}\nb: {ship: P0}\n",
			`a.ship.module_instances[2].module_id: unknown module "weapon_laser_mk1" (allowed: weapon_energy_mk1,`},
		{"a: {ship: {hull_id: civ_t9_moth, module_instances: []}}\nb: {ship: P0}\n", `a.ship.hull_id: unknown hull "civ_t9_moth" (allowed: civ_t1_midge,`},
		{"a: {ship: {hull_id: civ_t1_midge, module_instances: [{module_id: weapon_energy_mk1}, {module_id: weapon_energy_mk1}, {module_id: weapon_energy_mk1}]}}\nb: {ship: P0}\n",
			"a.ship.module_instances: weapon modules need 3 slots; civ_t1_midge has 1 weapon + 0 untyped free"},
		{"a: {ship: P0}\nb: {ship: {hull_id: civ_t1_gnat, module_instances: [], crew: [crew:pilot, {crew_role_id: gunner}]}}\n", "b.ship.crew: 2 crew exceed crew capacity 1 of civ_t1_gnat"},
		{"a: {ship: {hull_id: civ_t1_gnat, module_instances: [], degradation_state: {weapon: -1}}}\nb: {ship: P0}\n", "a.ship.degradation_state.weapon: -1 is out of range (allowed: an integer from 0 to 1000000"},
		{"a: {ship: {hull_id: civ_t1_gnat, module_instances: [], degradation_state: {shields: 1}}}\nb: {ship: P0}\n", `a.ship.degradation_state.shields: unknown subsystem "shields" (allowed: weapon, defense, engine)`},
		{"a: {ship: {hull_id: civ_t1_gnat, module_instances: [{module_id: weapon_energy_mk1, secondary_tags: [shiny]}]}}\nb: {ship: P0}\n", `"shiny" is not a secondary tag (allowed: compact, enhanced, unstable, prototype, efficient, alien`},
		{"a: {ship: {hull_id: civ_t1_gnat, module_instances: [], crew: [{crew_role_id: cook}]}}\nb: {ship: P0}\n", `a.ship.crew[0].crew_role_id: unknown crew role "cook" (allowed roles: pilot, gunner,`},
		{"a: {npc: {subtype: space_whale, population: 3}}\nb: {ship: P0}\n", `a.npc.subtype: "space_whale" is not allowed (allowed: civilian_trader_ship, customs_patrol,`},
		{"a: {npc: {subtype: pirate_raider, population: 6}}\nb: {ship: P0}\n", "a.npc.population: 6 is out of range (allowed: an integer from 1 to 5; the system population)"},
		{"a: {ship: P9}\nb: {ship: P0}\n", `a.ship: unknown built-in ship "P9" (allowed: P0, P1,`},
		{"a: {ship: P0, policy: [hide]}\nb: {ship: P0}\n", `a.policy[0]: unknown policy rule "hide" (allowed: focus-fire, reinforce,`},
		{"a: {ship: P0, policy: escape-below:1.5}\nb: {ship: P0}\n", `a.policy: "escape-below:1.5": the fraction must be a decimal from 0 to 1 with at most 3 places`},
		{"a: {ship: P0}\nb: {ship: P0}\noptions: {profile: arcade}\n", `options.profile: "arcade" is not allowed (allowed: contract, live)`},
		{"a: {ship: P0, extra-modules: {module_id: weapon_energy_mk1, count: 2}}\nb: {ship: P0}\n", "a.extra-modules.count: weapon modules need 2 slots; civ_t1_midge has 1 weapon + 0 untyped free"},
	} {
		_, err := Compile(rulestest.Document(t, c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s\n error %v\n want it to contain %q", c.src, err, c.want)
		} else if msg := rulestest.Located(err); msg != "" {
			t.Error(msg)
		}
	}
}
