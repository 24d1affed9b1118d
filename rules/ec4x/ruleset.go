// Package ec4x is the EC4X squadron-combat ruleset (`ec4x`): task forces
// of squadrons fight rounds of Ambush, Intercept and Main Engagement until
// at most one is left, a stalemate is declared or the round cap is reached,
// with the round of the EC4X desperation-round amendment. README.md in this
// directory explains the rules for designers; its numbered sections are
// what comments cite as §N. REFERENCE.md lists every field, option,
// catalogue, counter and end (`crucible rules ec4x`).
//
// Two profiles (§9): `spec` (default) plays the combat chapter of the
// game's operations document (its §7) as written plus the amendment (§3,
// spec.go); `nim-2025-11` plays the November 2025 Nim engine with every
// quirk of §4.9, its LCG and its `a0` ship table (§4, nim.go), and
// reproduces the fixture of §6 (testdata/) attack line for attack line. The §5 test-suite generator (generator.go) is a scenario kind:
//
//	ruleset: ec4x
//	options: {profile: nim-2025-11}
//	suite: {baseSeed: 12345, count: 500}   # trial i plays test i
//
// A fixed battle lists its task forces (§2.3):
//
//	ruleset: ec4x
//	options: {profile: spec, desperation: on, ships: spec, max-rounds: 20}
//	taskForces:
//	  - {house: house-invader, roe: 6, prestige: 60, tech: 2, squadrons: [{id: inv-1, flagship: Cruiser, escorts: [Battleship]}]}
//	  - {house: house-defender, prestige: 70, homeworld: true, squadrons: [{id: def-1, flagship: Cruiser, escorts: [Fighter, Battleship]}]}
//
// Under nim-2025-11 a fixed battle may give `seed:`, the LCG's seed (§4.1),
// which makes every trial the same battle (crucible export writes the
// test's seed there, so that an exported test replays the suite's battle).
//
// Side a is the first task force, side b the second, labelled by their
// houses (TF 1 and TF 2 in a suite); counters a.victor, b.victor,
// tf3.victor … and a.survivors, b.survivors, tf3.survivors … cover every
// task force of battles of up to 12 (a victor among TFs 3-12 reports no
// winner side, and its tfK.victor says which). A suite adds a
// per-scenario-type breakdown: type.<type>.tests, .rounds, .victor,
// .desperation and .stalemate.
package ec4x

import (
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
)

type ruleset struct{}

func init() { rules.Register(ruleset{}) }

// ID implements rules.Ruleset.
func (ruleset) ID() string { return "ec4x" }

// Compile implements rules.Ruleset.
func (ruleset) Compile(n *doc.Node) (rules.Battle, error) {
	b, err := Compile(n)
	if err != nil {
		return nil, err
	}
	if b.Suite != nil {
		return SuiteBattle{b}, nil
	}
	return b, nil
}
