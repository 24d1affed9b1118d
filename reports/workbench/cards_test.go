package workbench_test

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/crucible-sim/crucible/reports/workbench"
)

// The cards as a designer uses them, each driven in Chromium and read off
// the page — the numbers it shows and the words it says — against what
// the command line prints for the same texts and seed (its JSON, its
// words), at 1,400 and at 800 px, where nothing may be wider than the
// window.
func TestCardsMatchTheCommandLine(t *testing.T) {
	t.Parallel()
	_, hs := newTestServer(t, workbench.Config{})
	for _, c := range cardCases {
		t.Run(c.card, func(t *testing.T) {
			t.Parallel()
			// Each card saves its texts in a directory of its own: two cards
			// may save different texts under one file name.
			cli := &cliCache{t: t, dir: t.TempDir(), out: map[string]string{}}
			p := openPage(t, hs.URL+"/#builtin="+c.builtin+"&seed=7&trials="+c.trials)
			p.wait(t, settled, time.Minute)
			c.drive(t, p)
			for _, width := range []int{1400, 800} {
				p.resize(t, width, 1000)
				p.wait(t, chartsDrawn, 10*time.Second)
				c.check(t, p, cli)
				if w := eval[int](t, p, `Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)`); w > width {
					t.Errorf("%s at %d px: the page is %d px wide", c.card, width, w)
				}
			}
			if errs := p.consoleErrors(); len(errs) > 0 {
				t.Errorf("%s: console errors: %q", c.card, errs)
			}
		})
	}
}

// cardCase is one card's use: the built-in it starts from, what the
// designer does, and what is checked against the command line.
type cardCase struct {
	card, builtin, trials string
	drive                 func(t *testing.T, p *page)
	check                 func(t *testing.T, p *page, cli *cliCache)
}

var cardCases = []cardCase{
	{"odds", "eclipse/two-cruisers-vs-interceptor-and-cruiser", "2000", func(t *testing.T, p *page) {
		p.wait(t, settled+` && window.workbench.exact`, time.Minute)
	}, checkOdds},
	{"compare", "eclipse/interceptor-duel", "2000", driveCompare, checkCompare},
	{"sweep", "eclipse/interceptor-duel", "2000", func(t *testing.T, p *page) {
		p.pickField(t, "sweep", "sweep-field", "attacker.ships.Interceptor")
		p.setInput(t, "sweep-values", "1..4")
		p.run(t, "sweep")
	}, checkSweep},
	// "What armor makes this duel fair?": a field of words, every value
	// the reference allows, as ranked bars.
	{"sweep-words", "stratfight/thug-vs-guard", "2000", func(t *testing.T, p *page) {
		p.pickField(t, "sweep", "sweep-field", "a.armor")
		if got := eval[string](t, p, `document.getElementById('sweep-values').value`); got != "none,leather,chainmail,plate" {
			t.Errorf("the values suggested for a.armor: %q", got)
		}
		p.run(t, "sweep")
	}, checkSweepWords},
	{"tune", "eclipse/escorted-interceptors-vs-fleet", "500", func(t *testing.T, p *page) {
		p.pickField(t, "tune", "tune-field", "attacker.ships.Interceptor")
		if got := eval[string](t, p, `document.getElementById('tune-range').value`); got != "1..8" {
			t.Errorf("the range suggested for attacker.ships.Interceptor: %q, want 1..8", got)
		}
		p.setInput(t, "tune-range", "1..8")
		p.setSelect(t, "tune-goal", "win.a>=")
		p.setInput(t, "tune-level", "70")
		p.run(t, "tune")
	}, checkTune},
	{"meta", "eclipse/cruiser-designs", "500", func(t *testing.T, p *page) {
		p.card(t, "meta")
		p.click(t, "meta-add-designs")
		eval[bool](t, p, `(() => { for (let k = 0; k < 20; k++) { const bs = document.querySelectorAll('#meta-entries li button'); if (bs.length <= 4) break; bs[bs.length - 1].click(); } return true })()`)
		p.wait(t, `document.querySelectorAll('#meta-entries li button').length === 4`, 10*time.Second)
		p.run(t, "meta")
	}, checkMeta},
	{"spread", "eclipse/interceptor-duel", "500", func(t *testing.T, p *page) {
		p.card(t, "spread")
		p.run(t, "spread")
	}, checkSpread},
	{"replay", "dbd/symmetric_line", "20", func(t *testing.T, p *page) {
		p.card(t, "replay")
		p.setInput(t, "trial", "3")
		p.run(t, "replay")
	}, checkReplay},
}

