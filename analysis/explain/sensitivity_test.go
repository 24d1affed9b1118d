package explain

import (
	"context"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
)

func axisOf(t *testing.T, arg string) scenarios.Axis {
	t.Helper()
	a, err := scenarios.ParseVary(arg)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// The attacker's and the defender's Cruisers of an Eclipse battle: the
// indices through the solver agree with the definitions enumerated over
// the nine battles, each solved on its own.
func TestSensitivitiesThroughTheSolver(t *testing.T) {
	const name = "eclipse/two-cruisers-vs-interceptor-and-cruiser"
	sc, err := scenarios.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	axes := []scenarios.Axis{axisOf(t, "attacker.ships.Cruiser=1..3"), axisOf(t, "defender.ships.Interceptor=1..3")}
	m, _ := rules.ParseMetric("win.a")
	s, err := Sensitivities(context.Background(), sc, axes, m, SensitivityOptions{Design: Design{Rows: 20000, Boot: 50, Seed: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if s.Points != 9 || s.Exact != 9 || s.Sampling != nil || s.Noise != 0 {
		t.Fatalf("points %d, exact %d, sampling %v: want all 9 solved", s.Points, s.Exact, s.Sampling)
	}
	var win [3][3]float64
	for i := range 3 {
		for j := range 3 {
			v, _ := scenarios.Load(name)
			for _, set := range []string{"attacker.ships.Cruiser=" + axes[0].Values[i], "defender.ships.Interceptor=" + axes[1].Values[j]} {
				if err := v.Set(set); err != nil {
					t.Fatal(err)
				}
			}
			e, err := analysis.Solve(context.Background(), v, false)
			if err != nil {
				t.Fatal(err)
			}
			win[i][j] = e.Win[rules.A].F
		}
	}
	idx := []float64{0, 1, 2}
	first, total := exactIndices(idx, idx, func(a, b float64) float64 { return win[int(a)][int(b)] })
	for i := range 2 {
		if math.Abs(s.First[i]-first[i]) > 0.02 || math.Abs(s.Total[i]-total[i]) > 0.02 {
			t.Errorf("%s: first %.4f total %.4f, want %.4f and %.4f", axes[i].Path, s.First[i], s.Total[i], first[i], total[i])
		}
	}
}

// By Monte Carlo the same design gives the same indices with any number
// of workers.
func TestSensitivitiesByMonteCarloAreDeterministic(t *testing.T) {
	sc, err := scenarios.Load("eclipse/two-cruisers-vs-interceptor-and-cruiser")
	if err != nil {
		t.Fatal(err)
	}
	axes := []scenarios.Axis{axisOf(t, "attacker.ships.Cruiser=1..2"), axisOf(t, "defender.ships.Interceptor=1..2")}
	m, _ := rules.ParseMetric("win.b")
	var got []*Sensitivity
	for _, w := range []int{1, 3} {
		o := SensitivityOptions{Design: Design{Rows: 200, Boot: 20, Seed: 5}, Sampling: Sampling{Seed: 7, Trials: 2000}, Workers: w, MonteCarlo: true}
		s, err := Sensitivities(context.Background(), sc, axes, m, o)
		if err != nil {
			t.Fatal(err)
		}
		// win.b at 2,000 trials: each point's share has variance
		// p(1−p)/2000, some 10⁻⁴.
		if s.Exact != 0 || s.Sampling == nil || s.Noise <= 0 || s.Noise > 1.25e-4 {
			t.Fatalf("exact %d, sampling %v, noise %g: want every point fought, with its own variance", s.Exact, s.Sampling, s.Noise)
		}
		got = append(got, s)
	}
	if !reflect.DeepEqual(got[0].Indices, got[1].Indices) {
		t.Errorf("1 and 3 workers differ:\n%+v\n%+v", got[0].Indices, got[1].Indices)
	}
}

func TestSensitivitiesRefuseBadFields(t *testing.T) {
	sc, err := scenarios.Load("eclipse/two-cruisers-vs-interceptor-and-cruiser")
	if err != nil {
		t.Fatal(err)
	}
	win, _ := rules.ParseMetric("win.a")
	tests := []struct {
		arg, want string
	}{
		{"attacker.ships.Cruiser=2", "two or more numbers"},
		{"defender.ships.Cruiser=0..2", "0 is out of range"},
	}
	for _, tt := range tests {
		_, err := Sensitivities(context.Background(), sc, []scenarios.Axis{axisOf(t, tt.arg)}, win, SensitivityOptions{Design: Design{Rows: 10}})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: err = %v, want one saying %q", tt.arg, err, tt.want)
		}
	}
}

// A cancelled sensitivity stops with ctx's error, by the solver or by
// Monte Carlo.
func TestSensitivitiesStopOnCancellation(t *testing.T) {
	sc, err := scenarios.Load("eclipse/two-cruisers-vs-interceptor-and-cruiser")
	if err != nil {
		t.Fatal(err)
	}
	axes := []scenarios.Axis{axisOf(t, "attacker.ships.Cruiser=1..3")}
	m, _ := rules.ParseMetric("win.a")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, mc := range []bool{false, true} {
		o := SensitivityOptions{Design: Design{Rows: 100}, Sampling: Sampling{Seed: 1, Trials: 1_000_000}, MonteCarlo: mc}
		if _, err := Sensitivities(ctx, sc, axes, m, o); !errors.Is(err, context.Canceled) {
			t.Errorf("monte carlo %v: err = %v, want context.Canceled", mc, err)
		}
	}
}
