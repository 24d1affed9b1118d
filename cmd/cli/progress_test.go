package cli

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"unicode/utf8"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/cmd/cli/command"
)

// stageSeen is a stage as the progress hook saw it: as it began, and its
// trials and wins as it ended.
type stageSeen struct {
	analysis.Stage
	done int64
	wins [3]int64
}

// watchStages returns a context whose commands report their stages to the
// returned function, which lists those seen so far.
func watchStages(t *testing.T) (context.Context, func() []stageSeen) {
	var mu sync.Mutex
	var seen []stageSeen
	ctx := command.WithProgress(t.Context(), func(s analysis.Stage) (func(int64), func()) {
		var done atomic.Int64
		done.Store(s.Done)
		return func(n int64) { done.Add(n) }, func() {
			st := stageSeen{Stage: s, done: done.Load()}
			if s.Wins != nil {
				st.wins = s.Wins.Load()
			}
			st.Wins = nil
			mu.Lock()
			seen = append(seen, st)
			mu.Unlock()
		}
	})
	return ctx, func() []stageSeen {
		mu.Lock()
		defer mu.Unlock()
		out := seen
		seen = nil
		return out
	}
}

// Every command tells the progress display where each stage stands in the
// whole — scenario k of n, point k of n, the trials before it and in all —
// and the wins so far, which end at the result's.
func TestProgressStages(t *testing.T) {
	t.Parallel()
	ctx, stages := watchStages(t)
	type want struct {
		name          string
		step, steps   int
		unit          string
		before, total int64
		labels        [2]string
	}
	for _, c := range []struct {
		args []string
		want []want
	}{
		{[]string{"run", "stratfight/thug-vs-guard", "--trials", "3000", "--seed", "1"},
			[]want{{"stratfight/thug-vs-guard", 0, 0, "", 0, 3000, [2]string{"Thug", "Guard"}}}},
		{[]string{"run", "stratfight/thug-vs-guard", "eclipse/interceptor-duel", "--trials", "3000", "--seed", "1"}, []want{
			{"stratfight/thug-vs-guard", 1, 2, "scenario", 0, 6000, [2]string{"Thug", "Guard"}},
			{"eclipse/interceptor-duel", 2, 2, "scenario", 3000, 6000, [2]string{"attacker", "defender"}}}},
		{[]string{"run", "stratfight/thug-vs-guard", "--shard", "1/3", "--trials", "3000", "--seed", "1"},
			[]want{{"stratfight/thug-vs-guard", 0, 0, "", 0, 1000, [2]string{"Thug", "Guard"}}}},
		{[]string{"sweep", "stratfight/samwell-vs-guard", "--vary", "b.armor=[none, {armor_value: 5}, plate]", "--trials", "1000", "--seed", "1"}, []want{
			{"b.armor=none", 1, 3, "point", 0, 3000, [2]string{"Samwell Tarley", "Guard"}},
			{"b.armor={armor_value: 5}", 2, 3, "point", 1000, 3000, [2]string{"Samwell Tarley", "Guard"}},
			{"b.armor=plate", 3, 3, "point", 2000, 3000, [2]string{"Samwell Tarley", "Guard"}}}},
		{[]string{"check", "eclipse/interceptor-duel", "stratfight/thug-vs-guard", "eclipse/interceptor-vs-ancient", "--trials", "2000", "--seed", "1"}, []want{
			{"eclipse/interceptor-duel", 1, 2, "scenario", 0, 4000, [2]string{"attacker", "defender"}},
			{"eclipse/interceptor-vs-ancient", 2, 2, "scenario", 2000, 4000, [2]string{"attacker", "defender"}}}},
		{[]string{"check", "eclipse/interceptor-duel", "eclipse/interceptor-vs-ancient", "--until-decided", "--first-trials", "1000", "--max-trials", "1000", "--seed", "1"}, []want{
			{"eclipse/interceptor-duel", 1, 2, "scenario", 0, 0, [2]string{"attacker", "defender"}},
			{"eclipse/interceptor-vs-ancient", 2, 2, "scenario", 0, 0, [2]string{"attacker", "defender"}}}},
	} {
		args := c.args
		if c.args[0] != "sweep" {
			args = append(args[:len(args):len(args)], "--format", "json")
		}
		out, errOut, code := crucible(t, ctx, args...)
		if code != 0 && !(c.args[0] == "check" && code == exitFailed) {
			t.Fatalf("crucible %s: exit %d\n%s", strings.Join(c.args, " "), code, errOut)
		}
		got := stages()
		if len(got) != len(c.want) {
			t.Errorf("crucible %s: %d stages, want %d", strings.Join(c.args, " "), len(got), len(c.want))
			continue
		}
		for i, w := range c.want {
			g := got[i]
			if g.Name != w.name || g.Step != w.step || g.Steps != w.steps || g.Unit != w.unit || g.Before != w.before || g.Total != w.total || g.Labels != w.labels {
				t.Errorf("crucible %s: stage %d is %q %s %d of %d, before %d, total %d, labels %q; want %+v",
					strings.Join(c.args, " "), i, g.Name, g.Unit, g.Step, g.Steps, g.Before, g.Total, g.Labels, w)
			}
			if g.done != g.Trials || g.wins[0]+g.wins[1]+g.wins[2] != g.Trials {
				t.Errorf("crucible %s: stage %d ended at %d of %d trials, with wins %v", strings.Join(c.args, " "), i, g.done, g.Trials, g.wins)
			}
		}
		if c.args[0] == "run" {
			var results []struct {
				Wins struct{ A, B, None int64 } `json:"wins"`
			}
			if err := json.Unmarshal([]byte(out), &results); err != nil {
				var one struct {
					Wins struct{ A, B, None int64 } `json:"wins"`
				}
				if err := json.Unmarshal([]byte(out), &one); err != nil {
					t.Fatal(err)
				}
				results = append(results, one)
			}
			for i, r := range results {
				if w := got[i].wins; w != [3]int64{r.Wins.None, r.Wins.A, r.Wins.B} {
					t.Errorf("crucible %s: the running wins ended at %v, the result has %+v", strings.Join(c.args, " "), w, r.Wins)
				}
			}
		}
	}
}

