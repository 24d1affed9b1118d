//go:build long

package workbench_test

import (
	"strings"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/reports/workbench"
)

// The page's longer commands in Chromium: a tune of a field and a
// comparison with a kept copy.
func TestWorkbenchCommandsInBrowser(t *testing.T) {
	_, hs := newTestServer(t, workbench.Config{})
	p := openPage(t, hs.URL+"/")
	p.pick(t, "builtin=stratfight%2Fthug-vs-guard")
	p.wait(t, `window.workbench.last && window.workbench.last.scenario === 'stratfight/thug-vs-guard'`, 30*time.Second)
	p.setText(t, `document.getElementById('src').value.replace('fighter: thug', 'fighter: thug\n  armor: {armor_value: 5}')`)
	p.setInput(t, "trials", "20000")
	p.setInput(t, "seed", "11")
	p.wait(t, `window.workbench.done && document.getElementById('command').textContent.includes('--seed 11 --trials 20000')`, 30*time.Second)
	p.card(t, "sweep")
	p.wait(t, `[...document.getElementById('sweep-field').options].some(o => o.value === 'a.armor.armor_value')`, 30*time.Second)
	eval[bool](t, p, `(() => { const s = document.getElementById('sweep-field'); s.value = 'a.armor.armor_value'; s.dispatchEvent(new Event('change')); return s.value === 'a.armor.armor_value' })()`)

	// A tune of the same field answers in words.
	p.pickField(t, "tune", "tune-field", "a.armor.armor_value")
	p.setInput(t, "tune-range", "0..8")
	p.setSelect(t, "tune-goal", "win.b<=")
	p.setInput(t, "tune-level", "50")
	p.click(t, "tune")
	p.wait(t, `window.workbench.tune !== null && document.getElementById('tune-command').textContent.startsWith('crucible tune ')`, 60*time.Second)
	if got := p.text(t, "tune-words"); !strings.Contains(got, "a.armor.armor_value") {
		t.Errorf("the tune's answer: %q", got)
	}
	// Keep the text as A, edit it, and compare.
	eval[bool](t, p, `(document.getElementById('keep').click(), true)`)
	p.setText(t, `document.getElementById('src').value.replace('armor_value: 5', 'armor_value: 2')`)
	p.wait(t, `document.getElementById('command').textContent.includes('--seed 11') && window.workbench.done`, 30*time.Second)
	p.card(t, "compare")
	eval[bool](t, p, `(document.getElementById('compare').click(), true)`)
	p.wait(t, `window.workbench.compare !== null`, 60*time.Second)
	if got := p.text(t, "compare-command"); got != "crucible compare stratfight-thug-vs-guard.yaml stratfight-thug-vs-guard-b.yaml --seed 11 --trials 20000" {
		t.Errorf("the comparison's command: %q", got)
	}
	if errs := p.consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}
