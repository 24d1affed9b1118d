package metareport

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/crucible-sim/crucible/analysis/game"
	"github.com/crucible-sim/crucible/analysis/meta"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/reports/words"
)

// Headline says in designer's words what a roster's matrix says: who
// dominates (or that no entry does), and what the equilibrium mixes on
// each side, with the value of the game.
func Headline(a *meta.Analysis) []string {
	names := a.Meta.Entries
	lines := []string{dominanceLine(a)}
	eq := a.Equilibrium
	mixA, mixB := mixWords(names, eq.Row), mixWords(names, eq.Col)
	value := fmt.Sprintf("side a's payoff %s", payoffText(a, eq.Value))
	if mixA == mixB {
		lines = append(lines, fmt.Sprintf("The equilibrium mixes %s on both sides (%s).", mixA, value))
	} else {
		lines = append(lines, fmt.Sprintf("The equilibrium mixes %s as side a and %s as side b (%s).", mixA, mixB, value))
	}
	if len(a.Cycles) > 0 {
		c := a.Cycles[0]
		more := ""
		if len(a.Cycles) > 1 {
			more = fmt.Sprintf(" (and %d more cycles)", len(a.Cycles)-1)
		}
		lines = append(lines, fmt.Sprintf("Non-transitive: %s beats %s beats %s beats %s%s.", names[c[0]], names[c[1]], names[c[2]], names[c[0]], more))
	} else if len(names) >= 3 {
		// Said, not left to silence: a designer reads no line as "not looked for".
		lines = append(lines, "No cycle: no three entries beat one another in a ring (each beating the next more often than not, beyond its interval).")
	}
	return lines
}

// dominanceLine is the headline's first line: the entry that dominates
// every other (shown, or within the slack), else the entries dominated.
func dominanceLine(a *meta.Analysis) string {
	names := a.Meta.Entries
	var top, topWithin []string
	either := make([][]int, len(names)) // dominated, shown or within the slack
	for i := range names {
		either[i] = append(slices.Clone(a.DominatedSym[i]), a.WithinSym[i]...)
	}
	for k := range names {
		switch {
		case dominatesAll(a.DominatedSym, k):
			top = append(top, names[k])
		case dominatesAll(either, k):
			topWithin = append(topWithin, names[k])
		}
	}
	switch {
	case len(top) > 0:
		return fmt.Sprintf("%s dominates: at least as good as every other entry against every opponent, and better against some.", strings.Join(top, " and "))
	case len(topWithin) > 0:
		return fmt.Sprintf("%s dominates within %s: against every opponent no worse than any other entry by more than %s, and better than each against some.",
			strings.Join(topWithin, " and "), slackWords(a), slackWords(a))
	}
	if says := dominatedWords(a); len(says) > 0 {
		return "No entry dominates; " + strings.Join(says, "; ") + "."
	}
	return "No entry dominates, and none is dominated."
}

// dominatedWords says which entries are dominated, shown so or within the
// slack alone.
func dominatedWords(a *meta.Analysis) []string {
	names := a.Meta.Entries
	dominated := entriesOf(names, a.DominatedSym)
	var within []string // dominated within the slack alone
	for i, n := range names {
		if len(a.WithinSym[i]) > 0 && len(a.DominatedSym[i]) == 0 {
			within = append(within, n)
		}
	}
	var says []string
	if len(dominated) > 0 {
		says = append(says, fmt.Sprintf("%s %s dominated (another entry is at least as good against every opponent, and better against one)", listWords(dominated), isAre(len(dominated))))
	}
	if len(within) > 0 {
		says = append(says, fmt.Sprintf("%s %s dominated within %s (another entry is no worse than by more than %s against any opponent, and better against one)",
			listWords(within), isAre(len(within)), slackWords(a), slackWords(a)))
	}
	return says
}

