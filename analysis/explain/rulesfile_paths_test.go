package explain

import (
	"context"
	"math"
	"math/big"
	"testing"
)

// The most probable ways through a rules file's chain, against the 2d6
// duel by hand: ties re-rolled, each round is a fair coin that takes a
// hit point from its loser, so a way a wins in r rounds is one order of
// its 5 won rounds and r − 5 lost ones, the last won — C(r−1, 4) ways of
// probability 2^−r each, for r from 5 to 9: 126 ways in all, whose
// chances add up to P(a wins) = 1/2.
func TestMostProbableWaysRulesFileDuel(t *testing.T) {
	sc := load(t, "rulesfile/duel2d6")
	b, err := sc.Compile()
	if err != nil {
		t.Fatal(err)
	}
	ways, err := MostProbableWays(context.Background(), sc, condition(t, "a wins", b.Spec()), 200)
	if err != nil {
		t.Fatal(err)
	}
	if len(ways.Paths) != 126 {
		t.Fatalf("%d ways, want 126", len(ways.Paths))
	}
	byRounds := map[int64]int64{}
	total := 0.0
	for i, p := range ways.Paths {
		if want := math.Exp2(-float64(p.Rounds)); math.Abs(p.P-want) > 1e-15 {
			t.Errorf("way %d: P %v in %d rounds, want %v", i, p.P, p.Rounds, want)
		}
		if i > 0 && p.Rounds < ways.Paths[i-1].Rounds {
			t.Errorf("way %d in %d rounds after one in %d: not most probable first", i, p.Rounds, ways.Paths[i-1].Rounds)
		}
		if int64(len(p.Steps)) != p.Rounds || p.Outcome.Winner.String() != "a" {
			t.Errorf("way %d: %d steps in %d rounds, won by %v", i, len(p.Steps), p.Rounds, p.Outcome.Winner)
		}
		byRounds[p.Rounds]++
		total += p.P
	}
	for r := int64(5); r <= 9; r++ {
		if want := new(big.Int).Binomial(r-1, 4).Int64(); byRounds[r] != want {
			t.Errorf("%d ways in %d rounds, want C(%d, 4) = %d", byRounds[r], r, r-1, want)
		}
	}
	if math.Abs(total-0.5) > 1e-12 {
		t.Errorf("the ways add up to %v, want P(a wins) = 1/2", total)
	}
}
