package dbd

import (
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulestest"
)

// The conformance kit on a small skirmish with the smallest search level:
// the same battle for any workers, replays, a trial a pure function of its
// stream, the stop obeyed — in a long game of search:4k too. Its 550
// games of the allocation check would take a minute; TestSearchAllocates
// Nothing checks the search's decisions instead.
func TestConformanceSearch(t *testing.T) {
	line := sample(t, "symmetric_line")
	rulestest.Kit{
		Ruleset:    ruleset{},
		Scenarios:  []rulestest.Scenario{{Name: "search", Src: readFile(t, "testdata/variants/search.yaml")}},
		Trials:     6,
		Allocating: map[string]string{"search": "TestSearchAllocatesNothing checks the decisions; 550 games take a minute"},
		Long:       []rulestest.Scenario{{Name: "search-4k", Src: line + "policies: {blue: search:4k, red: search:4k}\n"}},
	}.Run(t)
}

// A decision of the search allocates nothing once its arena has grown:
// the population, the catalogue and the search's game are reused.
func TestSearchAllocatesNothing(t *testing.T) {
	pos := mirroredPositions(t, "cavalry_hammer", 3, 8)[0]
	g := newGame(t, loadBattle(t, "cavalry_hammer", "options: {first-side: alternate}\n"))
	g.policies = [2]PolicyKind{PolicySearch250, PolicySearch250}
	g.st = pos.a
	g.choose()
	if a := testing.AllocsPerRun(3, func() {
		g.st = pos.a
		g.sa.Forget()
		g.choose()
	}); a != 0 {
		t.Errorf("%.1f allocations a decision, want 0", a)
	}
}

// A decision plays its level's budget exactly: the plays are counted, not
// timed. By hand, for search:250: evolution 16 plans × 4 draws; then
// halving rounds of 16 × 2, 8 × 6, 4 × 13 and 2 × 27 draws (each round an
// equal part of what is left) — 64 + 32 + 48 + 52 + 54 = 250.
func TestSearchPlaysItsBudget(t *testing.T) {
	pos := mirroredPositions(t, "symmetric_wings", 5, 5)[0]
	for _, p := range []PolicyKind{PolicySearch250, PolicySearch1k} {
		g := newGame(t, loadBattle(t, "symmetric_wings", "options: {first-side: alternate}\n"))
		g.policies = [2]PolicyKind{p, p}
		g.st = pos.a
		g.choose()
		if got, b := g.sa.Plays(), p.searchBudget(); got != b {
			t.Errorf("%s: %d plays, want %d", p, got, b)
		}
	}
}

// The same seed replays the same game: pinned outcomes of the skirmish
// with search:250, whatever the machine (the budget is plays, not time).
// Refresh the pins only for a change meant to change the search's play.
func TestSearchReplaysPinned(t *testing.T) {
	b := compileSource(t, readFile(t, "testdata/variants/search.yaml"))
	f := b.NewFighter()
	for _, c := range []struct {
		trial          int64
		winner         rules.Side
		rounds         int64
		standardsB     int64
		standardsR     int64
		firstActivated string
	}{
		{0, rules.A, 6, 2, 0, "BLUE activation 1: B1 (INF REGULAR, hp 3) withdraws 94→109"},
		{1, rules.B, 4, 0, 2, "BLUE activation 1: B1 (INF REGULAR, hp 3) stays on 94, melee R2 on 93"},
		{2, rules.B, 7, 0, 2, "BLUE activation 1: B2 (CAV GREEN, hp 1) stays on 95, melee R1 on 79"},
	} {
		o := fight(b, f, c.trial)
		log := replay(b, c.trial)
		first := ""
		for _, line := range strings.Split(log, "\n") {
			if strings.Contains(line, "BLUE activation") {
				first = strings.TrimSpace(line)
				break
			}
		}
		got := [3]int64{o.Rounds, o.Counters[b.c.standards[Blue]], o.Counters[b.c.standards[Red]]}
		if o.Winner != c.winner || got != [3]int64{c.rounds, c.standardsB, c.standardsR} || first != c.firstActivated {
			t.Errorf("trial %d: winner %v, rounds and standards %v, BLUE's first activation %q; pinned %v %v %q",
				c.trial, o.Winner, got, first, c.winner, [3]int64{c.rounds, c.standardsB, c.standardsR}, c.firstActivated)
		}
	}
}

