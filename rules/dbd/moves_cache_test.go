package dbd

import (
	"slices"
	"testing"
)

// A unit's cached activations are the ones listed afresh, at every
// decision of whole games: greedy and random games on every sample and on
// boards with broken ground, with every option flipped (a skirmisher that
// shoots engaged, archers that move and melee, full-move withdrawals,
// move-one-always reach farther or otherwise), so that the cache is asked
// after every kind of move, retreat and loss the games make.
func TestCachedActivationsAreListedAfresh(t *testing.T) {
	var battles []*Battle
	for _, name := range []string{"cavalry_hammer", "deep_center", "refused_flank", "symmetric_double_line", "symmetric_line", "symmetric_screen", "symmetric_wings"} {
		battles = append(battles, loadBattle(t, name, ""), loadBattle(t, name, allOptions))
	}
	battles = append(battles, compileSource(t, readFile(t, "testdata/variants/terrain.yaml")),
		compileSource(t, readFile(t, "testdata/variants/templates.yaml")))
	checked := 0
	for i, b := range battles {
		for _, p := range []PolicyKind{PolicyGreedy, PolicyRandom} {
			for seed := range uint64(3) {
				f := newFighter(b)
				g := &f.g
				g.cnt = make([]int64, len(b.spec.Counters))
				g.policies = [2]PolicyKind{p, p}
				f.dice.Seed(seed, diceStreamWord)
				f.pol.Seed(seed, policyStreamWord)
				g.reset(int64(seed), b.firstSide(int64(seed)))
				playChecked(g, 2*b.Opt.TurnCap, func() {
					checked++
					s := g.st.side
					g.sortEnemies(s)
					for _, u := range b.bySide[s] {
						if !g.eligible(int(u)) {
							continue
						}
						got, want := g.cachedActivations(int(u), nil), g.unitActivations(int(u), nil)
						if !slices.Equal(got, want) {
							t.Fatalf("battle %d (%s), %v seed %d, turn %d: unit %d's cached activations %v, listed afresh %v",
								i, b.Scenario.Board.Name, p, seed, g.st.turns, u, actsText(got), actsText(want))
						}
					}
				})
			}
		}
	}
	if checked < 1000 {
		t.Errorf("only %d decisions checked", checked)
	}
}

// playChecked plays g from where it stands as run does, to the end of the
// game or limit player-turns, and calls check before every decision.
func playChecked(g *game, limit int, check func()) {
	st := &g.st
	for !st.over && st.turns < limit {
		for st.acts > 0 && !st.over {
			check()
			a, kind := g.choose()
			if kind == choiceEnd {
				break
			}
			st.acts--
			st.used++
			if kind != choicePass {
				g.execute(a)
			}
		}
		if st.over {
			return
		}
		st.turns++
		g.beginTurn(st.side.Other(), activationsPerTurn)
	}
}