// RatingsNote says how the Elo ratings were fitted: to the likelihood's
// maximum, with the prior and the weight of exact cells named.
func RatingsNote(a *meta.Analysis) string {
	return fmt.Sprintf("a Bradley–Terry fit over both placements, to the likelihood's maximum (Newton's method), mean %d; each pair gets %g game more, split evenly, as a prior (it keeps an entry that never scored at a finite rating); an exact cell counts as %s games; intervals at %s",
		game.EloMean, game.PriorGames, words.Thousands(meta.ExactGames), percent(a.Options.Confidence))
}

// dominanceHead says how dominance was read: exactly, or from the
// intervals at the matrix's level.
func dominanceHead(a *meta.Analysis) string {
	if exactCells(a) == len(a.Cells)*len(a.Cells) {
		return "dominance (every cell exact: at least as good means exactly as good or better)"
	}
	return fmt.Sprintf("dominance (jointly at the level above: between sampled cells, at least as good means an interval wholly at or above; within %s, no worse than by more than %s)", slackWords(a), slackWords(a))
}

// entriesOf names the entries some other entry dominates.
func entriesOf(names []string, dominated [][]int) []string {
	var out []string
	for i, by := range dominated {
		if len(by) > 0 {
			out = append(out, names[i])
		}
	}
	return out
}

// slackWords writes how much worse a dominating entry may be where cells
// are sampled: "2 points" (of share, or of the margin).
func slackWords(a *meta.Analysis) string {
	slack := a.Slack
	if a.Margin {
		slack *= 2
	}
	return strconv.FormatFloat(100*slack, 'g', 4, 64) + " points"
}

