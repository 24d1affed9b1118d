package cli

import (
	"context"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Ctrl-C stops an exact solve, whatever command runs it, and the command
// exits 130 saying it was interrupted (within stopBound here, a failure
// bound; the one-second target is BenchmarkInterruptLatency's). Each command solves
// testdata/exact-many-rolls.yaml, a battle of 2,163 states whose solve
// took minutes of CPU (it now spends its step budget in a few seconds):
// before, the solver never looked at its context, so `exact` finished the
// solve minutes later and exited 0, and check and sweep waited for it
// likewise.
func TestSolvesStopOnSignal(t *testing.T) {
	t.Parallel() // it waits on processes: others run meanwhile
	if testing.Short() {
		t.Skip("builds and signals real processes")
	}
	bin := buildCrucible(t)
	const file = "testdata/exact-many-rolls.yaml"
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"exact", []string{"exact", file}, "interrupted: the solve stopped before its end; nothing solved"},
		{"compare --exact", []string{"compare", file, "--set-b", "options.stalemate=draw", "--exact"}, "interrupted: the solves stopped before their end; nothing compared"},
		{"check", []string{"check", file, "--trials", "100", "--seed", "1"}, "interrupted: the check is incomplete and decides nothing"},
		{"sweep", []string{"sweep", file, "--vary", "options.stalemate=defender,draw", "--trials", "100", "--seed", "1"}, "interrupted; above are the 0 of 2 points that finished"},
	} {
		p := startCrucible(t, bin, nil, c.args...)
		// Into the solve on a quiet machine; a loaded one may deliver the
		// signal before the solve begins, which must stop it the same way.
		time.Sleep(500 * time.Millisecond)
		lag := p.interrupt(t, syscall.SIGINT)
		t.Logf("%s: exit %d %v after SIGINT", c.name, p.cmd.ProcessState.ExitCode(), lag)
		if stderr := p.stderr.String(); !strings.Contains(stderr, c.want) {
			t.Errorf("%s: stderr %q; want %q", c.name, stderr, c.want)
		}
	}
}

// A solve refused for its budget names the budget, and the command says
// what to run instead: exact the Monte Carlo run (with the same --set),
// check also how to make the claim a Monte Carlo one, before any trial;
// validate finds the same refusal without solving, and a sweep shows its
// Monte Carlo values with a note.
func TestBudgetRefusals(t *testing.T) {
	t.Parallel()
	const huge = "testdata/exact-huge-volley.yaml"
	const budget = "one volley of 1 Gunboat (32 cannon dice over 4 classes of faces) has 7.41e+08 rolls to enumerate, more than the 30000000 steps of work allowed"
	mustFail(t, exitFailed, "exact-huge-volley: exact: beyond the exact solver's budget: "+budget+"\nrun it by Monte Carlo instead: crucible run "+huge+" --trials 1000000", "exact", huge)
	mustFail(t, exitFailed, "run it by Monte Carlo instead: crucible run "+huge+" --set attacker.ships.Gunboat=1 --trials 1000000", "exact", huge, "--set", "attacker.ships.Gunboat=1")
	mustFail(t, exitFailed, "Monte Carlo cannot run it as it is either: ", "exact", huge, "--set", "attacker.policy=optimal")
	mustFail(t, exitFailed, "A exact-huge-volley: exact: beyond the exact solver's budget: "+budget+
		"\ncompare by sampling instead: crucible compare "+huge+" --set-b options.stalemate=draw --trials 100000",
		"compare", huge, "--set-b", "options.stalemate=draw", "--exact")
	out, _ := mustFail(t, exitFailed, "exact-huge-volley: claim win.a: no exact solution to check it against: exact: beyond the exact solver's budget: "+budget+
		"\njudge the claim by Monte Carlo instead: give it bounds (min:, max:) in place of `exact: true`; run it by Monte Carlo instead: crucible run "+huge+" --trials 1000000",
		"check", huge, "--seed", "1")
	if out != "" {
		t.Errorf("check fought before refusing:\n%s", out)
	}
	out, _ = mustFail(t, exitFailed, "1 of 1 invalid", "validate", huge)
	if !strings.Contains(out, budget) {
		t.Errorf("validate:\n%s", out)
	}
	out = mustRun(t, "sweep", huge, "--vary", "options.stalemate=defender,draw", "--trials", "50", "--seed", "1")
	for _, want := range []string{"95 % Clopper–Pearson", "note: no exact value at 2 of 2 points, beyond the exact solver's budget: the Monte Carlo estimate stands alone there (exact: beyond the exact solver's budget: " + budget + ")"} {
		if !strings.Contains(out, want) {
			t.Errorf("sweep lacks %q:\n%s", want, out)
		}
	}
}

// validate never solves: a scenario whose solve takes seconds (minutes
// before the step budget) validates at once, its exact claim checked by
// the solver's Check alone.
func TestValidateDoesNotSolve(t *testing.T) {
	t.Parallel()
	done := make(chan string, 1)
	go func() {
		out, _, _ := crucible(t, context.Background(), "validate", "testdata/exact-many-rolls.yaml")
		done <- out
	}()
	select {
	case out := <-done:
		if !strings.Contains(out, "testdata/exact-many-rolls.yaml: ok (eclipse, 1 claims)") {
			t.Errorf("validate:\n%s", out)
		}
	case <-time.After(time.Second):
		t.Fatal("validate still running after a second: it solves")
	}
}
