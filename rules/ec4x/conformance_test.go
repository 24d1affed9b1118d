package ec4x

import (
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulestest"
)

// kit runs the shared conformance checks (rules/rulestest) on every
// built-in scenario and on variants that reach the other code paths:
// cloaked raiders and detection, starbases, every morale band, WEP levels,
// three and more task forces, the a0 table under spec, nim-2025-11 on a
// fixed battle seeded from the stream, desperation off, a small round cap.
func kit(t testing.TB) rulestest.Kit {
	return rulestest.Kit{
		Ruleset: ruleset{},
		Decoded: map[string]any{"": scenarioDoc{}, "taskForces[]": taskForceDoc{},
			"taskForces[].squadrons[]": squadronDoc{}, "suite": suiteDoc{}},
		Scenarios: append(rulestest.Files(t, "../../scenarios/builtin/ec4x/*.yaml"),
			rulestest.Scenario{Name: "raiders-vs-scouts", Src: `taskForces:
  - {house: raiders, prestige: 70, clk: 3, squadrons: [{id: r1, flagship: Raider}, {id: r2, flagship: Raider, escorts: [Scout]}]}
  - {house: pickets, prestige: 30, eli: 2, squadrons: [{id: p1, flagship: Scout}, {id: p2, flagship: Scout}, {id: p3, flagship: Destroyer, escorts: [Scout]}]}
`},
			rulestest.Scenario{Name: "starbase-three-way", Src: `options: {max-rounds: 7}
taskForces:
  - {house: fortress, prestige: 90, squadrons: [{id: sb, flagship: Starbase}, {id: f1, flagship: Fighter, escorts: [Fighter, Fighter]}]}
  - {house: fleet, prestige: 0, roe: 9, tech: 3, squadrons: [{id: bb, flagship: Battleship, escorts: [Cruiser, Destroyer]}, {id: cv, flagship: Carrier, escorts: [Fighter]}]}
  - {house: pirates, prestige: 15, roe: 2, clk: 5, squadrons: [{id: rd, flagship: Raider}]}
`},
			rulestest.Scenario{Name: "hidden-homeworld", Src: `taskForces:
  - {house: a, homeworld: true, clk: 5, squadrons: [{id: a1, flagship: Raider}]}
  - {house: b, clk: 5, squadrons: [{id: b1, flagship: Raider}]}
`},
			rulestest.Scenario{Name: "cancelled", Src: `taskForces:
  - {house: a, clk: 5, squadrons: [{id: a1, flagship: Raider}]}
  - {house: b, clk: 5, squadrons: [{id: b1, flagship: Raider}]}
`},
			rulestest.Scenario{Name: "nim-fixed", Src: `options: {profile: nim-2025-11, desperation: off, max-rounds: 30}
taskForces:
  - {house: x, morale: 2, squadrons: [{id: s, flagship: Battleship, escorts: [Raider]}, {id: s, flagship: Fighter}]}
  - {house: y, roe: 0, squadrons: [{id: t, flagship: Starbase}, {id: u, flagship: ETAC}]}
  - {house: z, roe: 10, homeworld: true, squadrons: [{id: v, flagship: Raider, escorts: [Raider]}]}
`},
			rulestest.Scenario{Name: "spec-a0-desperation", Src: `options: {ships: a0, desperation: true}
taskForces:
  - {house: i, prestige: 60, squadrons: [{id: i1, flagship: Cruiser, escorts: [Battleship]}]}
  - {house: d, prestige: 70, homeworld: true, squadrons: [{id: d1, flagship: Cruiser, escorts: [Fighter, Battleship]}]}
`},
			rulestest.Scenario{Name: "spec-suite", Src: "suite: {baseSeed: 7, count: 50}\n"},
		),
		Invalid: []string{
			"",
			"taskForces: []\n",
			"taskForces: [{house: a, squadrons: [{id: a, flagship: Cruiser}]}]\n",
			"taskForces: [{house: a, squadrons: [{id: a, flagship: Cruiser}]}, {house: b, squadrons: [{id: b, flagship: Gunboat}]}]\n",
			"taskForces: [{house: a, squadrons: [{id: a, flagship: Cruiser, escorts: [Battleship, Battleship, Battleship]}]}, {house: b, squadrons: [{id: b, flagship: Cruiser}]}]\n",
			"taskForces: [{house: a, squadrons: [{id: a, flagship: ETAC}]}, {house: b, squadrons: [{id: b, flagship: Cruiser}]}]\n",
			"taskForces: [{house: a, squadrons: [{id: a, flagship: Starbase, escorts: [Fighter]}]}, {house: b, squadrons: [{id: b, flagship: Cruiser}]}]\n",
			"taskForces: [{house: a, squadrons: [{id: a, flagship: Fighter, escorts: [Scout]}]}, {house: b, squadrons: [{id: b, flagship: Cruiser}]}]\n",
			"taskForces: [{house: a, squadrons: [{id: a, flagship: Cruiser}]}, {house: b, squadrons: [{id: a, flagship: Cruiser}]}]\n",
			"taskForces: [{house: a, squadrons: [{id: a, flagship: Cruiser}]}, {house: a, squadrons: [{id: b, flagship: Cruiser}]}]\n",
			"taskForces: [{house: a, roe: 11, squadrons: [{id: a, flagship: Cruiser}]}, {house: b, squadrons: [{id: b, flagship: Cruiser}]}]\n",
			"taskForces: [{house: a, morale: 1, squadrons: [{id: a, flagship: Cruiser}]}, {house: b, squadrons: [{id: b, flagship: Cruiser}]}]\n",
			"seed: 5\ntaskForces: [{house: a, squadrons: [{id: a, flagship: Cruiser}]}, {house: b, squadrons: [{id: b, flagship: Cruiser}]}]\n",
			"options: {profile: nim-2025-11}\ntaskForces: [{house: a, squadrons: [{id: a, flagship: Corvette}]}, {house: b, squadrons: [{id: b, flagship: Cruiser}]}]\n",
			"options: {profile: nim-2025-11}\ntaskForces: [{house: a, squadrons: [{id: a, flagship: Cruiser}]}]\n",
			"options: {desperation: maybe}\nsuite: {}\n",
			"options: {max-rounds: 0}\nsuite: {}\n",
			"options: {ships: b7}\nsuite: {}\n",
			"suite: {count: 0}\n",
			"suite: {baseSeed: 1}\ntaskForces: [{house: a, squadrons: [{id: a, flagship: Cruiser}]}, {house: b, squadrons: [{id: b, flagship: Cruiser}]}]\n",
			"options: {profile: nim-2025-11}\nseed: 3\nsuite: {}\n",
			"taskForces: [{house: a, tech: 11, squadrons: [{id: a, flagship: Cruiser}]}, {house: b, squadrons: [{id: b, flagship: Cruiser}]}]\n",
			"taskForces: [{house: a, squadrons: [{id: a, flagship: Cruiser, armour: 3}]}, {house: b, squadrons: [{id: b, flagship: Cruiser}]}]\n",
		},
		// Replay writes the log with fmt; Fight allocates nothing.
		TooLong: func(b rules.Battle) bool { return false },
	}
}

func TestConformance(t *testing.T) { kit(t).Run(t) }

// FuzzCompile: any document compiles or fails with a located error, never
// a panic; what compiles fights and replays the same battle. Run it with
//
//	go test -run '^$' -fuzz FuzzCompile -fuzztime 60s ./rules/ec4x/
func FuzzCompile(f *testing.F) { kit(f).Fuzz(f) }
