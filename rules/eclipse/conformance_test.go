package eclipse

import (
	"testing"

	"github.com/crucible-sim/crucible/rules/rulestest"
)

// kit runs the shared conformance checks (rules/rulestest) on every
// built-in scenario and on variants that reach custom parts and
// blueprints, retreats, the policies (a priority list on either side) and
// the stalemate option.
func kit(t testing.TB) rulestest.Kit {
	return rulestest.Kit{
		Ruleset: ruleset{},
		Scenarios: append(rulestest.Files(t, "../../scenarios/builtin/eclipse/*.yaml"),
			rulestest.Scenario{Name: "custom-parts", Src: "parts: [{name: P, cannon: {red: 2}, missile: {blue: 1}, shield: 2, computer: 1, hull: 3, energy: -3}]\nblueprints: [{name: B, base: Dreadnought, slots: 12, parts: [P, P, Nuclear Drive]}]\nattacker: {ships: {B: 2}, antimatter-splitter: true, retreat: after-round-2}\ndefender: {kind: npc, ships: {GCDS-advanced: 1, Guardian-advanced: 2, Ancient-advanced: 4}}"},
			rulestest.Scenario{Name: "priority-draw", Src: "options: {stalemate: draw, same-side-ties: listed}\nattacker: {ships: {Starbase: 4}, policy: priority, priority: [Ancient]}\ndefender: {kind: npc, ships: {Ancient: 2}}"},
			rulestest.Scenario{Name: "defender-priority", Src: "attacker: {ships: {Interceptor: 2, Cruiser: 1}}\ndefender: {ships: {Interceptor: 3}, policy: priority, priority: [Cruiser, Interceptor]}"},
			rulestest.Scenario{Name: "npc-policy-retreat", Src: "attacker: {ships: {Interceptor: 4, Cruiser: 2}, policy: npc, retreat: when-losing}\ndefender: {ships: {Interceptor: 3, Dreadnought: 1}, retreat: after-round-1}"},
		),
		Decoded: map[string]any{"": scenarioDoc{}, "attacker": sideDoc{}, "defender": sideDoc{},
			"parts[]": partDoc{}, "blueprints[]": blueprintDoc{}},
		Invalid: []string{
			"",
			"attacker: {ships: {Interceptor: 1}}\n",
			"attacker: {ships: {Interceptor: 9}}\ndefender: {ships: {Interceptor: 1}}\n",
			"attacker: {ships: {Interceptor: 1}, policy: optimal}\ndefender: {ships: {Interceptor: 1}}\n",
			"parts: [{name: P, cannon: {red: 9}}]\nattacker: {ships: {Interceptor: 1}}\ndefender: {ships: {Interceptor: 1}}\n",
			"attacker: {ships: {Ancient: 1}}\ndefender: {ships: {Interceptor: 1}}\n",
		},
	}
}

func TestConformance(t *testing.T) { kit(t).Run(t) }

// FuzzCompile: any document compiles or fails with a located error, never
// a panic; what compiles fights and replays the same battle. Run it with
//
//	go test -run '^$' -fuzz FuzzCompile -fuzztime 2m ./rules/eclipse/
//
// Crashers land in testdata/fuzz/FuzzCompile and run as regression tests.
// (CompileExact is fuzzed by FuzzSolve in package exact.)
func FuzzCompile(f *testing.F) { kit(f).Fuzz(f) }
