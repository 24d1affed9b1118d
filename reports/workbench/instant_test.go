package workbench_test

import (
	"testing"
	"time"

	"github.com/crucible-sim/crucible/reports/workbench"
)

// Every kind of job shows its answer even when the job ends, and its
// events arrive, before the answer to the request that started it (the
// page knows each job's id before it asks): the tune that stayed
// "running" while the command line answered in 20 ms. The skill check
// under the odds is one of them.
func TestEveryAnswerArrivesThoughItsJobEndsFirst(t *testing.T) {
	t.Parallel()
	s, hs := newTestServer(t, workbench.Config{})
	workbench.AnswerAfterJobs(s)
	p := openPage(t, hs.URL+"/#builtin=eclipse/interceptor-duel&seed=3&trials=2000")
	p.wait(t, `window.workbench.done && window.workbench.exact !== null`, 30*time.Second)
	if got := p.text(t, "share-a"); got != "45.45 % exact" {
		t.Errorf("odds and exact: %q", got)
	}
	// The skill check under the odds, on the players it offers first.
	p.wait(t, `document.getElementById('skill-weak').options.length > 1 && !document.getElementById('skill-run').disabled`, 30*time.Second)
	eval[bool](t, p, `(document.getElementById('skill-run').click(), true)`)
	p.wait(t, `window.workbench.skill !== null && document.querySelectorAll('#skill-words li').length > 0`, 30*time.Second)
	p.setInput(t, "sweep-values", "1..3")
	p.card(t, "sweep")
	p.wait(t, `[...document.getElementById('sweep-field').options].some(o => o.value === 'attacker.ships.Interceptor')`, 30*time.Second)
	eval[bool](t, p, `(() => { const s = document.getElementById('sweep-field'); s.value = 'attacker.ships.Interceptor'; s.dispatchEvent(new Event('change')); return true })()`)
	p.setInput(t, "sweep-values", "1..3")
	p.setInput(t, "tune-range", "1..8")
	p.setSelect(t, "tune-goal", "win.a>=")
	p.setInput(t, "tune-level", "70")
	eval[bool](t, p, `(document.getElementById('keep').click(), true)`)
	// The metagame's roster: side a with one Interceptor, then with two.
	eval[bool](t, p, `(document.getElementById('tab-meta').click(), document.getElementById('meta-add-side').click(), true)`)
	p.setText(t, `document.getElementById('src').value.replace('ships: {Interceptor: 1}', 'ships: {Interceptor: 2}')`)
	p.wait(t, `window.workbench.done && document.getElementById('src').value.includes('Interceptor: 2')`, 30*time.Second)
	eval[bool](t, p, `(document.getElementById('tab-meta').click(), document.getElementById('meta-add-side').click(), true)`)
	if n := eval[int](t, p, `document.querySelectorAll('#meta-entries li button').length`); n != 2 {
		t.Fatalf("the roster has %d entries, want 2", n)
	}
	for _, kind := range []string{"sweep", "tune", "compare", "meta", "spread", "replay"} {
		eval[bool](t, p, `(document.getElementById('tab-`+kind+`').click(), document.getElementById('`+kind+`').click(), true)`)
		p.wait(t, `window.workbench['`+kind+`'] !== null && !document.getElementById('`+kind+`-state').textContent.startsWith('running')`, 30*time.Second)
		if got := p.text(t, kind+"-state"); got == "" || got[:4] == "fail" {
			t.Errorf("%s: %q", kind, got)
		}
	}
	if errs := p.consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}
