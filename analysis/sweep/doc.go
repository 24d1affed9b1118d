// Package sweep fights a grid of variants of one base scenario (a Sweep:
// one or two axes of overridden fields) on common random numbers, and reads
// the answer off the grid: where a line crosses a level (break-even), which
// values are best (rankings, Holm-corrected), and whether a line is
// monotonic (its shape).
//
// It fights through package analysis (Run, Journal); it knows no other
// engine.
//
// Files, each above the ones it uses (one arrow runs back up: overlay.go
// reads the Sweep it overlays):
//
//	rank.go  shape.go   rankings and shapes of a result's lines
//	breakeven.go        Line and BreakEven: where a line crosses a level
//	sweep.go            Sweep, Result, Run: the grid and its fight
//	overlay.go (↑)      which points a figure overlays
//	axis.go             AxisKind: integer, continuous or categorical axes
package sweep
