// Package emojispace is the EmojiSpace ship-duel ruleset (`emojispace`):
// the hull, module, secondary and crew catalogues, ship assembly from the
// contract's ship_state, the NPC ship generator, the action policies and
// the Monte Carlo duel of the EmojiSpace Combat Resolution Contract v0.11.2.
// §N in comments cites the numbered sections of README.md beside this file
// ("The rules as crucible plays them"), and "contract §N" the contract's own
// sections; REFERENCE.md lists every scenario field, option, catalogue,
// counter and end reason (`crucible rules emojispace`). Package exact solves
// a duel between two fixed ships analytically with the same pieces
// (EffectiveBands, EscapeFinal, ColourBand, RepairHeal).
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
