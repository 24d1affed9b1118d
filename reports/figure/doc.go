// Package figure draws every chart crucible makes, on gonum/plot, one file
// per kind of chart (as gonum's plotter): a chart takes a result and a
// format (PNG or SVG, plotformat.go) and returns the encoded figure. It
// knows the words it labels with (package words) and nothing of pages or
// files.
//
// Files, each above the ones it uses (no arrow runs back up): the charts,
// then what they share, the step masses of rounds.go and the panels of
// run.go:
//
//	tune_curve.go       a tune's probes and bracket
//	meta_ratings.go     a roster's ratings
//	sweep_rank.go       a sweep's ranking with whiskers
//	sweep_rounds.go     a sweep's rounds overlaid
//	sweep_plots.go      a sweep's curve and heat map
//	meta_heatmap.go     a roster's matrix and its equilibrium
//	compare_overlay.go  two variants' distributions overlaid
//	compare_diffs.go    a comparison's differences with their intervals
//	ladder.go           a ladder's ratings against its rungs
//	board.go            a battle's board and its heat maps
//	rounds.go           "over N rounds" and "at least" curves
//	run.go              a run's win rates, rounds and counters; the shared panels
//	plotformat.go       PNG and SVG canvases
package figure
