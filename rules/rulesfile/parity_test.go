package rulesfile_test

import (
	"math"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// The example rules files strategic-fighting, emoji-space and second-dawn
// write three of crucible's Go rulesets as rules files, and built-in
// scenarios of those rulesets have twins among the rules files' built-in
// scenarios: rulesfile/stratfight-X for stratfight/X, rulesfile/emojispace-X
// for emojispace/X, rulesfile/eclipse-X for eclipse/X (and fleet.rules.yaml,
// the guide's smaller Eclipse-like file, plays eclipse/fleet-mirror too).
// The two must play the same game: the same shares of wins for a, for b
// and for nobody.
//
// parityPairs lists the twins; parityLeftOut says, for every other built-in
// scenario of the three rulesets, what the rules file cannot say or why it
// has no twin here. (The exact solver's parity, rules/rulesfile/exact,
// translates every eclipse scenario second-dawn can say, blueprints and
// parts included, and compares fractions.)
var parityPairs = [][2]string{
	{"eclipse/fleet-mirror", "rulesfile/fleet-mirror"},
}

// eclipseOwnParts is why an eclipse scenario with blueprints or parts of
// its own has no twin here: the exact parity translates those.
const eclipseOwnParts = "its blueprints (designs of the rules file) are compared as exact fractions by rules/rulesfile/exact's parity test, which translates them; no built-in twin is kept here"

func init() {
	for _, s := range []string{"cruiser-vs-interceptor", "dreadnought-duel", "escorted-interceptors-vs-fleet", "fleet-mirror",
		"interceptor-duel", "interceptor-vs-ancient", "three-interceptors-vs-starbase", "two-cruisers-vs-guardian",
		"two-cruisers-vs-interceptor-and-cruiser", "two-dreadnoughts-vs-gcds", "two-interceptors-vs-ancient"} {
		parityPairs = append(parityPairs, [2]string{"eclipse/" + s, "rulesfile/eclipse-" + s})
	}
	for _, s := range []string{"arya-vs-mountain", "cat-vs-arya", "cat-vs-thug-no-concession", "jorah-vs-mountain",
		"mountain-vs-thug-plate-armor", "samwell-vs-guard", "thug-vs-guard"} {
		parityPairs = append(parityPairs, [2]string{"stratfight/" + s, "rulesfile/stratfight-" + s})
	}
	for _, s := range []string{"mantis-weapons-vs-n3b", "p0-vs-n1a", "p0-vs-n1b", "p0-vs-n2b", "p1-vs-n1b", "p1-vs-n2a",
		"p2-vs-n2a", "p3-vs-n3a", "p3-vs-n3b", "p3-vs-n5a", "p4-vs-n4a", "p5-vs-n5b"} {
		parityPairs = append(parityPairs, [2]string{"emojispace/" + s, "rulesfile/emojispace-" + s})
	}
}

// parityLeftOut names what strategic-fighting.rules.yaml and
// emoji-space.rules.yaml cannot say, by scenario name prefix.
var parityLeftOut = map[string]string{
	"eclipse/antimatter-splitter-vs-ancients":   "the Antimatter Splitter splits a red die's damage among ships, which no rules-file weapon does",
	"eclipse/interceptors-retreat-when-losing":  "a retreat declared at a type's activation and taken at its next is not in the file",
	"eclipse/cruiser-designs":                   eclipseOwnParts,
	"eclipse/fleet-mirror-upgraded":             eclipseOwnParts,
	"eclipse/missile-interceptor-vs-ancient":    eclipseOwnParts,
	"eclipse/missiles-vs-starbases":             eclipseOwnParts,
	"eclipse/shielded-interceptors-vs-gunship":  eclipseOwnParts,
	"eclipse/upgraded-three-types":              eclipseOwnParts,
	"stratfight/lifespan-":                      "a lifespan is no duel: one life of Life Coins lived second by second (stratfight §9)",
	"stratfight/guard-vs-thug-3-bouts":          "bouts (Pain and Incapacitation reset between bouts, the winner by bouts won) are not in the file",
	"stratfight/jorah-vs-mountain-openings":     "openings (a coin roll of moves seen, the best taken) are not in the file",
	"stratfight/thug-vs-guard-underdog":         "the underdog tie rule is not in the file (its ties are the Flip-Off's coin)",
	"emojispace/p0-vs-alien-vessel-pop":         "an NPC ship is drawn afresh every trial by the game's generator (emojispace §19)",
	"emojispace/p0-vs-blood-raider-pop":         "an NPC ship is drawn afresh every trial by the game's generator (emojispace §19)",
	"emojispace/p0-vs-bounty-hunter-pop":        "an NPC ship is drawn afresh every trial by the game's generator (emojispace §19)",
	"emojispace/p0-vs-civilian-patrol-ship-pop": "an NPC ship is drawn afresh every trial by the game's generator (emojispace §19)",
	"emojispace/p0-vs-civilian-trader-ship-pop": "an NPC ship is drawn afresh every trial by the game's generator (emojispace §19)",
	"emojispace/p0-vs-customs-patrol-pop":       "an NPC ship is drawn afresh every trial by the game's generator (emojispace §19)",
	"emojispace/p0-vs-derelict-ship-pop":        "an NPC ship is drawn afresh every trial by the game's generator (emojispace §19)",
	"emojispace/p0-vs-experimental-vessel-pop":  "an NPC ship is drawn afresh every trial by the game's generator (emojispace §19)",
	"emojispace/p0-vs-pirate-raider-pop":        "an NPC ship is drawn afresh every trial by the game's generator (emojispace §19)",
	"emojispace/p0-vs-pirate-raider-ship-pop":   "an NPC ship is drawn afresh every trial by the game's generator (emojispace §19)",
}

// Every built-in scenario of stratfight, emojispace and eclipse has a twin,
// or a reason why not.
func TestParityCoversTheBuiltins(t *testing.T) {
	list, err := scenarios.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	twin := map[string]bool{}
	for _, p := range parityPairs {
		twin[p[0]] = true
	}
	for _, e := range list {
		ruleset, _, _ := strings.Cut(e.Name, "/")
		if ruleset != "stratfight" && ruleset != "emojispace" && ruleset != "eclipse" || twin[e.Name] {
			continue
		}
		why := ""
		for prefix, reason := range parityLeftOut {
			if strings.HasPrefix(e.Name, prefix) {
				why = reason
			}
		}
		if why == "" {
			t.Errorf("%s has no twin among the rules files' scenarios and no reason why not", e.Name)
		}
	}
}

// shares is a run's wins of a, of b and of nobody, out of n.
type shares struct {
	wins [3]int64
	n    int64
}

func runShares(t *testing.T, name string, seed uint64, trials int64) shares {
	t.Helper()
	tl, _ := runScenario(t, name, seed, trials)
	return shares{wins: [3]int64{tl.Wins[rules.A], tl.Wins[rules.B], tl.Wins[rules.None]}, n: trials}
}

// runScenario loads, compiles and runs a scenario (a built-in's name or
// a path) at the seed, on its own streams.
func runScenario(t *testing.T, name string, seed uint64, trials int64) (*sim.Tally, rules.Battle) {
	t.Helper()
	sc, err := scenarios.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	b, err := sc.Compile()
	if err != nil {
		t.Fatal(err)
	}
	tl, err := sim.Run(t.Context(), sim.Job{Battle: b, Key: sim.Key(sc.StreamName()), Seed: seed, Trials: trials})
	if err != nil {
		t.Fatal(err)
	}
	return tl, b
}

// diff returns the difference of the share of outcome k between x and y
// and its standard error (two independent binomial samples).
func diff(x, y shares, k int) (d, se float64) {
	p := float64(x.wins[k]) / float64(x.n)
	q := float64(y.wins[k]) / float64(y.n)
	return p - q, math.Sqrt(p*(1-p)/float64(x.n) + q*(1-q)/float64(y.n))
}

var outcomeNames = [3]string{"a wins", "b wins", "no winner"}

// The short parity run, in every test run: 20,000 trials of each twin at a
// fixed seed, and each share's difference within 4.5 standard errors (a
// false alarm, were the games the same, has chance 6.8·10⁻⁶ a share, under
// 7·10⁻⁴ for the 93 shares). It catches a twin that plays another game by
// a point or more; the long test (parity_long_test.go) shows them within
// ±0.5 points.
func TestParityShort(t *testing.T) {
	const trials = 20_000
	eachTwin(t, trials, 27, func(t *testing.T, p [2]string, k int, d, se float64) {
		if math.Abs(d) > 4.5*se && d != 0 {
			t.Errorf("%s: %s − %s = %+.2f points (a difference of %.1f standard errors)", outcomeNames[k], p[0], p[1], 100*d, d/se)
		}
	})
}

// eachTwin runs each pair of twins, the Go ruleset's at seed and the rules
// file's at seed+1, and checks the difference d of each share (a wins, b
// wins, no winner) and its standard error se.
func eachTwin(t *testing.T, trials int64, seed uint64, check func(t *testing.T, p [2]string, k int, d, se float64)) {
	for _, p := range parityPairs {
		t.Run(p[1], func(t *testing.T) {
			goRun := runShares(t, p[0], seed, trials)
			fileRun := runShares(t, p[1], seed+1, trials)
			for k := range 3 {
				d, se := diff(goRun, fileRun, k)
				check(t, p, k, d, se)
			}
		})
	}
}
