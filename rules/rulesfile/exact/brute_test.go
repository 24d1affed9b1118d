package exact

import (
	"fmt"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulesfile"
	"github.com/crucible-sim/crucible/rules/rulesfile/fight"
)

// The brute-force truth of this file plays tiny battles with the Monte
// Carlo fighter's own program (rulesfile.Stepper), its random events
// answered by a Chooser that walks every sequence of dice, coins and
// choices, die by die, each with its probability: every round from every
// state it reaches, until every battle has ended (the battles below have
// small round caps, so the walk ends). It knows nothing of the solver's
// counting of dice, its distributions or its chain.

// sequences is a Chooser that walks every sequence of outcomes of a
// round's events, depth first.
type sequences struct {
	choice []int
	arity  []int
	weight []*big.Rat
	pos    int
}

func (e *sequences) take(n int, p func(k int) *big.Rat) int {
	if e.pos == len(e.choice) {
		e.choice, e.arity, e.weight = append(e.choice, 0), append(e.arity, n), append(e.weight, nil)
	}
	k := e.choice[e.pos]
	e.weight[e.pos] = p(k)
	e.pos++
	return k
}

func (e *sequences) Uniform(n int) int {
	return e.take(n, func(int) *big.Rat { return big.NewRat(1, int64(n)) })
}

// Heads flips the coins one by one.
func (e *sequences) Heads(n int) int {
	h := 0
	for range n {
		h += e.Uniform(2)
	}
	return h
}

// Multinomial rolls the dice one by one, each falling into class g with
// chance weights[g] / Σ weights.
func (e *sequences) Multinomial(n int, weights []int64, counts []int32) {
	var sum int64
	for _, w := range weights {
		sum += w
	}
	clear(counts)
	for range n {
		k := e.take(len(weights), func(k int) *big.Rat { return big.NewRat(weights[k], sum) })
		counts[k]++
	}
}

// prob is the probability of the sequence just played.
func (e *sequences) prob() *big.Rat {
	p := big.NewRat(1, 1)
	for _, w := range e.weight[:e.pos] {
		p.Mul(p, w)
	}
	return p
}

// next moves to the next sequence; false when none is left.
func (e *sequences) next() bool {
	e.choice, e.arity, e.weight = e.choice[:e.pos], e.arity[:e.pos], e.weight[:e.pos]
	for len(e.choice) > 0 {
		i := len(e.choice) - 1
		if e.choice[i]+1 < e.arity[i] {
			e.choice[i]++
			e.pos = 0
			return true
		}
		e.choice, e.arity, e.weight = e.choice[:i], e.arity[:i], e.weight[:i]
	}
	return false
}

// bruteAnswer is the brute force's answer: who wins, how battles end,
// the mean rounds and each counter's distribution.
type bruteAnswer struct {
	win      [3]*big.Rat
	ends     map[int]*big.Rat
	rounds   *big.Rat
	counters []map[int64]*big.Rat
}

// leaf is where a part of a battle ends: the state, where the battle
// stands, the probability.
type leaf struct {
	st   []int32
	step fight.Step
	p    *big.Rat
}

// playAll plays part (the start or one round) from st over every
// sequence of its events.
func playAll(st []int32, part func(st []int32, ch fight.Chooser) fight.Step) []leaf {
	var out []leaf
	e := &sequences{}
	for {
		next := slices.Clone(st)
		step := part(next, e)
		out = append(out, leaf{next, step, e.prob()})
		if !e.next() {
			return out
		}
	}
}

