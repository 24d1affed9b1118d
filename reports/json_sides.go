package reports

import (
	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
)

// labelsObject is what a result's JSON says of its sides' names and its
// non-victory ends: "labels" (rules.Spec.Labels), when the ruleset gives
// any, and "non_victories", when the battle declares any, which ReadJSON
// reads back.
func labelsObject(spec rules.Spec) object {
	var o object
	if spec.Labels != [2]string{} {
		o = append(o, field{"labels", object{{"a", spec.Labels[0]}, {"b", spec.Labels[1]}}})
	}
	if len(spec.NonVictories) > 0 {
		nvs := make([]nonVictoryJSON, len(spec.NonVictories))
		for i, nv := range spec.NonVictories {
			nvs[i] = nonVictoryJSON(nv)
		}
		o = append(o, field{"non_victories", nvs})
	}
	return o
}

// nonVictoryJSON is the JSON form of a rules.NonVictory.
type nonVictoryJSON struct {
	End    string `json:"end"`
	Scored bool   `json:"scored"`
}

// headlineObject is the headline of a result (analysis.Headline), derived
// from its wins and the side counters of its non-victory ends: for each
// side its label, its victories and the trials it ended by each
// non-victory end; "none", the trials with neither. The counts partition
// the trials, whatever the options score as a win.
func headlineObject(r *analysis.Result) object {
	h := r.Headline()
	n := namesOf(r.Spec)
	o := object{}
	for _, s := range []rules.Side{rules.A, rules.B} {
		side := object{{"label", n.name(s)}, {"victories", h.Victories[s].K}}
		for _, nv := range h.NonVictories {
			side = append(side, field{nv.End, nv.By[s].K})
		}
		o = append(o, field{s.String(), side})
	}
	return append(o, field{"none", h.Victories[rules.None].K})
}
