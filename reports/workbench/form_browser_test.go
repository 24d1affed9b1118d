package workbench_test

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/reports/workbench"
)

// The form and the text are one scenario: an edit in the form rewrites
// the text and runs the odds again, an edit of the text redraws the form
// and runs them again, and a pick from the form's "+ add…" offers what
// the ruleset's reference names. The form is drawn from the reference
// alone, so a rules file (its units its own catalogue) works as a Go
// ruleset does.
func TestFormAndTextStayInSync(t *testing.T) {
	t.Parallel()
	_, hs := newTestServer(t, workbench.Config{})
	cases := []struct {
		builtin, count, added string
		was, set, typed       string
	}{
		{"eclipse/interceptor-duel", "attacker.ships.Interceptor", "Cruiser", "1", "2", "3"},
		{"rulesfile/skirmish", "a.units.trooper", "veteran", "5", "6", "4"},
		{"rulesfile/duel2d6", "b.units.duellist", "", "1", "2", "3"},
		// DBD's scenario is JSON inside the YAML: a unit's hit points.
		{"dbd/symmetric_line", "scenario.units[0].hp", "", "4", "3", "2"},
	}
	// One page picks each built-in in turn, as a designer does: a page
	// loaded anew for each cost some 0.7 s of CPU more
	// (bench/tests.txt).
	p := openPage(t, hs.URL+"/#builtin="+cases[0].builtin+"&seed=5&trials=3000")
	for i, c := range cases {
		t.Run(c.builtin, func(t *testing.T) {
			trials := "3000"
			if strings.HasPrefix(c.builtin, "dbd/") {
				trials = "400" // about 0.5 ms a trial: a bound the shared machine keeps to
			}
			if i > 0 {
				if eval[string](t, p, `document.getElementById('trials').value`) != trials {
					p.setInput(t, "trials", trials)
					p.wait(t, `document.getElementById('command').textContent.includes('--trials `+trials+`') && `+settled, time.Minute)
				}
				p.pick(t, "builtin="+url.QueryEscape(c.builtin))
			}
			p.wait(t, `window.workbench.last && window.workbench.last.scenario === '`+c.builtin+`' && `+settled, time.Minute)
			input := `document.querySelector('#form input[data-path="` + c.count + `"]')`
			p.wait(t, input+` !== null`, 10*time.Second)
			if got := eval[string](t, p, input+`.value`); got != c.was {
				t.Fatalf("the form shows %s = %q, the text %q", c.count, got, c.was)
			}
			key := c.count[strings.LastIndex(c.count, ".")+1:]

			// The form: the text follows and the odds run again.
			before := p.text(t, "share-a")
			job := eval[int](t, p, `window.workbench.job`)
			eval[bool](t, p, `(() => { const i = `+input+`; i.value = '`+c.set+`'; i.dispatchEvent(new Event('change')); return true })()`)
			written := func(v string) string { return `/"?` + key + `"?: ` + v + `\b/` } // YAML or JSON
			p.wait(t, written(c.set)+`.test(document.getElementById('src').value) && window.workbench.job > `+itoa(job)+` && `+settled, time.Minute)
			if after := p.text(t, "share-a"); after == before {
				t.Errorf("the odds did not change with the form's edit: %q", after)
			}

			// The text: the form follows and the odds run again.
			job = eval[int](t, p, `window.workbench.job`)
			p.setText(t, `document.getElementById('src').value.replace(`+written(c.set)+`, (m) => m.replace(/[0-9]+$/, '`+c.typed+`'))`)
			p.wait(t, input+` !== null && `+input+`.value === '`+c.typed+`' && window.workbench.job > `+itoa(job)+` && `+settled, time.Minute)

			// "+ add…" offers the reference's names; a pick adds one.
			if c.added != "" {
				side := c.count[:strings.LastIndex(c.count, ".")]
				add := `document.querySelector('#form fieldset[data-path="` + side + `"] select.add')`
				if !eval[bool](t, p, `[...`+add+`.options].some((o) => o.value === '`+c.added+`')`) {
					t.Fatalf("%s's + add… does not offer %s", side, c.added)
				}
				job = eval[int](t, p, `window.workbench.job`)
				eval[bool](t, p, `(() => { const s = `+add+`; s.value = '`+c.added+`'; s.dispatchEvent(new Event('change')); return true })()`)
				p.wait(t, `document.querySelector('#form input[data-path="`+side+`.`+c.added+`"]') !== null && window.workbench.job > `+itoa(job)+` && `+settled, time.Minute)
				if got := p.text(t, "status"); !strings.Contains(got, ": ok (") {
					t.Errorf("after adding %s: %q", c.added, got)
				}
			}
			if errs := p.consoleErrors(); len(errs) > 0 {
				t.Errorf("console errors: %q", errs)
			}
		})
	}
}

// An edit that leaves the scenario, the seed and the trials as the job that
// runs has them — a character typed and taken back within the pause for
// typing — starts no job: the one running goes on. A stop, then the same
// edit, starts one again.
func TestUnchangedEditStartsNoJob(t *testing.T) {
	t.Parallel()
	_, hs := newTestServer(t, workbench.Config{})
	p := openPage(t, hs.URL+"/#builtin=eclipse/interceptor-duel&seed=5&trials=3000")
	p.wait(t, settled, time.Minute)
	job := eval[int](t, p, `window.workbench.job`)
	unchanged := eval[int](t, p, `window.workbench.unchanged`)
	p.setInput(t, "seed", "6")
	p.setInput(t, "seed", "5")
	p.wait(t, `window.workbench.unchanged > `+itoa(unchanged), time.Minute)
	if now := eval[int](t, p, `window.workbench.job`); now != job {
		t.Errorf("the seed set and set back: job %d, then %d; want the job that ran to go on", job, now)
	}
	eval[bool](t, p, `(document.getElementById('stop').click(), true)`)
	p.setInput(t, "seed", "5")
	p.wait(t, `window.workbench.job > `+itoa(job)+` && `+settled, time.Minute)
	if errs := p.consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}

// A result without side labels (stratfight's) shows its estimate beside an
// exact answer without an error: the estimates after a stratfight
// lifespan's exact value threw in the page, one a redraw.
func TestEstimateBesideExactWithoutLabels(t *testing.T) {
	t.Parallel()
	_, hs := newTestServer(t, workbench.Config{})
	p := openPage(t, hs.URL+"/#builtin=stratfight/lifespan-30-coins&seed=1&trials=200000")
	p.wait(t, settled+` && window.workbench.exact !== null`, 2*time.Minute)
	job := eval[int](t, p, `window.workbench.job`)
	p.setInput(t, "seed", "2") // the exact value from the cache, then the estimates
	p.wait(t, `window.workbench.job > `+itoa(job)+` && `+settled, 2*time.Minute)
	if !strings.HasPrefix(p.text(t, "mc"), "Monte Carlo: a ") {
		t.Errorf("the estimate beside the exact value: %q", p.text(t, "mc"))
	}
	if errs := p.consoleErrors(); len(errs) > 0 {
		t.Errorf("%d console errors, the first %q", len(errs), errs[0])
	}
}
