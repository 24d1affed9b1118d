package workbench_test

import (
	"context"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/crucible-sim/crucible/reports/internal/browsertest"
	"github.com/crucible-sim/crucible/reports/workbench"
)

// chromium returns the headless browser (browsertest.Path).
func chromium(t testing.TB) string {
	t.Helper()
	return browsertest.Path(t, "the workbench")
}

// page is a browser tab on the workbench, with the console errors it has
// logged.
type page struct {
	ctx    context.Context
	mu     sync.Mutex
	errors []string
}

// The browser every test of the binary shares: starting Chromium costs a
// second or two, a tab a few milliseconds. TestMain closes it.
var shared struct {
	once   sync.Once
	ctx    context.Context
	err    error
	cancel func()
}

// browser returns the shared headless Chromium, started on first use with
// a profile of its own, or skips the test when there is none (chromium).
func browser(t testing.TB) context.Context {
	t.Helper()
	exe := chromium(t)
	shared.once.Do(func() {
		dir, err := os.MkdirTemp("", "workbench-chromium-")
		if err != nil {
			shared.err = err
			return
		}
		opts := []chromedp.ExecAllocatorOption{
			chromedp.ExecPath(exe), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
			chromedp.NoFirstRun, chromedp.UserDataDir(dir),
			// Headless Chromium still builds its window's omnibox popups
			// as web pages (two "browser_ui" targets, a renderer of their
			// own) and redoes them as tabs open: about a third of the
			// CPU the package's browser tests cost (bench/tests.txt).
			// No page of ours has an omnibox, nor needs translating. And
			// a tab given back (giveBack) must leave its page for good:
			// kept in the back-forward cache, a page keeps its event
			// stream open, and six streams to one server are all that
			// Chromium opens (the seventh page waits).
			chromedp.Flag("disable-features", "WebUIOmniboxPopup,WebUIOmniboxAimPopup,Translate,BackForwardCache"),
			// Every tab's page in one renderer process rather than one
			// each: the tests' pages are all of the loopback host, and a
			// renderer started per tab cost about a tenth of the tests'
			// CPU more (bench/tests.txt). Their scripts take turns on its
			// one main thread, which no test times.
			chromedp.Flag("renderer-process-limit", "1"),
		}
		actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		bctx, cancelBrowser := chromedp.NewContext(actx)
		shared.ctx, shared.cancel = bctx, func() { cancelBrowser(); cancelAlloc(); os.RemoveAll(dir) }
		shared.err = chromedp.Do(bctx)
	})
	if shared.err != nil {
		t.Fatal(shared.err)
	}
	return shared.ctx
}

func TestMain(m *testing.M) {
	code := m.Run()
	if shared.cancel != nil {
		shared.cancel()
	}
	os.Exit(code)
}

// openPage opens url in a tab of the shared browser, given back when the
// test ends, 1,400 px wide, and records what it logs as an error.
func openPage(t testing.TB, url string) *page {
	t.Helper()
	tab := takeTab(t)
	ctx, cancel := context.WithCancel(tab.ctx) // ends the console's reading
	t.Cleanup(func() { cancel(); giveBack(tab) })
	p := &page{ctx: ctx}
	messages := chromedp.Console(ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.IsException() {
				p.mu.Lock()
				p.errors = append(p.errors, m.Text)
				p.mu.Unlock()
			}
		}
	}()
	p.do(t, chromedp.EmulateViewport(1400, 1000), chromedp.Navigate(url))
	p.wait(t, `window.workbench && window.workbench.ready && document.getElementById('picker').options.length > 1`, 20*time.Second)
	return p
}

// A tab of the shared browser, each in a window of its own (a page in a
// hidden tab gets no animation frames, which Poll waits on). Opening one
// costs about a CPU second (its window, its renderer), a page loaded in
// one already open half that, so a test gives its tab back when it ends
// for the next test's page: a new document, as in a tab of its own.
type tab struct {
	ctx    context.Context
	cancel func()
}

// idleTabs are the tabs no test holds; TestMain's closing of the browser
// closes them.
var idleTabs struct {
	mu   sync.Mutex
	tabs []tab
}

// takeTab returns an idle tab, or opens one.
func takeTab(t testing.TB) tab {
	t.Helper()
	idleTabs.mu.Lock()
	defer idleTabs.mu.Unlock()
	if n := len(idleTabs.tabs); n > 0 {
		tb := idleTabs.tabs[n-1]
		idleTabs.tabs = idleTabs.tabs[:n-1]
		return tb
	}
	ctx, cancel := chromedp.NewContext(browser(t))
	// Open it now, in its own context: the tab reads its events for as
	// long as the context it is opened in lives, and a test's ends first.
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		t.Fatal(err)
	}
	return tab{ctx, cancel}
}

