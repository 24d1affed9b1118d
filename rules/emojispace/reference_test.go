package emojispace

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulestest"
)

func catalogue(t *testing.T, name string) rules.Catalogue {
	t.Helper()
	c, ok := ruleset{}.Reference().Catalogue(name)
	if !ok {
		t.Fatalf("the reference has no catalogue %s", name)
	}
	return c
}

// compiles fails the test when a scenario does not compile.
func compiles(t *testing.T, what, src string) {
	t.Helper()
	if _, err := Compile(rulestest.Document(t, src)); err != nil {
		t.Errorf("%s: %v\n%s", what, err, src)
	}
}

// TestCataloguesNameWhatScenariosAccept: every entry of every catalogue a
// scenario names entries of is one the decoder accepts where the catalogue
// says, and every entry of the decoder's tables is in its catalogue.
func TestCataloguesNameWhatScenariosAccept(t *testing.T) {
	tables := map[string][]string{
		"hulls": hullIDs(), "modules": moduleIDs(), "secondaries": secondaryNames[:], "crew-roles": crewRoles[:],
		"ships": builtinShipNames(), "npc-subtypes": npcSubtypeNames(), "bands": bandNames[:],
		"actions": actionNames[:], "frames": frameNames[:], "rps": weaponTypeNames[:],
	}
	for name, want := range tables {
		if got := catalogue(t, name).Entries(); !slices.Equal(got, want) {
			t.Errorf("catalogue %s lists %q, the tables %q", name, got, want)
		}
	}
	for _, h := range catalogue(t, "hulls").Entries() {
		compiles(t, "hull "+h, fmt.Sprintf("a: {ship: {hull_id: %s, module_instances: []}}\nb: {ship: P0}\n", h))
	}
	for _, m := range catalogue(t, "modules").Entries() { // the Coelacanth has a slot of every type and an untyped one
		compiles(t, "module "+m, fmt.Sprintf("a: {ship: {hull_id: aln_t5_coelacanth, module_instances: [{module_id: %s}]}}\nb: {ship: P0}\n", m))
	}
	for _, s := range catalogue(t, "secondaries").Entries() {
		compiles(t, "secondary "+s, fmt.Sprintf("a: {ship: {hull_id: aln_t5_coelacanth, module_instances: [{module_id: weapon_energy_mk1, secondary_tags: [%s]}]}}\nb: {ship: P0}\n", s))
	}
	for _, r := range catalogue(t, "crew-roles").Entries() {
		compiles(t, "crew role "+r, fmt.Sprintf("a: {ship: {hull_id: civ_t5_katydid, module_instances: [], crew: [{crew_role_id: %s}, crew:%[1]s]}}\nb: {ship: P0}\n", r))
	}
	for _, c := range catalogue(t, "crew-tags").Entries() {
		compiles(t, "crew tag "+c, fmt.Sprintf("a: {ship: {hull_id: civ_t5_katydid, module_instances: [], crew: [{crew_role_id: pilot, crew_tags: [%q]}]}}\nb: {ship: P0}\n", c))
	}
	for _, s := range catalogue(t, "ships").Entries() {
		compiles(t, "ship "+s, fmt.Sprintf("a: {ship: %s}\nb: {ship: %s}\n", s, strings.ToLower(s)))
	}
	for _, s := range catalogue(t, "npc-subtypes").Entries() {
		for _, p := range catalogue(t, "npc-tiers").Entries() {
			compiles(t, "npc "+s, fmt.Sprintf("a: {ship: P0}\nb: {npc: {subtype: %s, population: %s}}\n", s, p))
		}
	}
	for _, b := range catalogue(t, "bands").Entries() {
		compiles(t, "subsystem "+b, fmt.Sprintf("a: {ship: {hull_id: civ_t1_midge, module_instances: [], degradation_state: {%s: 1}}}\nb: {ship: P0}\n", b))
	}
	for _, row := range catalogue(t, "actions").Rows {
		compiles(t, "action "+row[0], fmt.Sprintf("a: {ship: P0, policy: {plan: [%s, %s]}}\nb: {ship: P0}\n", row[0], row[1]))
	}
}

// TestCrewTagCatalogue: each crew tag the catalogue lists changes what the
// crew does (the catalogue and crewEffects' switch agree), and a tag it
// does not list changes nothing.
func TestCrewTagCatalogue(t *testing.T) {
	alien := []string{"ship:trait_alien"}
	base := crewEffects([]CrewEntry{{Role: "gunner"}}, alien)
	for _, tag := range append(catalogue(t, "crew-tags").Entries(), "crew:loyal") {
		got := crewEffects([]CrewEntry{{Role: "gunner", Tags: []string{tag}}}, alien)
		if changes, listed := got != base, tag != "crew:loyal"; changes != listed {
			t.Errorf("%s: changes the crew effects %t, listed in crew-tags %t", tag, changes, listed)
		}
	}
}

// TestPoliciesParse: every policy of the reference is a rule the decoder
// reads, and every rule the decoder reads is in the reference.
func TestPoliciesParse(t *testing.T) {
	example := map[string]string{"escape-below": "escape-below:0.5", "surrender-below": "surrender-below:0.5", "plan": "{plan: [scan, Scan]}", "[rule, rule, …]": "[escape-below:0.25, default-selector]"}
	var names []string
	for _, p := range (ruleset{}).Reference().Policies {
		src := p.Name
		if e, ok := example[p.Name]; ok {
			src = e
		}
		policyOf(t, src)
		names = append(names, p.Name)
	}
	for _, word := range strings.Split(policyForms, ", ") {
		word, _, _ = strings.Cut(strings.TrimPrefix(strings.TrimPrefix(word, "or "), "{"), ":")
		if word != "a list of these" && !slices.Contains(names, word) {
			t.Errorf("policy form %q is not in the reference's policies %q", word, names)
		}
	}
}

// TestOptionDefaultsByProfile: an option whose default the live profile
// changes shows both defaults.
func TestOptionDefaultsByProfile(t *testing.T) {
	ref := ruleset{}.Reference()
	for path, want := range map[string]string{
		"options.red-override":  "strict (profile live: additive)",
		"options.max-rounds":    "20",
		"options.profile":       "contract",
		"options.escape-result": "escaper-wins",
		"a.policy":              "default-selector (profile live: focus-fire)",
	} {
		if f, ok := ref.Field(path); !ok || f.Default != want {
			t.Errorf("%s: default %q, want %q", path, f.Default, want)
		}
	}
}
