package stratfight

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
)

// Option names and values of rules §11, in the order every output echoes.
const (
	optTieRule     = "tie-rule"
	optS1          = "s1-initiative"
	optS2          = "s2-exchange"
	optS3Defense   = "s3-defense"
	optS3DexPen    = "s3-armor-dex-penalty"
	optS4          = "s4-autofail"
	optS5Damage    = "s5-damage"
	optS5Margin    = "s5-margin-to-pain"
	optS6          = "s6-crippling-coins"
	optS7          = "s7-life-check"
	optThreshold   = "life-check-threshold"
	optS8          = "s8-helpless"
	optRoundCap    = "round-cap"
	optS9          = "s9-moves"
	optS10         = "s10-concession"
	optBouts       = "bouts"
	optS12         = "s12-fighters"
	optOldAge      = "old-age"
	maxRoundCap    = 1_000_000_000
	maxBouts       = 10_000
	maxConcedeN    = 1000
	defaultConcede = "crippling>=3,coins<=15"
)

// duelOptions are the options of a duel's `options:` mapping (§11). The
// per-side S10 option lives on each side (`a.s10-concession`).
var duelOptions = rules.OptionSet{
	{Name: optTieRule, Default: "flip-off", Words: []string{"flip-off", "underdog"}},                       // §2.3, §5 tie rule
	{Name: optS1, Default: "skill-agility", Words: []string{"skill-agility", "attack-pool", "coin"}},       // §5 S1
	{Name: optS2, Default: "one-blow", Words: []string{"one-blow", "both-strike"}},                         // §5 S2
	{Name: optS3Defense, Default: "armor-combat-dex", Words: []string{"armor-combat-dex", "armor-combat"}}, // §5 S3
	{Name: optS3DexPen, Default: "initiative-only", Words: []string{"initiative-only", "everywhere"}},      // §5 S3
	{Name: optS4, Default: "total", Words: []string{"total", "pain-only"}},                                 // §5 S4
	{Name: optS5Damage, Default: "weapon-profile", Words: []string{"weapon-profile"}},                      // §5 S5
	{Name: optS5Margin, Default: "false", Words: []string{"true", "false"}},                                // §5 S5
	{Name: optS6, Default: "highwater-increase", Words: []string{"highwater-increase", "every-hit"}},       // §5 S6
	{Name: optS7, Default: "end-of-round", Words: []string{"end-of-round", "start-of-round"}},              // §5 S7
	{Name: optThreshold, Default: "15", Ints: &doc.Range{Min: 0, Max: 63}},                                 // §5 S7, §2.9
	{Name: optS8, Default: "on", Words: []string{"on", "off"}},                                             // §5 S8
	{Name: optRoundCap, Default: "200", Ints: &doc.Range{Min: 1, Max: maxRoundCap}},                        // §5 S8
	{Name: optS9, Default: "generic", Words: []string{"generic", "openings"}},                              // §5 S9
	{Name: optBouts, Default: "1", Ints: &doc.Range{Min: 1, Max: maxBouts}},                                // §5 S11
	{Name: optS12, Default: "2", Words: []string{"2"}},                                                     // §5 S12
}

// sideOptions holds the per-side option (§5 S10), checked at `a.s10-concession`
// and `b.s10-concession`.
var sideOptions = rules.OptionSet{
	{
		Name:    optS10,
		Default: defaultConcede,
		Check:   func(v string) error { _, err := parseConcession(v); return err },
		Allowed: fmt.Sprintf("never, crippling>=N, coins<=N, or crippling>=N,coins<=N with N an integer from 0 to %d", maxConcedeN),
	},
}

// lifespanOptions are the options of a lifespan scenario (§9, §11).
var lifespanOptions = rules.OptionSet{
	{Name: optOldAge, Default: "off", Words: []string{"off", "on"}}, // §9 old-age
}

type s1Initiative uint8

const (
	initSkillAgility s1Initiative = iota
	initAttackPool
	initCoin
)

type s3Defense uint8

const (
	defArmorCombatDex s3Defense = iota
	defArmorCombat
)

