package reports

import (
	"bytes"
	"fmt"
	"html/template"
	"slices"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/spread"
	"github.com/crucible-sim/crucible/reports/figure"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/reports/outdir"
	"github.com/crucible-sim/crucible/reports/skillreport"
	"github.com/crucible-sim/crucible/reports/verdicts"
	"github.com/crucible-sim/crucible/reports/words"
	"github.com/crucible-sim/crucible/rules"
)

type htmlResult struct {
	R        *analysis.Result
	ID       string   // the section's anchor
	Verdicts string   // the claims' verdicts, e.g. "2 PASS, 1 FAIL"
	Sides    []string // "attacker (a): 8 Interceptor, 4 Cruiser", one per side
	Outcomes []htmlOutcome
	Note     string // scoredNote
	Overview []htmlOverview
	Rounds   analysis.HistStats
	Unit     string
	Counters []htmlCounter
	Docs     bool // some counter says what it counts
	Dists    []htmlDist
	// Exact is the exact solution of the scenario where a solver reached
	// it, shown beside each estimate; nil otherwise.
	Exact *rules.Exact
	// RoundsFig and AtLeastFig are the files of the section's figures:
	// the rounds (RoundsFigure) and the chance of at least k of each
	// distribution (AtLeastFigure; "" when there is none).
	RoundsFig, AtLeastFig string
	WinsBy                []htmlWinsBy
	Heat                  []string // one line per heat map of the result's board
	// SpreadNote is the note of the result's policy spread, if it has
	// one, and Spread the spread's part of the section.
	SpreadNote string
	Spread     template.HTML
}

// htmlOverview is one cell of the overview's headline: a side's victories
// (or no winner), with the side's name and its non-victory ends beside.
type htmlOverview struct {
	Name  string // the side's label; "" where it has none
	S     analysis.Share
	Apart []string // "escaped 6.28 %"
}

// htmlCounter and htmlDist are a counter and a distribution with the name
// the page gives them (sideNames.counter).
type htmlCounter struct {
	Label string
	analysis.CounterMean
	Exact string // the exact mean, where the solution gives it
}

// htmlOutcome is one row of a section's outcome table, with the exact
// share where the solution gives it.
type htmlOutcome struct {
	outcomeRow
	Exact string
	Game  showGame
}

// exactOf returns the exact value of the metric with id, as the page
// shows it beside the estimate ("" without a solution or where it gives
// none).
func exactOf(e *rules.Exact, id string, share bool) string {
	if e == nil || id == "" {
		return ""
	}
	m, err := rules.ParseMetric(id)
	if err != nil {
		return ""
	}
	v, ok := e.Metric(m)
	if !ok {
		return ""
	}
	if share {
		return words.Pct(v.F)
	}
	return words.Num(v.F)
}

type htmlDist struct {
	Label string
	analysis.CounterDist
}

// htmlWinsBy is the win rates by value of one counter, as the page shows
// them (shares as "45.00 % [44.1 %, 45.9 %]").
type htmlWinsBy struct {
	Name    string
	A, B, N string // the columns' heads
	Rows    []struct{ Value, Trials, Share, A, B, None string }
}

func winsByRows(r *analysis.Result) []htmlWinsBy {
	var out []htmlWinsBy
	n := words.NamesOf(r.Spec)
	for _, wb := range r.WinsBy() {
		h := htmlWinsBy{Name: n.Counter(wb.Name), A: n.Wins(rules.A) + n.Tag(rules.A), B: n.Wins(rules.B) + n.Tag(rules.B), N: n.Wins(rules.None)}
		for _, at := range wb.At {
			sh := func(s analysis.Share) string {
				return words.Pct(s.P) + " [" + words.Pct(s.Lo) + ", " + words.Pct(s.Hi) + "]"
			}
			h.Rows = append(h.Rows, struct{ Value, Trials, Share, A, B, None string }{binText(at.Low, at.High),
				strconv.FormatInt(at.Trials.K, 10), words.Pct(at.Trials.P), sh(at.Win[rules.A]), sh(at.Win[rules.B]), sh(at.Win[rules.None])})
		}
		out = append(out, h)
	}
	return out
}

