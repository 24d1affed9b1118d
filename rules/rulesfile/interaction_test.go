package rulesfile_test

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
)

// mechanic is one case of the interaction suite: a small rules file and
// scenario that isolate a mechanic, a metric of its battles, and that
// metric's distribution derived in the test (reference_test.go), by hand or
// by enumeration.
type mechanic struct {
	name   string
	rules  string // the rules file
	sides  string // the scenario's sides; "" is one shooter against one target
	metric string // a, b, none (wins), end:NAME (an end's share), counter:NAME (its mean)
	want   pmf    // the metric's distribution in one battle (a share's is bernoulli)
}

// volley is a battle of one round: side a's shooter fires gun once at side
// b's target (hp hit points), whose own weapon does nothing. Side a wins
// exactly when the volley destroys the target, so P(a wins) = P(damage ≥
// hp); otherwise the round cap ends it with no winner. more adds fields
// (stats, side tracks, options) to the file.
func volley(gun string, hp int, more string) string {
	return fmt.Sprintf(`title: one volley
%s
weapons:
  gun: %s
  blank: {hit: "true", damage: 0}
units:
  shooter: {hp: 1, weapons: {gun: 1}}
  target: {hp: %d, weapons: {blank: 1}}
round:
  - fire: {order: a-first}
cap: 1
`, more, gun, hp)
}

// contest is a battle of opposed rolls: each round side a's big and side
// b's small roll roll (big with faces 8 and dice 2, small with faces 6 and
// dice 3), ties settled by ties; the winner deals 1 damage.
func contest(roll, ties string, hpA, hpB, cap int) string {
	return fmt.Sprintf(`title: opposed rolls
stats:
  faces: {doc: "the faces of the unit's die"}
  dice: {doc: "how many dice it rolls"}
units:
  big: {hp: %d, faces: 8, dice: 2}
  small: {hp: %d, faces: 6, dice: 3}
round:
  - contest: {roll: %s, ties: %s, winner: [{damage: 1}]}
cap: %d
`, hpA, hpB, roll, ties, cap)
}

const contestSides = "a: {units: {big: 1}}\nb: {units: {small: 1}}\n"

// duel is a fire fight of one unit a side, hp 1 each, both hitting on 4+
// (a 1 in 2), fired in the given order (with the given ties), until one is
// destroyed.
func duel(order string, initA, initB int) string {
	return fmt.Sprintf(`title: a fire fight
stats:
  initiative: {doc: "who fires first"}
weapons:
  gun: {hit: "face >= 4"}
units:
  left: {hp: 1, initiative: %d, weapons: {gun: 1}}
  right: {hp: 1, initiative: %d, weapons: {gun: 1}}
round:
  - fire: %s
cap: 1000
`, initA, initB, order)
}

const duelSides = "a: {units: {left: 1}}\nb: {units: {right: 1}}\n"

// targets is a battle of one round: side a's shooter fires gun once at
// side b's small (hp 1) and big (hp 2) units, by side a's policy.
func targets(gun string) string {
	return fmt.Sprintf(`title: whom to hit
weapons:
  gun: %s
  blank: {hit: "true", damage: 0}
units:
  shooter: {hp: 1, weapons: {gun: 1}}
  small: {hp: 1, weapons: {blank: 1}}
  big: {hp: 2, weapons: {blank: 1}}
  target: {hp: 1, weapons: {blank: 1}}
round:
  - fire: {order: a-first}
cap: 1
`, gun)
}

func share(p float64) pmf { return bernoulli(p) }

