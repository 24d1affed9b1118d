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
	{Name: optTieRule, Default: "flip-off", Words: []string{"flip-off", "underdog"}, Doc: "How a tied contested roll is decided: flip-off (the final rules) — the tied fighters flip one coin each, tails are out, until one is left; underdog (an earlier draft) — the fighter who flipped fewer coins wins, equal pools flip one coin."}, // §2.3, §5 tie rule
	{Name: optS1, Default: "skill-agility", Words: []string{"skill-agility", "attack-pool", "coin"}, Doc: "The initiative pool each round: skill-agility — training + dexterity − armor dexterity penalty − weapon weight (at least 0); attack-pool — the Attack Ability; coin — one coin each."},                                          // §5 S1
	{Name: optS2, Default: "one-blow", Words: []string{"one-blow", "both-strike"}, Doc: "Blows per round: one-blow — the initiative winner strikes, the loser only defends; both-strike — the loser, if alive, strikes back in the same round."},                                                                                           // §5 S2
	{Name: optS3Defense, Default: "armor-combat-dex", Words: []string{"armor-combat-dex", "armor-combat"}, Doc: "The Defense Ability: armor-combat-dex — armor value + combat points + dexterity; armor-combat — armor value + combat points (smaller defense pools, more hits)."},                                                         // §5 S3
	{Name: optS3DexPen, Default: "initiative-only", Words: []string{"initiative-only", "everywhere"}, Doc: "Where an armor's dexterity penalty applies: initiative-only — only to the initiative pool; everywhere — also to the dexterity in Attack and Defense."},                                                                         // §5 S3
	{Name: optS4, Default: "total", Words: []string{"total", "pain-only"}, Doc: "When an attack fails outright: total — when Attack − the Pain roll − Incapacitation − Crippling is 0 or less; pain-only — only when the Pain roll alone reaches the Attack Ability (the pool is otherwise floored at 0)."},                                // §5 S4
	{Name: optS5Damage, Default: "weapon-profile", Words: []string{"weapon-profile"}, Doc: "What a hit deals: weapon-profile — Pain, Crippling and Incapacitation each a coin roll of the weapon's damage, lethality and incap (the only reading)."},                                                                                       // §5 S5
	{Name: optS5Margin, Default: "false", Words: []string{"true", "false"}, Doc: "true adds the attack's margin of heads over the defense to the Pain dealt; false does not."},                                                                                                                                                             // §5 S5
	{Name: optS6, Default: "highwater-increase", Words: []string{"highwater-increase", "every-hit"}, Doc: "How Crippling costs Life Coins: highwater-increase — only by how much a hit raises the Crippling level; every-hit — every hit costs its whole Crippling amount."},                                                               // §5 S6
	{Name: optS7, Default: "end-of-round", Words: []string{"end-of-round", "start-of-round"}, Doc: "When the Life check of a fighter at or below the threshold happens: end-of-round or start-of-round."},                                                                                                                                  // §5 S7
	{Name: optThreshold, Default: "15", Ints: &doc.Range{Min: 0, Max: 63}, Doc: "A fighter with this many Life Coins or fewer makes a Life check every round (flip every coin; all tails loses one); the rules say 15."},                                                                                                                   // §5 S7, §2.9
	{Name: optS8, Default: "on", Words: []string{"on", "off"}, Doc: "on: a fighter whose Attack and Defense are both worn to 0 by Incapacitation and Crippling is helpless and loses; off: fights go on until death, concession or the round cap."},                                                                                        // §5 S8
	{Name: optRoundCap, Default: "200", Ints: &doc.Range{Min: 1, Max: maxRoundCap}, Doc: "The most rounds a bout lasts; a bout that reaches it ends with no winner (end round-cap)."},                                                                                                                                                      // §5 S8
	{Name: optS9, Default: "generic", Words: []string{"generic", "openings"}, Doc: "generic: each fighter has one attack and one defense, its weapon's; openings: each round a fighter sees a number of its listed moves set by a coin roll of its training and takes the best."},                                                          // §5 S9
	{Name: optBouts, Default: "1", Ints: &doc.Range{Min: 1, Max: maxBouts}, Doc: "The number of bouts the same pair fights in a row, Crippling and Life Coins carried from one to the next; a trial ends at the first death."},                                                                                                             // §5 S11
	{Name: optS12, Default: "2", Words: []string{"2"}, Doc: "The number of fighters in a duel: 2, the only value the rules define."},                                                                                                                                                                                                       // §5 S12
}

// sideOptions holds the per-side option (§5 S10), checked at `a.s10-concession`
// and `b.s10-concession`.
var sideOptions = rules.OptionSet{
	{
		Name:    optS10,
		Default: defaultConcede,
		Check:   func(v string) error { _, err := parseConcession(v); return err },
		Allowed: fmt.Sprintf("never, crippling>=N, coins<=N, or crippling>=N,coins<=N with N an integer from 0 to %d", maxConcedeN),
		Doc:     "When the side's fighter gives up (it loses, end concession), checked at the end of each round: never; crippling>=N — its Crippling level reaches N; coins<=N — its Life Coins fall to N; or either of the two.",
	},
}

// lifespanOptions are the options of a lifespan scenario (§9, §11).
var lifespanOptions = rules.OptionSet{
	{Name: optOldAge, Default: "off", Words: []string{"off", "on"}, Doc: "Lifespan only: on loses one Life Coin at every birthday from age 100; off does not."}, // §9 old-age
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