// HTML renders the report page, which shows winrates.svg and each
// scenario's figures (figureFiles) from the same directory.
func HTML(results []*analysis.Result, version string) ([]byte, error) {
	return checkHTML(results, Meta{Version: version}, pageParts{winRates: winRatesFile(results, "winrates.svg")})
}

// pageParts are what a report page shows besides its results.
type pageParts struct {
	check   *analysis.Check  // the verdicts, shown first (nil for a run)
	spreads []*spread.Spread // each shown in its scenario's section
	exacts  []*rules.Exact   // indexed as the page's results; nil where no solver reached
	// at is the index of each of the page's results in the whole report,
	// which its section's anchor and figures' files carry (nil: the page
	// shows the whole report).
	at []int
	// winRates is the file of the page's win-rate chart ("" for none), and
	// index the report's index page, when the page is one of several.
	winRates, index string
}

// indexOf returns the index in the whole report of the page's i-th result.
func (pp pageParts) indexOf(i int) int {
	if pp.at == nil {
		return i
	}
	return pp.at[i]
}

// winRatesFile returns name when some result has a winner, else "".
func winRatesFile(results []*analysis.Result, name string) string {
	if len(figure.Contested(results)) > 0 {
		return name
	}
	return ""
}

// checkHTML renders a report page of results, with the parts of pp: the
// verdicts of a check first, each result's policy spread in its section,
// and each result's exact solution beside its estimates.
func checkHTML(results []*analysis.Result, meta Meta, pp pageParts) ([]byte, error) {
	check := pp.check
	sk, err := skillreport.HTML(meta.Skill)
	if err != nil {
		return nil, err
	}
	data := struct {
		Meta
		SkillHTML   template.HTML
		Check       *analysis.Check
		Seeds       []uint64
		WinRates    string // the chart's file
		Index       string // the index page, for a page of several
		Uncontested []string
		Plots       []figure.RoundPlot
		Dists       bool
		Boards      bool
		Results     []htmlResult
		Subjects    []string  // what each verdict observed, when it belongs to a side (verdictSubject)
		Sides       [3]string // the heads of the overview's columns of wins
		AnySides    bool      // some result says what its sides are (else the column is left out)
	}{Meta: meta, SkillHTML: sk, Check: check, WinRates: pp.winRates, Index: pp.index, Plots: figure.RoundPlots(results), Dists: hasDists(results),
		Boards: len(figure.Boards(results)) > 0}
	if check != nil {
		for _, v := range check.Verdicts {
			data.Subjects = append(data.Subjects, verdicts.VerdictSubject(check, v))
		}
	}
	for i, r := range results {
		if !slices.Contains(data.Seeds, r.Seed) {
			data.Seeds = append(data.Seeds, r.Seed)
		}
		if r.Tally.Wins[rules.A]+r.Tally.Wins[rules.B] == 0 {
			data.Uncontested = append(data.Uncontested, r.Scenario)
		}
		h, err := resultSection(r, i, pp)
		if err != nil {
			return nil, err
		}
		data.AnySides = data.AnySides || len(h.Sides) > 0
		data.Results = append(data.Results, h)
	}
	specs := make([]rules.Spec, len(results))
	for i, r := range results {
		specs[i] = r.Spec
	}
	if len(specs) > 0 {
		n := words.CommonNames(specs, nil)
		data.Sides = [3]string{n.Victories(rules.A) + n.Tag(rules.A), n.Victories(rules.B) + n.Tag(rules.B), n.Victories(rules.None)}
	}
	var b bytes.Buffer
	err = page.Execute(&b, data)
	return b.Bytes(), err
}

