package stratfight

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
)

func solveYAML(t *testing.T, src string) (rules.Solution, error) {
	t.Helper()
	n, err := scenarios.ParseYAML("s.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	s, err := rules.LookupSolver(ID)
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
	if m, _ := sol.Metric("rounds.mean"); m != 2147483646 {
		t.Errorf("mean %v", m)
	}
	if m, _ := sol.Metric("rounds.min"); m != 30 {
		t.Errorf("min %v", m)
	}
	if d, _ := sol.Metric("end.death"); d != 1 {
		t.Errorf("end.death %v", d)
	}
	var b bytes.Buffer
	sol.WriteTable(&b)
	if !strings.Contains(b.String(), "mean 2147483646 s") {
		t.Errorf("table: %s", b.String())
	}
	js, _ := sol.MarshalJSON()
	if !strings.Contains(string(js), `"rounds_mean":"2147483646"`) {
		t.Errorf("json: %s", js)
	}
	sol, _ = solveYAML(t, "kind: lifespan\nstart_coins: 15\nstop_at_coins: 14\n")
	if m, _ := sol.Metric("rounds.mean"); m != 32768 {
		t.Errorf("15 → 14 mean %v, want 2^15", m)
	}
	if s, _ := sol.Metric("end.stopped"); s != 1 {
		t.Errorf("end.stopped %v", s)
	}
}

func TestSolverRefusesWhatItCannotSolve(t *testing.T) {
	if _, err := solveYAML(t, "a: {fighter: thug}\nb: {fighter: guard}\n"); err == nil || !strings.Contains(err.Error(), "duels need Monte Carlo") {
		t.Errorf("duel: %v", err)
	}
	if _, err := solveYAML(t, "kind: lifespan\nstart_coins: 30\noptions: {old-age: on}\n"); err == nil || !strings.Contains(err.Error(), "old-age") {
		t.Errorf("old age: %v", err)
	}
}