// giveBack leaves the tab's page for a blank one — its event stream ends,
// and the server cancels its jobs, as when a tab closes — and keeps the
// tab for another test; a tab that cannot leave its page is closed.
func giveBack(tb tab) {
	ctx, cancel := context.WithTimeout(tb.ctx, 30*time.Second)
	defer cancel()
	// Not chromedp.Navigate: it waits for a document's response, and a
	// blank page has none.
	_, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`location.replace('about:blank'), true`))
	for err == nil {
		// The old page's scripts may run a moment more (its context gone
		// under an evaluation is an error here, and asked again).
		if href, e := chromedp.Run(ctx, chromedp.Evaluate[string](`location.href`)); e == nil && href == "about:blank" {
			break
		}
		err = ctx.Err()
		time.Sleep(10 * time.Millisecond)
	}
	if err != nil {
		tb.cancel()
		return
	}
	idleTabs.mu.Lock()
	idleTabs.tabs = append(idleTabs.tabs, tb)
	idleTabs.mu.Unlock()
}

func (p *page) do(t testing.TB, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 60*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatal(err)
	}
}

// eval returns the value of a JavaScript expression on the page.
func eval[T any](t testing.TB, p *page, js string) T {
	t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

// wait waits until a JavaScript expression is true on the page.
func (p *page) wait(t testing.TB, js string, d time.Duration) {
	t.Helper()
	if _, err := chromedp.Run(p.ctx, chromedp.Poll[chromedp.Void](js, chromedp.WithPollingTimeout(d))); err != nil {
		t.Fatalf("waiting for %s: %v", js, err)
	}
}

// pick opens a scenario from the picker as a designer does.
func (p *page) pick(t testing.TB, value string) {
	t.Helper()
	eval[bool](t, p, `(() => { const s = document.getElementById('picker'); s.value = `+quote(value)+`; s.dispatchEvent(new Event('change')); return true })()`)
}

// setText replaces the editor's text as typing does, and waits for the
// job it starts (or, for a text with an error, for its problems).
func (p *page) setText(t testing.TB, js string) {
	t.Helper()
	eval[bool](t, p, `(() => { const s = document.getElementById('src'); s.value = `+js+`; s.dispatchEvent(new Event('input')); return true })()`)
}

// setInput sets one of the page's inputs as typing does.
func (p *page) setInput(t testing.TB, id, value string) {
	t.Helper()
	eval[bool](t, p, `(() => { const s = document.getElementById(`+quote(id)+`); s.value = `+quote(value)+`; s.dispatchEvent(new Event('input')); return true })()`)
}

// setSelect chooses a value of one of the page's <select>s, as a click
// does.
func (p *page) setSelect(t testing.TB, id, value string) {
	t.Helper()
	eval[bool](t, p, `(() => { const s = document.getElementById(`+quote(id)+`); s.value = `+quote(value)+`; s.dispatchEvent(new Event('change')); return true })()`)
}

// setSelectCSS is setSelect for the <select> a CSS selector finds.
func (p *page) setSelectCSS(t testing.TB, selector, value string) {
	t.Helper()
	eval[bool](t, p, `(() => { const s = document.querySelector(`+quote(selector)+`); s.value = `+quote(value)+`; s.dispatchEvent(new Event('change')); return true })()`)
}

func (p *page) text(t testing.TB, id string) string {
	t.Helper()
	return eval[string](t, p, `document.getElementById(`+quote(id)+`).textContent`)
}

func (p *page) consoleErrors() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.errors...)
}

