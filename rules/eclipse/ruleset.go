// Package eclipse is the Eclipse: Second Dawn combat ruleset (`eclipse`):
// the part catalog, the Terran blueprints and NPC tiles, scenario
// validation, the battle engine and the Monte Carlo battle. The
// damage-assignment policies (§6), and the count of each side's ships the
// Monte Carlo battle plays them on, are package assign below it.
// README.md in this directory says, for designers, how crucible plays the
// game; its part "The rules as crucible plays them" is what the comments
// cite as §N. REFERENCE.md (`crucible rules eclipse`) lists every field,
// option, catalogue entry, policy, counter and end. Package exact solves
// the same battle analytically with the same engine.
//
// A scenario (§7; every field but attacker and defender optional):
//
//	ruleset: eclipse
//	options:
//	  stalemate: defender           # defender | draw (§13.13)
//	  same-side-ties: size          # size | listed (§13.14)
//	parts:                          # custom parts (§7 part fields)
//	  - {name: Twin Ion, cannon: {yellow: 2}, energy: 2}
//	blueprints:                     # custom blueprints on a hull or an NPC tile
//	  - {name: Antimatter Dreadnought, base: Dreadnought, parts: [Antimatter Cannon, Ion Cannon, Electron Computer, Hull, Hull, Nuclear Drive, Tachyon Source]}
//	attacker:
//	  ships: {Antimatter Dreadnought: 2, Interceptor: 1}   # blueprint: count
//	  policy: priority              # npc | kill-greedy | largest-killable-first | priority | optimal (exact only)
//	  priority: [Ancient]           # enemy types, with policy: priority
//	  retreat: never                # never | when-losing | after-round-N
//	  antimatter-splitter: true     # true | false
//	defender:
//	  kind: npc                     # player (default) | npc; an NPC side defends
//	  ships: {Ancient: 2}
package eclipse

import (
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
)

type ruleset struct{}

func init() { rules.Register(ruleset{}) }

// ID implements rules.Ruleset.
func (ruleset) ID() string { return "eclipse" }

// Compile implements rules.Ruleset for the Monte Carlo engine.
func (ruleset) Compile(n *doc.Node) (rules.Battle, error) {
	c, err := Compile(n)
	if err != nil {
		return nil, err
	}
	return c, nil
}
