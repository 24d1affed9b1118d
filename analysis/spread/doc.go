// Package spread answers "how much does this answer owe to the way the
// sides are played?": it fights a scenario under each built-in policy of
// each side (exact where the solver reaches), reports the range of side a's
// win share, and, asked, the skill gap of each side (its best policy against
// its worst on paired trials).
//
// It fights through package analysis (Run, the paired battle); it knows no
// other engine.
//
// Files, each above the ones it uses (no arrow runs back up):
//
//	run.go      Run: the cells fought, then the gaps
//	gap.go      the cells' range and each side's skill gap
//	fight.go    a cell fought: exact where the solver reaches, else sampled, within the budget
//	spread.go   Spread, Cell, Plan: what a spread asks and holds
package spread
