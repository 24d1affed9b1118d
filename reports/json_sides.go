package reports

import (
	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/reports/words"
	"github.com/crucible-sim/crucible/rules"
)

// headlineObject is the headline of a result (analysis.Headline), derived
// from its wins and the side counters of its non-victory ends: for each
// side its label, its victories and the trials it ended by each
// non-victory end; "none", the trials with neither. The counts partition
// the trials, whatever the options score as a win.
func headlineObject(r *analysis.Result) formats.Object {
	h := r.Headline()
	n := words.NamesOf(r.Spec)
	o := formats.Object{}
	for _, s := range []rules.Side{rules.A, rules.B} {
		side := formats.Object{{Key: "label", Val: n.Name(s)}, {Key: "victories", Val: h.Victories[s].K}}
		for _, nv := range h.NonVictories {
			side = append(side, formats.Field{Key: nv.End, Val: nv.By[s].K})
		}
		o = append(o, formats.Field{Key: s.String(), Val: side})
	}
	return append(o, formats.Field{Key: "none", Val: h.Victories[rules.None].K})
}
