package rulesfile

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules/rulestest"
	"github.com/crucible-sim/crucible/scenarios"
)

// kit runs the conformance kit on each example rules file with its
// built-in scenarios, and on variants that reach the other policies,
// options, designs and the hit/wound/save pipeline.
func kit(t testing.TB, rulesFile string, extra ...rulestest.Scenario) rulestest.Kit {
	return kitOf(t, rulesFile, nil, extra...)
}

// kitOf is kit on those of the file's built-in scenarios whose names
// contain one of only (all of them if only is empty): the parity twins of
// the Go rulesets are many, and their long duels make the kit slow.
func kitOf(t testing.TB, rulesFile string, only []string, extra ...rulestest.Scenario) rulestest.Kit {
	src, err := os.ReadFile(filepath.Join(examples, rulesFile))
	if err != nil {
		t.Fatal(err)
	}
	n, err := scenarios.ParseYAML(rulesFile, src)
	if err != nil {
		t.Fatal(err)
	}
	var own []rulestest.Scenario
	base := strings.TrimSuffix(rulesFile, ".rules.yaml")
	for _, s := range rulestest.Files(t, filepath.Join(examples, "*.yaml")) {
		if strings.HasSuffix(s.Name, ".rules") || !strings.Contains(s.Src, "ruleset: "+base+"\n") {
			continue
		}
		if len(only) > 0 && !slices.ContainsFunc(only, func(o string) bool { return strings.Contains(s.Name, o) }) {
			continue
		}
		own = append(own, s)
	}
	return rulestest.Kit{
		Ruleset:   Open(rulesFile, n),
		Scenarios: append(own, extra...),
		Invalid: []string{
			"",
			"a: {units: {nobody: 1}}\nb: {units: {nobody: 1}}\n",
			"a: {units: {}}\nb: {units: {}}\n",
			"options: {no-such-option: 1}\na: {units: {}}\nb: {units: {}}\n",
		},
	}
}

func TestConformanceDuel(t *testing.T) {
	kit(t, "duel2d6.rules.yaml",
		rulestest.Scenario{Name: "uneven", Src: "a: {units: {duellist: 2}, policy: random}\nb: {units: {duellist: 1}, policy: kill-greedy}\n"},
		rulestest.Scenario{Name: "priority", Src: "a: {units: {duellist: 1}, policy: priority, priority: [duellist]}\nb: {units: {duellist: 1}, policy: priority, priority: [duellist]}\n"},
	).Run(t)
}

func TestConformanceSkirmish(t *testing.T) {
	kit(t, "skirmish.rules.yaml",
		rulestest.Scenario{Name: "cover", Src: "options: {cover: true}\na: {units: {veteran: 3}, policy: largest-first}\nb: {units: {trooper: 6, veteran: 1}, policy: priority, priority: [veteran]}\n"},
		rulestest.Scenario{Name: "a-priority", Src: "a: {units: {veteran: 3}, policy: priority, priority: [trooper]}\nb: {units: {trooper: 6}}\n"},
	).Run(t)
}

func TestConformanceFleet(t *testing.T) {
	kit(t, "fleet.rules.yaml",
		rulestest.Scenario{Name: "designs", Src: "a: {units: {Gunboat: 2, Starbase: 1}, designs: {Gunboat: {base: Interceptor, parts: [Plasma Missile, Ion Cannon, Nuclear Drive, Nuclear Source]}}, policy: largest-first}\nb: {units: {Cruiser: 2}, policy: weakest}\n"},
		rulestest.Scenario{Name: "priority", Src: "a: {units: {Interceptor: 3, Cruiser: 1}, policy: priority, priority: [Dreadnought]}\nb: {units: {Dreadnought: 1, Interceptor: 2}, policy: random}\n"},
		rulestest.Scenario{Name: "b-priority", Src: "a: {units: {Interceptor: 3, Cruiser: 1}}\nb: {units: {Dreadnought: 1}, policy: priority, priority: [Cruiser, Interceptor]}\n"},
	).Run(t)
}

func TestConformanceRisk(t *testing.T) {
	kit(t, "risk.rules.yaml",
		rulestest.Scenario{Name: "one-each", Src: "a: {units: {attacking-army: 1}}\nb: {units: {defending-army: 1}}\n"},
		rulestest.Scenario{Name: "mixed", Src: "a: {units: {attacking-army: 2, defending-army: 2}, policy: random}\nb: {units: {defending-army: 4}, policy: kill-greedy}\n"},
		rulestest.Scenario{Name: "priority", Src: "a: {units: {attacking-army: 3}, policy: priority, priority: [defending-army]}\nb: {units: {defending-army: 2}, policy: priority, priority: [attacking-army]}\n"},
	).Run(t)
}

func FuzzCompileDuel(f *testing.F)     { kit(f, "duel2d6.rules.yaml").Fuzz(f) }
func FuzzCompileSkirmish(f *testing.F) { kit(f, "skirmish.rules.yaml").Fuzz(f) }

func TestConformanceStrategicFighting(t *testing.T) {
	kitOf(t, "strategic-fighting.rules.yaml", []string{"cat-vs-arya", "arya-vs-mountain"},
		rulestest.Scenario{Name: "no-concession", Src: "options: {a-concedes: false, b-concedes: false, round-cap: 50}\na: {units: {Cat: 1}}\nb: {units: {Arya: 1}}\n"},
	).Run(t)
}

func TestConformanceEmojiSpace(t *testing.T) {
	kitOf(t, "emoji-space.rules.yaml", []string{"p1-vs-n1b", "mantis"},
		rulestest.Scenario{Name: "short", Src: "options: {max-rounds: 3}\na: {units: {P1: 1}}\nb: {units: {N2b: 1}}\n"},
	).Run(t)
}

func TestConformanceSecondDawn(t *testing.T) {
	kitOf(t, "second-dawn.rules.yaml", []string{"eclipse-interceptor-duel", "eclipse-two-cruisers-vs-interceptor-and-cruiser"},
		rulestest.Scenario{Name: "priority", Src: "a: {units: {Interceptor: 2, Cruiser: 1}, policy: priority, priority: [Dreadnought]}\nb: {units: {Dreadnought: 1, Interceptor: 1}, policy: priority, priority: [Cruiser]}\n"},
	).Run(t)
}
