package exact

import (
	"context"
	"sort"
	"testing"

	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/emojispace"
	"github.com/crucible-sim/crucible/rules/rulestest"
	"github.com/crucible-sim/crucible/scenarios"
)

// The agreement test (issue 12, item 6): every built-in duel between two
// fixed ships is solved exactly and fought by Monte Carlo from a fixed
// seed; every probability the solver gives (winner, end reason, and each
// value of every counter it solves) is checked by a z test or an exact
// binomial test, the mean rounds by a z test with the exact variance, and
// the rounds distribution by a chi-square test with sparse bins pooled.
// The family-wise false-alarm rate is 1e-6, split evenly over all the tests
// (Bonferroni), so the test does not flake; the seed is fixed, so it is
// deterministic besides.

const familyAlpha = 1e-6

// agreeTrials is the Monte Carlo trial count per scenario.
const agreeTrials = 200_000

// agreementChecks solves one compiled duel and tests Monte Carlo against it
// with the conformance kit's agreement test.
func agreementChecks(t testing.TB, b *emojispace.Battle, seed uint64, trials int64) []rulestest.Agreement {
	r, err := Solve(context.Background(), b, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return rulestest.Agree(b, r, seed, trials)
}

// variants are duels beyond the built-in ones that reach the other paths
// of the round: escapes and surrenders, the random policy's mixture, plans,
// crew and secondaries, the live profile and every option.
var variants = map[string]string{
	"live": "options: {profile: live}\na: {ship: P3}\nb: {ship: N3b}\n",
	"options": "options: {red-override: additive, mutual-escape: auto, crew-in-combat: false, max-rounds: 7, escape-result: no-winner, tr-includes-crew: true, live-action-id-bug: true}\n" +
		"a: {ship: P1, policy: [escape-below:0.5, default-selector]}\nb: {ship: N1b, policy: [escape-below:0.6, random]}\n",
	"escape-resolve": "a: {ship: P3, policy: [escape-below:0.75, reinforce]}\nb: {ship: N2a, policy: [escape-below:0.5, random]}\n",
	"surrender":      "a: {ship: P0, policy: [surrender-below:0.5, reinforce]}\nb: {ship: N2b, policy: [surrender-below:0.9, evasive]}\n",
	"crew-plan": `a:
  ship:
    hull_id: aln_t4_axolotl
    module_instances:
      - {module_id: weapon_energy_mk2, secondary_tags: [alien, efficient]}
      - {module_id: weapon_kinetic_mk1, secondary_tags: [compact]}
      - {module_id: weapon_kinetic_mk1, secondary_tags: [compact, unstable]}
      - {module_id: defense_armored_mk1, secondary_tags: [enhanced]}
      - {module_id: combat_utility_repair_system_mk1, secondary_tags: [efficient, alien]}
      - {module_id: combat_utility_repair_system_mk2}
      - {module_id: ship_utility_probe_array}
      - {module_id: combat_utility_engine_boost_mk1, secondary_tags: [prototype]}
    degradation_state: {weapon: 1}
    crew:
      - {crew_role_id: engineer, crew_tags: [crew:alien, crew:damage_control]}
      - {crew_role_id: gunner, crew_tags: [crew:steady_aim, crew:overconfident]}
      - crew:pilot
    tags: [faction_alien]
  policy: [surrender-below:0.1, {plan: [scan, repair, reinforce, evasive, escape, scan, repair]}, focus-fire]
b: {ship: {hull_id: xc_t3_bulwark, module_instances: [{module_id: ship_utility_interdiction}, {module_id: defense_adaptive_mk2, secondary_tags: [prototype]}, {module_id: weapon_disruptive_mk2}], crew: [crew:pilot, {crew_role_id: tactician, crew_tags: [crew:evasive, crew:slow_reactions]}]}, policy: [escape-below:0.5, evasive]}
`,
}

func TestAgreementBuiltin(t *testing.T) {
	names := fixedBuiltins(t)
	type outcome struct {
		name string
		cs   []rulestest.Agreement
	}
	var all []outcome
	total := 0
	docs := map[string]*doc.Node{}
	for _, name := range names {
		docs[name] = loadBuiltin(t, name)
	}
	for name, src := range variants {
		n, err := scenarios.ParseDocument(name+".yaml", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		docs[name] = n
		names = append(names, name)
	}
	sort.Strings(names)
	for i, name := range names {
		b, err := emojispace.Compile(docs[name])
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		cs := agreementChecks(t, b, 0xE305_0012+uint64(i), agreeTrials)
		all = append(all, outcome{name, cs})
		total += len(cs)
	}
	alpha := familyAlpha / float64(total)
	t.Logf("%d scenarios, %d tests, %d trials each; per-test α = %.3g", len(names), total, agreeTrials, alpha)
	for _, o := range all {
		for _, c := range o.cs {
			if c.P < alpha {
				t.Errorf("%s: %s disagrees (p = %.3g < %.3g): %s", o.name, c.Name, c.P, alpha, c.Info)
			}
		}
	}
}

// TestAgreementHasPower checks that the agreement test can fail: Monte
// Carlo of one duel against the exact solution of a slightly different one
// (P1 against N1b and against N2a) must disagree.
func TestAgreementHasPower(t *testing.T) {
	b1, err := emojispace.Compile(loadBuiltin(t, "p1-vs-n1b"))
	if err != nil {
		t.Fatal(err)
	}
	b2, err := emojispace.Compile(loadBuiltin(t, "p1-vs-n2a"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := Solve(context.Background(), b2, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range rulestest.Agree(b1, r, 7, 20_000) {
		if a.Name == "win.a" {
			if a.P > 1e-9 {
				t.Errorf("win.a of p1-vs-n1b by Monte Carlo agrees with the exact win.a of p1-vs-n2a (p = %.3g): %s", a.P, a.Info)
			}
			return
		}
	}
	t.Error("the agreement test made no test of win.a")
}
