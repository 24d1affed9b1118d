package workbench_test

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/explain"
	"github.com/crucible-sim/crucible/reports/workbench"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
)

// keptOf returns the first k trials `crucible explain --outcome 'end E'`
// shows of a run: the run's examples of that end, by priority, computed
// apart from the page.
func keptOf(t *testing.T, name string, seed uint64, trials int64, end string, k int) []int64 {
	t.Helper()
	sc, err := scenarios.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	res, _, err := analysis.Run{Seed: seed, Trials: trials}.Fight(context.Background(), sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	cond, err := rules.ParseCondition("end "+end, res.Spec)
	if err != nil {
		t.Fatal(err)
	}
	var out []int64
	for _, e := range explain.Kept(res.Tally.Examples, cond, len(res.Spec.Ends)) {
		out = append(out, e.Trial)
	}
	return out[:min(k, len(out))]
}

// "Why?" beside an end of the odds lists games of the run that ended so —
// the trials crucible explain shows first, each with its replay command —
// and its Replay button opens the replay card on that trial, which ends
// so.
func TestWorkbenchWhyInBrowser(t *testing.T) {
	t.Parallel()
	const name = "eclipse/interceptors-retreat-when-losing"
	_, hs := newTestServer(t, workbench.Config{})
	p := openPage(t, hs.URL+"/#builtin="+name+"&seed=5&trials=3000")
	p.wait(t, settled+` && document.getElementById('command').textContent.includes('--seed 5 --trials 3000')`, 30*time.Second)
	ends := eval[[]string](t, p, `[...document.querySelectorAll('#ends tr[data-end] button.why-button')].map(b => b.dataset.end)`)
	if !slices.Contains(ends, "retreated") || !slices.Contains(ends, "destroyed") {
		t.Fatalf("why? buttons for ends %v, want destroyed and retreated", ends)
	}
	eval[bool](t, p, `(document.querySelector('#ends button.why-button[data-end="retreated"]').click(), true)`)
	p.wait(t, `document.querySelectorAll('#why-games li').length > 0`, 10*time.Second)
	got := eval[[]int64](t, p, `[...document.querySelectorAll('#why-games li')].map(li => Number(li.dataset.trial))`)
	want := keptOf(t, name, 5, 3000, "retreated", 3)
	if !slices.Equal(got, want) || len(want) != 3 {
		t.Fatalf("why? lists trials %v, crucible explain's first are %v", got, want)
	}
	cmds := eval[[]string](t, p, `[...document.querySelectorAll('#why-games li code')].map(c => c.textContent)`)
	for i, c := range cmds {
		if w := "crucible replay " + name + " --trial " + strconv.FormatInt(want[i], 10) + " --seed 5"; c != w {
			t.Errorf("game %d: command %q, want %q", i, c, w)
		}
	}
	if got, w := p.text(t, "why-explain"), "crucible explain "+name+" --outcome 'end retreated' --seed 5 --trials 3000"; got != w {
		t.Errorf("more: %q, want %q", got, w)
	}
	eval[bool](t, p, `(document.querySelector('#why-games li button.why-replay').click(), true)`)
	// The answer and the reply that carries the command may come in
	// either order.
	p.wait(t, `window.workbench.replay && !document.getElementById('card-replay').hidden && document.getElementById('replay-command').textContent !== '–'`, 30*time.Second)
	if end, trial := eval[string](t, p, `window.workbench.replay.outcome.end`), p.text(t, "replay-command"); end != "retreated" || trial != "crucible replay "+strings.ReplaceAll(name, "/", "-")+".yaml --trial "+strconv.FormatInt(want[0], 10)+" --seed 5" {
		t.Errorf("the replay of trial %d ends %q, command %q", want[0], end, trial)
	}
	if errs := p.consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}
