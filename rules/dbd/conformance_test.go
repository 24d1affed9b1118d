package dbd

import (
	"os"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulestest"
)

// readFile returns a test file's text.
func readFile(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// allOptions flips every option from its default (§17).
const allOptions = "options: {one-activation-per-unit: false, move-one-always: true, withdraw: full-move, skr-ranged-engaged: true, " +
	"arc-move-then-melee: true, dice-clamp: after-cover, charge-rule: distance, retreat-choice: first, turn-cap: 25, " +
	"turn-cap-result: standards, first-side: alternate, hp: max, standards-to-win: 7, greedy-profile: levy}\n"

// blob is a small valid dbd-scn-0.1 blob for the invalid documents to
// break one field of.
const blob = `{"schema": "dbd-scn-0.1", "board": "DBD-157-v1", "standardsToWin": 5, "terrain": {"47": "WOODS"},
 "units": [{"id": "B1", "side": "BLUE", "type": "INF", "quality": "REGULAR", "hp": 4, "hex": 109},
           {"id": "R1", "side": "RED", "type": "CAV", "quality": "VETERAN", "hp": 5, "hex": 47}],
 "turn": {"side": "BLUE", "turnNumber": 1, "activationsLeft": 3}}`

// broken returns the wrapper around blob with one substitution made.
func broken(old, new string) string {
	if !strings.Contains(blob, old) {
		panic("no " + old + " in the blob")
	}
	return "ruleset: dbd\nscenario: " + strings.Replace(blob, old, new, 1) + "\n"
}

// decoded maps each part of a scenario (§12) to the types the decoder reads
// it into: the top of a document is a wrapper or a plain dbd-scn-0.1 file,
// whose fields a wrapper holds under scenario. The reference must list
// every path of both forms.
var decoded = map[string]any{
	"":         []any{wrapperDoc{}, scenarioDoc{}},
	"scenario": scenarioDoc{}, "scenario.units[]": unitDoc{}, "scenario.turn": turnDoc{},
	"units[]": unitDoc{}, "turn": turnDoc{},
	"policies": policiesDoc{},
}

// kit runs the conformance checks on every built-in scenario, on the plain
// sample files, and on variants reaching every option, terrain, the
// templates and the random policy.
func kit(t testing.TB) rulestest.Kit {
	line, screen := sample(t, "symmetric_line"), sample(t, "symmetric_screen")
	return rulestest.Kit{
		Ruleset: ruleset{},
		Scenarios: append(rulestest.Files(t, "../../scenarios/builtin/dbd/*.yaml"),
			rulestest.Scenario{Name: "plain-deep-center", Src: readFile(t, "testdata/d6/deep_center.json")},
			rulestest.Scenario{Name: "terrain", Src: readFile(t, "testdata/variants/terrain.yaml")},
			rulestest.Scenario{Name: "templates", Src: readFile(t, "testdata/variants/templates.yaml")},
			rulestest.Scenario{Name: "all-options", Src: screen + allOptions},
			rulestest.Scenario{Name: "random", Src: line + "policies: {blue: random, red: random}\noptions: {retreat-choice: random}\n"},
			rulestest.Scenario{Name: "random-greedy-legion", Src: line + "policies: {blue: random}\noptions: {greedy-profile: legion, first-side: BLUE, turn-cap: 3}\n"},
		),
		Invalid: []string{
			"",
			"ruleset: dbd\n",
			"ruleset: dbd\nscenario: dbd-scn-0.1\n",
			"ruleset: dbd\nscenario: " + blob + "\npolicies: {blue: minimax}\n",
			"ruleset: dbd\nscenario: " + blob + "\npolicies: {green: greedy}\n",
			"ruleset: dbd\nscenario: " + blob + "\noptions: {rollout: \"0,8,2\"}\n",
			"ruleset: dbd\nscenario: " + blob + "\noptions: {standards-to-win: 21}\n",
			"ruleset: dbd\nscenario: " + blob + "\noptions: {turn-cap: 0}\n",
			"ruleset: dbd\nscenario: " + blob + "\noptions: {charge: yes}\n",
			broken(`"schema": "dbd-scn-0.1"`, `"schema": "dbd-scn-0.2"`),
			broken(`"board": "DBD-157-v1"`, `"board": "DBD-157-PASS-v1"`),
			broken(`"standardsToWin": 5`, `"standardsToWin": 0`),
			broken(`"terrain": {"47": "WOODS"}`, `"terrain": {"157": "WOODS"}`),
			broken(`"terrain": {"47": "WOODS"}`, `"terrain": {"047": "WOODS"}`),
			broken(`"terrain": {"47": "WOODS"}`, `"terrain": {"47": "SWAMP"}`),
			broken(`"terrain": {"47": "WOODS"}`, `"terrain": {"47": "WATER"}`),
			broken(`"hp": 5`, `"hp": 6`),
			broken(`"hp": 4`, `"hp": 0`),
			broken(`"hex": 47`, `"hex": 109`),
			broken(`"hex": 47`, `"hex": 157`),
			broken(`"id": "R1"`, `"id": "B1"`),
			broken(`"id": "R1"`, `"id": ""`),
			broken(`"type": "CAV"`, `"type": "DRAGON"`),
			broken(`"quality": "VETERAN"`, `"quality": "ELITE"`),
			broken(`"side": "RED", "type"`, `"side": "GREEN", "type"`),
			broken(`"activationsLeft": 3`, `"activationsLeft": 4`),
			broken(`"turnNumber": 1`, `"turnNumber": 0`),
			broken(`"turn": {`, `"meta": 7, "turn": {`),
			broken(`"turn": {`, `"fog": true, "turn": {`),
			broken(`, "hex": 109}`, `, "hex": 109, "morale": 3}`),
			broken(`"units": [`, `"units": [7, `),
			`{"schema": "dbd-scn-0.1", "board": "DBD-157-v1"}`,
		},
		// Rollout players at the largest search: 33 s a game.
		Long:    []rulestest.Scenario{{Name: "rollout-32-64-20", Src: line + "policies: {blue: rollout, red: rollout}\noptions: {rollout: \"32,64,20\"}\n"}},
		Decoded: decoded,
		// 100 trials a check: a dbd game costs a few hundred microseconds,
		// and the kit fights each scenario about 2,000 times.
		Trials: 100,
		// 1,000 games of each mirrored built-in with greedy, then random,
		// on both sides: about 4 s of CPU. The targeted tests of the
		// tie-breaks (mirror_test.go) and the long test's equivalence at
		// ±1 point (mirror_long_test.go) are the sharper checks.
		MirrorTrials: 1000,
		// A fuzzed rollout with K·R·H in the thousands on a full board
		// takes minutes a game, and a turn cap of 10,000 rounds between
		// sides that never meet a second or more.
		TooLong: func(b rules.Battle) bool {
			bt := b.(*Battle)
			roll := bt.Policies[Blue] == PolicyRollout || bt.Policies[Red] == PolicyRollout
			p := bt.Opt.Rollout
			return roll && (p.K*p.R*p.H > 8 || len(bt.units) > 8) || bt.Opt.TurnCap > 100
		},
	}
}

func TestConformance(t *testing.T) { kit(t).Run(t) }

// The rollout policy runs the kit on a small skirmish with a short search
// (testdata/variants/rollout.yaml): a full-size rollout game takes
// seconds.
func TestConformanceRollout(t *testing.T) {
	rulestest.Kit{
		Ruleset:   ruleset{},
		Scenarios: []rulestest.Scenario{{Name: "rollout", Src: readFile(t, "testdata/variants/rollout.yaml")}},
		Trials:    20,
	}.Run(t)
}

// FuzzCompile: any document compiles or fails with a located error, never
// a panic; what compiles fights and replays the same battle. Run it with
//
//	go test -run '^$' -fuzz FuzzCompile -fuzztime 60s ./rules/dbd/
//
// Crashers land in testdata/fuzz/FuzzCompile and run as regression tests.
func FuzzCompile(f *testing.F) { kit(f).Fuzz(f) }