func mechanics() []mechanic {
	d6 := dN(6)
	sixes := func(f int) bool { return f == 6 }
	ones := func(f int) bool { return f == 1 }
	big, small := dN(8), d6
	above, tie, below := compare(big, small)
	twoD6, threeD6 := d6.times(2), d6.times(3)
	over, even, _ := compare(twoD6, threeD6)
	explodingD6 := exploding(6, sixes, 20)
	// The 2d6 duel of the guide with 5 hit points against 4: each round
	// one hit, a fair coin; a wins when it scores 4 hits before b scores 5.
	firstTo := 0.0
	for k := 0; k <= 4; k++ { // b's hits when a scores its 4th
		firstTo += choose(3+k, k) / math.Pow(2, float64(4+k))
	}
	// Fire fights, p = 1/2 a shot: the first to fire wins with p + (1−p)²·…
	first := 0.5 / (1 - 0.25)
	return []mechanic{
		// Dice.
		{name: "NdX", rules: volley(`{damage: 3d6}`, 12, ""), metric: "a", want: share(threeD6.atLeast(12))},
		{name: "dX", rules: volley(`{damage: d8}`, 6, ""), metric: "a", want: share(dN(8).atLeast(6))},
		{name: "custom faces", rules: volley(`{damage: {dice: 3, die: [0, 0, 1, 1, 1, 2]}}`, 4, ""), metric: "a",
			want: share(uniform(0, 0, 1, 1, 1, 2).times(3).atLeast(4))},
		{name: "coin", rules: volley(`{damage: {dice: 5, die: coin}}`, 4, ""), metric: "a", want: share(binomial(5, 0.5).atLeast(4))},
		{name: "modifier", rules: volley(`{damage: 2d6+2}`, 10, ""), metric: "a", want: share(twoD6.atLeast(8))},
		{name: "threshold", rules: volley(`{attacks: 5, hit: "face >= 4"}`, 3, ""), metric: "a", want: share(binomial(5, 0.5).atLeast(3))},
		{name: "stat modifier to hit",
			rules: strings.Replace(volley(`{attacks: 4, hit: "face + self.skill >= 7"}`, 2, "stats: {skill: {doc: added to the die}}"),
				"shooter: {hp: 1,", "shooter: {hp: 1, skill: 2,", 1),
			metric: "a", want: share(binomial(4, 1.0/3).atLeast(2))},
		{name: "keep highest", rules: volley(`{damage: {dice: 4, die: 6, keep: {highest: 3}}}`, 14, ""), metric: "a",
			want: share(pool(d6, 4, sumFirst(3)).atLeast(14))},
		{name: "keep lowest", rules: volley(`{damage: {dice: 3, die: 6, keep: {lowest: 1}}}`, 3, ""), metric: "a",
			want: share(pool(d6, 3, func(f []int) int { return f[2] }).atLeast(3))},
		{name: "re-roll ones", rules: volley(`{damage: {dice: 2, die: 6, reroll: "face == 1"}}`, 9, ""), metric: "a",
			want: share(rerolledOnce(d6, ones).times(2).atLeast(9))},
		{name: "re-roll failures", rules: volley(`{attacks: 3, hit: "face >= 4", reroll: "face < 4"}`, 3, ""), metric: "a",
			want: share(math.Pow(0.75, 3))},
		{name: "shared re-roll budget of 1", rules: volley(`{attacks: 3, hit: "face >= 4", reroll: {when: "face < 4", budget: rerolls}}`, 3,
			`side-tracks: {rerolls: {start: 1, max: 1, doc: "re-rolls the side shares"}}`), metric: "a", want: share(budgeted(3, 0.5, 1).atLeast(3))},
		{name: "shared re-roll budget of 2", rules: volley(`{attacks: 4, hit: "face >= 4", reroll: {when: "face < 4", budget: rerolls}}`, 4,
			`side-tracks: {rerolls: {start: 2, max: 2, doc: "re-rolls the side shares"}}`), metric: "a", want: share(budgeted(4, 0.5, 2).atLeast(4))},
		{name: "shared re-roll budget across a pool of types",
			rules: strings.Replace(volley(`{hit: "face >= 4", reroll: {when: "face < 4", budget: rerolls}}`, 2,
				`side-tracks: {rerolls: {start: 1, max: 1, doc: "re-rolls the side shares"}}`),
				"  target:", "  gunner: {hp: 1, weapons: {gun: 1}}\n  target:", 1),
			sides:  "a: {units: {shooter: 1, gunner: 1}}\nb: {units: {target: 1}}\n",
			metric: "a", want: share(budgeted(2, 0.5, 1).atLeast(2))},
		{name: "exploding", rules: volley(`{damage: {dice: 1, die: 6, explode: "face == 6"}}`, 8, ""), metric: "a",
			want: share(explodingD6.atLeast(8))},
		{name: "exploding, keep highest", rules: volley(`{damage: {dice: 3, die: 6, keep: {highest: 2}, explode: "face == 6"}}`, 15, ""), metric: "a",
			want: share(pool(explodingD6.mapped(func(x int) int { return min(x, 40) }), 3, sumFirst(2)).atLeast(15))},
		{name: "exploding to a depth", rules: volley(`{damage: {dice: 1, die: 6, explode: "face == 6", explode-depth: 1}}`, 12, ""), metric: "a",
			want: share(exploding(6, sixes, 1).atLeast(12))},
		{name: "count successes", rules: volley(`{damage: {dice: 6, die: 6, count: "face >= 5"}}`, 3, ""), metric: "a",
			want: share(binomial(6, 1.0/3).atLeast(3))},
		{name: "damage roll per hit", rules: volley(`{attacks: 2, hit: "face >= 4", damage: d3}`, 4, ""), metric: "a",
			want: share(mixed([]float64{0.5, 0.5}, point(0), dN(3)).times(2).atLeast(4))},
		{name: "damage by the target", rules: volley(`{attacks: 2, hit: "face >= 4", damage: "target.max_hp / 2"}`, 4, ""), metric: "a", want: share(binomial(2, 0.5).atLeast(2))},

		// Criticals and their interactions.
		{name: "critical extra hits", rules: volley(`{attacks: 2, hit: "face >= 5", crit: "face == 6", crit-hits: 1}`, 3, ""), metric: "a",
			want: share(uniform(0, 0, 0, 0, 1, 2).times(2).atLeast(3))},
		{name: "critical auto-wounds", rules: volley(`{attacks: 2, hit: "face >= 4", crit: "face == 6", crit-wounds: true, wound: "face >= 5"}`, 2, ""),
			metric: "a", want: share(math.Pow(2.0/6*2.0/6+1.0/6, 2))},
		// A 6 scores a hit that wounds by itself and an extra hit that, plain,
		// rolls to wound (a 1 in 3); a 4 or 5 wounds on a 5+.
		{name: "critical extra hits, plain, with auto-wounds",
			rules:  volley(`{hit: "face >= 4", crit: "face == 6", crit-hits: 1, crit-wounds: true, wound: "face >= 5"}`, 2, ""),
			metric: "a", want: share(1.0 / 6 * 1.0 / 3)},
		// The other order: the extra hit is critical too, and wounds by itself.
		{name: "critical extra hits, critical, with auto-wounds",
			rules:  volley(`{hit: "face >= 4", crit: "face == 6", crit-hits: 1, crit-extra: critical, crit-wounds: true, wound: "face >= 5"}`, 2, ""),
			metric: "a", want: share(1.0 / 6)},

		// The hit → wound → save → damage pipeline.
		{name: "hit, wound, save", rules: volley(`{attacks: 4, hit: "face >= 3", wound: "face >= 4", save: "face >= 5"}`, 2, ""), metric: "a",
			want: share(binomial(4, 4.0/6*3.0/6*4.0/6).atLeast(2))},
		{name: "strength against toughness",
			rules: strings.NewReplacer("shooter: {hp: 1,", "shooter: {hp: 1, strength: 5,", "target: {hp: 2,", "target: {hp: 2, toughness: 4,").Replace(
				volley(`{attacks: 3, wound: "face >= (self.strength > target.toughness ? 3 : self.strength == target.toughness ? 4 : 5)"}`, 2,
					"stats: {strength: {doc: s}, toughness: {doc: t}}")),
			metric: "a", want: share(binomial(3, 4.0/6).atLeast(2))},
		{name: "armour reduces each hit",
			rules:  strings.Replace(volley(`{attacks: 3, hit: "face >= 4", damage: 3, reduce: "target.armor"}`, 4, "stats: {armor: {doc: a}}"), "target: {hp: 4,", "target: {hp: 4, armor: 1,", 1),
			metric: "a", want: share(binomial(3, 0.5).atLeast(2))},
		{name: "mortal wounds skip the save",
			rules:  volley(`{attacks: 3, wound: "face >= 2", crit-wound: "face == 6", crit-mortal: true, save: "face >= 1"}`, 2, ""),
			metric: "a", want: share(binomial(3, 1.0/6).atLeast(2))},
		// Two units of 1 hit point: a mortal wound of 2 damage spills its
		// second point onto the other, a plain one does not.
		{name: "mortal damage spills over",
			rules:  volley(`{wound: "face >= 2", crit-wound: "face == 6", crit-mortal: true, save: "face >= 1", damage: 2}`, 1, ""),
			sides:  "a: {units: {shooter: 1}}\nb: {units: {target: 2}}\n",
			metric: "counter:b.survivors.target", want: mixed([]float64{5.0 / 6, 1.0 / 6}, point(2), point(0))},
		{name: "mortal damage without spill-over",
			rules:  volley(`{wound: "face >= 2", crit-wound: "face == 6", crit-mortal: true, mortal-spill: false, save: "face >= 1", damage: 2}`, 1, ""),
			sides:  "a: {units: {shooter: 1}}\nb: {units: {target: 2}}\n",
			metric: "counter:b.survivors.target", want: mixed([]float64{5.0 / 6, 1.0 / 6}, point(2), point(1))},
		{name: "spill-over", rules: volley(`{hit: "face >= 4", damage: 3, spill: true}`, 1, ""),
			sides: "a: {units: {shooter: 1}}\nb: {units: {target: 3}}\n", metric: "a", want: share(0.5)},
		{name: "no spill-over", rules: volley(`{hit: "face >= 4", damage: 3}`, 1, ""),
			sides: "a: {units: {shooter: 1}}\nb: {units: {target: 3}}\n", metric: "counter:b.survivors.target", want: mixed([]float64{0.5, 0.5}, point(3), point(2))},
		// Each die of a weapon of three is tested against the shield: with
		// computer 2 and shield 1 a die hits on 5+ (and a 6 always).
		{name: "shields against a multi-hit weapon",
			rules: strings.NewReplacer("shooter: {hp: 1,", "shooter: {hp: 1, computer: 2,", "target: {hp: 2,", "target: {hp: 2, shield: 1,").Replace(
				volley(`{attacks: 3, hit: "face == 6 || face > 1 && face + self.computer - target.shield >= 6"}`, 2,
					"stats: {computer: {doc: c}, shield: {doc: s}}")),
			metric: "a", want: share(binomial(3, 1.0/3).atLeast(2))},

		// Opposed rolls: a d8 against a d6 (or 2d6 against 3d6), the winner
		// deals 1 damage to a 1-hit-point enemy.
		{name: "opposed, ties re-rolled", rules: contest(`{dice: 1, faces: self.faces}`, "reroll", 1, 1, 100), sides: contestSides,
			metric: "a", want: share(above / (above + below))},
		{name: "opposed, ties to a", rules: contest(`{dice: 1, faces: self.faces}`, "a", 1, 1, 1), sides: contestSides,
			metric: "a", want: share(above + tie)},
		{name: "opposed, ties to b", rules: contest(`{dice: 1, faces: self.faces}`, "b", 1, 1, 1), sides: contestSides,
			metric: "b", want: share(below + tie)},
		{name: "opposed, ties to nobody", rules: contest(`{dice: 1, faces: self.faces}`, "none", 1, 1, 1), sides: contestSides,
			metric: "none", want: share(tie)},
		{name: "opposed, ties to a coin", rules: contest(`{dice: 1, faces: self.faces}`, "coin", 1, 1, 1), sides: contestSides,
			metric: "a", want: share(above + tie/2)},
		{name: "opposed, ties to fewer dice", rules: contest(`{dice: self.dice, die: 6}`, "fewer-dice", 1, 1, 1), sides: contestSides,
			metric: "a", want: share(over + even)},
		{name: "opposed, ties to more dice", rules: contest(`{dice: self.dice, die: 6}`, "more-dice", 1, 1, 1), sides: contestSides,
			metric: "a", want: share(over)},
		{name: "first to four hits of 2d6 against 2d6", rules: strings.NewReplacer("faces: 8", "faces: 6").Replace(contest(`2d6`, "reroll", 5, 4, 1000)),
			sides: contestSides, metric: "a", want: share(firstTo)},

		// Who fires first.
		{name: "initiative ties to a", rules: duel(`{order: initiative, ties: a}`, 1, 1), sides: duelSides, metric: "a", want: share(first)},
		{name: "initiative ties to b", rules: duel(`{order: initiative, ties: b}`, 1, 1), sides: duelSides, metric: "a", want: share(1 - first)},
		{name: "higher initiative first", rules: duel(`{order: initiative, ties: a}`, 1, 2), sides: duelSides, metric: "a", want: share(1 - first)},
		{name: "initiative ties simultaneous", rules: duel(`{order: initiative, ties: simultaneous}`, 1, 1), sides: duelSides,
			metric: "end:mutual-destruction", want: share(0.25 / 0.75)},
		{name: "simultaneous fire", rules: duel(`{order: simultaneous}`, 1, 1), sides: duelSides, metric: "a", want: share(0.25 / 0.75)},
		{name: "sequential fire, b first", rules: duel(`{order: b-first}`, 1, 1), sides: duelSides, metric: "a", want: share(1 - first)},

		// Ends.
		{name: "retreat after three rounds",
			rules: strings.Replace(duel(`{order: simultaneous}`, 1, 1), `hit: "face >= 4"`, `hit: "face == 6"`, 1) +
				"ends: {retreat: {when: \"round >= 3\", victory: false, doc: both leave}}\n",
			sides: duelSides, metric: "end:retreat", want: share(math.Pow(25.0/36, 3))},
		{name: "a squad below half its strength breaks",
			rules: `title: breaking
weapons:
  gun: {attacks: 3, hit: "face >= 4"}
  blank: {hit: "true", damage: 0}
units:
  trooper: {hp: 1, weapons: {blank: 1}}
  shooter: {hp: 1, weapons: {gun: 1}}
round:
  - fire: {order: b-first}
cap: 1
ends:
  broken: {when: "side.alive * 2 < side.start", doc: "the squad flees"}
`, sides: "a: {units: {trooper: 3}}\nb: {units: {shooter: 1}}\n", metric: "end:broken", want: share(binomial(3, 0.5)[2])},
		{name: "round cap", rules: duel(`{order: simultaneous}`, 1, 1), sides: duelSides, metric: "end:round-cap", want: share(0)},

		// Targets.
		// The list names big first, but a hit of 1 cannot destroy it: the
		// hit goes down the list to one it destroys (priority is
		// largest-first with the list first).
		{name: "order of loss, past a unit the hit cannot destroy", rules: targets(`{hit: "face >= 4"}`),
			sides:  "a: {units: {shooter: 1}, policy: priority, priority: [big, small]}\nb: {units: {small: 1, big: 1}}\n",
			metric: "counter:b.survivors.small", want: bernoulli(0.5)},
		{name: "order of loss, the first on the list", rules: targets(`{hit: "face >= 4", damage: 2}`),
			sides:  "a: {units: {shooter: 1}, policy: priority, priority: [big, small]}\nb: {units: {small: 1, big: 1}}\n",
			metric: "counter:b.survivors.big", want: bernoulli(0.5)},
		{name: "kill-greedy takes the unit it destroys with no waste", rules: targets(`{hit: "face >= 4", damage: 2}`),
			sides:  "a: {units: {shooter: 1}, policy: kill-greedy}\nb: {units: {small: 1, big: 1}}\n",
			metric: "counter:b.survivors.big", want: bernoulli(0.5)},
		{name: "weakest first", rules: targets(`{hit: "face >= 4", damage: 2}`),
			sides:  "a: {units: {shooter: 1}, policy: weakest}\nb: {units: {small: 1, big: 1}}\n",
			metric: "counter:b.survivors.small", want: bernoulli(0.5)},
		{name: "random targets", rules: targets(`{damage: 1}`),
			sides:  "a: {units: {shooter: 1}, policy: random}\nb: {units: {small: 1, target: 1}}\n",
			metric: "counter:b.survivors.small", want: bernoulli(0.5)},

		// Phases, counters and hooks.
		{name: "missiles before the first round",
			rules: `title: missiles, then cannons
weapons:
  missile: {group: missile, attacks: 2, hit: "face >= 4"}
  cannon: {group: cannon, hit: "face >= 4"}
  blank: {group: cannon, hit: "true", damage: 0}
units:
  shooter: {hp: 1, weapons: {missile: 1, cannon: 1}}
  target: {hp: 2, weapons: {blank: 1}}
start:
  - fire: {weapons: missile, order: a-first}
round:
  - fire: {weapons: cannon, order: a-first}
cap: 1
`, metric: "a", want: share(binomial(3, 0.5).atLeast(2))},
		{name: "a counter over the state", rules: volley(`{attacks: 2, hit: "face >= 4"}`, 1, "") +
			"counters: {lost: {value: \"enemy.lost\", per: side, doc: the enemy's units lost}}\n",
			sides:  "a: {units: {shooter: 1}}\nb: {units: {target: 2}}\n",
			metric: "counter:a.lost", want: binomial(2, 0.5)},
		{name: "a hook's roll", rules: `title: a hook decides
weapons:
  blank: {hit: "true", damage: 0}
units:
  u: {hp: 1, weapons: {blank: 1}}
round:
  - hook: zap
cap: 1
ends:
  zapped: {doc: "the hook's 5+ on a d6 ends it"}
hooks: |
  def zap(battle):
      if battle.roll(1, 6) >= 5:
          battle.end("zapped", "b")
`, sides: "a: {units: {u: 1}}\nb: {units: {u: 1}}\n", metric: "a", want: share(1.0 / 3)},
	}
}