// resultSection returns the section of the i-th result of a page with the
// parts of pp: its verdicts, outcomes and counters (beside the exact
// solution's values where there is one), figures, heat maps and policy
// spread.
func resultSection(r *analysis.Result, i int, pp pageParts) (htmlResult, error) {
	h := htmlResult{R: r, ID: sectionID(pp.indexOf(i)), Verdicts: verdictsOf(pp.check, r.Scenario), Sides: words.SideLines(r.Spec),
		Note: scoredNote(r), Overview: overview(r),
		Rounds: r.Rounds(), Unit: r.Spec.RoundsUnit, WinsBy: winsByRows(r), Exact: exactAt(pp.exacts, i)}
	h.RoundsFig, h.AtLeastFig = figureFiles(r, pp.indexOf(i), h.Exact)
	for _, o := range outcomeRows(r) {
		h.Outcomes = append(h.Outcomes, htmlOutcome{o, exactOf(h.Exact, o.Metric, true), showGameOf(r, o.Metric)})
	}
	names := words.NamesOf(r.Spec)
	for _, c := range listedCounters(r) {
		h.Counters = append(h.Counters, htmlCounter{names.Counter(c.Name), c, exactOf(h.Exact, "counter."+c.Name, false)})
		h.Docs = h.Docs || c.Doc != ""
	}
	for _, d := range r.Dists() {
		h.Dists = append(h.Dists, htmlDist{names.Counter(d.Name), d})
	}
	for _, hs := range figure.HeatSummaries(r) {
		h.Heat = append(h.Heat, hs.Text())
	}
	var err error
	if h.SpreadNote, h.Spread, err = spreadParts(SpreadOf(pp.spreads, r.Scenario), h.ID+"-spread"); err != nil {
		return htmlResult{}, err
	}
	if h.Unit == "" {
		h.Unit = "rounds"
	}
	return h, nil
}

// exactAt returns exacts[i], or nil.
func exactAt(exacts []*rules.Exact, i int) *rules.Exact {
	if i < len(exacts) {
		return exacts[i]
	}
	return nil
}

// figureFiles names the files of the i-th result's figures: its rounds,
// and the chance of at least k of its distributions ("" when it has none:
// neither distribution counters nor, in its exact solution, counters).
func figureFiles(r *analysis.Result, i int, e *rules.Exact) (rounds, atLeast string) {
	rounds = outdir.FileName(sectionID(i)+"-", r.Scenario, "-rounds.svg", false)
	if len(atLeastDists(r, e)) > 0 {
		atLeast = outdir.FileName(sectionID(i)+"-", r.Scenario, "-at-least.svg", false)
	}
	return rounds, atLeast
}

// atLeastDists returns the distributions a result's chart of "at least k"
// draws: its distribution counters, and the counters its exact solution
// gives: beside the estimate of the same counter (a ship type's
// survivors), or alone where the run tallied only its sum.
func atLeastDists(r *analysis.Result, e *rules.Exact) []figure.AtLeast {
	var out []figure.AtLeast
	drawn := map[string]bool{}
	for _, d := range r.Dists() {
		out = append(out, figure.AtLeastOf(d.Name, figure.HistSteps(d.Hist)))
		drawn[d.Name] = true
	}
	if e != nil {
		for _, c := range e.Counters {
			switch {
			case len(c.P) <= 1:
			case drawn[c.Name]:
				a := figure.AtLeastOf(c.Name, figure.ExactSteps(c.P))
				a.Exact = true
				out = append(out, a)
			default:
				out = append(out, figure.AtLeastOf(c.Name+" (exact)", figure.ExactSteps(c.P)))
			}
		}
	}
	return out
}

// overview is a result's headline as the overview shows it: each side's
// victories, with its non-victory ends apart, and no winner.
func overview(r *analysis.Result) []htmlOverview {
	n := words.NamesOf(r.Spec)
	h := r.Headline()
	var out []htmlOverview
	for _, s := range []rules.Side{rules.A, rules.B} {
		o := htmlOverview{S: h.Victories[s]}
		if n.Tag(s) != "" {
			o.Name = n.Name(s)
		}
		for _, nv := range h.NonVictories {
			o.Apart = append(o.Apart, nv.End+" "+words.Pct(nv.By[s].P))
		}
		out = append(out, o)
	}
	return append(out, htmlOverview{S: h.Victories[rules.None]})
}

