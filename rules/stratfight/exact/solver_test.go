package exact

import (
	"context"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/stratfight"
	"github.com/crucible-sim/crucible/scenarios"
)

func solveYAML(t *testing.T, src string) (*rules.Exact, error) {
	t.Helper()
	n, err := scenarios.ParseYAML("s.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	s, err := rules.LookupSolver(stratfight.ID)
	if err != nil {
		t.Fatal(err)
	}
	return s.Solve(context.Background(), n, true)
}

func TestLifespanSolution(t *testing.T) {
	sol, err := solveYAML(t, "kind: lifespan\nstart_coins: 30\n")
	if err != nil {
		t.Fatal(err)
	}
	// 2^31 − 2 seconds: 68.05 years.
	if m := metric(t, sol, "rounds.mean"); m != (rules.Value{F: 2147483646, Rat: "2147483646"}) {
		t.Errorf("mean %v", m)
	}
	if m := metric(t, sol, "rounds.min"); m.F != 30 {
		t.Errorf("min %v", m)
	}
	if d := metric(t, sol, "end.death"); d != (rules.Value{F: 1, Rat: "1"}) {
		t.Errorf("end.death %v", d)
	}
	sol, _ = solveYAML(t, "kind: lifespan\nstart_coins: 15\nstop_at_coins: 14\n")
	if m := metric(t, sol, "rounds.mean"); m.F != 32768 {
		t.Errorf("15 → 14 mean %v, want 2^15", m)
	}
	if s := metric(t, sol, "end.stopped"); s.F != 1 {
		t.Errorf("end.stopped %v", s)
	}
}

func metric(t *testing.T, e *rules.Exact, name string) rules.Value {
	t.Helper()
	m, err := rules.ParseMetric(name)
	if err != nil {
		t.Fatal(err)
	}
	v, ok := e.Metric(m)
	if !ok {
		t.Fatalf("no exact %s", name)
	}
	return v
}

func TestSolverRefusesWhatItCannotSolve(t *testing.T) {
	if _, err := solveYAML(t, "a: {fighter: thug}\nb: {fighter: guard}\n"); err == nil || !strings.Contains(err.Error(), "duels need Monte Carlo") {
		t.Errorf("duel: %v", err)
	}
	if _, err := solveYAML(t, "kind: lifespan\nstart_coins: 30\noptions: {old-age: on}\n"); err == nil || !strings.Contains(err.Error(), "old-age") {
		t.Errorf("old age: %v", err)
	}
}
