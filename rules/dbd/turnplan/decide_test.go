package turnplan

import (
	"testing"

	"github.com/crucible-sim/crucible/rules"
)

// act is a toy activation: worth is what playing it first is worth, and
// id what Same compares (two acts of one id are one move found twice).
type act struct{ id, worth int }

func (a act) Same(b act) bool { return a.id == b.id }

// catalogue is n acts, the most valuable in the middle, so that neither
// the catalogue's order nor a plan's place in it picks the best.
func catalogue(s *Search[act], seed uint64, n int) []act {
	_, cat := s.Begin(seed)
	for i := range n {
		cat = append(cat, act{id: i, worth: n - abs(2*i-n)})
	}
	return cat
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// firstWorth values a plan by its first gene's worth, with dice on top
// (the same for every plan of a draw) that its luck accounts for.
func firstWorth(p *Plan[act], seed uint64) (value, luck float64) {
	dice := float64(seed%7) - 3
	if p.Genes[0].Kind != GeneAct {
		return dice, dice
	}
	return float64(p.Genes[0].Act.worth) + dice, dice
}

// A decision plays its budget exactly and picks the plan whose first
// activation is worth most, whatever the dice.
func TestDecidePlaysItsBudgetAndPicksTheBest(t *testing.T) {
	for _, budget := range []int{250, 1000} {
		var s Search[act]
		s.Init()
		cat := catalogue(&s, 7, 20)
		a, ok := s.Decide(cat, budget, Turn{Started: 3}, firstWorth, nil)
		if !ok || a.id != 10 || s.Plays() != budget {
			t.Errorf("budget %d: %+v %v after %d plays, want the act of id 10 after %d", budget, a, ok, s.Plays(), budget)
		}
		pop := s.Population()
		if !pop[0].Above(&pop[1]) || pop[0].Mean() < pop[1].Mean() {
			t.Errorf("budget %d: the best plan (mean %.2f) ranks below the second (%.2f)", budget, pop[0].Mean(), pop[1].Mean())
		}
	}
}

// The next decision of the same turn starts from the plans that began
// with the activation just played, moved on by one gene; a decision of
// another turn does not.
func TestDecideCarriesThePlansOfItsTurn(t *testing.T) {
	var s Search[act]
	s.Init()
	turn := Turn{Started: 3, Side: 1}
	played, _ := s.Decide(catalogue(&s, 7, 20), 250, turn, firstWorth, nil)
	var chosen Gene[act]
	for _, p := range s.Population() {
		if p.Genes[0].Act == played {
			chosen = p.Genes[1]
			break
		}
	}
	want := s.cat[0] // a carried gene left to greedy opens with greedy's best
	if chosen.Kind == GeneAct {
		want = chosen.Act
	}
	s.Begin(8)
	s.seedPopulation(turn)
	if s.pop[0].Genes[0] != (Gene[act]{Kind: GeneAct, Act: want}) {
		t.Errorf("the same turn starts from %+v, want the chosen plan's second gene %+v", s.pop[0].Genes[0], chosen)
	}
	s.Forget()
	s.seedPopulation(turn)
	if s.pop[0].Genes[0].Act != s.cat[0] || s.pop[0].Genes[1].Kind != GeneGreedy {
		t.Errorf("forgotten, a decision starts from %+v, want the catalogue's first act then greedy", s.pop[0].Genes)
	}
}

// With nothing to play, or the run's stop raised, a decision plays
// nothing and carries nothing.
func TestDecideWithoutPlays(t *testing.T) {
	var s Search[act]
	s.Init()
	if _, ok := s.Decide(catalogue(&s, 7, 0), 250, Turn{}, firstWorth, nil); ok || s.Plays() != 0 {
		t.Errorf("an empty catalogue: %v after %d plays, want false after none", ok, s.Plays())
	}
	var stop rules.Stop
	stop.Raise()
	if _, ok := s.Decide(catalogue(&s, 7, 20), 250, Turn{}, firstWorth, &stop); ok || s.Plays() != 0 || s.carried {
		t.Errorf("the stop raised: %v after %d plays (carried %v), want false after none", ok, s.Plays(), s.carried)
	}
}
