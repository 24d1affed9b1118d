package rulesfile

import (
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules/rulestest"
)

// Every mistake in a rules file is refused before a trial runs, with an
// error that names the file, line and column, the field or expression,
// and what is allowed (the nearest names where one is mistyped).
func TestErrorsAreLocated(t *testing.T) {
	duel := "a: {units: {u: 1}}\nb: {units: {u: 1}}\n"
	for _, c := range []struct {
		name, rules, scenario, want string
	}{
		{"unknown stat in an expression",
			"title: t\nstats:\n  shield: {doc: s}\nweapons:\n  gun: {hit: \"face + target.shiled >= 6\"}\nunits:\n  u: {weapons: {gun: 1}}\nround:\n  - fire: {order: simultaneous}\n",
			duel, `test.rules.yaml:5:29: rules.weapons.gun.hit: in "face + target.shiled >= 6": a unit has no "shiled" (it has: max_hp, shield, hp, alive, side, type); did you mean "shield"?`},
		{"type error in an expression",
			"title: t\nweapons:\n  gun: {hit: \"face + 'x'\"}\nunits:\n  u: {weapons: {gun: 1}}\nround:\n  - fire: {order: simultaneous}\n",
			duel, `test.rules.yaml:3:`},
		{"a contest that never ends",
			"title: t\nunits:\n  u: {hp: 1}\nround:\n  - contest: {roll: 3, ties: reroll, winner: [{damage: 1}]}\n",
			duel, `test.rules.yaml:5:15: rules.round[0].contest: this contest re-rolls its ties, but its rolls can only tie`},
		{"a unit with no way to take damage",
			"title: t\nstats:\n  shield: {doc: s}\nweapons:\n  gun: {hit: \"face > 6\"}\nunits:\n  u: {weapons: {gun: 1}}\nround:\n  - fire: {order: simultaneous}\n",
			duel, `test.rules.yaml:7:7: rules.units.u: unit u (side a) has no way to take damage`},
		{"a cycle of hooks",
			"title: t\nunits:\n  u: {hp: 1}\nround:\n  - hook: f\nhooks: |\n  def f(battle):\n    g(battle)\n  def g(battle):\n    f(battle)\n",
			duel, `test.rules.yaml:7:1: rules.hooks: the hooks call each other in a cycle (f → g → f)`},
		{"a mistyped part",
			"title: t\nstats:\n  slots: {doc: s}\nparts:\n  Ion Cannon: {cost: {slots: 1}}\nunits:\n  u: {slots: 1, parts: [ion cannon]}\nround:\n  - contest: {roll: d6, winner: [{damage: 1}]}\n",
			duel, `test.rules.yaml:7:25: rules.units.u.parts[0]: unknown part "ion cannon" (known: Ion Cannon); did you mean "Ion Cannon"?`},
		{"parts that cost more than the unit has",
			"title: t\nstats:\n  slots: {doc: s}\nparts:\n  P: {cost: {slots: 2}}\nunits:\n  u: {slots: 1, parts: [P]}\nround:\n  - contest: {roll: d6, winner: [{damage: 1}]}\n",
			duel, `test.rules.yaml:7:24: rules.units.u.parts: unit u's parts cost 2 slots, more than the 1 it has`},
		{"an unknown kind of extra hit",
			"title: t\nweapons:\n  gun: {crit: \"face == 6\", crit-hits: 1, crit-extra: critcal}\nunits:\n  u: {weapons: {gun: 1}}\nround:\n  - fire: {order: simultaneous}\n",
			duel, `test.rules.yaml:3:54: rules.weapons.gun.crit-extra: "critcal" is not a kind of extra hit (allowed: plain, critical)`},
		{"mortal-spill without mortal wounds",
			"title: t\nweapons:\n  gun: {mortal-spill: false}\nunits:\n  u: {weapons: {gun: 1}}\nround:\n  - fire: {order: simultaneous}\n",
			duel, `rules.weapons.gun.mortal-spill: mortal-spill needs ` + "`crit-mortal`"},
		{"pairs of a roll that is not dice",
			"title: t\nunits:\n  u: {hp: 1}\nround:\n  - contest: {roll: 3, compare: pairs, ties: b, winner: [{damage: 1}]}\n",
			duel, `test.rules.yaml:5:21: rules.round[0].contest.roll: compare: pairs compares dice one by one: this roll needs dice (NdX, or {dice: N, die: X}), not "3"`},
		{"pairs of kept dice",
			"title: t\nunits:\n  u: {hp: 1}\nround:\n  - contest: {roll: {dice: 3, die: 6, keep: {highest: 2}}, compare: pairs, ties: b, winner: [{damage: 1}]}\n",
			duel, `test.rules.yaml:5:46: rules.round[0].contest.roll.keep: compare: pairs compares each die as it falls: keep, which makes one result of the dice, does not go with it`},
		{"pairs without a tie rule",
			"title: t\nunits:\n  u: {hp: 1}\nround:\n  - contest: {roll: 3d6, compare: pairs, winner: [{damage: 1}]}\n",
			duel, `test.rules.yaml:5:15: rules.round[0].contest: compare: pairs needs ties, the rule for a pair of equal dice (ties: a, b, none, coin, fewer-dice, more-dice)`},
		{"pairs that re-roll a tie",
			"title: t\nunits:\n  u: {hp: 1}\nround:\n  - contest: {roll: 3d6, compare: pairs, ties: reroll, winner: [{damage: 1}]}\n",
			duel, `test.rules.yaml:5:48: rules.round[0].contest.ties: compare: pairs does not re-roll a tied pair`},
		{"an unknown way to compare",
			"title: t\nunits:\n  u: {hp: 1}\nround:\n  - contest: {roll: 3d6, compare: pair, ties: b, winner: [{damage: 1}]}\n",
			duel, `test.rules.yaml:5:35: rules.round[0].contest.compare: "pair" is not allowed (allowed: total, pairs); did you mean "pairs"?`},
		{"two names that read alike",
			"title: t\nstats:\n  fire-power: {doc: s}\ntracks:\n  fire_power: {max: 3, doc: p}\nunits:\n  u: {hp: 1}\nround:\n  - contest: {roll: d6, winner: [{damage: 1}]}\n",
			duel, `test.rules.yaml:5:16: rules.tracks.fire_power: track "fire_power" reads in expressions as fire_power, as the stat "fire-power" does: expressions could not tell them apart`},
		{"a hyphenated name read as a subtraction",
			"title: t\nstats:\n  fire-power: {doc: s}\nweapons:\n  gun: {hit: \"face >= self.fire-power\"}\nunits:\n  u: {weapons: {gun: 1}}\nround:\n  - fire: {order: simultaneous}\n",
			duel, `test.rules.yaml:5:28: rules.weapons.gun.hit: in "face >= self.fire-power": a unit has no "fire" (it has: max_hp, fire_power, hp, alive, side, type) (an expression reads fire-power as a subtraction: write fire_power)`},
		{"a name with a doubled hyphen",
			"title: t\nstats:\n  fire--power: {doc: s}\nunits:\n  u: {hp: 1}\nround:\n  - contest: {roll: d6, winner: [{damage: 1}]}\n",
			duel, `test.rules.yaml:3:17: rules.stats.fire--power: a stat name "fire--power" is not allowed: a name that expressions read holds lower-case letters, digits and underscores, not starting with a digit, words joined by single hyphens`},
		{"a side value that is both a count and a sum",
			"title: t\nside-values:\n  v: {count: \"self.hp > 1\", sum: \"self.hp\", doc: v}\nunits:\n  u: {hp: 1}\nround:\n  - contest: {roll: d6, winner: [{damage: 1}]}\n",
			duel, `test.rules.yaml:3:7: rules.side-values.v: a side value is {count: CONDITION} (its units not destroyed that meet it) or {sum: EXPRESSION} (summed over them), one of the two`},
		{"a side value that reads the sides",
			"title: t\nside-values:\n  v: {sum: \"side.alive\", doc: v}\nunits:\n  u: {hp: 1}\nround:\n  - contest: {roll: d6, winner: [{damage: 1}]}\n",
			duel, `test.rules.yaml:3:18: rules.side-values.v.sum: in "side.alive": side is not in scope here (here an expression may read: options, self)`},
		{"a side value with the name of a side's own",
			"title: t\nside-values:\n  armed: {sum: \"1\", doc: v}\nunits:\n  u: {hp: 1}\nround:\n  - contest: {roll: d6, winner: [{damage: 1}]}\n",
			duel, `test.rules.yaml:3:11: rules.side-values.armed: side value "armed" has the name of what every side has already (alive, hp, armed, lost, start, name)`},
		{"an unknown phase",
			"title: t\nunits:\n  u: {hp: 1}\nround:\n  - fier: {}\n",
			duel, `test.rules.yaml:5:11: rules.round[0].fier: unknown phase "fier" (allowed: fire, contest, each, hook); did you mean "fire"?`},
		{"an unknown unit in the scenario",
			"title: t\nunits:\n  duellist: {hp: 1}\nround:\n  - contest: {roll: d6, winner: [{damage: 1}]}\n",
			"a: {units: {dulelist: 1}}\nb: {units: {duellist: 1}}\n", `scenario.yaml:1:23: a.units.dulelist: unknown unit "dulelist" (known: duellist); did you mean "duellist"?`},
		{"a hook with the wrong parameters",
			"title: t\nunits:\n  u: {hp: 1}\nround:\n  - hook: f\nhooks: |\n  def f():\n    pass\n",
			duel, `test.rules.yaml:5:11: rules.round[0].hook: hook f takes 0 parameters`},
		{"a syntax error in the hooks",
			"title: t\nunits:\n  u: {hp: 1}\nround:\n  - hook: f\nhooks: |\n  def f(battle)\n    pass\n",
			duel, `test.rules.yaml:8:1: rules.hooks: in the hooks: got newline, want ':'`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Compile(documentOf(t, "test.rules.yaml", c.rules, c.scenario))
			if err == nil {
				t.Fatal("compiled")
			}
			if msg := rulestest.Located(err); msg != "" {
				t.Error(msg)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("got  %v\nwant %s", err, c.want)
			}
		})
	}
}