// dominatesAll reports whether entry k dominates every other entry.
func dominatesAll(dominated [][]int, k int) bool {
	for i, by := range dominated {
		if i != k && !slices.Contains(by, k) {
			return false
		}
	}
	return len(dominated) > 1
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

// listWords joins names as "A, B and C".
func listWords(names []string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// mixWords lists a mixture's support, the largest mass first: "Gauss
// Interceptor 41 %, Plasma Cruiser 33 %"; "Rock alone" for a pure one.
func mixWords(names []string, mix []float64) string {
	var idx []int
	for k, p := range mix {
		if p >= meta.SupportShare {
			idx = append(idx, k)
		}
	}
	slices.SortStableFunc(idx, func(x, y int) int {
		switch {
		case mix[x] > mix[y]:
			return -1
		case mix[x] < mix[y]:
			return 1
		}
		return 0
	})
	if len(idx) == 1 {
		return names[idx[0]] + " alone"
	}
	var parts []string
	for _, k := range idx {
		parts = append(parts, fmt.Sprintf("%s %s", names[k], percent(mix[k])))
	}
	return strings.Join(parts, ", ")
}

// percent writes a share as a whole percentage, or to a tenth below 10 %.
func percent(p float64) string {
	if p < 0.1 {
		return words.ShareDigits(p, 1) + " %"
	}
	return words.ShareDigits(p, 0) + " %"
}

// payoffText writes a payoff: a share as a percentage, a margin signed.
func payoffText(a *meta.Analysis, v float64) string {
	if a.Margin {
		return "margin " + words.PointsText(v) + " points"
	}
	return words.ShareDigits(v, 1) + " %"
}

// metaCellText writes a cell in the payoff's units: "52.1±0.9", or "52.1 ="
// when exact.
func metaCellText(a *meta.Analysis, c meta.Cell) string {
	est, lo, hi := a.Payoff(c.Estimate), a.Payoff(c.Lo), a.Payoff(c.Hi)
	text := words.ShareDigits(c.Estimate, 1)
	if a.Margin {
		text = words.MarginDigits(est, 1)
	}
	if c.Exact {
		return text + " ="
	}
	return fmt.Sprintf("%s±%.1f", text, 100*(hi-lo)/2)
}

// WriteTable writes a roster's matrix for people: the headline, the
// matrix and its symmetric view, dominance, the equilibrium with its
// robustness, the ratings and the cycles, then the totals and the seed.
// Lines of more (another answer about the same roster, such as its skill
// axes' summary) come right after the headline, before the details.
func WriteTable(w io.Writer, a *meta.Analysis, more ...string) error {
	m, names := a.Meta, a.Meta.Entries
	for _, l := range append(Headline(a), more...) {
		fmt.Fprintln(w, l)
	}
	fmt.Fprintf(w, "\nmeta      %s   base %s   ruleset %s   seed %d   %d entries\n", m.Name, m.Base, m.Ruleset, a.Seed, len(names))
	fmt.Fprintf(w, "payoff    %s, row as side a against column as side b\n", payoffWords(a))
	fmt.Fprintf(w, "level     %s\n", metaLevel(a))
	for _, v := range []struct {
		title string
		cells [][]meta.Cell
	}{{"\nmatrix (row as a, column as b)", a.Cells}, {"\nsymmetric (row against column, both placements averaged)", a.Symmetric}} {
		fmt.Fprintln(w, v.title)
		if err := writeGrid(w, a, names, v.cells); err != nil {
			return err
		}
	}
	fmt.Fprintln(w, "\n"+dominanceHead(a))
	fmt.Fprint(w, dominanceText(names, a))
	fmt.Fprintf(w, "\nequilibrium (maximum entropy; value %s) and ratings\n", payoffText(a, a.Equilibrium.Value))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "entry\tas a\tkept\tas b\tkept\tNash avg\tElo\tinterval")
	for k, n := range names {
		elo := a.Ratings[k]
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%+.1f\t%.0f\t[%.0f, %.0f]\n", n, percent(a.Equilibrium.Row[k]), keptText(a, 0, k),
			percent(a.Equilibrium.Col[k]), keptText(a, 1, k), 100*a.Nash[k], elo.Elo, elo.Lo, elo.Hi)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "kept: the share of %d resamples of the cells within their intervals in which the entry stays in the support (≥ %s)\n", a.Resampled, percent(meta.SupportShare))
	fmt.Fprintf(w, "Elo: %s\n", RatingsNote(a))
	if s := budgetWords(a); s != "" {
		fmt.Fprintf(w, "note: %s\n", s)
	}
	if len(a.Cycles) > 0 {
		fmt.Fprintln(w, "\ncycles (each step's interval above one half)")
		for _, c := range a.Cycles {
			fmt.Fprintf(w, "  %s > %s > %s > %s\n", names[c[0]], names[c[1]], names[c[2]], names[c[0]])
		}
	}
	fmt.Fprintf(w, "\ntrials    %d over %d cells (%d exact), on the streams of %s\n", a.Trials(), len(names)*len(names), exactCells(a), m.Streams)
	for _, n := range a.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	return nil
}

// keptText is the share of resamples that kept entry k in side s's
// support, or a dash when the budget left no resample.
func keptText(a *meta.Analysis, s, k int) string {
	if a.Robustness[s] == nil {
		return "—"
	}
	return percent(a.Robustness[s][k])
}

// budgetWords says what the analysis's budget left out, "" when nothing.
func budgetWords(a *meta.Analysis) string {
	if a.Resampled == meta.Resamples {
		return ""
	}
	return fmt.Sprintf("the analysis's budget of %d operations (--analysis-budget) ran out after %d of the %d resamples of the robustness: \"kept\" counts those %d; everything else is computed", a.Options.Work, a.Resampled, meta.Resamples, a.Resampled)
}

// writeGrid writes a matrix of cells with the entries as rows and columns.
func writeGrid(w io.Writer, a *meta.Analysis, names []string, cells [][]meta.Cell) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "\t")
	for _, n := range names {
		fmt.Fprintf(tw, "%s\t", n)
	}
	fmt.Fprintln(tw)
	for i, row := range cells {
		fmt.Fprintf(tw, "%s\t", names[i])
		for _, c := range row {
			fmt.Fprintf(tw, "%s\t", metaCellText(a, c))
		}
		fmt.Fprintln(tw)
	}
	return tw.Flush()
}

