// Package sweep fights a grid of variants of one base scenario (a Sweep:
// one or two axes of overridden fields) on common random numbers, and reads
// the answer off the grid: where a line crosses a level (break-even), which
// values are best (rankings, Holm-corrected), and whether a line is
// monotonic (its shape).
//
// It fights through package analysis (Run, Journal); it knows no other
// engine.
//
// Files, each above the ones it uses (no arrow runs back up):
//
//	rank.go  shape.go   rankings and shapes of a result's lines
//	breakeven.go        Line and BreakEven: where a line crosses a level
//	sweep.go            Result, Run: the grid's fight
//	overlay.go          which points a figure overlays
//	grid.go             Sweep, New: the grid of variants, its points and scenarios
//	axis.go             AxisKind: integer, continuous or categorical axes
package sweep
