package exact

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// maxZ bounds the standardised difference between a Monte Carlo estimate
// and the exact value: under the normal approximation a correct solver
// exceeds it with chance 6.8e-6 per check, so with the few dozen checks
// below a false alarm has a chance below 1e-3 (and none at all with the
// fixed seed, once passed).
const maxZ = 4.5

// TestMonteCarloAgrees checks every example rules file's exact answer
// against its Monte Carlo estimate from the fighter: each side's wins,
// each end, the mean rounds and every counter's mean.
func TestMonteCarloAgrees(t *testing.T) {
	for _, c := range []struct {
		name   string
		trials int64
	}{
		{"rulesfile/duel2d6", 200_000},
		{"rulesfile/skirmish", 100_000},
		{"rulesfile/risk", 100_000},
		{"rulesfile/fleet-mirror", 20_000},
		// The guide's examples.
		{"../testdata/guide/exploding.yaml", 100_000},
		{"../testdata/guide/gunboat.yaml", 100_000},
		{"../testdata/guide/morale.yaml", 50_000},
		{"../testdata/guide/pain.yaml", 50_000},
	} {
		t.Run(c.name, func(t *testing.T) {
			sc, err := scenarios.Load(c.name)
			if err != nil {
				t.Fatal(err)
			}
			b, err := sc.Compile()
			if err != nil {
				t.Fatal(err)
			}
			tl, err := sim.Run(t.Context(), sim.Job{Battle: b, Key: sim.Key(c.name), Seed: 7, Trials: c.trials, Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			ex := solveScenario(t, sc, false)
			if diffs := agreement(tl, ex); len(diffs) > 0 {
				t.Errorf("Monte Carlo and the exact answer disagree (|z| > %g):\n%s", maxZ, strings.Join(diffs, "\n"))
			}
		})
	}
}

// agreement lists the estimates of tl further than maxZ standard errors
// from the exact answer ex.
func agreement(tl *sim.Tally, ex *rules.Exact) []string {
	n := float64(tl.Trials)
	var diffs []string
	share := func(what string, count int64, p float64) {
		se := math.Sqrt(p * (1 - p) / n)
		got := float64(count) / n
		if se == 0 && got != p || se > 0 && math.Abs(got-p)/se > maxZ {
			diffs = append(diffs, fmt.Sprintf("%s: %.5f in %d trials, exact %.5f", what, got, tl.Trials, p))
		}
	}
	mean := func(what string, sum int64, m, sd float64) {
		se := sd / math.Sqrt(n)
		got := float64(sum) / n
		if se == 0 && math.Abs(got-m) > 1e-9 || se > 0 && math.Abs(got-m)/se > maxZ {
			diffs = append(diffs, fmt.Sprintf("%s: mean %.5f in %d trials, exact %.5f", what, got, tl.Trials, m))
		}
	}
	for s := range ex.Win {
		share("P(winner "+rules.Side(s).String()+")", tl.Wins[s], ex.Win[s].F)
	}
	for _, e := range ex.Ends {
		share("P(end "+e.Name+")", tl.End(e.Name), e.F)
	}
	m, sd := moments(ex.Rounds)
	mean("rounds", tl.Rounds.Sum64(), m, sd)
	if !close(m, ex.RoundsMean.F, 1e-6) {
		diffs = append(diffs, fmt.Sprintf("the rounds distribution's mean %.9f is not E[rounds] %.9f", m, ex.RoundsMean.F))
	}
	for _, c := range ex.Counters {
		sum, ok := tl.Counter(c.Name)
		if !ok {
			diffs = append(diffs, "counter "+c.Name+": not tallied")
			continue
		}
		m, sd := moments(c.P)
		mean("counter "+c.Name, sum, m, sd)
	}
	return diffs
}

// moments returns the mean and the standard deviation of a distribution
// over 0, 1, 2, ….
func moments(p []float64) (mean, sd float64) {
	var m2 float64
	for k, x := range p {
		mean += float64(k) * x
		m2 += float64(k*k) * x
	}
	return mean, math.Sqrt(math.Max(0, m2-mean*mean))
}