func payoffWords(a *meta.Analysis) string {
	if a.Margin {
		return "side a's margin, P(a wins) − P(b wins), in points"
	}
	return "side a's win share with draws counted half, in %"
}

// metaLevel states the intervals' level and how cells were sampled.
func metaLevel(a *meta.Analysis) string {
	o := a.Options
	if a.PerCell == 0 {
		return "every cell exact (=)"
	}
	return fmt.Sprintf("%s jointly over the sampled cells (Bonferroni: %.3g each, spent over looks, α/2 at the first, α/4 at the second, …); each cell sampled until ±%.1f points or settled", percent(o.Confidence), a.PerCell, 100*o.Precision)
}

// dominanceText lists every dominated entry and what dominates it, as
// side a, as side b and in the symmetric view — shown, and within the
// slack — with a line saying none where none is.
func dominanceText(names []string, a *meta.Analysis) string {
	var b strings.Builder
	for _, v := range []struct {
		view           string
		shown, withinS [][]int
	}{{"as side a", a.DominatedA, a.WithinA}, {"as side b", a.DominatedB, a.WithinB}, {"over both sides", a.DominatedSym, a.WithinSym}} {
		any := false
		for i := range names {
			for _, d := range []struct {
				by  []int
				how string
			}{{v.shown[i], "dominated by"}, {v.withinS[i], "dominated within " + slackWords(a) + " by"}} {
				if len(d.by) == 0 {
					continue
				}
				any = true
				var who []string
				for _, k := range d.by {
					who = append(who, names[k])
				}
				fmt.Fprintf(&b, "  %s: %s is %s %s\n", v.view, names[i], d.how, listWords(who))
			}
		}
		if !any {
			fmt.Fprintf(&b, "  %s: no entry is dominated\n", v.view)
		}
	}
	return b.String()
}

func exactCells(a *meta.Analysis) int {
	n := 0
	for _, row := range a.Cells {
		for _, c := range row {
			if c.Exact {
				n++
			}
		}
	}
	return n
}

// Rows is the tidy table of a roster: one row per cell.
func Rows(a *meta.Analysis) [][]string {
	rows := [][]string{{"row", "col", "estimate", "lo", "hi", "trials", "exact", "stop", "wins_a", "wins_b", "draws", "symmetric", "symmetric_lo", "symmetric_hi"}}
	f := func(v float64) string { return strconv.FormatFloat(v, 'g', 10, 64) }
	names := a.Meta.Entries
	for i, row := range a.Cells {
		for j, c := range row {
			s := a.Symmetric[i][j]
			rows = append(rows, []string{names[i], names[j], f(a.Payoff(c.Estimate)), f(a.Payoff(c.Lo)), f(a.Payoff(c.Hi)),
				strconv.FormatInt(c.Trials, 10), strconv.FormatBool(c.Exact), c.Stop,
				strconv.FormatInt(c.Wins[1], 10), strconv.FormatInt(c.Wins[2], 10), strconv.FormatInt(c.Wins[0], 10),
				f(a.Payoff(s.Estimate)), f(a.Payoff(s.Lo)), f(a.Payoff(s.Hi))})
		}
	}
	return rows
}