// chartsDrawn is true on the page once every chart shown is drawn at its
// width (after a resize, the charts draw again).
const chartsDrawn = `[...document.querySelectorAll('svg[data-width]')].every((s) => {
  const w = s.getBoundingClientRect().width;
  return w === 0 || Number(s.dataset.width) === Math.max(240, Math.floor(w));
})`

// pickField shows a card and picks a field of its <select> id once the
// card offers it.
func (p *page) pickField(t *testing.T, card, id, field string) {
	t.Helper()
	p.card(t, card)
	p.wait(t, `[...document.getElementById(`+quote(id)+`).options].some(o => o.value === `+quote(field)+`)`, time.Minute)
	p.setSelect(t, id, field)
}

// card shows a card, as its tab's click does.
func (p *page) card(t *testing.T, name string) { p.click(t, "tab-"+name) }

// click clicks an element of the page.
func (p *page) click(t *testing.T, id string) {
	t.Helper()
	eval[bool](t, p, `(document.getElementById(`+quote(id)+`).click(), true)`)
}

// run starts a card's job and waits for its answer and, but for the
// compare card's (whose commands are in its answer), the reply that
// carries its command: the two may come in either order.
func (p *page) run(t *testing.T, kind string) {
	t.Helper()
	eval[bool](t, p, `(window.workbench['`+kind+`'] = null, document.getElementById('`+kind+`-command').textContent = '–', true)`)
	p.click(t, kind)
	done := `window.workbench['` + kind + `'] !== null`
	if kind != "compare" {
		done += ` && document.getElementById('` + kind + `-command').textContent !== '–'`
	}
	p.wait(t, `(`+done+`) || document.getElementById('`+kind+`-state').textContent.startsWith('failed')`, 2*time.Minute)
	if s := p.text(t, kind+"-state"); strings.HasPrefix(s, "failed") {
		t.Fatalf("%s: %s", kind, s)
	}
}

// resize sets the window's size.
func (p *page) resize(t *testing.T, width, height int) {
	t.Helper()
	if _, err := chromedp.Run(p.ctx, chromedp.EmulateViewport(int64(width), int64(height))); err != nil {
		t.Fatal(err)
	}
}

// texts returns the text of every element a selector matches.
func texts(t *testing.T, p *page, selector string) []string {
	t.Helper()
	return eval[[]string](t, p, `[...document.querySelectorAll(`+quote(selector)+`)].map(n => n.textContent)`)
}

// numbers returns an attribute of every element a selector matches, as
// numbers.
func numbers(t *testing.T, p *page, selector, attr string) []float64 {
	t.Helper()
	return eval[[]float64](t, p, `[...document.querySelectorAll(`+quote(selector)+`)].map(n => Number(n.getAttribute(`+quote(attr)+`)))`)
}

// cliCache runs the command line on the page's texts saved as their
// files, once per command.
type cliCache struct {
	t   *testing.T
	dir string
	out map[string]string
}

// save writes the page's text as the file its Reproduce line names.
func (c *cliCache) save(p *page) string {
	file := filepath.Join(c.dir, eval[string](c.t, p, `window.workbench.validation.file`))
	if err := os.WriteFile(file, []byte(eval[string](c.t, p, `document.getElementById('src').value`)), 0o644); err != nil {
		c.t.Fatal(err)
	}
	return file
}

// json runs a command line (its words as the page's Reproduce line gives
// them, the file names in the cache's directory) with --format json.
func (c *cliCache) json(t *testing.T, line string, v any) {
	t.Helper()
	out := c.run(t, line, "--format", "json")
	if err := json.Unmarshal([]byte(out), v); err != nil {
		t.Fatalf("%s: %v\n%s", line, err, out)
	}
}

// run runs a Reproduce line as if in the cache's directory: a word that
// names a file there names it by its path, so that the cards, which run
// side by side, need not change the process's working directory.
func (c *cliCache) run(t *testing.T, line string, more ...string) string {
	t.Helper()
	args := append(shellWords(t, line)[1:], more...)
	key := strings.Join(args, "\x00")
	if out, ok := c.out[key]; ok {
		return out
	}
	for i, a := range args {
		if path := filepath.Join(c.dir, a); filepath.IsLocal(a) && fileExists(path) {
			args[i] = path
		}
	}
	out := crucible(t, args...)
	c.out[key] = out
	return out
}

