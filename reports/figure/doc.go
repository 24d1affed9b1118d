// Package figure draws every chart crucible makes, on gonum/plot, one file
// per kind of chart (as gonum's plotter): a chart takes a result and a
// format (PNG or SVG, plotformat.go) and returns the encoded figure. It
// knows the words it labels with (package words) and nothing of pages or
// files.
//
// Files (no arrow runs back up; each chart uses the shared panels of
// run.go and the step masses of rounds.go):
//
//	board.go            a battle's board and its heat maps
//	run.go              a run's win rates, rounds and counters; the shared panels
//	rounds.go           "over N rounds" and "at least" curves
//	sweep_plots.go      a sweep's curve and heat map
//	sweep_rank.go       a sweep's ranking with whiskers
//	sweep_rounds.go     a sweep's rounds overlaid
//	tune_curve.go       a tune's probes and bracket
//	compare_diffs.go    a comparison's differences with their intervals
//	compare_overlay.go  two variants' distributions overlaid
//	meta_heatmap.go     a roster's matrix and its equilibrium
//	meta_ratings.go     a roster's ratings
//	plotformat.go       PNG and SVG canvases
package figure