// Each mechanic's metric agrees with its reference: over 20,000 battles at
// a fixed seed, within 4.5 standard errors of the reference's mean (the
// standard error from the reference's own spread), and exactly where the
// reference is certain. Were the engine right, a check would fail with
// chance 6.8·10⁻⁶, under 5·10⁻⁴ for the whole suite.
func TestInteractionSuite(t *testing.T) {
	const trials = 20_000
	list := mechanics()
	if len(list) < 40 {
		t.Fatalf("the suite has %d mechanics; issue 27 asks for 40 at least", len(list))
	}
	dir := t.TempDir()
	for i, m := range list {
		t.Run(m.name, func(t *testing.T) {
			rf := filepath.Join(dir, fmt.Sprintf("m%d.rules.yaml", i))
			sc := filepath.Join(dir, fmt.Sprintf("m%d.yaml", i))
			sides := m.sides
			if sides == "" {
				sides = "a: {units: {shooter: 1}}\nb: {units: {target: 1}}\n"
			}
			write(t, rf, m.rules)
			write(t, sc, fmt.Sprintf("ruleset: ./m%d.rules.yaml\n%s", i, sides))
			got := measure(t, sc, m.metric, trials)
			want, sd := m.want.mean(), m.want.sd()
			if tol := 4.5 * sd / math.Sqrt(trials); math.Abs(got-want) > tol+1e-12 {
				t.Errorf("%s: %.5f over %d battles; the reference says %.5f (± %.5f allowed)", m.metric, got, trials, want, tol)
			}
		})
	}
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// measure runs the scenario and returns its metric: a share of the
// battles, or a counter's mean.
func measure(t *testing.T, scenario, metric string, trials int64) float64 {
	t.Helper()
	tl, b := runScenario(t, scenario, 27, trials)
	n := float64(trials)
	switch kind, name, _ := strings.Cut(metric, ":"); kind {
	case "a":
		return float64(tl.Wins[rules.A]) / n
	case "b":
		return float64(tl.Wins[rules.B]) / n
	case "none":
		return float64(tl.Wins[rules.None]) / n
	case "end":
		k := b.Spec().EndIndex(name)
		if k < 0 {
			t.Fatalf("no end %q (the ends: %v)", name, b.Spec().Ends)
		}
		return float64(tl.Ends[k]) / n
	case "counter":
		for k, c := range tl.CounterNames {
			if c == name {
				return float64(tl.Counters[k]) / n
			}
		}
		t.Fatalf("no counter %q (the counters: %v)", name, tl.CounterNames)
	}
	t.Fatalf("unknown metric %q", metric)
	return 0
}
