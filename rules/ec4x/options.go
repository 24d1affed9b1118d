package ec4x

import (
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
)

// Option names (§9 items 9-12), in the order every output echoes them.
const (
	optProfile     = "profile"
	optDesperation = "desperation"
	optShips       = "ships"
	optMaxRounds   = "max-rounds"
)

// Profiles (§9 item 9): a profile only sets option defaults; an explicit
// option wins over it.
const (
	ProfileSpec = "spec"
	ProfileNim  = "nim-2025-11"
)

// MaxRounds bounds option max-rounds: an input bound beyond the rules
// (integer ≥ 1), far above any battle the rules can make.
const MaxRounds = 100_000

// profileOptions returns the option set with the defaults of a profile.
func profileOptions(profile string) rules.OptionSet {
	ships := SpecShips.Name
	if profile == ProfileNim {
		ships = A0Ships.Name // §9 item 11
	}
	return rules.OptionSet{
		{Name: optProfile, Default: ProfileSpec, Words: []string{ProfileSpec, ProfileNim}},   // §9 item 9
		{Name: optDesperation, Default: "on", Words: []string{"on", "off", "true", "false"}}, // §9 item 10
		{Name: optShips, Default: ships, Words: []string{SpecShips.Name, A0Ships.Name}},      // §9 item 11, §2.1
		{Name: optMaxRounds, Default: "20", Ints: &doc.Range{Min: 1, Max: MaxRounds}},        // §9 item 12
	}
}

// Options are the rule options in force for a battle (§9).
type Options struct {
	// Nim selects profile nim-2025-11 (§4); false is spec (§3).
	Nim bool
	// Desperation is option desperation: the round of seed 000 (§3.2 step
	// 6, §4.3 step 4).
	Desperation bool
	// Ships is the ship table of option ships (§2.1).
	Ships *Table
	// MaxRounds is option max-rounds (§3.2 step 6, §4.3).
	MaxRounds int
}

// Profile names the profile in force.
func (o Options) Profile() string {
	if o.Nim {
		return ProfileNim
	}
	return ProfileSpec
}

// resolveOptions reads the `options` mapping: first the profile, whose
// defaults the other options take, then every option. desperation's YAML
// spellings true and false are echoed as on and off.
func resolveOptions(n *doc.Node) (rules.Settings, Options, error) {
	profile, err := profileOptions(ProfileSpec).Check(optProfile, n.Get(optProfile))
	if err != nil {
		return nil, Options{}, err
	}
	s, err := profileOptions(profile).Resolve(n)
	if err != nil {
		return nil, Options{}, err
	}
	for i := range s {
		if s[i].Name == optDesperation {
			switch s[i].Value {
			case "true":
				s[i].Value = "on"
			case "false":
				s[i].Value = "off"
			}
		}
	}
	return s, Options{
		Nim:         profile == ProfileNim,
		Desperation: s.Get(optDesperation) == "on",
		Ships:       tableNamed(s.Get(optShips)),
		MaxRounds:   s.Int(optMaxRounds),
	}, nil
}
