package emojispace

import (
	"fmt"
	"strings"

	"github.com/crucible-sim/crucible/rules"
)

// referenceFields lists every field a scenario may have: each side's (a,
// then b), then the options. The ranges and lists are the ones the decoder
// checks against.
func referenceFields() []rules.Field {
	var out []rules.Field
	for _, side := range []string{"a", "b"} {
		out = append(out, sideFields(side)...)
	}
	out = append(out, rules.Field{Path: "options", Type: "mapping of option to value", Default: "every option at its default", Meaning: "the rule options of the Options section; each may also be set with --set options.NAME=VALUE."})
	return append(out, optionFields()...)
}

// optionFields are the options of §23 with the contract profile's
// defaults, and the live profile's where they differ.
func optionFields() []rules.Field {
	fields := profileOptions(profileContract).Fields("options")
	live := profileOptions(profileLive)
	for i := range fields {
		if d := live[i].Default; d != fields[i].Default && live[i].Name != optProfile {
			fields[i].Default += " (profile live: " + d + ")"
		}
	}
	return fields
}

// sideFields are the fields of side a or b (§3): ship, npc, policy and
// extra-modules, and below them the ship_state's.
func sideFields(side string) []rules.Field {
	p := func(path string) string { return side + "." + path }
	which := map[string]string{"a": "Ship a, the contract's player, resolved first", "b": "Ship b, the contract's enemy, resolved second"}[side]
	out := []rules.Field{
		{Path: side, Type: "mapping", Required: true, Meaning: which + ": give ship or npc (not both), and optionally policy."},
		{Path: p("ship"), Type: "built-in ship name, or mapping (ship_state)", Names: rules.NamesOf([]string{"ships"}), Allowed: "a name of the ships catalogue (" + strings.Join(builtinShipNames(), ", ") + "), in any case, or a ship_state mapping", Meaning: "a fixed ship, the same every trial: a built-in sample fit by name, or a ship_state (the contract's only ship format) with the fields below."},
	}
	out = append(out, shipStateFields(p("ship"))...)
	out = append(out,
		rules.Field{Path: p("npc"), Type: "mapping", Meaning: "a generated opponent instead of a fixed ship: a fresh NPC ship is drawn every trial from its subtype and population (§19)."},
		rules.Field{Path: p("npc.subtype"), Type: "word", Allowed: strings.Join(npcSubtypeNames(), ", "), Required: true, Meaning: "the encounter subtype, which weights the NPC's frame (npc-subtypes catalogue)."},
		rules.Field{Path: p("npc.population"), Type: "integer", Allowed: populationRange.String(), Required: true, Meaning: "the system population, which weights the NPC's tier (npc-tiers catalogue)."},
		rules.Field{Path: p("policy"), Type: "rule or list of rules", Allowed: "the rules of the Policies section", Default: fmt.Sprintf("%s (profile live: %s)", defaultPolicy(profileContract), defaultPolicy(profileLive)), Meaning: "how the ship chooses its action each round (§18); a list is read in order and the first rule that fires decides."},
		rules.Field{Path: p("policy[].plan"), Type: "list of actions", Names: rules.NamesOf([]string{"actions"}), Allowed: fmt.Sprintf("at most %d names or aliases of the actions catalogue", maxPlan), Meaning: "a plan rule ({plan: [...]}), as one rule of a list; a policy that is this one rule is " + p("policy.plan") + "."},
		rules.Field{Path: p("policy.plan"), Type: "list of actions", Names: rules.NamesOf([]string{"actions"}), Allowed: fmt.Sprintf("at most %d names or aliases of the actions catalogue", maxPlan), Meaning: "the action of round 1, 2, …, when the policy is the one rule {plan: [...]}: Focus Fire after the list ends or when the action is not available."},
		rules.Field{Path: p("extra-modules"), Type: "mapping", Default: "none", Meaning: "copies of one module added after the ship's module_instances, so that a sweep or --set can vary their number while the ship stays a ship_state (needs ship, not npc)."},
		rules.Field{Path: p("extra-modules.module_id"), Type: "word", Allowed: "a module_id of the modules catalogue", Names: rules.NamesOf([]string{"modules"}), Required: true, Meaning: "the module to add."},
		rules.Field{Path: p("extra-modules.count"), Type: "integer", Allowed: fmt.Sprintf("an integer from 0 to %d less the ship's module instances; the copies must fit the hull's slots", maxModules), Required: true, Meaning: "how many copies to add."},
		rules.Field{Path: p("extra-modules.secondary_tags"), Type: "list of words", Allowed: secondaryAllowed, Default: "none", Meaning: "the secondary tags of every copy."},
	)
	return out
}

