// Package dbd is the Death Before Dishonor ruleset (`dbd`, rules v0.1):
// a full game on the 157-hex board DBD-157-v1, BLUE (outcome side a)
// against RED (side b), both played by action policies. The rules are
// /work/shared/rules/dbd.md, cited as §N in comments (the user's rules are
// seed 002); its gap decisions G1–G19 are named options (options.go).
//
// A scenario is a dbd-scn-0.1 JSON blob (§12) accepted as it is: by itself
// (a plain .json file, recognised by its `schema` field; default options
// and policies), or wrapped in a crucible scenario:
//
//	ruleset: dbd
//	description: "the symmetric line, greedy against random"
//	scenario: {schema: dbd-scn-0.1, board: DBD-157-v1, standardsToWin: 5, terrain: {}, units: [...], turn: {...}}
//	policies: {blue: greedy, red: random}   # greedy (default), random, rollout
//	options: {first-side: alternate, greedy-profile: legion}
//
// or `scenario: my-battle.json`, a dbd-scn-0.1 file beside the wrapper.
//
// One battle is one game (§5): turns of 3 activations (§6), movement (§7),
// dice (§8), combat resolution (§9), retreats (§10), standards and the
// end (§11), from a dice stream and a policy stream seeded from the trial
// stream (§15). It ends by `standards`, `annihilation` or `turn-cap`;
// rounds are full rounds (player-turns started, halved, rounded up).
//
// The counters (§16, in crucible's naming): each side's standards, units,
// generals and HP lost; melee and ranged attacks, charges, flank attacks;
// retreat steps, cancellations, blocked steps and blocked kills; who moved
// first and whether the first or second mover won (a.moved-first is
// tallied by winner, and first-mover-edge, +1/−1/0 a game, has the
// first-mover advantage as its mean); retreat cascades; and one counter
// per hex for the units lost there (lost.hex.<id>) and the retreat steps
// blocked there (blocked.hex.<id>), which the report draws as heat maps
// (Spec.Board).
//
// A retreat cascade is a chain of retreat steps each caused by the one
// before: a step causes a later step of another unit when the later step
// is blocked and the hex the earlier step moved to would have been one of
// its options, or when the earlier step moved the unit away from a friend
// that was flanked and the later step is that friend's next retreat.
// retreat-cascade is the longest chain of a game (0 without retreats, 1
// for steps that caused nothing); cascading-steps counts the steps that
// blocked a later retreat or left a friend flanked.
package dbd

import (
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
)

type ruleset struct{}

func init() { rules.Register(ruleset{}) }

// ID implements rules.Ruleset.
func (ruleset) ID() string { return "dbd" }

// Schemas implements rules.SchemaReader: a document whose `schema` is
// dbd-scn-0.1 is a dbd scenario by itself (§12).
func (ruleset) Schemas() []string { return []string{Schema} }

// Compile implements rules.Ruleset.
func (ruleset) Compile(n *doc.Node) (rules.Battle, error) {
	b, err := Compile(n)
	if err != nil {
		return nil, err
	}
	return b, nil
}

// Includes implements rules.Includer: a wrapper's `scenario` may name a
// dbd-scn-0.1 file instead of holding the blob (§12).
func (ruleset) Includes() []string { return []string{"scenario"} }
