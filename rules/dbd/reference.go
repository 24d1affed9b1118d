package dbd

import (
	"fmt"
	"strings"

	"github.com/crucible-sim/crucible/rules"
)

// Reference implements rules.Documented: what `crucible rules dbd` prints
// and REFERENCE.md holds. Fields, allowed values, catalogues, policies,
// counters and ends come from the tables the decoder and the battle read;
// the text written here says only what they mean.
func (ruleset) Reference() *rules.Reference {
	return &rules.Reference{
		Ruleset: "dbd",
		Title:   "Death Before Dishonor v0.1: a hex war game, BLUE against RED",
		Follows: []string{
			"Death Before Dishonor (DBD) — Rules v0.1",
			"the board DBD-157-v1 and the board templates DBD-157-PASS-v1 and DBD-157-CORRIDOR-v1",
			"the scenario schema dbd-scn-0.1",
			"the DBD scenario lab (melee, retreats and standards)",
			"the eight sample scenarios (built in as dbd/NAME)",
		},
		Sides: [2]rules.Term{
			{Name: sideNames[Blue], Meaning: "the units whose side is BLUE (side a in machine-readable output)"},
			{Name: sideNames[Red], Meaning: "the units whose side is RED (side b in machine-readable output)"},
		},
		Fields:     referenceFields(),
		Catalogues: catalogues(),
		Policies:   policyTerms(),
		Counters:   counterTerms(),
		Ends:       endTerms(),
	}
}

// referenceFields lists the fields of both forms of a scenario (§12): the
// wrapper (scenario, options, policies), then a plain dbd-scn-0.1 file,
// whose fields are the wrapper's scenario.* at the top.
func referenceFields() []rules.Field {
	fs := []rules.Field{{
		Path: "scenario", Type: "mapping, or a file name", Required: true,
		Allowed: fmt.Sprintf("a %s scenario (the fields below), or the name of a .json, .yaml or .yml file holding one", Schema),
		Meaning: "The battle: a dbd-scn-0.1 scenario written in place (YAML, or JSON as it is), or the name of a file beside this one that holds it.",
	}}
	fs = append(fs, scenarioFields("scenario")...)
	fs = append(fs, rules.Field{Path: "options", Type: "mapping of option name to value", Default: "every option at its default",
		Meaning: "The rule options (options.NAME below, and the Options section)."})
	fs = append(fs, optionSet.Fields("options")...)
	fs = append(fs, rules.Field{Path: "policies", Type: "mapping of side to policy", Default: "greedy for both sides",
		Meaning: "How each side is played (the Policies section)."})
	for s, name := range sideNames {
		fs = append(fs, rules.Field{
			Path: "policies." + strings.ToLower(name), Type: "word", Allowed: strings.Join(policyNames[:], ", "), Default: PolicyGreedy.String(),
			Meaning: fmt.Sprintf("The policy that plays %s; a greedy player follows options.greedy-profile, a rollout player options.rollout.", sideNames[s]),
		})
	}
	return append(fs, scenarioFields("")...)
}

