// Package eclipse is the Eclipse: Second Dawn combat ruleset (`eclipse`):
// the part catalog, the Terran blueprints and NPC tiles, scenario
// validation, the damage-assignment policies and the Monte Carlo battle.
// The rules are /work/shared/rules/eclipse.md (cited as §N in comments);
// package exact solves the same battle analytically with the same engine.
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
