package cli

import (
	"encoding/json"
	"testing"
)

// A ranking puts first what is best for the side whose field it ranks,
// when the metric says: the Guard's armors by Samwell's wins (the Guard's
// loss rate) lowest first, by the Guard's own wins highest first; a field
// of no side (the round cap) highest first, for no one. Before, every
// ranking was highest first: the Guard's worst armor at the top. The test
// reads the points' estimates from the JSON and checks the order itself.
func TestSweepRanksBestForTheFieldsSide(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args    []string
		lowest  bool
		bestFor any
	}{
		{[]string{"stratfight/armor-kinds"}, true, "Guard"},
		{[]string{"stratfight/armor-kinds", "--metric", "win.b"}, false, "Guard"},
		{[]string{"stratfight/armor-kinds", "--metric", "margin"}, true, "Guard"},
		{[]string{"stratfight/armor-kinds", "--metric", "rounds.mean"}, false, nil},
		{[]string{"eclipse/fleet-mirror", "--vary", "options.stalemate=defender,draw", "--metric", "win.b"}, false, nil},
		{[]string{"stratfight/samwell-vs-guard", "--vary", "a.weapon=fisticuffs,broadsword,rapier"}, false, "Samwell Tarley"},
		{[]string{"stratfight/samwell-vs-guard", "--vary", "a.weapon=fisticuffs,broadsword,rapier", "--metric", "win.b"}, true, "Samwell Tarley"},
	} {
		var v struct {
			Ranking []struct {
				Order   string
				BestFor any `json:"best_for"`
				Values  []struct{ Estimate float64 }
			}
		}
		out := mustRun(t, append(append([]string{"sweep"}, c.args...), "--trials", "300", "--seed", "1", "--format", "json")...)
		if err := json.Unmarshal([]byte(out), &v); err != nil || len(v.Ranking) != 1 {
			t.Fatalf("%v: %v\n%s", c.args, err, out)
		}
		r := v.Ranking[0]
		want := map[bool]string{true: "lowest first", false: "highest first"}[c.lowest]
		if r.Order != want || r.BestFor != c.bestFor {
			t.Errorf("%v: %q for %v, want %q for %v", c.args, r.Order, r.BestFor, want, c.bestFor)
		}
		for i := 1; i < len(r.Values); i++ {
			if prev, cur := r.Values[i-1].Estimate, r.Values[i].Estimate; c.lowest && cur < prev || !c.lowest && cur > prev {
				t.Errorf("%v: %s, yet %g comes after %g", c.args, want, cur, prev)
			}
		}
	}
}