// A play's value is the mean of the values of its last two positions,
// after the side's own last turn and after the enemy's answer to it, and
// its luck the mean of the luck at each (§14 search). Checked against two
// separate plays on the same seed, one stopped a player-turn short of the
// horizon and one played to it: a play's dice and greedy's choices are
// drawn from its seed and the point of the game, so the longer play
// passes through the end of the shorter.
func TestPlayValueIsTheMeanOfItsLastTwoTurns(t *testing.T) {
	g, p := greedyOpeningInContact(t)
	me, end := g.st.side, g.st.turns+1+searchHorizon
	differ := 0
	for seed := range uint64(20) {
		v, l := g.evaluatePlan(&p, seed)
		var vs, ls [2]float64
		for i, limit := range [2]int{end - 1, end} {
			sim := g.search
			sim.st, sim.alignSeed, sim.luck = g.st, seed, [2]float64{}
			g.playGenes(&p, sim)
			if !sim.st.over {
				sim.st.acts = 0
				sim.run(limit)
			}
			vs[i], ls[i] = g.searchValue(&sim.st, me), sim.luck[me]-sim.luck[me.Other()]
		}
		if v != (vs[0]+vs[1])/2 || l != (ls[0]+ls[1])/2 {
			t.Errorf("seed %d: value %.2f and luck %.2f; the plays one turn short and to the horizon give %.2f and %.2f, luck %.2f and %.2f",
				seed, v, l, vs[0], vs[1], ls[0], ls[1])
		}
		if vs[0] != vs[1] {
			differ++
		}
	}
	if differ == 0 {
		t.Error("the enemy's last turn changed no play's value: the position shows nothing")
	}
}

// A gene the dice have made illegal is repaired as the position now
// stands: the same move without its attack when the target is gone, and
// nothing when the unit has acted or its hex is taken.
func TestRepairGene(t *testing.T) {
	b := position(t, nil, "", "A BLUE INF REGULAR 4 77", "C BLUE CAV REGULAR 3 110", "E RED INF REGULAR 2 60", "F RED INF REGULAR 2 79")
	g := newGame(t, b)
	g.sortEnemies(Blue)
	// The plan: C's first move that ends in an attack, from its legal list.
	acts := g.unitActivations(1, nil)
	var withAttack Activation
	for _, a := range acts {
		if a.Attack == meleeAttack && a.To != a.From {
			withAttack = a
			break
		}
	}
	if withAttack.Attack != meleeAttack {
		t.Fatal("no move-and-attack for C")
	}
	for _, c := range []struct {
		name  string
		setup func(g *game)
		want  Activation
		ok    bool
	}{
		{"as planned", func(*game) {}, withAttack, true},
		{"target gone", func(g *game) {
			e := g.st.at(withAttack.Target)
			g.st.lift(g.board, e, Red)
			g.st.hp[e] = 0
		}, Activation{Unit: 1, From: 110, To: withAttack.To, Target: noHex}, true},
		{"acted", func(g *game) { g.st.acted[1] = true }, Activation{}, false},
		{"hex taken", func(g *game) { g.st.place(g.board, 3, Red, withAttack.To) }, Activation{}, false},
	} {
		g := newGame(t, b)
		c.setup(g)
		got, ok := g.repairGene(withAttack)
		if ok != c.ok || ok && (got.To != c.want.To || got.Target != c.want.Target || got.Attack != c.want.Attack) {
			t.Errorf("%s: %+v %v, want %+v %v", c.name, got, ok, c.want, c.ok)
		}
	}
}

// Sequential halving narrows the population to two plans, each round on
// the same draws for every plan left. By hand, for search:1k: 808 plays
// are left after evolution, so the rounds play 16 plans × 12 draws, 8 × 25,
// 4 × 52 and 2 × 104. The last two have had at least 12 + 25 + 52 + 104 =
// 193 plays each, the third, dropped before the last round, at most
// 4 + 8 of evolution and 12 + 25 + 52: 101.
func TestSearchKeepsTheBestOfTwo(t *testing.T) {
	pos := mirroredPositions(t, "cavalry_hammer", 3, 8)[0]
	g := newGame(t, loadBattle(t, "cavalry_hammer", "options: {first-side: alternate}\n"))
	g.policies = [2]PolicyKind{PolicySearch1k, PolicySearch1k}
	g.st = pos.a
	g.choose()
	pop := g.sa.Population()
	if pop[0].Evals() < 193 || pop[1].Evals() < 193 || pop[2].Evals() > 101 || !pop[0].Above(&pop[1]) {
		t.Errorf("the final two plans: %d and %d plays (the third %d), means %.2f and %.2f",
			pop[0].Evals(), pop[1].Evals(), pop[2].Evals(), pop[0].Mean(), pop[1].Mean())
	}
}
