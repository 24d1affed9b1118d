package emojispace

import "github.com/crucible-sim/crucible/rules"

// Reference implements rules.Documented: the fields, options, catalogues,
// policies, counters and end reasons of an EmojiSpace duel, built from the
// tables the decoder and the battle use. rules/emojispace/REFERENCE.md is
// its Markdown form; README.md beside it explains the rules.
func (ruleset) Reference() *rules.Reference {
	return &rules.Reference{
		Ruleset: "emojispace",
		Title:   "EmojiSpace ship duel: two ships, each assembled from a hull and modules or generated as an NPC, fight simultaneous rounds until one is destroyed, escapes or surrenders, or the round cap ends the fight. §N cite the sections of the ruleset's README.md",
		Follows: []string{
			"EmojiSpace Combat Resolution Contract, version 0.11.2",
			"the EmojiSpace game's code and data tables at game version 0.11.17 (hulls, modules, encounter types and crew roles; the batch and live combat resolvers; the NPC ship generator), where the contract leaves a gap or the code differs",
		},
		Sides: [2]rules.Term{
			{Name: "player (by its ship's name)", Meaning: "the contract's player ship, resolved first at every step of a round: its surrender, repair, scan, escape test and attack come before b's. Outputs name it by its ship: a built-in ship's name (P3), a ship_state's hull_id, an npc side's subtype; (a) and (b) are added when both ships read the same."},
			{Name: "enemy (by its ship's name)", Meaning: "the contract's enemy ship, resolved second. Named like side a."},
		},
		Fields:     referenceFields(),
		Catalogues: referenceCatalogues(),
		Policies:   referencePolicies(),
		Counters:   referenceCounters(),
		Ends:       referenceEnds(),
	}
}

// endMeanings say what each end reason means for a designer, indexed like
// EndNames.
var endMeanings = [EndRoundCap + 1]string{
	EndDestroyed:         "one ship's hull reached 0 and the other's did not: the survivor wins, a victory by force.",
	EndMutualDestruction: "both hulls reached 0 in the same round (the two attacks of a round land together): no winner.",
	EndEscaped:           "a ship chose Attempt Escape and passed the escape test, so the fight ended before that round's attacks. Who is scored the winner is option escape-result: the ship that got away (escaper-wins, the default) or nobody (no-winner). Either way the other ship was not beaten: an escape is not a victory, and the reports' headline gives each ship's escapes (counters a.escaped, b.escaped) apart from its wins.",
	EndMutualEscape:      "both ships chose Attempt Escape in one round with mutual-escape: auto (the live profile's default): the fight ends with no test and no winner.",
	EndSurrendered:       "a ship chose Surrender (a surrender-below rule, or a plan): the other ship wins. a's surrender is taken first, so when both surrender in one round b wins.",
	EndRoundCap:          "both ships were still fighting after max-rounds rounds: no winner.",
}

func referenceEnds() []rules.Term {
	out := make([]rules.Term, len(EndNames))
	for i, name := range EndNames {
		out[i] = rules.Term{Name: name, Meaning: endMeanings[i]}
	}
	return out
}

// referenceCounters lists counterDocs for side a, then for side b; the
// Threat Rating's text covers both kinds of side.
func referenceCounters() []rules.Term {
	var out []rules.Term
	for _, side := range []rules.Side{rules.A, rules.B} {
		for _, c := range counterDocs {
			meaning := c.Meaning
			if c.Name == CounterTR {
				meaning += "; for an npc side, that of the ship drawn" + threatByWinner
			}
			out = append(out, rules.Term{Name: rules.SideCounter(side, c.Name), Meaning: meaning})
		}
	}
	return out
}

// policyMeanings say how each rule of §18 plays, by the name it starts
// with (ruleNames).
var policyMeanings = map[string]string{
	"focus-fire":       "Focus Fire every round.",
	"reinforce":        "Reinforce Shields every round.",
	"evasive":          "Evasive Maneuvers every round.",
	"default-selector": "the contract's selector: Repair Systems when the hull is at or below a third of hull_max (rounded down, at least 1 point) and a repair use is left, else Focus Fire.",
	"escape-below":     "escape-below:F, F a decimal from 0 to 1 with at most 3 places: Attempt Escape when the hull is at or below F × hull_max; otherwise the next rule of the list decides.",
	"surrender-below":  "surrender-below:F: Surrender when the hull is at or below F × hull_max; otherwise the next rule decides.",
	"random":           "an action drawn uniformly each round among those available, Surrender excepted (from a stream of its own, so the fight's dice are unchanged).",
	"plan":             "{plan: [action, …]}: the listed action in round 1, 2, …, by the names or aliases of the actions catalogue; Focus Fire once the list ends or when the action is not available.",
}

// referencePolicies lists the rules of §18 in ruleNames' order, then the
// list form.
func referencePolicies() []rules.Term {
	out := make([]rules.Term, 0, len(ruleNames)+1)
	for _, name := range ruleNames {
		out = append(out, rules.Term{Name: name, Meaning: policyMeanings[name]})
	}
	return append(out, rules.Term{Name: "[rule, rule, …]", Meaning: "a list of rules, read in order each round: the first that fires gives the action; when none fires, Focus Fire. [escape-below:0.25, default-selector] runs at a quarter hull and otherwise plays the default."})
}
