// Package stratfight implements Strategic Fighting, the d2 duel of
// coin-flip pools, Flip-Offs, highwater damage and Life Coins. README.md in
// this folder says, for designers, how crucible plays it; its part "The
// rules as crucible plays them" is what comments cite as §N (and the
// sources as SF1–SF8). REFERENCE.md lists every field and option.
//
// A scenario is either a duel (the default) or a lifespan.
//
// Duel (§5, §6, §7):
//
//	ruleset: stratfight
//	kind: duel                     # optional, the default
//	options:                       # every option of §11, all optional
//	  tie-rule: flip-off           # flip-off | underdog
//	  s1-initiative: skill-agility # skill-agility | attack-pool | coin
//	  s2-exchange: one-blow        # one-blow | both-strike
//	  s3-defense: armor-combat-dex # armor-combat-dex | armor-combat
//	  s3-armor-dex-penalty: initiative-only   # initiative-only | everywhere
//	  s4-autofail: total           # total | pain-only
//	  s5-damage: weapon-profile    # weapon-profile
//	  s5-margin-to-pain: false     # true | false
//	  s6-crippling-coins: highwater-increase  # highwater-increase | every-hit
//	  s7-life-check: end-of-round  # end-of-round | start-of-round
//	  life-check-threshold: 15     # 0–63
//	  s8-helpless: on              # on | off
//	  round-cap: 200               # ≥ 1 (per bout)
//	  s9-moves: generic            # generic | openings
//	  bouts: 1                     # ≥ 1, with carry-over (S11)
//	  s12-fighters: 2              # 2
//	a:
//	  fighter: thug                # a built-in id (§6) or an inline fighter mapping
//	  s10-concession: "crippling>=3,coins<=15"  # never | crippling>=N | coins<=N | both
//	  armor: plate                 # overrides: name, weapon, armor, strength, dexterity,
//	                               # discipline, training, life_coins, crippling, moves
//	b:
//	  fighter:
//	    name: Duelist
//	    strength: 2
//	    dexterity: 4
//	    training: 5
//	    weapon: rapier             # or {name, categories, damage, lethality, incap, weight}
//	    armor: leather             # or {name, armor_value, dexterity_penalty}
//	    moves:                     # used with s9-moves: openings
//	      attack:  [{name: lunge, attack_mod: 1, lethality: 4}]
//	      defense: [{name: parry, defense_mod: 2}]
//
// Lifespan (§9):
//
//	ruleset: stratfight
//	kind: lifespan
//	start_coins: 30                # 1–63
//	stop_at_coins: 0               # 0 (death, default) … start_coins − 1
//	options:
//	  old-age: off                 # off | on
package stratfight

import (
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
)

// ID is the ruleset's name in scenario files.
const ID = "stratfight"

type ruleset struct{}

func init() { rules.Register(ruleset{}) }

// ID implements rules.Ruleset.
func (ruleset) ID() string { return ID }

// Compile implements rules.Ruleset: it validates a stratfight scenario of
// either kind and returns its battle.
func (ruleset) Compile(n *doc.Node) (rules.Battle, error) {
	if n == nil || n.Kind == doc.Null {
		var pos doc.Pos
		if n != nil {
			pos = n.Pos
		}
		return nil, &doc.Error{Pos: pos, Msg: "a stratfight scenario needs sides a and b (kind: duel) or start_coins (kind: lifespan)"}
	}
	if _, err := doc.Mapping(n, "expected a mapping with the stratfight fields (kind, options, a, b or start_coins, stop_at_coins)"); err != nil {
		return nil, err
	}
	kind := "duel"
	if k := n.Get("kind"); doc.Present(k) {
		var err error
		if kind, err = doc.OneOf(k, "duel", "lifespan"); err != nil {
			return nil, err
		}
	}
	if kind == "lifespan" {
		return compileLifespan(n)
	}
	return compileDuel(n)
}
