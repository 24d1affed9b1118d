package reports

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/reports/comparereport"
	"github.com/crucible-sim/crucible/reports/internal/browsertest"
	"github.com/crucible-sim/crucible/reports/metareport"
	"github.com/crucible-sim/crucible/reports/sweepreport"
	"github.com/crucible-sim/crucible/reports/tunereport"
	"github.com/crucible-sim/crucible/reports/words"
	"github.com/crucible-sim/crucible/rules"
)

// chromium returns the headless browser (browsertest.Path).
func chromium(t *testing.T) string {
	t.Helper()
	return browsertest.Path(t, "the report pages")
}

// probe is a page that loads a report page in a frame and, once the frame
// and its images have loaded, writes what a reader would see into #out:
// each image and its natural width, and the cells of each table.
const probe = `<!doctype html><html><body><pre id="out">loading</pre>
<iframe id="f" src="PAGE" width="1200" height="800"></iframe>
<script>
const f = document.getElementById('f');
f.onload = () => {
  const d = f.contentDocument;
  const imgs = [...d.images].map(i => [i.getAttribute('src'), i.naturalWidth]);
  const tables = [...d.querySelectorAll('table')].map(t => ({id: t.id, cls: t.className,
    rows: [...t.querySelectorAll('tr')].map(r => [...r.cells].map(c => c.textContent.trim())),
    metrics: [...t.querySelectorAll('tr')].map(r => r.dataset.metric || '')}));
  document.getElementById('out').textContent = JSON.stringify({title: d.title, imgs, tables});
};
</script></body></html>`

type rendered struct {
	Title  string
	Imgs   [][2]any
	Tables []struct {
		ID, Cls string
		Rows    [][]string
		Metrics []string // each row's data-metric
	}
}

// chrome is the one Chromium every page of the package's tests is
// opened in, each in a tab of its own (starting the browser costs seconds
// of CPU, a tab a few milliseconds), with a profile of its own; TestMain
// closes it when the tests end.
var chrome struct {
	once    sync.Once
	ctx     context.Context
	close   func()
	profile string
	err     error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if chrome.close != nil {
		chrome.close()
		os.RemoveAll(chrome.profile)
	}
	os.Exit(code)
}

// headless returns the package's Chromium (exe), starting it on the first
// call.
func headless(t *testing.T, exe string) context.Context {
	t.Helper()
	chrome.once.Do(func() {
		if chrome.profile, chrome.err = os.MkdirTemp("", "reports-chromium"); chrome.err != nil {
			return
		}
		opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe), chromedp.NoSandbox,
			chromedp.DisableGPU, chromedp.UserDataDir(chrome.profile),
			// Headless Chromium builds its window's omnibox popups as
			// web pages of their own, and redoes them as tabs open, and
			// a tab navigated on keeps its last page alive for going
			// back: without them the package's browser tests cost about
			// 5.5 s of CPU less in 20 (bench/tests.txt). No page of ours
			// has an omnibox or is gone back to. The list replaces
			// chromedp's default one, whose two features it keeps.
			chromedp.Flag("disable-features", "Translate,BlinkGenPropertyTrees,WebUIOmniboxPopup,WebUIOmniboxAimPopup,BackForwardCache"),
			// With no GPU, the GPU process only rasterizes in software: in
			// the browser's process it is one process fewer to start and
			// feed, 0.6 s of CPU less in 12.6 (bench/tests.txt).
			chromedp.Flag("in-process-gpu", true))
		actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		bctx, cancelBrowser := chromedp.NewContext(actx)
		chrome.ctx, chrome.close = bctx, func() { cancelBrowser(); cancelAlloc() }
		chrome.err = chromedp.Do(bctx)
	})
	if chrome.err != nil {
		t.Fatalf("chromium: %v", chrome.err)
	}
	return chrome.ctx
}

