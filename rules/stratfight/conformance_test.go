package stratfight

import (
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulestest"
)

// kit runs the shared conformance checks (rules/rulestest) on every
// built-in scenario and on variants that reach the options the built-ins
// leave at their defaults.
func kit(t testing.TB) rulestest.Kit {
	return rulestest.Kit{
		Ruleset: ruleset{},
		Scenarios: append(rulestest.Files(t, builtinDir+"/*.yaml"),
			rulestest.Scenario{Name: "variants", Src: duel("{s2-exchange: both-strike, s4-autofail: pain-only, s5-margin-to-pain: true, s6-crippling-coins: every-hit, s7-life-check: start-of-round, tie-rule: underdog, s1-initiative: attack-pool, s3-armor-dex-penalty: everywhere, bouts: 2}",
				side("cat", "life_coins: 16"), side("mountain", "armor: chainmail", "life_coins: 17"))},
			rulestest.Scenario{Name: "openings-bouts", Src: duel("{s9-moves: openings, bouts: 4, s1-initiative: coin}",
				side("cat", "life_coins: 16", "moves: {attack: [{name: a}, {name: b, attack_mod: 1}, {name: c, lethality: 2}]}"),
				side("mountain", "armor: chainmail", "life_coins: 17", "moves: {defense: [{name: x}, {name: y, defense_mod: 2}]}"))},
		),
		Invalid: []string{
			"",
			"a: {fighter: thug}\n",
			"a: {fighter: nobody}\nb: {fighter: thug}\n",
			"options: {tie-rule: coin}\na: {fighter: thug}\nb: {fighter: thug}\n",
			"kind: lifespan\nstart_coins: 64\n",
			"kind: lifespan\nstart_coins: 15\nstop_at_coins: 15\n",
			"a: {fighter: thug, moves: {defense: [null]}}\nb: {fighter: thug}\n",
		},
		// Neither side can hurt the other through armour 63, and nothing
		// else ends the duel: it runs to its round cap of a billion, about
		// 30 s.
		Long: []rulestest.Scenario{{Name: "unending-duel", Src: duel("{s8-helpless: off, round-cap: 1000000000}",
			side("cat", "s10-concession: never", "armor: {armor_value: 63}"), side("thug", "s10-concession: never", "armor: {armor_value: 63}"))}},
		Decoded: decodedParts(),
		// A round cap of a billion is a valid duel, but not one to fight in
		// every fuzz iteration.
		TooLong: func(b rules.Battle) bool {
			db, ok := b.(*duelBattle)
			return ok && db.opts.roundCap*int64(db.opts.bouts) > 5000
		},
	}
}

func TestConformance(t *testing.T) { kit(t).Run(t) }

// FuzzCompile: any document compiles or fails with a located error, never
// a panic; what compiles fights and replays the same battle. Run it with
//
//	go test -run '^$' -fuzz FuzzCompile -fuzztime 2m ./rules/stratfight/
func FuzzCompile(f *testing.F) { kit(f).Fuzz(f) }

// decodedParts names every part of a scenario the ruleset decodes into a
// struct, for the kit's check that the reference lists each of its fields.
func decodedParts() map[string]any {
	parts := map[string]any{"": []any{duelDoc{}, lifespanDoc{}}}
	for _, side := range []string{"a", "b"} {
		parts[side] = sideDoc{}
		parts[side+".fighter"] = inlineDoc{}
		for _, owner := range []string{side, side + ".fighter"} {
			parts[owner+".weapon"] = weaponDoc{}
			parts[owner+".armor"] = armorDoc{}
			parts[owner+".moves"] = movesDoc{}
			parts[owner+".moves.attack[]"] = attackMoveDoc{}
			parts[owner+".moves.defense[]"] = defenseMoveDoc{}
		}
	}
	return parts
}