// scenarioFields lists the fields of a dbd-scn-0.1 scenario (§12) below
// path: "" for a plain file, "scenario" inside a wrapper.
func scenarioFields(path string) []rules.Field {
	at := func(name string) string {
		if path == "" {
			return name
		}
		return path + "." + name
	}
	plain := ""
	if path == "" {
		plain = " A document with schema at its top is a plain scenario file, played with every option and policy at its default; to change them, wrap it (scenario: FILE)."
	}
	boardValues := boardNamesUpTo(len(boardShapes))
	boardsAllowed := boardValues[0] + "; " + strings.Join(boardValues[1:], ", ") + " with options.board-templates: true"
	topHP := 0
	for t := range typeNames {
		topHP = max(topHP, MaxHP(UnitType(t), Quality(len(qualityNames)-1)))
	}
	hpMin, hpMax := rules.Bounds(1, int64(topHP))
	hexMin, hexMax := rules.Bounds(0, NumHexes-1)
	return []rules.Field{
		{Path: at("schema"), Type: "word", Allowed: Schema, Required: true,
			Meaning: "The schema the scenario is written in." + plain},
		{Path: at("board"), Type: "word", Allowed: boardsAllowed, Required: true, Values: boardValues,
			Meaning: "The board the battle is fought on (catalogue boards)."},
		{Path: at("standardsToWin"), Type: "integer", Allowed: fmt.Sprintf("an integer from 1 to %d", maxStandardsToWin), Required: true,
			Meaning: "The standards a side needs to win (§11); options.standards-to-win may replace it."},
		{Path: at("terrain"), Type: "mapping of hex id to terrain", Required: true,
			Meaning: "The terrain of the hexes it names; every other hex is CLEAR ({} for an open field)."},
		{Path: at("terrain.<hex id>"), Type: "word", Allowed: strings.Join(terrainNames[:], ", "),
			Meaning: fmt.Sprintf("The terrain of one hex (catalogue terrain). The key is the hex id, 0 to %d, in decimal without leading zeros.", NumHexes-1)},
		{Path: at("units"), Type: "list of units", Required: true,
			Meaning: "The units of both sides, in the order in which the policies consider them and break ties (§6)."},
		{Path: at("units[].id"), Type: "text", Allowed: fmt.Sprintf("1 to %d characters, each unit its own", maxIDLen), Required: true,
			Meaning: "The unit's name, in the replay and in error messages."},
		{Path: at("units[].side"), Type: "word", Allowed: strings.Join(sideNames[:], ", "), Required: true,
			Meaning: "The side the unit fights for."},
		{Path: at("units[].type"), Type: "word", Allowed: strings.Join(typeNames[:], ", "), Required: true,
			Meaning: "What the unit is (catalogue unit-types)."},
		{Path: at("units[].quality"), Type: "word", Allowed: strings.Join(qualityNames[:], ", "), Required: true,
			Meaning: "How good it is: its max HP and the retreats it cancels (catalogue qualities)."},
		{Path: at("units[].hp"), Type: "integer", Allowed: "an integer from 1 to the unit's max HP (catalogue unit-types)", Required: true, Min: hpMin, Max: hpMax,
			Meaning: "The HP it starts with; options.hp: max starts every unit at its max instead."},
		{Path: at("units[].hex"), Type: "integer", Allowed: fmt.Sprintf("a hex id from 0 to %d", NumHexes-1), Required: true, Min: hexMin, Max: hexMax,
			Meaning: "Where it stands: one unit to a hex, never on WATER (catalogue boards says how hexes are numbered)."},
		{Path: at("turn"), Type: "mapping", Required: true,
			Meaning: "The turn the game starts with."},
		{Path: at("turn.side"), Type: "word", Allowed: strings.Join(sideNames[:], ", "), Required: true,
			Meaning: "The side that takes the first turn, unless options.first-side says otherwise."},
		{Path: at("turn.turnNumber"), Type: "integer", Allowed: fmt.Sprintf("an integer from 1 to %d", maxTurnNumber), Required: true,
			Meaning: "The number of that turn: checked, otherwise unused (every game starts at the first turn)."},
		{Path: at("turn.activationsLeft"), Type: "integer", Allowed: fmt.Sprintf("an integer from 0 to %d", activationsPerTurn), Required: true,
			Meaning: fmt.Sprintf("The activations of the first turn; every later turn has %d.", activationsPerTurn)},
		{Path: at("meta"), Type: "mapping",
			Meaning: "Free fields of the designer's: printed at the head of a replay, otherwise unused."},
	}
}

// policyDocs say how each policy plays (§14).
var policyDocs = [len(policyNames)]string{
	PolicyGreedy: "Looks one activation ahead: scores every attack and move by what it gains and risks (threats to the unit, its general, " +
		"the target's worth) and takes the best, with the profile's noise, biases and passes (options.greedy-profile, catalogue greedy-profiles).",
	PolicyRandom: "Takes any legal activation, evenly among all of them, and ends its turn only when none is left.",
	PolicyRollout: "Plays each of greedy's best activations (and ending the turn) on several times with greedy on both sides, " +
		"and takes the one with the best average result (options.rollout: K,R,H). Far slower than greedy.",
}

// searchDoc says how a search level plays (§14 search), %d its budget.
const searchDoc = "Plans the rest of its turn as a whole by evolving plans of activations (online evolutionary planning), " +
	"each played out on the dice and answered by a greedy turn of the enemy, %d plays a decision; takes the first activation of the best plan. " +
	"The budget is a count of plays, so a seed replays the same game on any machine."

func policyTerms() []rules.Term {
	out := make([]rules.Term, len(policyNames))
	for k, name := range policyNames {
		out[k] = rules.Term{Name: name, Meaning: policyDocs[k]}
		if b := PolicyKind(k).searchBudget(); b > 0 {
			out[k].Meaning = fmt.Sprintf(searchDoc, b)
		}
	}
	return out
}

// counterTerms lists the counters a battle declares (§16), the per-hex
// ones once each with the hex id as a placeholder.
func counterTerms() []rules.Term {
	var cs rules.Counters
	var c counterIndex
	c.declareGame(&cs)
	var out []rules.Term
	for _, k := range cs.List() {
		out = append(out, rules.Term{Name: k.Name, Meaning: k.Doc})
	}
	return append(out, lostOnHex.term(), blockedOnHex.term())
}

// endDocs say when a game ends with each end reason (§11), in EndNames'
// order.
var endDocs = [...]string{
	EndStandards:    "A side reached the standards it needs (standardsToWin, or options.standards-to-win); it wins at once, even mid-turn.",
	EndAnnihilation: "A side lost its last unit before the other reached its standards (or had none at the start); the side with units left wins.",
	EndTurnCap:      "options.turn-cap full rounds passed undecided: a draw, or with options.turn-cap-result: standards a win for the side with more standards.",
}

func endTerms() []rules.Term {
	out := make([]rules.Term, len(EndNames))
	for i, name := range EndNames {
		out[i] = rules.Term{Name: name, Meaning: endDocs[i]}
	}
	return out
}