// verdictsOf summarises the verdicts of check on one scenario, e.g.
// "2 PASS, 1 FAIL" ("" without a check or claims).
func verdictsOf(check *analysis.Check, scenario string) string {
	if check == nil {
		return ""
	}
	var n [3]int
	for _, v := range check.Verdicts {
		if v.Scenario == scenario {
			n[v.Verdict]++
		}
	}
	var parts []string
	for _, v := range []analysis.Verdict{analysis.Pass, analysis.Fail, analysis.Inconclusive} {
		if n[v] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n[v], v))
		}
	}
	return strings.Join(parts, ", ")
}

func hasDists(results []*analysis.Result) bool {
	for _, r := range results {
		if len(r.Tally.DistOf) > 0 {
			return true
		}
	}
	return false
}

// WriteDir writes the full report for results into dir (which must exist):
// summary.csv, rounds.csv, summary.json, winrates.png and, for the page,
// winrates.svg (of the results that have winners), rounds.png (plus
// rounds-<unit>.png for results counting another unit), counters.csv and
// counters.png (when a result has distribution counters), board.png and
// board.svg (when a result's battle has a board), each result's figures
// (figureFiles, SVG) and index.html, each atomically. A report of several
// rulesets gets a page per ruleset, <ruleset>.html with its own
// winrates-<ruleset>.svg, and index.html links them (indexHTML): one page
// of every scenario of every ruleset is more than a reader takes in.
func WriteDir(dir string, results []*analysis.Result, version string) error {
	return writeDir(dir, results, Meta{Version: version}, nil, nil, nil)
}

// writeDir is WriteDir with the verdicts of a check, when check is not nil:
// on the page, and in verdicts.csv and verdicts.json; and with the policy
// spreads of the results, when there are any: on the page, and in
// spread.csv; and with their exact solutions (exacts, indexed as results),
// beside the estimates on the page. Each result's section shows its
// figures (figureFiles), written as SVG.
func writeDir(dir string, results []*analysis.Result, meta Meta, check *analysis.Check, spreads []*spread.Spread, exacts []*rules.Exact) error {
	files := []outdir.File{
		{Name: "summary.csv", Render: func() ([]byte, error) { return formats.CsvBytes(SummaryRows(results)) }},
		{Name: "rounds.csv", Render: func() ([]byte, error) { return formats.CsvBytes(RoundRows(results)) }},
		{Name: "summary.json", Render: func() ([]byte, error) {
			var b bytes.Buffer
			err := WriteJSON(&b, results)
			return b.Bytes(), err
		}},
	}
	if contested := figure.Contested(results); len(contested) > 0 {
		files = append(files, outdir.File{Name: "winrates.png", Render: func() ([]byte, error) { return figure.WinRatesPNG(contested) }})
	}
	var groups []rulesetGroup
	if check == nil {
		groups = byRuleset(results)
	}
	if len(groups) > 1 {
		files = append(files, rulesetPages(results, groups, meta, spreads, exacts)...)
	}
	for _, p := range figure.RoundPlots(results) {
		files = append(files, outdir.File{Name: p.File, Render: func() ([]byte, error) { return figure.RoundsPNG(p.Results) }})
	}
	if hasDists(results) {
		files = append(files,
			outdir.File{Name: "counters.csv", Render: func() ([]byte, error) { return formats.CsvBytes(CounterRows(results)) }},
			outdir.File{Name: "counters.png", Render: func() ([]byte, error) { return figure.CountersPNG(results) }})
	}
	files = append(files, trialTables(results)...)
	files = append(files, resultFigures(results, exacts)...)
	if check != nil {
		files = append(files,
			outdir.File{Name: "verdicts.csv", Render: func() ([]byte, error) { return formats.CsvBytes(verdicts.Rows(check)) }},
			outdir.File{Name: "verdicts.json", Render: func() ([]byte, error) {
				var b bytes.Buffer
				err := verdicts.WriteJSON(&b, check)
				return b.Bytes(), err
			}})
	}
	if len(meta.Skill) > 0 {
		files = append(files, outdir.File{Name: "skill.json", Render: func() ([]byte, error) {
			var b bytes.Buffer
			err := formats.WriteIndented(&b, formats.Object{skillreport.Field(meta.Skill)})
			return b.Bytes(), err
		}})
	}
	if len(spreads) > 0 {
		files = append(files, outdir.File{Name: "spread.csv", Render: func() ([]byte, error) { return formats.CsvBytes(SpreadRows(spreads)) }})
	}
	if len(groups) <= 1 {
		pp := pageParts{check: check, spreads: spreads, exacts: exacts, winRates: winRatesFile(results, "winrates.svg")}
		if pp.winRates != "" {
			files = append(files, outdir.File{Name: "winrates.svg", Render: func() ([]byte, error) { return figure.WinRatesFigure(figure.Contested(results), figure.FormatSVG) }})
		}
		files = append(files, outdir.File{Name: "index.html", Render: func() ([]byte, error) { return checkHTML(results, meta, pp) }})
	}
	return outdir.WriteFiles(dir, files)
}

