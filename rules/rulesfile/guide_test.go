package rulesfile_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// The numbers the guide (README.md) quotes are what the examples give:
// `crucible run FILE --seed 1 --trials 100000`, side a's share of the wins
// (or of an end), with the overrides the guide names.
func TestGuideNumbers(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		ref, set, metric, want string
	}{
		{"testdata/guide/duel.yaml", "", "a", "49.63 %"},
		{"rulesfile/skirmish", "", "a", "23.10 %"},
		{"rulesfile/skirmish", "", "broken", "67.19 %"},
		{"rulesfile/skirmish", "options.cover=true", "a", "5.12 %"},
		{"rulesfile/fleet-mirror", "", "a", "41.29 %"},
		{"rulesfile/fleet-mirror", "b.policy=random", "a", "57.57 %"},
		{"testdata/guide/gunboat.yaml", "", "a", "62.54 %"},
		{"testdata/guide/exploding.yaml", "", "a", "69.63 %"},
		{"testdata/guide/exploding.yaml", "rules.round[0].contest.ties=a", "a", "80.34 %"},
		{"testdata/guide/pain.yaml", "", "a", "25.86 %"},
		{"testdata/guide/pain.yaml", "", "b", "53.50 %"},
		{"testdata/guide/morale.yaml", "", "a", "65.55 %"},
		{"testdata/guide/morale.yaml", "", "fled", "97.29 %"},
	} {
		sc, err := scenarios.Load(c.ref)
		if err != nil {
			t.Fatal(err)
		}
		if c.set != "" {
			if err := sc.Set(c.set); err != nil {
				t.Fatal(err)
			}
		}
		b, err := sc.Compile()
		if err != nil {
			t.Fatal(err)
		}
		tl, err := sim.Run(t.Context(), sim.Job{Battle: b, Key: sim.Key(sc.StreamName()), Seed: 1, Trials: 100000})
		if err != nil {
			t.Fatal(err)
		}
		var n int64
		switch c.metric {
		case "a":
			n = tl.Wins[rules.A]
		case "b":
			n = tl.Wins[rules.B]
		default:
			n = tl.Ends[b.Spec().EndIndex(c.metric)]
		}
		got := fmt.Sprintf("%.2f %%", float64(n)/1000)
		if got != c.want || !strings.Contains(string(readme), c.want) {
			t.Errorf("%s %s: %s is %s; the guide says %s", c.ref, c.set, c.metric, got, c.want)
		}
	}
}