// brute solves a battle by playing every sequence of its events.
func brute(t *testing.T, b *rulesfile.Battle) *bruteAnswer {
	t.Helper()
	spec := b.Spec()
	ans := &bruteAnswer{ends: map[int]*big.Rat{}, rounds: new(big.Rat), counters: make([]map[int64]*big.Rat, len(spec.Counters))}
	for i := range ans.win {
		ans.win[i] = new(big.Rat)
	}
	for i := range ans.counters {
		ans.counters[i] = map[int64]*big.Rat{}
	}
	s := b.NewStepper()
	end := func(lf leaf) {
		o := rules.Outcome{Counters: make([]int64, len(spec.Counters))}
		s.Outcome(lf.st, lf.step, &o)
		ans.win[o.Winner].Add(ans.win[o.Winner], lf.p)
		if ans.ends[o.End] == nil {
			ans.ends[o.End] = new(big.Rat)
		}
		ans.ends[o.End].Add(ans.ends[o.End], lf.p)
		ans.rounds.Add(ans.rounds, new(big.Rat).Mul(lf.p, big.NewRat(o.Rounds, 1)))
		for k, v := range o.Counters {
			if ans.counters[k][v] == nil {
				ans.counters[k][v] = new(big.Rat)
			}
			ans.counters[k][v].Add(ans.counters[k][v], lf.p)
		}
	}
	st := make([]int32, b.StateLen())
	b.Initial(st)
	frontier := map[string]leaf{}
	for _, lf := range playAll(st, s.Start) {
		if lf.step.Over {
			end(lf)
		} else {
			addLeaf(frontier, lf)
		}
	}
	for rounds := 0; len(frontier) > 0; rounds++ {
		if rounds > 50 {
			t.Fatal("the brute force's battle has not ended after 50 rounds")
		}
		next := map[string]leaf{}
		for _, key := range slices.Sorted(mapKeys(frontier)) {
			at := frontier[key]
			for _, lf := range playAll(at.st, s.Round) {
				lf.p.Mul(lf.p, at.p)
				if lf.step.Over {
					end(lf)
				} else {
					addLeaf(next, lf)
				}
			}
		}
		frontier = next
	}
	return ans
}

func addLeaf(m map[string]leaf, lf leaf) {
	key := fmt.Sprint(lf.st)
	if old, ok := m[key]; ok {
		old.p.Add(old.p, lf.p)
		return
	}
	m[key] = lf
}

// tiny are battles small enough to enumerate die by die, each with the
// mechanics it exercises; their caps end every battle within a few
// rounds.
var tiny = []struct {
	name, rules, scenario string
}{
	{"hit and wound; crits that add a hit; a re-roll budget the pool shares; weakest", `title: t
side-tracks:
  rerolls: {start: 1, max: 1, doc: "x"}
weapons:
  rifle:
    attacks: 2
    die: 3
    hit: "face >= 2"
    reroll: {when: "face < 2", budget: rerolls}
    crit: "face == 3"
    crit-hits: 1
    wound: "face >= 4"
  claw: {die: 2, hit: "face == 2"}
units:
  trooper: {hp: 1, weapons: {rifle: 1}}
  veteran: {hp: 2, weapons: {claw: 1}}
  grunt: {hp: 1}
targeting: {default: weakest}
round:
  - fire: {order: simultaneous}
cap: 3
`, "a: {units: {trooper: 1}}\nb: {units: {veteran: 1, grunt: 1}}\n"},
	{"a save against one hit a round, by a side that fires second", `title: t
stats:
  save: {default: 7, doc: "x"}
weapons:
  rifle: {die: 3, hit: "face >= 2", wound: "face >= 3", save: "face >= target.save"}
units:
  trooper: {hp: 1, weapons: {rifle: 1}}
  veteran: {hp: 2, save: 4, weapons: {rifle: 1}}
targeting: {default: weakest}
round:
  - fire: {order: a-first}
cap: 3
`, "a: {units: {trooper: 1}}\nb: {units: {veteran: 1}}\n"},
	{"initiative order, missiles before the first round, kill-greedy, shields and computers", `title: t
stats:
  initiative: {doc: "x"}
  computer: {doc: "x"}
  shield: {doc: "x"}
weapons:
  ion: {group: cannon, die: 3, hit: "face == 3 || face + self.computer - target.shield >= 3", damage: 1}
  missile: {group: missile, die: 3, hit: "face == 3", damage: 2}
units:
  scout: {hp: 1, initiative: 2, computer: 1, weapons: {ion: 1}}
  brick: {hp: 2, initiative: 1, shield: 1, weapons: {ion: 1, missile: 1}}
targeting: {default: kill-greedy}
start:
  - fire: {weapons: missile, order: initiative, ties: b}
round:
  - fire: {weapons: cannon, order: initiative, ties: b}
cap: 3
`, "a: {units: {scout: 2}}\nb: {units: {brick: 1, scout: 1}}\n"},
	{"exploding dice, critical wounds that are mortal and spill over, largest-first", `title: t
stats:
  size: {default: 1, doc: "x"}
weapons:
  blaster:
    die: 3
    hit: "face >= 2"
    explode: "face == 3"
    explode-depth: 1
    wound: "face >= 4"
    crit-wound: "face == 6"
    crit-mortal: true
    damage: 2
  club: {die: 2, hit: "face == 2"}
units:
  gunner: {hp: 1, weapons: {blaster: 1}}
  ogre: {hp: 3, size: 3, weapons: {club: 1}}
  imp: {hp: 1}
targeting: {default: largest-first, size: size}
round:
  - fire: {order: b-first}
cap: 2
`, "a: {units: {gunner: 2}}\nb: {units: {ogre: 1, imp: 1}}\n"},
	{"random targets, damage as a roll, armor", `title: t
stats:
  armor: {doc: "x"}
weapons:
  axe: {die: 2, hit: "face == 2", damage: "d3", reduce: "target.armor"}
units:
  raider: {hp: 2, weapons: {axe: 1}}
  knight: {hp: 3, armor: 1, weapons: {axe: 2}}
targeting: {default: random}
round:
  - fire: {order: simultaneous}
cap: 3
`, "a: {units: {raider: 2}}\nb: {units: {knight: 1}}\n"},
	{"a contest whose ties go to a, an each phase that heals, a retreat after 2 rounds, a counter", `title: t
tracks:
  wounds: {start: 0, max: 3, doc: "x"}
units:
  brawler: {hp: 2}
  champion: {hp: 3}
round:
  - contest:
      roll: {dice: 1, die: 3, plus: "self.hp >= 2 ? 1 : 0"}
      ties: a
      winner:
        - damage: 1
        - add: {other.wounds: 1}
  - each:
      side: b
      when: "self.hp == 1 && self.wounds < 2"
      do:
        - roll: {mend: coin}
        - if: "mend == 1"
          then:
            - add: {self.hp: 1}
cap: 5
ends:
  retreat:
    when: "round >= 2 && side.hp < enemy.hp"
    check: round-end
    winner: other
    victory: false
    doc: "x"
counters:
  wounds-left:
    value: "side.hp"
    per: side
    dist: true
    doc: "x"
`, "a: {units: {brawler: 2}}\nb: {units: {champion: 1}}\n"},
	{"keep the highest, count successes, opposed pools with fewer dice winning ties", `title: t
stats:
  pool: {default: 2, doc: "x"}
units:
  a1: {hp: 2, pool: 3}
  b1: {hp: 2}
round:
  - contest:
      roll: {dice: "self.pool", die: 3, keep: {highest: 2}}
      ties: fewer-dice
      winner:
        - roll: {hits: {dice: 2, die: 4, count: "face >= 3"}}
        - damage: hits
cap: 3
`, "a: {units: {a1: 1}}\nb: {units: {b1: 1}}\n"},
}