// rulesetPages returns the pages of a report whose results are of several
// rulesets (groups): a page for each ruleset, with its win-rate chart, and
// the index that links them.
func rulesetPages(results []*analysis.Result, groups []rulesetGroup, meta Meta, spreads []*spread.Spread, exacts []*rules.Exact) []outdir.File {
	var files []outdir.File
	for _, g := range groups {
		rs := make([]*analysis.Result, len(g.at))
		pp := pageParts{spreads: spreads, at: g.at, index: "index.html"}
		for k, i := range g.at {
			rs[k] = results[i]
			pp.exacts = append(pp.exacts, exactAt(exacts, i))
		}
		pp.winRates = winRatesFile(rs, "winrates-"+g.ruleset+".svg")
		if pp.winRates != "" {
			files = append(files, outdir.File{Name: pp.winRates, Render: func() ([]byte, error) { return figure.WinRatesFigure(figure.Contested(rs), figure.FormatSVG) }})
		}
		files = append(files, outdir.File{Name: g.ruleset + ".html", Render: func() ([]byte, error) { return checkHTML(rs, meta, pp) }})
	}
	return append(files, outdir.File{Name: "index.html", Render: func() ([]byte, error) { return indexHTML(results, groups, meta) }})
}

// resultFigures returns the figures of each result's section (figureFiles),
// with the exact solution where exacts has one, and the board of the
// results on one, as SVG.
func resultFigures(results []*analysis.Result, exacts []*rules.Exact) []outdir.File {
	var files []outdir.File
	for i, r := range results {
		e := exactAt(exacts, i)
		rounds, atLeast := figureFiles(r, i, e)
		files = append(files, outdir.File{Name: rounds, Render: func() ([]byte, error) { return figure.RoundsFigure(r, figure.FormatSVG) }})
		if atLeast != "" {
			files = append(files, outdir.File{Name: atLeast, Render: func() ([]byte, error) {
				return figure.AtLeastFigure(words.NamesOf(r.Spec), atLeastDists(r, e), figure.FormatSVG)
			}})
		}
	}
	if boards := figure.Boards(results); len(boards) > 0 {
		files = append(files, outdir.File{Name: "board.png", Render: func() ([]byte, error) { return figure.BoardPNG(boards) }},
			outdir.File{Name: "board.svg", Render: func() ([]byte, error) { return figure.BoardFigure(boards, figure.FormatSVG) }})
	}
	return files
}
