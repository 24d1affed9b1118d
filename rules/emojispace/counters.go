package emojispace

import "github.com/crucible-sim/crucible/rules"

// counterDocs say in a phrase what each of a ship's counters counts (§16),
// in the order a battle declares them: reports print them beside the
// counters, and the reference (`crucible rules emojispace counters`) lists
// them, so both read one text. Every counter is declared for both ships,
// side first: a.hull-left, b.hull-left.
var counterDocs = []rules.Term{
	{Name: CounterHull, Meaning: "hull points left at the end of the fight (0 when destroyed)"},
	{Name: CounterDeg, Meaning: "degradation rolls taken in the fight, one for each hull colour band the ship dropped through (§13)"},
	{Name: CounterRepairs, Meaning: "Repair Systems uses spent (§14)"},
	{Name: CounterRed, Meaning: "subsystems (weapon, defense, engine) RED at the end: degradation at or above capacity (§13)"},
	{Name: CounterEscapes, Meaning: "escape tests made, whether they succeeded or not (§15)"},
	{Name: CounterEscaped, Meaning: "1 when the ship ended the fight by its escape (end escaped), else 0, whoever escape-result scores as the winner: an escape is not a victory, and reports give it apart from the wins (§16)"},
	{Name: CounterRCP, Meaning: "the ship's Raw Combat Power (§17); an npc side's varies with the ship drawn"},
	{Name: CounterTR, Meaning: "the ship's Threat Rating, 1 to 5 (§17)"},
	{Name: CounterTier, Meaning: "tier of the generated NPC ship, 1 to 5 (§19 step 1); only for an npc side"},
}

// npcThreatDoc is the Threat Rating counter's text for an npc side, where
// it is a distribution tallied by winner.
const (
	npcThreatDoc   = "Threat Rating of the generated NPC ship, 1 to 5 (§17, §19)" + threatByWinner
	threatByWinner = ", also tallied by winner: the reports give the win rate at each rating"
)

// counterDoc returns counterDocs' text for a counter quantity.
func counterDoc(quantity string) string {
	for _, t := range counterDocs {
		if t.Name == quantity {
			return t.Meaning
		}
	}
	panic("emojispace: no text for counter " + quantity)
}
