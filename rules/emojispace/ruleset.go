// Package emojispace is the EmojiSpace ship-duel ruleset (`emojispace`):
// the hull, module, secondary and crew catalogues, ship assembly from the
// contract's ship_state, the NPC ship generator, the action policies and
// the Monte Carlo duel of the combat resolution contract v0.11.2. The rules
// are /work/shared/rules/emojispace.md (cited as §N in comments); package
// exact solves a duel between two fixed ships analytically with the same
// pieces (EffectiveBands, EscapeFinal, ColourBand, RepairHeal).
//
// Side a is the contract's player, resolved first; side b the enemy.
package emojispace

import (
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
)

type ruleset struct{}

func init() { rules.Register(ruleset{}) }

// ID implements rules.Ruleset.
func (ruleset) ID() string { return "emojispace" }

// Compile implements rules.Ruleset.
func (ruleset) Compile(n *doc.Node) (rules.Battle, error) {
	b, err := Compile(n)
	if err != nil {
		return nil, err
	}
	return b, nil
}
