package reports

import (
	"fmt"
	"strings"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/reports/words"
	"github.com/crucible-sim/crucible/rules"
)

// outcomeRow is one row of a result's outcome table.
type outcomeRow struct {
	Name string
	// Metric is the metric whose count the row gives (win.a, end.escaped,
	// counter.a.escaped), or "" for a side's victories where they are not
	// its scored wins.
	Metric string
	S      analysis.Share
}

// outcomeRows returns a result's outcome table: its headline first — each
// side's victories, then the trials it ended by each non-victory end, then
// the trials with neither — and then every end reason. The headline rows
// partition the trials whatever the options score as a win.
func outcomeRows(r *analysis.Result) []outcomeRow {
	n := words.NamesOf(r.Spec)
	h := r.Headline()
	split := map[rules.Side]bool{}
	for _, nv := range h.NonVictories {
		split[rules.None] = split[rules.None] || !nv.Scored
		split[rules.A] = split[rules.A] || nv.Scored
		split[rules.B] = split[rules.B] || nv.Scored
	}
	metric := func(s rules.Side) string {
		if split[s] {
			return ""
		}
		return rules.Metric{Kind: rules.WinShare, Side: s}.String()
	}
	var rows []outcomeRow
	for _, s := range []rules.Side{rules.A, rules.B} {
		rows = append(rows, outcomeRow{n.Victories(s) + n.Tag(s), metric(s), h.Victories[s]})
		for _, nv := range h.NonVictories {
			c := rules.NonVictoryCounters(nv.End)[s-1]
			rows = append(rows, outcomeRow{n.Ended(s, nv.End) + n.Tag(s), "counter." + c, nv.By[s]})
		}
	}
	rows = append(rows, outcomeRow{n.Victories(rules.None), metric(rules.None), h.Victories[rules.None]})
	for _, e := range r.Tally.EndNames {
		rows = append(rows, outcomeRow{"end " + e, "end." + e, r.End(e)})
	}
	return rows
}

// scoredNote says, under a headline that differs from the scored wins,
// what claims read and why: "claims read win.a = 83.16 %, win.b = 13.81 %:
// the options score escaped as a win"; "" when the two agree.
func scoredNote(r *analysis.Result) string {
	if !r.Headline().Differs() {
		return ""
	}
	n := words.NamesOf(r.Spec)
	var parts []string
	if len(n.Scored) > 0 {
		parts = append(parts, fmt.Sprintf("claims read win.a = %s, win.b = %s: the options score %s as a win",
			words.Pct(r.Win(rules.A).P), words.Pct(r.Win(rules.B).P), words.EndList(n.Scored)))
	}
	if len(n.Unscored) > 0 {
		parts = append(parts, fmt.Sprintf("claims read win.none = %s: the options score %s as no winner",
			words.Pct(r.Win(rules.None).P), words.EndList(n.Unscored)))
	}
	return strings.Join(parts, "; ")
}
