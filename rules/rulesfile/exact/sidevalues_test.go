package exact

import (
	"slices"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules/rulesfile"
	"github.com/crucible-sim/crucible/sim"
)

// generalRules is a battle that ends when a side's general falls: an end
// that reads the units through side values (how many generals a side has
// left, and its might: hit points weighted by rank), and a counter of the
// might left.
const generalRules = `title: the general falls
stats:
  rank: {doc: "1 for a general, 0 for a soldier"}
side-values:
  generals: {count: "self.rank == 1", doc: "the side's generals not destroyed"}
  might: {sum: "self.hp * (self.rank + 1)", doc: "the hit points of the side's units not destroyed, a general's counted twice"}
weapons:
  spear: {hit: "face >= 4"}
units:
  general: {hp: 2, rank: 1, weapons: {spear: 1}}
  soldier: {hp: 1, weapons: {spear: 1}}
targeting: {default: random}
round:
  - fire: {order: a-first}
ends:
  general-slain: {when: "side.generals == 0", doc: "a side whose general falls is routed"}
counters:
  might: {value: side.might, per: side, dist: true, doc: "the side's might at the end"}
`

// generalHook is the same battle with the side values worked out by a
// hook at the end of every round, into side tracks the end and the
// counter read.
var generalHook = strings.NewReplacer(
	`side-values:
  generals: {count: "self.rank == 1", doc: "the side's generals not destroyed"}
  might: {sum: "self.hp * (self.rank + 1)", doc: "the hit points of the side's units not destroyed, a general's counted twice"}
`, `side-tracks:
  generals: {max: 10, doc: "the side's generals not destroyed"}
  might: {max: 100, doc: "the side's might"}
`,
	`  - fire: {order: a-first}
`, `  - fire: {order: a-first}
  - hook: count
hooks: |
  def count(battle):
      for s in ["a", "b"]:
          g, m = 0, 0
          for u in battle.units(s):
              if u.alive:
                  g += 1 if u.rank == 1 else 0
                  m += u.hp * (u.rank + 1)
          side = battle.a if s == "a" else battle.b
          side.generals = g
          side.might = m
`).Replace(generalRules)

const generalSides = "a: {units: {general: 1, soldier: 2}}\nb: {units: {general: 1, soldier: 1}}\n"

// An end that reads the units through side values plays as the same end
// reading what a hook counts: the same battles draw for draw; and the
// exact answer, ends and the might counter's distribution included, is
// what Monte Carlo finds.
func TestSideValues(t *testing.T) {
	if !strings.Contains(generalHook, "hook: count") || strings.Contains(generalHook, "side-values") {
		t.Fatalf("the hook's file was not made:\n%s", generalHook)
	}
	fight := func(src string) *sim.Tally {
		b, err := rulesfile.Compile(documentOf(t, src, generalSides))
		if err != nil {
			t.Fatal(err)
		}
		tl, err := sim.Run(t.Context(), sim.Job{Battle: b, Key: sim.Key("general"), Seed: 7, Trials: 50_000, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		return tl
	}
	// The counters are not compared: a battle that ends by destruction in
	// the fire phase never reaches the hook, whose might is left a round
	// old, where a side value is worked out when it is read.
	got, want := fight(generalRules), fight(generalHook)
	if got.Wins != want.Wins || !slices.Equal(got.Ends, want.Ends) {
		t.Errorf("side values: wins %v ends %v; the hook: wins %v ends %v", got.Wins, got.Ends, want.Wins, want.Ends)
	}
	if slain := got.Ends[slices.Index(got.EndNames, "general-slain")]; slain == 0 || slain == got.Trials {
		t.Errorf("general-slain ended %d of %d battles: the test tells little", slain, got.Trials)
	}
	x, err := Solve(t.Context(), modelOf(t, generalRules, generalSides), Options{Rational: true})
	if err != nil {
		t.Fatal(err)
	}
	if diffs := agreement(got, x); len(diffs) > 0 {
		t.Errorf("Monte Carlo and the exact answer disagree (|z| > %g):\n%s", maxZ, strings.Join(diffs, "\n"))
	}
}