func quote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`, "\n", `\n`).Replace(s) + "'"
}

// The designer's session, in Chromium: a built-in's exact value arrives
// and is marked exact; an edit changes the estimate, whose interval
// narrows as trials stream in; an error shows at its line; a permalink
// opened in a fresh tab gives the same numbers; nothing is logged as an
// error.
func TestWorkbenchInBrowser(t *testing.T) {
	t.Parallel()
	_, hs := newTestServer(t, workbench.Config{})
	p := openPage(t, hs.URL+"/")

	// An Eclipse battle: the exact value replaces the estimate.
	p.pick(t, "builtin=eclipse%2Finterceptor-duel")
	p.wait(t, settled+` && window.workbench.exact`, 30*time.Second)
	if got := p.text(t, "share-a"); got != "45.45 % exact" {
		t.Errorf("the attacker's share: %q, want the exact 5/11", got)
	}
	if got := p.text(t, "command"); got != "crucible run eclipse/interceptor-duel --seed 1 --trials 100000" {
		t.Errorf("command %q", got)
	}

	// A stratfight duel with many trials: the estimate streams in.
	p.pick(t, "builtin=stratfight%2Fthug-vs-guard")
	p.setInput(t, "trials", "3000000")
	p.wait(t, `window.workbench.estimates >= 3 && window.workbench.last && window.workbench.last.scenario === 'stratfight/thug-vs-guard'`, 30*time.Second)
	before := p.text(t, "share-b")
	h := eval[[]map[string]float64](t, p, `window.workbench.history`)
	if len(h) < 3 || !(h[len(h)-1]["trials"] > h[0]["trials"]) || !(h[len(h)-1]["precision"] < h[0]["precision"]) {
		t.Errorf("the estimates did not tighten: %v", h)
	}
	// Edit a number: the Thug gets armour, and the Guard wins less.
	p.setText(t, `document.getElementById('src').value.replace('fighter: thug', 'fighter: thug\n  armor: {armor_value: 6}')`)
	p.wait(t, `document.getElementById('command').textContent.includes('stratfight-thug-vs-guard.yaml') && window.workbench.estimates >= 1`, 30*time.Second)
	if after := p.text(t, "share-b"); after == before {
		t.Errorf("the share did not change with the edit: %q", after)
	}

	// An error shows at its line, in the list and in the gutter.
	p.setText(t, `document.getElementById('src').value.replace('armor_value: 6', 'armor_value: six')`)
	p.wait(t, `document.querySelector('#problems li') !== null`, 10*time.Second)
	line := eval[string](t, p, `document.querySelector('#problems li').dataset.line`)
	msg := eval[string](t, p, `document.querySelector('#problems li').textContent`)
	if want := eval[int](t, p, `document.getElementById('src').value.split('\n').findIndex(l => l.includes('six')) + 1`); line != itoa(want) || !strings.HasPrefix(msg, "stratfight-thug-vs-guard.yaml:"+line+":") {
		t.Errorf("the error %q is marked at line %s, want %d", msg, line, want)
	}
	if g := eval[string](t, p, `(document.querySelector('#gutter .bad') || {}).textContent || ''`); g != line {
		t.Errorf("the gutter marks line %q, want %s", g, line)
	}

	// A permalink restores the page in a fresh tab, with the same numbers.
	p.setText(t, `document.getElementById('src').value.replace('armor_value: six', 'armor_value: 5')`)
	p.setInput(t, "trials", "20000")
	p.setInput(t, "seed", "11")
	p.wait(t, `window.workbench.done && document.getElementById('command').textContent.includes('--seed 11 --trials 20000') && document.getElementById('permalink').href.includes('seed=11')`, 30*time.Second)
	link := eval[string](t, p, `document.getElementById('permalink').href`)
	want := []string{p.text(t, "share-a"), p.text(t, "interval-a"), p.text(t, "trials-done"), p.text(t, "command")}
	q := openPage(t, link)
	q.wait(t, settled, 30*time.Second)
	if got := []string{q.text(t, "share-a"), q.text(t, "interval-a"), q.text(t, "trials-done"), q.text(t, "command")}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("the permalink shows %q, the page %q", got, want)
	}
	// A link to a built-in by name opens it, with the seed and trials it
	// gives.
	named := openPage(t, hs.URL+"/#builtin=stratfight/thug-vs-guard&seed=11&trials=5000")
	named.wait(t, `window.workbench.done && document.getElementById('command').textContent.includes('--seed 11 --trials 5000')`, 30*time.Second)
	if got := named.text(t, "command"); !strings.Contains(got, "stratfight/thug-vs-guard") {
		t.Errorf("#builtin= opens %q", got)
	}
	if got := eval[string](t, named, `document.getElementById('picker').value`); got != "builtin=stratfight%2Fthug-vs-guard" {
		t.Errorf("#builtin= leaves the picker at %q", got)
	}

	// A sweep of a field picked from the scenario draws its curve (the
	// card, once shown, offers the text's fields).
	p.card(t, "sweep")
	p.wait(t, `[...document.getElementById('sweep-field').options].some(o => o.value === 'a.armor.armor_value')`, 30*time.Second)
	eval[bool](t, p, `(() => { const s = document.getElementById('sweep-field'); s.value = 'a.armor.armor_value'; s.dispatchEvent(new Event('change')); return s.value === 'a.armor.armor_value' })()`)
	p.setInput(t, "sweep-values", "0..4")
	eval[bool](t, p, `(document.getElementById('tab-sweep').click(), document.getElementById('sweep').click(), true)`)
	p.wait(t, `window.workbench.sweep && window.workbench.sweep.result.points.length === 5`, 60*time.Second)
	if n := eval[int](t, p, `document.querySelectorAll('#sweep-plot circle[data-y]').length`); n != 5 {
		t.Errorf("the sweep's curve has %d points, want 5", n)
	}
	if got := p.text(t, "sweep-command"); got != "crucible sweep stratfight-thug-vs-guard.yaml --vary a.armor.armor_value=0..4 --seed 11 --trials 20000" {
		t.Errorf("the sweep's command: %q", got)
	}
	for _, pg := range []*page{p, q, named} {
		if errs := pg.consoleErrors(); len(errs) > 0 {
			t.Errorf("console errors: %q", errs)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// settled is true on the page once its odds job has ended and the answer
// to its request is in (either may come first).
const settled = `(window.workbench.done && window.workbench.replied === window.workbench.job)`