// Object is a roster's machine-readable form: `entries`, `payoff`
// (rows the entries as side a, columns as side b; each cell's estimate,
// lo, hi, trials, and exact when solved), `equilibrium` {a, b, value}, and
// the rest of what the table says.
func Object(a *meta.Analysis) json.Marshaler {
	m := a.Meta
	grid := func(cells [][]meta.Cell) [][]formats.Object {
		out := make([][]formats.Object, len(cells))
		for i, row := range cells {
			for _, c := range row {
				o := formats.Object{{Key: "estimate", Val: a.Payoff(c.Estimate)}, {Key: "lo", Val: a.Payoff(c.Lo)}, {Key: "hi", Val: a.Payoff(c.Hi)}, {Key: "trials", Val: c.Trials}}
				if c.Exact {
					o = append(o, formats.FieldOf("exact", true))
				} else if c.Stop != "" {
					o = append(o, formats.FieldOf("stop", c.Stop))
				}
				out[i] = append(out[i], o)
			}
		}
		return out
	}
	named := func(dom [][]int) formats.Object {
		o := formats.Object{}
		for i, by := range dom {
			if len(by) > 0 {
				var who []string
				for _, k := range by {
					who = append(who, m.Entries[k])
				}
				o = append(o, formats.FieldOf(m.Entries[i], who))
			}
		}
		return o
	}
	var ratings []formats.Object
	for k, r := range a.Ratings {
		ratings = append(ratings, formats.Object{{Key: "entry", Val: m.Entries[k]}, {Key: "elo", Val: r.Elo}, {Key: "lo", Val: r.Lo}, {Key: "hi", Val: r.Hi}, {Key: "nash_average", Val: a.Nash[k]}})
	}
	cycles := [][]string{}
	for _, c := range a.Cycles {
		cycles = append(cycles, []string{m.Entries[c[0]], m.Entries[c[1]], m.Entries[c[2]]})
	}
	payoff := "share"
	if a.Margin {
		payoff = "margin"
	}
	o := formats.Object{{Key: "meta", Val: m.Name}}
	if m.Description != "" {
		o = append(o, formats.FieldOf("description", m.Description))
	}
	return append(o, formats.Object{
		{Key: "scenario", Val: m.Base}, {Key: "ruleset", Val: m.Ruleset}, {Key: "headline", Val: Headline(a)},
		{Key: "entries", Val: m.Entries}, {Key: "payoff_kind", Val: payoff}, {Key: "payoff", Val: grid(a.Cells)}, {Key: "symmetric", Val: grid(a.Symmetric)},
		{Key: "equilibrium", Val: formats.Object{{Key: "a", Val: a.Equilibrium.Row}, {Key: "b", Val: a.Equilibrium.Col}, {Key: "value", Val: a.Equilibrium.Value}}},
		{Key: "support_robustness", Val: formats.Object{{Key: "a", Val: a.Robustness[0]}, {Key: "b", Val: a.Robustness[1]}, {Key: "resamples", Val: a.Resampled}, {Key: "min_share", Val: meta.SupportShare}}},
		{Key: "analysis", Val: formats.Object{{Key: "operations", Val: a.Spent}, {Key: "budget", Val: a.Options.Work}, {Key: "complete", Val: a.Resampled == meta.Resamples}}},
		{Key: "dominated", Val: formats.Object{{Key: "a", Val: named(a.DominatedA)}, {Key: "b", Val: named(a.DominatedB)}, {Key: "symmetric", Val: named(a.DominatedSym)}}},
		{Key: "dominated_within", Val: formats.Object{{Key: "slack", Val: a.Payoff(0.5+a.Slack) - a.Payoff(0.5)}, {Key: "a", Val: named(a.WithinA)}, {Key: "b", Val: named(a.WithinB)}, {Key: "symmetric", Val: named(a.WithinSym)}}},
		{Key: "ratings", Val: ratings}, {Key: "cycles", Val: cycles},
		{Key: "confidence", Val: a.Options.Confidence}, {Key: "precision", Val: a.Options.Precision}, {Key: "per_cell_alpha", Val: a.PerCell},
		{Key: "streams", Val: m.Streams}, {Key: "notes", Val: formats.NonNil(a.Notes)}, {Key: "trials", Val: a.Trials()},
		{Key: "seed", Val: a.Seed}, {Key: "seed_text", Val: formats.SeedText(a.Seed)}, {Key: "crucible_version", Val: a.Version},
	}...)
}

// WriteJSON writes a roster's object with a trailing newline.
func WriteJSON(w io.Writer, a *meta.Analysis) error {
	b, err := json.MarshalIndent(Object(a), "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(formats.UnescapeHTML(b), '\n'))
	return err
}