// secondaryAllowed says what a secondary_tags list may hold (§7).
var secondaryAllowed = strings.Join(secondaryNames[:], ", ") + ", with or without the secondary: prefix; no repeats"

// shipStateFields are a ship_state's fields below path (§3).
func shipStateFields(path string) []rules.Field {
	p := func(f string) string { return path + "." + f }
	out := []rules.Field{
		{Path: p("hull_id"), Type: "word", Allowed: "a hull_id of the hulls catalogue", Names: rules.NamesOf([]string{"hulls"}), Required: true, Meaning: "the hull: tier, frame, slots, band bias, hull points and crew capacity."},
		{Path: p("module_instances"), Type: "list of module instances", Allowed: fmt.Sprintf("at most %d; they must fit the hull's slots (an empty list [] is a bare hull)", maxModules), Required: true, Meaning: "the installed modules, each {module_id, secondary_tags}; weapon and defense modules fill their slots first, then untyped ones (§9)."},
		{Path: p("module_instances[].module_id"), Type: "word", Allowed: "a module_id of the modules catalogue", Names: rules.NamesOf([]string{"modules"}), Required: true, Meaning: "the module."},
		{Path: p("module_instances[].secondary_tags"), Type: "list of words", Allowed: secondaryAllowed, Default: "none", Meaning: "the module's secondary tags (secondaries catalogue)."},
		{Path: p("degradation_state"), Type: "mapping of subsystem to integer", Allowed: "keys " + strings.Join(bandNames[:], ", "), Default: "0 each", Meaning: "degradation the ship brings from earlier fights; a subsystem whose degradation reaches its capacity is RED from round 1 (§13)."},
	}
	for _, b := range bandNames {
		out = append(out, rules.Field{Path: p("degradation_state." + b), Type: "integer", Allowed: degRange.String(), Default: "0", Meaning: "the " + b + " subsystem's degradation at the start."})
	}
	return append(out,
		rules.Field{Path: p("crew"), Type: "list of crew entries", Allowed: "at most the hull's crew capacity (0 to 5)", Default: "no crew", Meaning: "the crew (§8): each entry {crew_role_id, crew_tags}, or a legacy string crew:<role>."},
		rules.Field{Path: p("crew[]"), Type: "mapping or string", Allowed: "{crew_role_id, crew_tags} or crew:<role>", Meaning: "one crew member. A legacy string gives none of the role's or tags' bonuses: only the escape test counts the strings crew:pilot (§15)."},
		rules.Field{Path: p("crew[].crew_role_id"), Type: "word", Allowed: strings.Join(crewRoles[:], ", "), Required: true, Meaning: "the crew member's role (crew-roles catalogue)."},
		rules.Field{Path: p("crew[].crew_tags"), Type: "list of words", Allowed: fmt.Sprintf("at most %d, each starting with crew:", maxCrewTags), Default: "none", Meaning: "the crew member's traits; those with a combat effect are in the crew-tags catalogue, others do nothing."},
		rules.Field{Path: p("tags"), Type: "list of words", Allowed: fmt.Sprintf("at most %d, free text", maxShipTags), Default: "none", Meaning: "the ship's tags; only those ending in _alien count, each strengthening the crew:alien synergy (§8)."},
	)
}
