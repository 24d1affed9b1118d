package rulesfile

import (
	"slices"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulesfile/program"
)

// derivedStats is a fleet whose attack, speed and energy are derived from
// other stats by formulas, and read wherever a stat is: a hit condition,
// the initiative order, the targeting size, a part's cost, a unit's check
// and a hook.
const derivedStats = `title: derived stats
options:
  veteran: {default: false, values: [false, true], doc: "true gives every ship a point of skill"}
stats:
  skill: {default: 1, doc: "the crew's skill"}
  computer: {doc: "what the ship's computers add"}
  sources: {doc: "the ship's energy sources"}
  attack: {formula: "skill + computer + (options.veteran ? 1 : 0)", doc: "what a die adds to hit"}
  speed: {formula: "attack * 2 - skill", doc: "who fires first"}
  energy: {formula: "3 * sources", doc: "the energy the parts may use"}
  bulk: {formula: "hp + attack", doc: "how large the ship is to targeting"}
parts:
  Gun: {cost: {energy: 2}, weapons: {gun: 1}}
  Computer: {cost: {energy: 1}, computer: 1}
  Source: {sources: 1}
weapons:
  gun: {hit: "face + self.attack >= 6", damage: 1}
units:
  Scout: {hp: 1, parts: [Gun, Source]}
  Hunter: {hp: 2, skill: 2, parts: [Gun, Computer, Source], checks: [{rule: "attack >= 3", says: "a Hunter needs an attack of 3"}]}
targeting: {default: largest-first, size: bulk}
round:
  - fire: {order: initiative, initiative: speed, ties: b}
  - hook: tally
side-tracks:
  hits: {max: 1000, doc: "a side's ships' attack summed, once a round"}
hooks: |
  def tally(battle):
      for u in battle.units("a"):
          if u.alive:
              battle.a.hits = battle.a.hits + u.attack
cap: 20
counters:
  hits: {value: side.hits, per: side, doc: "the attack of the side's ships left, summed over the rounds"}
`

// written is derivedStats with each unit's derived stats written out by
// hand: attack = skill + computer, speed = 2·attack − skill, energy = 3,
// bulk = hp + attack.
func written(veteran int) string {
	src := derivedStats
	for _, r := range []struct{ from, to string }{
		{`  attack: {formula: "skill + computer + (options.veteran ? 1 : 0)", doc: "what a die adds to hit"}`, `  attack: {doc: "what a die adds to hit"}`},
		{`  speed: {formula: "attack * 2 - skill", doc: "who fires first"}`, `  speed: {doc: "who fires first"}`},
		{`  energy: {formula: "3 * sources", doc: "the energy the parts may use"}`, `  energy: {doc: "the energy the parts may use"}`},
		{`  bulk: {formula: "hp + attack", doc: "how large the ship is to targeting"}`, `  bulk: {doc: "how large the ship is to targeting"}`},
		{`Scout: {hp: 1,`, `Scout: {hp: 1, attack: ` + program.Itoa(1+veteran) + `, speed: ` + program.Itoa(1+2*veteran) + `, energy: 3, bulk: ` + program.Itoa(2+veteran) + `,`},
		{`Hunter: {hp: 2, skill: 2,`, `Hunter: {hp: 2, skill: 2, attack: ` + program.Itoa(3+veteran) + `, speed: ` + program.Itoa(4+2*veteran) + `, energy: 3, bulk: ` + program.Itoa(5+veteran) + `,`},
	} {
		if !strings.Contains(src, r.from) {
			panic("written: no " + r.from)
		}
		src = strings.Replace(src, r.from, r.to, 1)
	}
	return src
}

// A derived stat is the stat written out: the same battles, draw for
// draw, as the file whose units give the values by hand, with and without
// the option a formula reads.
func TestDerivedStats(t *testing.T) {
	sides := "a: {units: {Scout: 3, Hunter: 1}}\nb: {units: {Hunter: 2}}\n"
	for veteran, opt := range []string{"", "options: {veteran: true}\n"} {
		got := run(t, compileOf(t, derivedStats, opt+sides), 20000)
		want := run(t, compileOf(t, written(veteran), opt+sides), 20000)
		if got.Wins != want.Wins || !slices.Equal(got.Ends, want.Ends) || !slices.Equal(got.Counters, want.Counters) {
			t.Errorf("veteran %d: derived: wins %v counters %v; written: wins %v counters %v", veteran, got.Wins, got.Counters, want.Wins, want.Counters)
		}
		if got.Wins[rules.A] == 0 || got.Wins[rules.B] == 0 {
			t.Errorf("veteran %d: a one-sided battle tells little: wins %v", veteran, got.Wins)
		}
	}
}

// A derived stat is refused where a value is given for it, and a formula
// reads only the stats before it.
func TestDerivedStatErrors(t *testing.T) {
	duel := "a: {units: {u: 1}}\nb: {units: {u: 1}}\n"
	for _, c := range []struct{ name, rules, want string }{
		{"a unit that sets a derived stat",
			"title: t\nstats:\n  skill: {doc: s}\n  attack: {formula: \"skill + 1\", doc: a}\nunits:\n  u: {hp: 1, attack: 3}\nround:\n  - contest: {roll: d6, winner: [{damage: 1}]}\n",
			`test.rules.yaml:6:22: rules.units.u.attack: stat attack is derived by its formula (skill + 1): give the stats it reads, not the stat itself`},
		{"a derived stat with a default",
			"title: t\nstats:\n  attack: {formula: \"1\", default: 2, doc: a}\nunits:\n  u: {hp: 1}\nround:\n  - contest: {roll: d6, winner: [{damage: 1}]}\n",
			`test.rules.yaml:3:35: rules.stats.attack.default: stat attack is derived by its formula (1): it has no default`},
		{"a formula that reads a later derived stat",
			"title: t\nstats:\n  attack: {formula: \"speed + 1\", doc: a}\n  speed: {formula: \"2\", doc: s}\nunits:\n  u: {hp: 1}\nround:\n  - contest: {roll: d6, winner: [{damage: 1}]}\n",
			`test.rules.yaml:3:22: rules.stats.attack.formula: in "speed + 1": unknown stat "speed" (stats: hp)`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Compile(documentOf(t, "test.rules.yaml", c.rules, duel))
			if err == nil || !strings.HasPrefix(err.Error(), c.want) {
				t.Errorf("got  %v\nwant %s", err, c.want)
			}
		})
	}
}