// shellWords splits a Reproduce line as a shell does (its words are
// quoted where they must be; the test's are plain or single-quoted).
func shellWords(t *testing.T, line string) []string {
	t.Helper()
	var words []string
	var cur strings.Builder
	quoted, in := false, false
	for _, r := range line {
		switch {
		case r == '\'':
			quoted, in = !quoted, true
		case r == ' ' && !quoted:
			if in {
				words = append(words, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteRune(r)
			in = true
		}
	}
	if in {
		words = append(words, cur.String())
	}
	return words
}

// near reports whether a shown percentage (text such as "41.37 %") is the
// share v written to its digits.
func near(shown string, v float64) bool {
	f, err := strconv.ParseFloat(strings.TrimSpace(strings.Fields(shown)[0]), 64)
	digits := 0
	if i := strings.IndexByte(strings.Fields(shown)[0], '.'); i >= 0 {
		digits = len(strings.Fields(shown)[0]) - i - 1
	}
	return err == nil && math.Abs(f-100*v) <= 0.5*math.Pow10(-digits)+1e-9
}

func checkOdds(t *testing.T, p *page, cli *cliCache) {
	cli.save(p)
	var r map[string]any
	cli.json(t, p.text(t, "command"), &r)
	var exact struct{ Exact map[string]any }
	cli.json(t, p.text(t, "exact-command"), &exact)
	for side, key := range map[string]string{"a": "a", "b": "b", "none": "draw"} {
		if got := p.text(t, "share-"+side); !near(got, exact.Exact[key].(float64)) || !strings.HasSuffix(got, "exact") {
			t.Errorf("the page's exact share of %s %q, the command line's %v", side, got, exact.Exact[key])
		}
	}
	mc := p.text(t, "mc")
	wins := r["wins"].(map[string]any)
	for _, k := range []string{"a", "b"} {
		want := fmt.Sprintf("%.2f %%", 100*wins[k].(float64)/r["trials"].(float64))
		if !strings.Contains(mc, want) {
			t.Errorf("the page's Monte Carlo line %q lacks %s wins %s", mc, k, want)
		}
	}
	labels := r["labels"].(map[string]any)
	rows := texts(t, p, "#counters tr td:first-child")
	for name, mean := range r["counter_means"].(map[string]any) {
		side, rest, _ := strings.Cut(name, ".")
		want := labels[side].(string) + ": " + rest
		found := false
		for i, row := range rows {
			if row == want {
				found = true
				if got := texts(t, p, "#counters tr td:nth-child(2)")[i]; got != fmt.Sprintf("%.3f", mean.(float64)) {
					t.Errorf("counter %s: the page %s, the command line %v", want, got, mean)
				}
			}
		}
		if !found {
			t.Errorf("counter %s is not on the page by its side's name (%q)", name, rows)
		}
	}
}

func driveCompare(t *testing.T, p *page) {
	p.card(t, "compare")
	p.click(t, "keep")
	// Upgrade the attacker's Interceptor and swap its Ion Cannon for a
	// Plasma Cannon: a click and a choice in the form, no YAML.
	p.click(t, "tab-form")
	eval[bool](t, p, `(document.querySelector('[data-path="attacker.ships.Interceptor"] button.upgrade').click(), true)`)
	p.wait(t, `document.getElementById('src').value.includes('Interceptor Mk2') && window.workbench.validation.ok`, 30*time.Second)
	p.wait(t, `document.querySelector('select[data-path="blueprints[0].parts[0]"]') !== null`, 30*time.Second)
	p.setSelectCSS(t, `select[data-path="blueprints[0].parts[0]"]`, "Plasma Cannon")
	p.wait(t, `document.getElementById('src').value.includes('[Plasma Cannon, Nuclear Drive') && `+settled, 30*time.Second)
	p.setInput(t, "compare-margin", "3")
	p.run(t, "compare")
}

func checkCompare(t *testing.T, p *page, cli *cliCache) {
	// The two variants, saved as their files.
	files := eval[[]string](t, p, `window.workbench.compare.files`)
	for i, text := range eval[[]string](t, p, `window.workbench.compareTexts`) {
		if err := os.WriteFile(filepath.Join(cli.dir, files[i]), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	line := eval[string](t, p, `window.workbench.compare.pairs[0].command`)
	var c struct {
		Exact bool
		Diffs []struct {
			Metric, Effect, Judgement string
			A, B                      float64
		}
	}
	cli.json(t, line, &c)
	if !c.Exact {
		t.Fatalf("%s: not exact", line)
	}
	effects := texts(t, p, ".pair .effects li .effect")
	judgements := texts(t, p, ".pair .effects li .judgement")
	for _, d := range c.Diffs {
		i := slices.Index(effects, d.Effect)
		if i < 0 || judgements[i] != d.Judgement {
			t.Errorf("%s: the command line says %q — %q; the page %q", d.Metric, d.Effect, d.Judgement, effects)
		}
		if d.Metric == "win.a" {
			if bars := numbers(t, p, "#compare-plot .bar", "data-value"); len(bars) != 2 || bars[0] != d.A || bars[1] != d.B {
				t.Errorf("the chart's bars %v, the command line's %v → %v", bars, d.A, d.B)
			}
		}
	}
}

func checkSweep(t *testing.T, p *page, cli *cliCache) {
	cli.save(p)
	var sw struct {
		Points []struct {
			Estimate float64
			Exact    *float64
		}
	}
	cli.json(t, p.text(t, "sweep-command"), &sw)
	mc := numbers(t, p, `#sweep-plot .series[data-series="Monte Carlo, 95 % interval"] circle`, "data-y")
	ex := numbers(t, p, `#sweep-plot .series[data-series="exact"] circle`, "data-y")
	if len(mc) != len(sw.Points) || len(ex) != len(sw.Points) {
		t.Fatalf("the curve has %d points and %d exact, the command line %d", len(mc), len(ex), len(sw.Points))
	}
	for i, pt := range sw.Points {
		if mc[i] != pt.Estimate || pt.Exact == nil || ex[i] != *pt.Exact {
			t.Errorf("point %d: the page %v (exact %v), the command line %v (%v)", i, mc[i], ex[i], pt.Estimate, pt.Exact)
		}
	}
	wordsIn(t, p, "sweep-words", cli.run(t, p.text(t, "sweep-command")))
}

// checkSweepWords reads the bars of a sweep of words against the command
// line's points: a bar each, its share the point's (exact where solved).
func checkSweepWords(t *testing.T, p *page, cli *cliCache) {
	cli.save(p)
	var sw struct {
		Points []struct {
			Values   []string
			Estimate float64
			Exact    *float64
		}
	}
	cli.json(t, p.text(t, "sweep-command"), &sw)
	labels := texts(t, p, `#sweep-plot g.bar`)
	if len(labels) != len(sw.Points) || len(sw.Points) != 4 {
		t.Fatalf("%d bars, the command line %d points, want 4", len(labels), len(sw.Points))
	}
	for _, pt := range sw.Points {
		want := pt.Estimate
		if pt.Exact != nil {
			want = *pt.Exact
		}
		got := numbers(t, p, `#sweep-plot g.bar[data-label="`+pt.Values[0]+`"]`, "data-value")
		if len(got) != 1 || got[0] != want {
			t.Errorf("%s: the bar %v, the command line %v", pt.Values[0], got, want)
		}
	}
	wordsIn(t, p, "sweep-words", cli.run(t, p.text(t, "sweep-command")))
}

// wordsIn checks that every sentence a card says is one the command line
// prints.
func wordsIn(t *testing.T, p *page, id, printed string) {
	t.Helper()
	lines := texts(t, p, "#"+id+" li")
	if len(lines) == 0 {
		t.Errorf("%s: no words", id)
	}
	for _, l := range lines {
		if !strings.Contains(printed, strings.TrimPrefix(l, "not played: ")) {
			t.Errorf("%s: %q is not what the command line says:\n%s", id, l, printed)
		}
	}
}

func checkTune(t *testing.T, p *page, cli *cliCache) {
	cli.save(p)
	var tn struct {
		Headline []string
		Answer   any
		Probes   []struct {
			Value    float64
			Estimate float64
			Exact    *float64
		}
	}
	cli.json(t, p.text(t, "tune-command"), &tn)
	if got := texts(t, p, "#tune-words li"); strings.Join(got, "\n") != strings.Join(tn.Headline, "\n") {
		t.Errorf("the page answers %q, the command line %q", got, tn.Headline)
	}
	xs, ys := numbers(t, p, "#tune-plot circle", "data-x"), numbers(t, p, "#tune-plot circle", "data-y")
	for _, pr := range tn.Probes {
		i := slices.Index(xs, pr.Value)
		if i < 0 || pr.Exact == nil || ys[i] != *pr.Exact {
			t.Errorf("probe %v: the page %v at %v", pr.Value, ys, xs)
		}
	}
}

func checkMeta(t *testing.T, p *page, cli *cliCache) {
	cli.save(p)
	if err := os.WriteFile(filepath.Join(cli.dir, eval[string](t, p, `window.workbench.metaRoster.file`)), []byte(eval[string](t, p, `window.workbench.metaRoster.text`)), 0o644); err != nil {
		t.Fatal(err)
	}
	var m struct {
		Entries     []string
		Headline    []string
		Payoff      [][]struct{ Estimate float64 }
		Equilibrium struct{ A, B []float64 }
	}
	cli.json(t, p.text(t, "meta-command"), &m)
	if got := texts(t, p, "#meta-words li"); strings.Join(got, "\n") != strings.Join(m.Headline, "\n") {
		t.Errorf("the page says %q, crucible meta %q", got, m.Headline)
	}
	cells := numbers(t, p, "#meta-heat .cell", "data-value")
	if len(cells) != len(m.Entries)*len(m.Entries) {
		t.Fatalf("%d cells for %d entries", len(cells), len(m.Entries))
	}
	for i := range m.Entries {
		for j := range m.Entries {
			if cells[i*len(m.Entries)+j] != m.Payoff[i][j].Estimate {
				t.Errorf("cell %d,%d: the page %v, crucible meta %v", i, j, cells[i*len(m.Entries)+j], m.Payoff[i][j].Estimate)
			}
		}
	}
	mix := numbers(t, p, "#meta-eq-a .bar", "data-value")
	sum := 0.0
	for _, v := range m.Equilibrium.A {
		if v > 0 && slices.Index(mix, v) < 0 {
			t.Errorf("the equilibrium's share %v is not among the page's bars %v", v, mix)
		}
		sum += v
	}
	if math.Abs(sum-1) > 1e-9 {
		t.Errorf("the equilibrium sums to %v", sum)
	}
}

func checkSpread(t *testing.T, p *page, cli *cliCache) {
	cli.save(p)
	var run struct {
		PolicySpread struct {
			Cells []struct {
				WinA struct{ Value float64 } `json:"win_a"`
			}
		} `json:"policy_spread"`
	}
	cli.json(t, p.text(t, "spread-command"), &run)
	bars := numbers(t, p, "#spread-plot .bar", "data-value")
	cells := run.PolicySpread.Cells
	if len(bars) != len(cells) {
		t.Fatalf("%d bars, %d cells", len(bars), len(cells))
	}
	for i, c := range cells {
		if bars[i] != c.WinA.Value {
			t.Errorf("cell %d: the page %v, crucible run --policy-spread %v", i, bars[i], c.WinA.Value)
		}
	}
	wordsIn(t, p, "spread-words", cli.run(t, p.text(t, "spread-command")))
}

func checkReplay(t *testing.T, p *page, cli *cliCache) {
	cli.save(p)
	printed := cli.run(t, p.text(t, "replay-command"))
	if got := p.text(t, "replay-answer"); got != printed {
		t.Errorf("the page's account is not crucible replay's")
	}
	words := texts(t, p, "#replay-words li")
	result := printed[strings.Index(printed, "result: "):]
	result = result[:strings.IndexByte(result, '\n')]
	// "result: winner RED (b), end annihilation, 31 rounds" against the
	// page's "RED wins, end annihilation, after 31 rounds".
	f := strings.Fields(strings.NewReplacer(",", "", "(a)", "", "(b)", "").Replace(result))
	if len(words) != 1 || !strings.HasPrefix(words[0], f[2]+" wins, end "+f[4]+", after "+f[5]+" ") {
		t.Errorf("the page says %q, crucible replay %q", words, result)
	}
	if n := eval[int](t, p, `document.querySelectorAll('#replay-board polygon').length`); n != 157 {
		t.Errorf("the board has %d cells, want 157", n)
	}
	if n := eval[int](t, p, `document.querySelectorAll('#replay-board circle').length`); n != 20 {
		t.Errorf("the board's first turn shows %d units, want 20", n)
	}
}

// fileExists reports whether path is a file.
func fileExists(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.Mode().IsRegular()
}