// renderPage opens page of dir in a tab of browser and returns what it
// shows.
func renderPage(t *testing.T, browser context.Context, dir, page string) rendered {
	t.Helper()
	files := http.FileServer(http.Dir(dir))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/probe.html" {
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte(strings.Replace(probe, "PAGE", page, 1)))
			return
		}
		files.ServeHTTP(w, r)
	}))
	defer srv.Close()
	tab := idleTab(browser)
	ctx, cancel := context.WithTimeout(tab, 90*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/probe.html")); err != nil {
		t.Fatalf("chromium opening %s: %v", page, err)
	}
	out, err := chromedp.Run(ctx, chromedp.Poll[string](
		`(t => t !== 'loading' && t)(document.getElementById('out').textContent)`, chromedp.WithPollingTimeout(60*time.Second)))
	if err != nil {
		t.Fatalf("chromium rendered no probe output for %s: %v", page, err)
	}
	var r rendered
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("probe output %q: %v", out, err)
	}
	select {
	case idle <- tab:
	default: // another is idle: this one closes with the browser
	}
	return r
}

// idle holds the tabs of the package's Chromium that no test is using
// (the tests run one at a time, so there is one at most): a page opens in
// one of them rather than in a new tab, which costs Chromium about half a
// second of CPU where navigating a tab already open costs a tenth of that
// (bench/tests.txt). A tab a test fails in is not returned; the tabs close
// with the browser.
var idle = make(chan context.Context, 1)

// idleTab returns an idle tab of browser, or a new one.
func idleTab(browser context.Context) context.Context {
	select {
	case tab := <-idle:
		return tab
	default:
		// Opened here, by a run on the tab's own context: a tab first run
		// on a context with a timeout closes when that is cancelled.
		tab, _ := chromedp.NewContext(browser)
		chromedp.Do(tab)
		return tab
	}
}

func checkImages(t *testing.T, page string, r rendered, want ...string) {
	t.Helper()
	seen := map[string]bool{}
	for _, im := range r.Imgs {
		src, _ := im[0].(string)
		w, _ := im[1].(float64)
		if w <= 0 {
			t.Errorf("%s: image %s did not load (natural width %v)", page, src, w)
		}
		seen[src] = true
	}
	for _, w := range want {
		if !seen[w] {
			t.Errorf("%s: no image %s (images: %v)", page, w, r.Imgs)
		}
	}
}

