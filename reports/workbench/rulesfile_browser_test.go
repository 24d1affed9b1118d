package workbench_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/reports/workbench"
	"github.com/crucible-sim/crucible/scenarios"
)

// A scenario whose ruleset is a rules file opens with that file in an
// editor beside the scenario's (issue 27 §5): an error of the rules file
// is listed under it and marked at its line, the odds of the last valid
// text are marked stale, and a valid edit runs them again — with the page's
// rules, as `crucible exact` solves the pair saved side by side. A
// built-in that names its rules file by name reads the page's copy by
// path from its first edit.
func TestRulesFileEditedBesideItsScenario(t *testing.T) {
	t.Parallel()
	_, rulesSrc, err := scenarios.BuiltinRulesFileSource("duel2d6")
	if err != nil {
		t.Fatal(err)
	}
	scenario := "ruleset: ./duel2d6.rules.yaml\ntrials: 2000\na: {units: {duellist: 1}}\nb: {units: {duellist: 1}}\n"
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "duel.yaml"), scenario)
	writeFile(t, filepath.Join(dir, "duel2d6.rules.yaml"), string(rulesSrc))
	_, hs := newTestServer(t, workbench.Config{Dir: dir})
	p := openPage(t, hs.URL+"/")
	p.pick(t, "file=duel.yaml")
	p.wait(t, settled+` && window.workbench.exact !== null`, time.Minute)
	p.click(t, "tab-yaml")
	if hidden := eval[bool](t, p, `document.getElementById('rules-box').hidden`); hidden || p.text(t, "rules-file") != "duel2d6.rules.yaml" {
		t.Fatalf("the rules file's editor: hidden %v, file %q", hidden, p.text(t, "rules-file"))
	}
	if got := eval[string](t, p, `document.getElementById('rules-src').value`); got != string(rulesSrc) {
		t.Fatalf("the rules file's editor holds %q", got)
	}

	// An error of the rules file, at its line.
	p.setRules(t, `document.getElementById('rules-src').value.replace('duellist: {hp: 5}', 'duellist: {hp: 5, hq: 2}')`)
	p.wait(t, `document.querySelector('#rules-problems li') !== null`, time.Minute)
	if line, msg := eval[string](t, p, `document.querySelector('#rules-problems li').dataset.line`), p.text(t, "rules-problems"); line != "3" || !strings.Contains(msg, `unknown stat "hq"`) {
		t.Errorf("the rules file's error: line %s, %q", line, msg)
	}
	if !eval[bool](t, p, `document.querySelector('#rules-gutter .bad[data-line="3"]') !== null && document.querySelectorAll('#problems li').length === 0 && !document.getElementById('odds-stale').hidden`) {
		t.Errorf("the error is not marked at the rules file's line 3 alone, with the odds stale")
	}

	// A valid edit runs the odds again, with the page's rules.
	job := eval[int](t, p, `window.workbench.job`)
	p.setRules(t, `document.getElementById('rules-src').value.replace('duellist: {hp: 5, hq: 2}', 'duellist: {hp: 3}')`)
	p.wait(t, `window.workbench.job > `+itoa(job)+` && `+settled+` && window.workbench.exact !== null`, time.Minute)
	wantRounds(t, p, scenario, strings.Replace(string(rulesSrc), "hp: 5", "hp: 3", 1))
	if got, _ := os.ReadFile(filepath.Join(dir, "duel2d6.rules.yaml")); string(got) != string(rulesSrc) {
		t.Errorf("the page's edit changed the file on disk")
	}

	// A built-in naming its rules file by name: the first edit makes it
	// read the page's copy beside it.
	p.pick(t, "builtin=rulesfile%2Fduel2d6")
	p.wait(t, `window.workbench.last && window.workbench.last.scenario === 'rulesfile/duel2d6' && `+settled, time.Minute)
	if got := p.text(t, "rules-note"); !strings.Contains(got, "by name") {
		t.Errorf("the note on a rules file named by name: %q", got)
	}
	job = eval[int](t, p, `window.workbench.job`)
	p.setRules(t, `document.getElementById('rules-src').value.replace('hp: 5', 'hp: 4')`)
	p.wait(t, `window.workbench.job > `+itoa(job)+` && `+settled+` && window.workbench.exact !== null && document.getElementById('src').value.includes('ruleset: ./duel2d6.rules.yaml')`, time.Minute)
	edited := eval[string](t, p, `document.getElementById('src').value`)
	wantRounds(t, p, edited, strings.Replace(string(rulesSrc), "hp: 5", "hp: 4", 1))

	// The permalink carries the page's rules file: opened on a server
	// whose folder lacks it, it gives the same exact answer (this one's
	// folder holds the unedited file, which the link must not read).
	p.wait(t, `document.getElementById('permalink').href.includes('&r=')`, time.Minute)
	link := eval[string](t, p, `document.getElementById('permalink').href`)
	_, other := newTestServer(t, workbench.Config{Dir: t.TempDir()})
	q := openPage(t, other.URL+"/"+link[strings.Index(link, "#"):])
	q.wait(t, settled+` && window.workbench.exact !== null`, time.Minute)
	if got := eval[string](t, q, `document.getElementById('rules-src').value`); got != strings.Replace(string(rulesSrc), "hp: 5", "hp: 4", 1) {
		t.Errorf("the permalink's rules file: %q", got)
	}
	wantRounds(t, q, edited, strings.Replace(string(rulesSrc), "hp: 5", "hp: 4", 1))
	for _, pg := range []*page{p, q} {
		if errs := pg.consoleErrors(); len(errs) > 0 {
			t.Errorf("console errors: %q", errs)
		}
	}
}

// setRules replaces the rules file's text as typing does.
func (p *page) setRules(t *testing.T, js string) {
	t.Helper()
	eval[bool](t, p, `(() => { const s = document.getElementById('rules-src'); s.value = `+js+`; s.dispatchEvent(new Event('input')); return true })()`)
}

// wantRounds checks the page's exact mean rounds against the solve of the
// scenario and rules file saved side by side and read as the command line
// reads them.
func wantRounds(t *testing.T, p *page, scenario, rules string) {
	t.Helper()
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "duel.yaml"), scenario)
	writeFile(t, filepath.Join(dir, "duel2d6.rules.yaml"), rules)
	sc, err := scenarios.ParseIn(os.DirFS(dir), "duel.yaml", "duel", []byte(scenario))
	if err != nil {
		t.Fatal(err)
	}
	sol, err := analysis.Solve(t.Context(), sc, false)
	if err != nil {
		t.Fatal(err)
	}
	if got := eval[float64](t, p, `window.workbench.exact.rounds_mean`); got != sol.RoundsMean.F {
		t.Errorf("the page's exact mean rounds %v, the pair's on disk %v", got, sol.RoundsMean.F)
	}
}

func writeFile(t *testing.T, name, text string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
