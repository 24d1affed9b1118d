// Package tune answers "which value of this field meets the target?": it
// bisects one numeric field of a base scenario (an Axis) for the last value
// on one side of a target (a Tune: "win.a>=0.7", "fair") and the first on
// the other, each probe a sequential test on the base's streams, then fights
// the two values the answer rests on again on fresh streams so that its
// statements hold at the stated confidence. Probes the ruleset's solver
// reaches are decided exactly.
//
// It fights through package analysis (Run, the sequential test); it knows
// no other engine.
//
// Files, each above the ones it uses:
//
//	run.go      Run: the search and the re-check, probe by probe
//	search.go   the bisection over decided probes (no fighting)
//	tune.go     Tune, Probe, Result: the question and its answer
//	axis.go     Axis: the field's values as integer positions
package tune