// TestPagesInBrowser opens each kind of report page in headless Chromium:
// it renders, every image loads, and the tables hold the numbers of the CSV
// written beside them.
func TestPagesInBrowser(t *testing.T) {
	browser := headless(t, chromium(t))
	dir := t.TempDir()
	if err := WriteDir(dir, results(), "test"); err != nil {
		t.Fatal(err)
	}
	// Its results are of two rulesets: the index links a page for each,
	// which the outcome tables below are read from, in order.
	index := renderPage(t, browser, dir, "index.html")
	if index.Title != "crucible report" || len(index.Tables) != 2 {
		t.Fatalf("index: title %q, %d tables", index.Title, len(index.Tables))
	}
	var r rendered
	for _, page := range []string{"stratfight.html", "emojispace.html"} {
		p := renderPage(t, browser, dir, page)
		r.Imgs, r.Tables = append(r.Imgs, p.Imgs...), append(r.Tables, p.Tables...)
	}
	checkImages(t, "run report", r, "winrates-stratfight.svg", "winrates-emojispace.svg", "s1-demo-duel-rounds.svg", "s2-demo-life-rounds.svg", "s3-demo-npc-at-least.svg")
	checkOutcomes(t, dir, r, results())
	// The index lists each scenario's trials and headline shares as
	// summary.json gives them.
	heads := summaryHeadlines(t, dir)
	var listed []string
	for _, tb := range index.Tables {
		for _, row := range tb.Rows[1:] {
			listed = append(listed, strings.Join(row, " "))
		}
	}
	var want []string
	for k, res := range results() {
		line := res.Scenario + " " + strconv.FormatInt(res.Tally.Trials, 10)
		for _, side := range []string{"a", "b"} {
			v, _ := headlineVictories(heads[k], side)
			n, _ := strconv.ParseFloat(v, 64)
			line += " " + words.Pct(n/float64(res.Tally.Trials))
		}
		none, _ := strconv.ParseFloat(string(heads[k]["none"]), 64)
		want = append(want, line+" "+words.Pct(none/float64(res.Tally.Trials)))
	}
	if strings.Join(listed, "\n") != strings.Join(want, "\n") {
		t.Errorf("the index lists\n%s\nsummary.json gives\n%s", strings.Join(listed, "\n"), strings.Join(want, "\n"))
	}

	// A run whose scenario a solver reached shows the exact value beside
	// each estimate it gives: the shares of the solution.
	xdir := t.TempDir()
	duel := results()[0]
	if err := writeDir(xdir, []*analysis.Result{duel}, Meta{Version: "test"}, nil, nil, []*rules.Exact{exactSample()}); err != nil {
		t.Fatal(err)
	}
	r = renderPage(t, browser, xdir, "index.html")
	checkOutcomes(t, xdir, r, []*analysis.Result{duel})
	exactShown := 0
	for _, tb := range r.Tables {
		if tb.Cls != "outcomes" {
			continue
		}
		for i, row := range tb.Rows[1:] {
			id := tb.Metrics[i+1]
			m, err := rules.ParseMetric(id)
			if err != nil {
				continue
			}
			v, ok := exactSample().Metric(m)
			if want := words.Pct(v.F); ok && row[len(row)-1] != want {
				t.Errorf("run page with an exact solution: %s shows %s beside its estimate, the solution %s", id, row[len(row)-1], want)
			} else if ok {
				exactShown++
			}
		}
	}
	if exactShown < 3 {
		t.Errorf("run page with an exact solution: %d exact values shown", exactShown)
	}

	// A check's page shows its verdicts as verdicts.csv gives them.
	check := &analysis.Check{Seed: 7, Alpha: 0.01, PerClaim: 0.01, Claims: 1, Looks: 1, Results: results()}
	check.Verdicts = append(check.Verdicts, analysis.ClaimCheck{Scenario: "demo/duel", Verdict: analysis.Pass, Observed: 0.5, Lo: 0.4, Hi: 0.6, Trials: 9})
	cdir := t.TempDir()
	if err := writeDir(cdir, check.Results, Meta{Version: "test", Command: "crucible check demo"}, check, nil, nil); err != nil {
		t.Fatal(err)
	}
	r = renderPage(t, browser, cdir, "index.html")
	checkImages(t, "check report", r, "winrates.svg")
	vrows := readCSV(t, filepath.Join(cdir, "verdicts.csv"))
	col := func(name string) string { return vrows[1][slices.Index(vrows[0], name)] }
	found := false
	for _, tb := range r.Tables {
		if tb.ID == "verdicts" && len(tb.Rows) == 2 && tb.Rows[1][0] == col("verdict") && tb.Rows[1][1] == col("scenario") {
			found = true
			if got, want := strings.Fields(tb.Rows[1][3])[0]+" "+tb.Rows[1][4], col("observed")+" ["+col("lo")+", "+col("hi")+"]"; got != want {
				t.Errorf("check report: the verdict shows %q, verdicts.csv %q", got, want)
			}
		}
	}
	if !found {
		t.Errorf("check report: no verdict table with the verdict of verdicts.csv: %+v", r.Tables)
	}

	// A sweep's page: its curve, its heat map and the tidy CSV's numbers.
	sdir := t.TempDir()
	sw := builtinSweep(t, "eclipse/shields-by-fleet", 300)
	if err := sweepreport.WriteDir(sdir, sw, "crucible sweep eclipse/shields-by-fleet --trials 300 --seed 1"); err != nil {
		t.Fatal(err)
	}
	r = renderPage(t, browser, sdir, "index.html")
	checkImages(t, "sweep report", r, "heatmap.png", "rounds.svg")
	// The page's table has a row per grid point, with the point's win
	// share as sweep.csv gives it (in percent).
	var shares []string
	tidy := sweepreport.Rows(sw)
	metric, value := slices.Index(tidy[0], "metric"), slices.Index(tidy[0], "value")
	for _, row := range tidy[1:] {
		if row[metric] == "win.a" {
			v, _ := strconv.ParseFloat(row[value], 64)
			shares = append(shares, words.Pct(v))
		}
	}
	var onPage []string
	for _, tb := range r.Tables {
		for _, row := range tb.Rows[1:] {
			if len(row) > 3 {
				onPage = append(onPage, row[3])
			}
		}
	}
	if len(shares) != len(sw.Points) || strings.Join(onPage, " ") != strings.Join(shares, " ") {
		t.Errorf("sweep report: the page's shares %v, sweep.csv's %v", onPage, shares)
	}

	// A sweep over names: its ranked bars, and a ranking whose values
	// and marks are ranking.csv's.
	kdir := t.TempDir()
	kinds := builtinSweep(t, "stratfight/armor-kinds", 300)
	if err := sweepreport.WriteDir(kdir, kinds, "crucible sweep stratfight/armor-kinds --trials 300 --seed 1"); err != nil {
		t.Fatal(err)
	}
	r = renderPage(t, browser, kdir, "index.html")
	checkImages(t, "sweep ranking", r, "rank.png")
	// A value told apart from the best is below it, or above it in a
	// ranking lowest first (the Guard's armors by Samwell's wins).
	apart := map[bool]string{false: "below", true: "above"}[kinds.Rankings()[0].Lowest]
	var ranked []string
	for _, row := range sweepreport.RankingRows(kinds)[1:] {
		v, _ := strconv.ParseFloat(row[6], 64)
		tie := map[string]string{"true": "=", "false": apart}[row[10]]
		ranked = append(ranked, row[4]+" "+row[5]+" "+words.Pct(v)+" "+tie)
	}
	var shownRanks []string
	for _, tb := range r.Tables {
		if tb.Cls != "ranking" {
			continue
		}
		for _, row := range tb.Rows[1:] {
			mark, _, _ := strings.Cut(row[4], " ")
			shownRanks = append(shownRanks, row[0]+" "+row[1]+" "+row[2]+" "+mark)
		}
	}
	if len(ranked) != 4 || strings.Join(shownRanks, "\n") != strings.Join(ranked, "\n") {
		t.Errorf("sweep ranking: the page's\n%s\nranking.csv's\n%s", strings.Join(shownRanks, "\n"), strings.Join(ranked, "\n"))
	}

	// A sweep of a metric that is not a share: the points' margins and
	// intervals are sweep.csv's, in points.
	mdir := t.TempDir()
	margin := sweepOf(t, "stratfight/armor", 300, "margin")
	if err := sweepreport.WriteDir(mdir, margin, "crucible sweep stratfight/armor --metric margin --trials 300 --seed 1"); err != nil {
		t.Fatal(err)
	}
	r = renderPage(t, browser, mdir, "index.html")
	checkImages(t, "sweep of the margin", r, "curve.png")
	var margins, shownMargins []string
	tidy = sweepreport.Rows(margin)
	metric, value = slices.Index(tidy[0], "metric"), slices.Index(tidy[0], "value")
	lo, hi := slices.Index(tidy[0], "lo95"), slices.Index(tidy[0], "hi95")
	for _, row := range tidy[1:] {
		if row[metric] == "margin" {
			v, _ := strconv.ParseFloat(row[value], 64)
			l, _ := strconv.ParseFloat(row[lo], 64)
			h, _ := strconv.ParseFloat(row[hi], 64)
			margins = append(margins, words.PointsText(v)+" points "+words.IntervalText(margin.Sweep.Metric, l, h))
		}
	}
	for _, tb := range r.Tables {
		if tb.ID == "points" {
			for _, row := range tb.Rows[1:] {
				shownMargins = append(shownMargins, row[2]+" "+row[3])
			}
		}
	}
	if len(margins) != 9 || strings.Join(shownMargins, "\n") != strings.Join(margins, "\n") {
		t.Errorf("sweep of the margin: the page's\n%s\nsweep.csv's\n%s", strings.Join(shownMargins, "\n"), strings.Join(margins, "\n"))
	}

	// A grid of more points than a page lists: its table holds the key
	// points (as sweep.csv and breakeven.csv name them), each with why.
	ldir := t.TempDir()
	large := builtinSweep(t, "stratfight/armor", 40, "b.armor.armor_value=0..8", "options.round-cap=1..25")
	if err := sweepreport.WriteDir(ldir, large, "crucible sweep stratfight/armor --trials 40 --seed 1"); err != nil {
		t.Fatal(err)
	}
	r = renderPage(t, browser, ldir, "index.html")
	checkImages(t, "sweep of a large grid", r, "curve.png", "heatmap.png")
	var keys []string
	for _, tb := range r.Tables {
		for _, row := range tb.Rows[1:] {
			if tb.ID == "points" {
				keys = append(keys, row[0]+": "+row[len(row)-1])
			}
		}
	}
	slices.Sort(keys)
	if want := keyPointsFromCSV(t, large); strings.Join(keys, "\n") != strings.Join(want, "\n") {
		t.Errorf("sweep of a large grid: the page's table lists\n%s\nwant\n%s", strings.Join(keys, "\n"), strings.Join(want, "\n"))
	}

	// A comparison's page: its differences plot beside A and B on one
	// axis, and the differences of the shares and counters comparison.csv
	// gives.
	cmpDir := t.TempDir()
	cmp := comparison()
	if err := comparereport.WriteDir(cmpDir, cmp, "crucible compare demo/duel --seed 7"); err != nil {
		t.Fatal(err)
	}
	r = renderPage(t, browser, cmpDir, "index.html")
	checkImages(t, "compare report", r, "differences.png", "overlay.png", "rounds.png")
	var csvDiffs, pageDiffs []string
	names := words.CompareNames(cmp)
	cmpRows := comparereport.Rows(cmp)
	metricCol, diff := slices.Index(cmpRows[0], "metric"), slices.Index(cmpRows[0], "diff")
	for _, row := range cmpRows[1:] {
		v, err := strconv.ParseFloat(row[diff], 64)
		switch m, _ := rules.ParseMetric(row[metricCol]); {
		case err != nil:
		case m.Share():
			csvDiffs = append(csvDiffs, names.DescribedID(row[metricCol])+" "+comparereport.PpNum(v)+" pp")
		case m.Kind == rules.CounterMean && row[metricCol] != "counter.flipoffs": // the page lists the counters that differ
			csvDiffs = append(csvDiffs, row[metricCol]+" "+comparereport.Signed(v))
		}
	}
	for _, tb := range r.Tables {
		for _, row := range tb.Rows[1:] {
			if tb.ID == "counters" || tb.ID == "differences" && strings.HasSuffix(row[3], " pp") {
				pageDiffs = append(pageDiffs, row[0]+" "+row[3])
			}
		}
	}
	if len(csvDiffs) < 3 || strings.Join(pageDiffs, "\n") != strings.Join(csvDiffs, "\n") {
		t.Errorf("compare report: the page's differences\n%s\ncomparison.csv's\n%s", strings.Join(pageDiffs, "\n"), strings.Join(csvDiffs, "\n"))
	}
	// Its table of differences gives each share of comparison.csv, A's and
	// B's, in percent.
	crows := readCSV(t, filepath.Join(cmpDir, "comparison.csv"))
	ci := func(name string) int { return slices.Index(crows[0], name) }
	var fromCSV, onCmp []string
	for _, row := range crows[1:] {
		if strings.HasPrefix(row[ci("metric")], "win.") || strings.HasPrefix(row[ci("metric")], "end.") {
			a, _ := strconv.ParseFloat(row[ci("value_a")], 64)
			b, _ := strconv.ParseFloat(row[ci("value_b")], 64)
			fromCSV = append(fromCSV, words.Pct(a)+" "+words.Pct(b))
		}
	}
	for _, tb := range r.Tables {
		if tb.ID != "differences" {
			continue
		}
		for _, row := range tb.Rows[1:] {
			if strings.HasSuffix(row[1], "%") {
				onCmp = append(onCmp, row[1]+" "+row[2])
			}
		}
	}
	if len(fromCSV) == 0 || strings.Join(onCmp, ", ") != strings.Join(fromCSV, ", ") {
		t.Errorf("compare report: the page's shares %v, comparison.csv's %v", onCmp, fromCSV)
	}

	// A tune's page: its curve, the answer, and a row per probe with the
	// values tune.csv gives.
	tdir := t.TempDir()
	tune := builtinTune(t, "stratfight/armor-fair", false)
	if err := tunereport.WriteDir(tdir, tune, "crucible tune stratfight/armor-fair --seed 1"); err != nil {
		t.Fatal(err)
	}
	r = renderPage(t, browser, tdir, "index.html")
	checkImages(t, "tune report", r, "tune-curve.png")
	var probes []string
	for _, row := range tunereport.Rows(tune)[1:] {
		probes = append(probes, row[5]+" "+row[7]+" "+row[10]+" "+row[16])
	}
	var shown []string
	for _, tb := range r.Tables {
		if tb.ID != "probes" {
			continue
		}
		for _, row := range tb.Rows[1:] {
			shown = append(shown, row[0]+" "+row[1]+" "+row[2]+" "+row[7])
		}
	}
	if len(probes) == 0 || strings.Join(shown, "\n") != strings.Join(probes, "\n") {
		t.Errorf("tune report: the page's probes\n%s\ntune.csv's\n%s", strings.Join(shown, "\n"), strings.Join(probes, "\n"))
	}

	// An exact comparison's page: its table of every metric is
	// comparison.csv, cell for cell.
	xcDir := t.TempDir()
	xc := exactComparison(t)
	if err := comparereport.WriteExactDir(xcDir, xc, "crucible compare --exact"); err != nil {
		t.Fatal(err)
	}
	r = renderPage(t, browser, xcDir, "index.html")
	xrows := readCSV(t, filepath.Join(xcDir, "comparison.csv"))
	for _, row := range xrows {
		for k, cell := range row {
			row[k] = strings.TrimPrefix(cell, "'") // WriteCSV's guard against formulas (-30/91 is one to a spreadsheet)
		}
	}
	var shownRows [][]string
	for _, tb := range r.Tables {
		if tb.ID == "exact-differences" {
			shownRows = tb.Rows
		}
	}
	if len(xrows) < 2 || fmt.Sprint(shownRows) != fmt.Sprint(xrows) {
		t.Errorf("exact comparison: the page's table\n%v\ncomparison.csv\n%v", shownRows, xrows)
	}

	// A metagame's page: its heat map, equilibrium and rating bars, and the
	// matrix with a cell per pair as meta.csv gives it.
	metaDir := t.TempDir()
	meta := builtinMeta(t, "eclipse/cruiser-designs", 0.01)
	if err := metareport.WriteDir(metaDir, meta, "crucible meta eclipse/cruiser-designs --seed 1"); err != nil {
		t.Fatal(err)
	}
	r = renderPage(t, browser, metaDir, "index.html")
	checkImages(t, "meta report", r, "meta-heatmap.png", "meta-equilibrium.png", "meta-ratings.svg")
	cells := 0
	for _, tb := range r.Tables {
		if tb.ID == "matrix" {
			for _, row := range tb.Rows[1:] {
				cells += len(row) - 1
			}
		}
	}
	if want := len(metareport.Rows(meta)) - 1; cells != want {
		t.Errorf("meta report: the page's matrix has %d cells, meta.csv %d", cells, want)
	}

	// A run on a board: board.png loads, wide enough to show its panels
	// (the ground and one heat map) side by side.
	bdir := t.TempDir()
	if err := WriteDir(bdir, []*analysis.Result{boardSample()}, "test"); err != nil {
		t.Fatal(err)
	}
	r = renderPage(t, browser, bdir, "index.html")
	checkImages(t, "board report", r, "board.svg")
	checkOutcomes(t, bdir, r, []*analysis.Result{boardSample()})
	for _, im := range r.Imgs {
		if w, _ := im[1].(float64); im[0] == "board.svg" && w < 1000 {
			t.Errorf("board report: board.svg is %v px wide", w)
		}
	}

	// An exact solution's page.
	edir := t.TempDir()
	h := ExactHeader{Scenario: "eclipse/interceptor-duel", Ruleset: "eclipse", Hash: "0123456789abcdef", Version: "test"}
	if err := writeExactDir(edir, h, exactSample(), nil, Meta{Version: "test"}); err != nil {
		t.Fatal(err)
	}
	r = renderPage(t, browser, edir, "index.html")
	checkImages(t, "exact report", r, "exact-rounds.svg")
	if len(r.Tables) == 0 || r.Tables[0].ID != "exact" || r.Tables[0].Rows[1][2] != "5/11" {
		t.Errorf("exact report: %+v", r.Tables)
	}
	// Its values are exact.json's: the shares, the ends, the mean rounds
	// and each counter's mean.
	var ej struct {
		Exact struct {
			A, B, Draw float64
			Ends       map[string]float64
			RoundsMean float64 `json:"rounds_mean"`
			Counters   map[string]struct{ Mean float64 }
		}
	}
	data, _ := os.ReadFile(filepath.Join(edir, "exact.json"))
	if err := json.Unmarshal(data, &ej); err != nil {
		t.Fatal(err)
	}
	want = []string{words.Num(ej.Exact.A), words.Num(ej.Exact.B), words.Num(ej.Exact.Draw)}
	for _, e := range exactSample().Ends {
		want = append(want, words.Num(ej.Exact.Ends[e.Name]))
	}
	want = append(want, words.Num(ej.Exact.RoundsMean))
	for _, c := range exactSample().Counters {
		want = append(want, words.Num(ej.Exact.Counters[c.Name].Mean))
	}
	var shownExact []string
	for _, tb := range r.Tables {
		if tb.ID == "exact" || tb.ID == "exact-counters" {
			for _, row := range tb.Rows[1:] {
				shownExact = append(shownExact, row[1])
			}
		}
	}
	if strings.Join(shownExact, " ") != strings.Join(want, " ") {
		t.Errorf("exact report: the page shows %v, exact.json gives %v", shownExact, want)
	}
	// A solution without fractions has no fraction column.
	ndir := t.TempDir()
	plain := exactSample()
	plain.Win[rules.A].Rat = ""
	if err := writeExactDir(ndir, h, plain, nil, Meta{Version: "test"}); err != nil {
		t.Fatal(err)
	}
	r = renderPage(t, browser, ndir, "index.html")
	for _, tb := range r.Tables {
		if (tb.ID == "exact" || tb.ID == "exact-counters") && len(tb.Rows[0]) != 2 {
			t.Errorf("exact report without fractions: columns %v", tb.Rows[0])
		}
	}
}

