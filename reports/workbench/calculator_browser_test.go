package workbench_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/crucible-sim/crucible/reports/workbench"
)

// The workbench as a calculator, in one page of the shared browser (each
// check a few seconds): the form is patched in place as the designer types
// in it, a unit added in the rules file's editor is offered by the form at
// once, and a comparison and a tune are re-judged with the players picked
// in their cards.
func TestCalculatorInOnePage(t *testing.T) {
	t.Parallel()
	_, hs := newTestServer(t, workbench.Config{})
	p := openPage(t, hs.URL+"/#builtin=rulesfile/duel2d6&seed=5&trials=2000")
	p.wait(t, settled, time.Minute)
	t.Run("the form is patched in place", func(t *testing.T) { formPatchedInPlace(t, p) })
	t.Run("units of the rules file reach the form", func(t *testing.T) { rulesUnitsReachTheForm(t, p) })
	t.Run("compare and tune pick the players", func(t *testing.T) { skillOnCompareAndTune(t, p) })
	if errs := p.consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}

// formPatchedInPlace types in the form as a designer does, key by key:
// the text and the odds follow, while the box typed in keeps its focus,
// its caret and its node, and the fields not edited keep theirs (each
// marked with a property a redrawing would lose).
func formPatchedInPlace(t *testing.T, p *page) {
	const count, name = `#form input[data-path="a.units.duellist"]`, `#form input[data-path="a.name"]`
	kept := []string{`#form fieldset[data-path="b"]`, `#form [data-path="b.units.duellist"]`, `#form fieldset[data-path="a"] > legend`, count, name}
	eval[bool](t, p, `(() => { for (const s of `+jsList(kept)+`) document.querySelector(s)._kept = s; return true })()`)
	stillKept := func() {
		t.Helper()
		if lost := eval[[]string](t, p, ``+jsList(kept)+`.filter((s) => { const n = document.querySelector(s); return !n || n._kept !== s })`); len(lost) > 0 {
			t.Errorf("drawn anew, not patched: %q", lost)
		}
	}

	// A count, typed over: the odds of three duellists against one.
	before, job := p.text(t, "share-a"), eval[int](t, p, `window.workbench.job`)
	eval[bool](t, p, `(() => { const i = document.querySelector('`+count+`'); i.focus(); i.select(); return true })()`)
	p.do(t, chromedp.KeyEvent("3"))
	p.wait(t, `/duellist: 3\b/.test(document.getElementById('src').value) && window.workbench.job > `+itoa(job)+` && `+settled, time.Minute)
	if after := p.text(t, "share-a"); after == before {
		t.Errorf("the odds did not change with the count typed: %q", after)
	}
	if !eval[bool](t, p, `document.activeElement === document.querySelector('`+count+`') && document.activeElement.value === '3'`) {
		t.Errorf("the box typed in lost its focus or its text: %s", eval[string](t, p, `document.activeElement.outerHTML`))
	}
	stillKept()

	// A name, behind "more fields", typed in and then edited in its
	// middle: the caret stays after the key typed.
	eval[bool](t, p, `(() => { document.querySelector('`+name+`').closest('details').open = true; const i = document.querySelector('`+name+`'); i.focus(); return true })()`)
	job = eval[int](t, p, `window.workbench.job`)
	p.do(t, chromedp.KeyEvent("Reds"))
	p.wait(t, `window.workbench.job > `+itoa(job)+` && `+settled+` && document.getElementById('label-a').textContent === 'Reds'`, time.Minute)
	job = eval[int](t, p, `window.workbench.job`)
	eval[bool](t, p, `(document.querySelector('`+name+`').setSelectionRange(2, 2), true)`)
	p.do(t, chromedp.KeyEvent("x"))
	p.wait(t, `window.workbench.job > `+itoa(job)+` && `+settled+` && document.getElementById('label-a').textContent === 'Rexds'`, time.Minute)
	if got := eval[[]int](t, p, `(() => { const i = document.activeElement; return i === document.querySelector('`+name+`') ? [i.selectionStart, i.selectionEnd] : [] })()`); len(got) != 2 || got[0] != 3 || got[1] != 3 {
		t.Errorf("after typing x at 2 in Reds, the focused box's caret: %v, want [3 3] in the name's box", got)
	}
	stillKept()
	eval[bool](t, p, `(document.activeElement.blur(), true)`)
}

// rulesUnitsReachTheForm adds a unit in the rules file's editor, twice:
// each is offered by the form's "+ add…" as soon as the rules file is
// accepted, with no reload (the first edit makes the scenario read the
// file by path, the second keeps the ruleset's name).
func rulesUnitsReachTheForm(t *testing.T, p *page) {
	for _, unit := range []string{"champion", "squire"} {
		job := eval[int](t, p, `window.workbench.job`)
		p.setRules(t, `document.getElementById('rules-src').value.replace('units:\n', 'units:\n  `+unit+`: {hp: 3}\n')`)
		p.wait(t, `window.workbench.job > `+itoa(job)+` && `+settled, time.Minute)
		offered := `[...document.querySelector('#form fieldset[data-path="b.units"] select.add').options].map((o) => o.value)`
		if got := eval[[]string](t, p, offered); !slices.Contains(got, unit) {
			t.Errorf("after %s was added to the rules file, b.units' + add… offers %q", unit, got)
		}
	}
	if !strings.Contains(eval[string](t, p, `document.getElementById('src').value`), "ruleset: ./duel2d6.rules.yaml") {
		t.Errorf("the scenario does not read the page's rules file by path")
	}
}

