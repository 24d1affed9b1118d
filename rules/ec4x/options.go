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
		{Name: optProfile, Default: ProfileSpec, Words: []string{ProfileSpec, ProfileNim}, Doc: profileDoc},       // §9 item 9
		{Name: optDesperation, Default: "on", Words: []string{"on", "off", "true", "false"}, Doc: desperationDoc}, // §9 item 10
		{Name: optShips, Default: ships, Words: []string{SpecShips.Name, A0Ships.Name}, Doc: shipsDoc},            // §9 item 11, §2.1
		{Name: optMaxRounds, Default: "20", Ints: &doc.Range{Min: 1, Max: MaxRounds}, Doc: maxRoundsDoc},          // §9 item 12
	}
}

// What each option changes, for the reference (§9 items 9-12).
const (
	profileDoc = "which rules play the battle, and the defaults of the other options. " +
		"spec — the written combat rules with the desperation-round amendment, every random number from crucible's stream: for balance work. " +
		"nim-2025-11 — the game's November 2025 engine as it ran, every quirk included (§4.9), with its own random generator and the a0 ship table: " +
		"it replays that engine's 500-battle suite attack for attack, but its d10 alternates odd and even, so use it to reproduce, not to judge balance. " +
		"A profile only sets defaults: an option the scenario gives wins."
	desperationDoc = "the amendment's desperation round. " +
		"on — after 5 rounds in a row in which no squadron was crippled or destroyed, the next round gives every task force +2 on its Ambush and Main Engagement CER rolls (fighters roll no CER); " +
		"if that round changes nothing either, the battle ends in a tactical stalemate, otherwise it goes on (under nim-2025-11 as the original engine did it, §4.3). " +
		"off — the rules before the amendment: a battle that stalls runs on to max-rounds and ends in a forced stalemate. " +
		"true and false are read as on and off."
	shipsDoc = "the ship table that gives each class its AS, DS, CC and CR (the ships catalogue lists both). " +
		"spec — the game's reference table, every class but the spacelift ones. " +
		"a0 — the table the November 2025 engine loaded: weaker ships, no Corvette or Frigate, and LightCruiser, HeavyCruiser, SuperDreadnought and SuperCarrier all zero."
	maxRoundsDoc = "the most rounds a battle lasts: a battle still going after this many rounds ends in a forced stalemate, with no victor. " +
		"Under spec a desperation round counts toward it like any other round (nim-2025-11: §4.3)."
)

// Options are the rule options in force for a battle (§9).
type Options struct {
	// Nim selects profile nim-2025-11 (§4); false is spec (§3).
	Nim bool
	// Desperation is option desperation: the round of the EC4X
	// desperation-round amendment (§3.2 step 6, §4.3 step 4).
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