// concession is the automated fighter's stopping rule (§5 S10). A negative
// field is absent.
type concession struct {
	crip  int // concede when the Crippling level ≥ crip
	coins int // concede when Life Coins ≤ coins
}

var never = concession{crip: -1, coins: -1}

// parseConcession reads `never`, `crippling>=N`, `coins<=N` or both joined by
// a comma (in either order; spaces around the parts are allowed).
func parseConcession(v string) (concession, error) {
	s := strings.TrimSpace(v)
	if s == "never" {
		return never, nil
	}
	c := never
	parts := strings.Split(s, ",")
	if len(parts) > 2 {
		return never, fmt.Errorf("%q has more than two conditions", v)
	}
	for _, p := range parts {
		p = strings.TrimSpace(p)
		var rest string
		var dst *int
		var what string
		switch {
		case strings.HasPrefix(p, "crippling>="):
			rest, dst, what = p[len("crippling>="):], &c.crip, "crippling>=N"
		case strings.HasPrefix(p, "coins<="):
			rest, dst, what = p[len("coins<="):], &c.coins, "coins<=N"
		default:
			return never, fmt.Errorf("%q is not allowed", v)
		}
		if *dst >= 0 {
			return never, fmt.Errorf("%q gives %s twice", v, what)
		}
		n, err := strconv.Atoi(strings.TrimSpace(rest))
		if err != nil || n < 0 || n > maxConcedeN {
			return never, fmt.Errorf("%q: N in %s must be an integer from 0 to %d", v, what, maxConcedeN)
		}
		*dst = n
	}
	return c, nil
}

// String writes the concession back in its canonical form.
func (c concession) String() string {
	switch {
	case c.crip < 0 && c.coins < 0:
		return "never"
	case c.coins < 0:
		return fmt.Sprintf("crippling>=%d", c.crip)
	case c.crip < 0:
		return fmt.Sprintf("coins<=%d", c.coins)
	}
	return fmt.Sprintf("crippling>=%d,coins<=%d", c.crip, c.coins)
}

// concedes applies §5 S10 at the end of a round.
func (c concession) concedes(crip, coins int) bool {
	return c.crip >= 0 && crip >= c.crip || c.coins >= 0 && coins <= c.coins
}

// duelOpts is the parsed form of the duel options (§11).
type duelOpts struct {
	underdog       bool // tie-rule underdog (§2.3 SF2)
	init           s1Initiative
	bothStrike     bool // S2
	defense        s3Defense
	dexEverywhere  bool // S3 armor dexterity penalty everywhere
	painOnly       bool // S4 pain-only
	marginToPain   bool // S5
	everyHit       bool // S6 every-hit
	checkAtStart   bool // S7 start-of-round
	threshold      int  // S7 life-check-threshold
	helpless       bool // S8
	roundCap       int64
	openings       bool // S9
	bouts          int  // S11
	concede        [2]concession
	concedeSetting [2]string
}

// parseDuelOpts reads the resolved duel options (§11) into their parsed
// form; the per-side concessions are read with the sides.
func parseDuelOpts(settings rules.Settings) duelOpts {
	o := duelOpts{
		underdog:      settings.Get(optTieRule) == "underdog",
		bothStrike:    settings.Get(optS2) == "both-strike",
		dexEverywhere: settings.Get(optS3DexPen) == "everywhere",
		painOnly:      settings.Get(optS4) == "pain-only",
		marginToPain:  settings.Get(optS5Margin) == "true",
		everyHit:      settings.Get(optS6) == "every-hit",
		checkAtStart:  settings.Get(optS7) == "start-of-round",
		threshold:     settings.Int(optThreshold),
		helpless:      settings.Get(optS8) == "on",
		roundCap:      int64(settings.Int(optRoundCap)),
		openings:      settings.Get(optS9) == "openings",
		bouts:         settings.Int(optBouts),
	}
	if settings.Get(optS3Defense) == "armor-combat" {
		o.defense = defArmorCombat
	}
	switch settings.Get(optS1) {
	case "attack-pool":
		o.init = initAttackPool
	case "coin":
		o.init = initCoin
	default:
		o.init = initSkillAgility
	}
	return o
}