// skillOnCompareAndTune re-judges a comparison and a tune with two
// players picked in each card: the request carries them to the server
// (the answer is the command line's: TestAnswersAreTheCommandLines), and
// the card shows the command with --skill and the axis's verdict.
func skillOnCompareAndTune(t *testing.T, p *page) {
	p.pick(t, "builtin=eclipse%2Finterceptor-duel")
	p.wait(t, `window.workbench.last && window.workbench.last.scenario === 'eclipse/interceptor-duel' && `+settled, time.Minute)
	const levels = "a=kill-greedy,a=largest-killable-first"
	pickPlayers := func(prefix string) {
		t.Helper()
		p.wait(t, `[...document.getElementById('`+prefix+`-weak').options].some((o) => o.value === 'largest-killable-first')`, 10*time.Second)
		eval[bool](t, p, `(document.getElementById('`+prefix+`-on').checked = true)`)
		p.setSelect(t, prefix+"-weak", "kill-greedy")
		p.setSelect(t, prefix+"-strong", "largest-killable-first")
		p.setSelect(t, prefix+"-sides", "a=")
	}

	p.pickField(t, "tune", "tune-field", "attacker.ships.Interceptor")
	p.setInput(t, "tune-range", "1..8")
	p.setSelect(t, "tune-goal", "win.a>=")
	pickPlayers("tune-skill")
	p.run(t, "tune")
	if got := p.text(t, "tune-command"); !strings.HasSuffix(got, " --skill "+levels) {
		t.Errorf("the tune's command %q does not re-judge with %s", got, levels)
	}
	linked := func(card string) {
		t.Helper()
		p.wait(t, `document.getElementById('`+card+`-permalink').href.includes('run=')`, 10*time.Second)
		if link := eval[string](t, p, `document.getElementById('`+card+`-permalink').href`); !strings.Contains(link, card+"-skill=a%3Dkill-greedy%2Ca%3Dlargest-killable-first") {
			t.Errorf("the %s card's permalink %q does not name the players", card, link)
		}
	}
	linked("tune")
	words := eval[[]string](t, p, `[...document.querySelectorAll('#tune-words li')].map((li) => li.textContent)`)
	if want := eval[[]string](t, p, `window.workbench.tune.words`); !slices.Equal(words, want) || !slices.ContainsFunc(words, isSkillLine) {
		t.Errorf("the tune card says %q; its answer %q, with the skill axis's verdict", words, want)
	}

	p.card(t, "compare")
	p.click(t, "keep")
	job := eval[int](t, p, `window.workbench.job`)
	p.setText(t, `document.getElementById('src').value.replace('Interceptor: 1', 'Interceptor: 2')`)
	p.wait(t, `window.workbench.job > `+itoa(job)+` && `+settled, time.Minute)
	pickPlayers("compare-skill")
	p.run(t, "compare")
	if got := eval[string](t, p, `window.workbench.compare.pairs[0].command`); !strings.HasSuffix(got, " --skill "+levels) {
		t.Errorf("the comparison's command %q does not re-judge with %s", got, levels)
	}
	linked("compare")
	shown := eval[[]string](t, p, `[...document.querySelectorAll('#compare-pairs .skill-line')].map((e) => e.textContent)`)
	// The verdict, then the note when the two players are styles of play
	// (kill-greedy and largest-killable-first are), as the pair's words.
	if words := eval[[]string](t, p, `window.workbench.compare.pairs[0].words.slice(1)`); len(shown) == 0 || !isSkillLine(shown[0]) || !slices.Equal(shown, words) {
		t.Errorf("the comparison shows the skill axis's verdict as %q, not its words %q", shown, words)
	}
	// A line is marked undecided exactly when it says so (compare.js reads
	// the words, which on a mirrored board open with the mirror's sentence);
	// here the verdict holds, so no line may be marked.
	marked := eval[[]bool](t, p, `[...document.querySelectorAll('#compare-pairs .skill-line')].map((e) => e.classList.contains('undecided'))`)
	for i, line := range shown {
		if want := strings.HasPrefix(line, "skill ") && strings.Contains(line, "undecided whether"); i < len(marked) && marked[i] != want {
			t.Errorf("the comparison's line %q is marked undecided: %v; want %v", line, marked[i], want)
		}
	}
}

// isSkillLine says whether a line is a skill axis's verdict
// (skillreport.Line).
func isSkillLine(s string) bool {
	return strings.HasPrefix(s, "SKILL-SENSITIVE") || strings.HasPrefix(s, "skill ")
}

// jsList writes strings as a JavaScript array.
func jsList(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = quote(s)
	}
	return "[" + strings.Join(q, ", ") + "]"
}