// headlineVictories returns the victories summary.json's headline gives
// the side an outcome row names ("P3 wins (a)", "no winner").
func headlineVictories(h map[string]json.RawMessage, row string) (string, bool) {
	if row == "no winner" {
		return string(h["none"]), h["none"] != nil
	}
	for _, side := range []string{"a", "b"} {
		var s struct {
			Label     string
			Victories int64
		}
		if json.Unmarshal(h[side], &s) == nil && (row == side || strings.HasPrefix(row, s.Label+" wins")) {
			return strconv.FormatInt(s.Victories, 10), true
		}
	}
	return "", false
}

// checkOutcomes checks the outcome tables of a rendered run page against
// the summary.csv and summary.json of its directory, result by result:
// every end, and every side's wins or, where an end that is not a victory
// sets them apart, its victories as summary.json's headline gives them and
// its non-victory ends' counters.
func checkOutcomes(t *testing.T, dir string, r rendered, results []*analysis.Result) {
	t.Helper()
	rows := readCSV(t, filepath.Join(dir, "summary.csv"))
	count := map[string]string{}
	for _, row := range rows[1:] {
		count[row[0]+" "+row[6]] = row[7]
	}
	heads := summaryHeadlines(t, dir)
	k := 0
	for _, tb := range r.Tables {
		if tb.Cls != "outcomes" {
			continue
		}
		res := results[k]
		for i, cells := range tb.Rows[1:] {
			metric := tb.Metrics[i+1]
			want, ok := count[res.Scenario+" "+metric]
			if metric == "" {
				want, ok = headlineVictories(heads[k], cells[0])
			}
			if !ok || cells[1] != want {
				t.Errorf("%s: outcome %q (%s) counts %s on the page, %s in summary.csv and .json", res.Scenario, cells[0], metric, cells[1], want)
			}
		}
		if n := len(tb.Rows) - 1; n < len(res.Tally.EndNames)+3 {
			t.Errorf("%s: %d outcome rows", res.Scenario, n)
		}
		k++
	}
	if k != len(results) {
		t.Errorf("%d outcome tables for %d results", k, len(results))
	}
}

func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// summaryHeadlines returns the headline of each result of summary.json
// (an array of results, or one).
func summaryHeadlines(t *testing.T, dir string) []map[string]json.RawMessage {
	t.Helper()
	js, _ := os.ReadFile(filepath.Join(dir, "summary.json"))
	var heads []struct {
		Headline map[string]json.RawMessage
	}
	if err := json.Unmarshal(js, &heads); err != nil {
		// One result's summary.json is the object alone.
		heads = make([]struct{ Headline map[string]json.RawMessage }, 1)
		if err := json.Unmarshal(js, &heads[0]); err != nil {
			t.Fatal(err)
		}
	}
	out := make([]map[string]json.RawMessage, len(heads))
	for i, h := range heads {
		out[i] = h.Headline
	}
	return out
}