// TestAgreesWithBruteForce checks the solver's fractions against the
// brute force's on every tiny battle: who wins, each end, the mean rounds
// and every counter's distribution.
func TestAgreesWithBruteForce(t *testing.T) {
	for _, c := range tiny {
		t.Run(c.name, func(t *testing.T) {
			b, err := rulesfile.Compile(documentOf(t, c.rules, c.scenario))
			if err != nil {
				t.Fatal(err)
			}
			want := brute(t, b)
			m, err := b.Model()
			if err != nil {
				t.Fatal(err)
			}
			got, err := Solve(t.Context(), m, Options{Rational: true})
			if err != nil {
				t.Fatal(err)
			}
			var diffs []string
			check := func(what, got string, want *big.Rat) {
				if want == nil {
					want = new(big.Rat)
				}
				if got != want.RatString() {
					diffs = append(diffs, fmt.Sprintf("%s = %s, brute force %s", what, got, want.RatString()))
				}
			}
			for s := range got.Win {
				check("P(winner "+rules.Side(s).String()+")", got.Win[s].Rat, want.win[s])
			}
			for i, e := range got.Ends {
				check("P(end "+e.Name+")", e.Rat, want.ends[i])
			}
			check("E[rounds]", got.RoundsMean.Rat, want.rounds)
			spec := b.Spec()
			for _, ec := range got.Counters {
				k := spec.CounterIndex(ec.Name)
				for v, r := range ec.Rat {
					check(fmt.Sprintf("P(%s = %d)", ec.Name, v), r, want.counters[k][int64(v)])
				}
			}
			if len(diffs) > 0 {
				t.Errorf("the solver and the brute force differ:\n%s", strings.Join(diffs, "\n"))
			}
		})
	}
}