// A resumed run's stage starts from the trials and wins of the run it
// finishes.
func TestProgressOfAResumedRun(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "out")
	args := []string{"run", "stratfight/thug-vs-guard", "--trials", "20000", "--chunk", "500", "--seed", "2", "--out", dir}
	ctx := interruptAt(t, "stratfight/thug-vs-guard", 5000)
	if _, errOut, code := crucible(t, ctx, args...); code != exitInterrupted {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	watched, stages := watchStages(t)
	mustRunIn(t, watched, append(args, "--resume")...)
	got := stages()
	if len(got) != 1 || got[0].Done < 5000 || got[0].Done >= 20000 || got[0].done != 20000 {
		t.Fatalf("resumed stages %+v: want one starting from the trials of the cut run", got)
	}
	mustRunIn(t, watched, "run", "stratfight/thug-vs-guard", "--trials", "20000", "--seed", "2")
	if w := stages(); w[0].wins != got[0].wins {
		t.Errorf("the resumed run's wins ended at %v, an uninterrupted run's at %v", got[0].wins, w[0].wins)
	}
}

// The notices crucible writes on stderr — a drawn seed (16 digits at most),
// a report or checkpoint written, an interruption — fit an 80-column
// terminal, given a short --out.
func TestNoticesFit80Columns(t *testing.T) {
	t.Chdir(t.TempDir())
	type cmd struct {
		cut  func(t *testing.T) context.Context // the context the command runs in
		args []string
	}
	whole := func(*testing.T) context.Context { return t.Context() }
	for _, c := range []cmd{
		{whole, []string{"run", "stratfight/thug-vs-guard", "--trials", "100"}},
		{whole, []string{"run", "stratfight/thug-vs-guard", "--trials", "100", "--seed", "1", "--out", "out"}},
		{func(t *testing.T) context.Context { return interruptAt(t, "stratfight/thug-vs-guard", 1000) },
			[]string{"run", "stratfight/thug-vs-guard", "--trials", "50000", "--chunk", "500", "--seed", "1", "--out", "cut"}},
		{func(t *testing.T) context.Context { return cancelAfter(t, 1000) },
			[]string{"sweep", "eclipse/shields", "--trials", "20000", "--chunk", "500", "--seed", "1", "--out", "sw"}},
		{func(t *testing.T) context.Context { return cancelAfter(t, 1000) },
			[]string{"compare", "stratfight/thug-vs-guard", "--set-b", "options.round-cap=190", "--trials", "20000", "--chunk", "500", "--seed", "1"}},
		{func(t *testing.T) context.Context { return cancelAfter(t, 40000) }, // a smaller comparison of 15,000 trials
			[]string{"compare", "stratfight/thug-vs-guard", "--set-b", "options.round-cap=190", "--trials", "20000", "--chunk", "500", "--seed", "1", "--out", "cmp"}},
		{func(t *testing.T) context.Context { return cancelAfter(t, 1000) },
			[]string{"check", "stratfight/lifespan-claims", "--trials", "20000", "--chunk", "500", "--seed", "1"}},
		{whole, []string{"check", "stratfight/thug-vs-guard", "eclipse/interceptor-duel", "--trials", "1000", "--out", "chk"}},
	} {
		_, errOut, _ := crucible(t, c.cut(t), c.args...)
		if errOut == "" {
			t.Errorf("crucible %s: no notice", strings.Join(c.args, " "))
		}
		for _, line := range strings.Split(strings.TrimSuffix(errOut, "\n"), "\n") {
			if n := utf8.RuneCountInString(line); n > 80 {
				t.Errorf("crucible %s: a notice of %d columns:\n%s", strings.Join(c.args, " "), n, line)
			}
		}
	}
}
