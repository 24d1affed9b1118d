package emojispace

import (
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
)

// Option names of §23, in the order every output echoes them.
const (
	optProfile      = "profile"
	optRedOverride  = "red-override"
	optMutualEscape = "mutual-escape"
	optCrewInCombat = "crew-in-combat"
	optMaxRounds    = "max-rounds"
	optEscapeResult = "escape-result"
	optTRCrew       = "tr-includes-crew"
	optActionIDBug  = "live-action-id-bug"
	// MaxRounds bounds option max-rounds (§23).
	MaxRounds = 10_000
)

// Profiles (§2): a profile only changes option defaults; an explicit option
// wins over it (§23).
const (
	profileContract = "contract"
	profileLive     = "live"
)

// profileOptions returns the option set with the defaults of a profile
// (§23's table).
func profileOptions(profile string) rules.OptionSet {
	live := profile == profileLive
	pick := func(contract, liveValue string) string {
		if live {
			return liveValue
		}
		return contract
	}
	return rules.OptionSet{
		{Name: optProfile, Default: profileContract, Words: []string{profileContract, profileLive}, // §2
			Doc: "which reading of the rules the other options default to: contract is the combat resolution contract as the game's batch resolver codes it; live is the game as it plays (additive RED, mutual escape ends the fight, no crew, both sides on focus-fire, the action-id bug). An option given explicitly wins over its profile default."},
		{Name: optRedOverride, Default: pick("strict", "additive"), Words: []string{"strict", "additive"}, // §12 step 5, §22 row 6
			Doc: "a RED subsystem's band: strict makes it 0 whatever the bonuses; additive starts it from 0 and still adds crew, focus and RPS bonuses."},
		{Name: optMutualEscape, Default: pick("resolve", "auto"), Words: []string{"resolve", "auto"}, // §12 step 6, §22 row 12
			Doc: "both ships choosing Attempt Escape in one round: resolve tests a's escape, then b's, as for one escape; auto ends the fight there with no winner (end mutual-escape)."},
		{Name: optCrewInCombat, Default: pick("true", "false"), Words: []string{"true", "false"}, // §8, §22 row 5
			Doc: "true applies the crew's band, action and repair bonuses and the legacy pilots' escape bonus; false treats every crew list as empty."},
		{Name: optMaxRounds, Default: "20", Ints: &doc.Range{Min: 1, Max: MaxRounds}, // §12 step 11
			Doc: "the round cap: a fight still on after this round ends with no winner (end round-cap)."},
		{Name: optEscapeResult, Default: "escaper-wins", Words: []string{"escaper-wins", "no-winner"}, // §16
			Doc: "who is scored the winner of a successful escape (end escaped): escaper-wins scores the ship that got away, as the game's resolver does; no-winner scores nobody, so that wins count only ships destroyed or surrendered to."},
		{Name: optTRCrew, Default: "false", Words: []string{"true", "false"}, // §17, §22 row 4
			Doc: "true adds the crew's band bonuses to the bands a ship's RCP and Threat Rating are computed from, as the contract reads; false leaves crew out, as the game codes it. Ratings only: combat is the same."},
		{Name: optActionIDBug, Default: pick("false", "true"), Words: []string{"true", "false"}, // §12 step 1
			Doc: "true reproduces the live game's bug that turns ship a's Repair Systems and Scan into Focus Fire; false plays them."},
	}
}

// Options are the rule options in force for a battle (§23).
type Options struct {
	Profile string
	// RedAdditive is red-override: additive (a RED subsystem still gets
	// crew, focus and RPS bonuses on top of 0); false is strict (0).
	RedAdditive bool
	// MutualEscapeAuto is mutual-escape: auto (both Attempt Escape: the
	// combat ends with no winner and no test).
	MutualEscapeAuto bool
	Assembly         AssemblyOptions
	MaxRounds        int
	// EscaperWins is escape-result: escaper-wins.
	EscaperWins bool
	// ActionIDBug is live-action-id-bug: A's Repair Systems and Scan become
	// Focus Fire.
	ActionIDBug bool
}

// resolveOptions reads the `options` mapping: first the profile, whose
// defaults the other options take, then every option.
func resolveOptions(n *doc.Node) (rules.Settings, Options, error) {
	profile, err := profileOptions(profileContract).Check(optProfile, n.Get(optProfile))
	if err != nil {
		return nil, Options{}, err
	}
	s, err := profileOptions(profile).Resolve(n)
	if err != nil {
		return nil, Options{}, err
	}
	return s, Options{
		Profile:          s.Get(optProfile),
		RedAdditive:      s.Get(optRedOverride) == "additive",
		MutualEscapeAuto: s.Get(optMutualEscape) == "auto",
		Assembly: AssemblyOptions{
			CrewInCombat:   s.Get(optCrewInCombat) == "true",
			TRIncludesCrew: s.Get(optTRCrew) == "true",
		},
		MaxRounds:   s.Int(optMaxRounds),
		EscaperWins: s.Get(optEscapeResult) == "escaper-wins",
		ActionIDBug: s.Get(optActionIDBug) == "true",
	}, nil
}

// defaultPolicy is a side's policy when the scenario gives none (§23):
// the contract's default selector, or the live enemy's (and the live
// player's, as crucible plays it) Focus Fire.
func defaultPolicy(profile string) string {
	if profile == profileLive {
		return "focus-fire"
	}
	return "default-selector"
}
