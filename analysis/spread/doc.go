// Package spread answers "how much does this answer owe to the way the
// sides are played?": it fights a scenario under each built-in policy of
// each side (exact where the solver reaches), reports the range of side a's
// win share, and, asked, the skill gap of each side (its best policy against
// its worst on paired trials).
//
// It fights through package analysis (Run, the paired battle); it knows no
// other engine.
//
// Files (one arrow runs back up: the gap's fight is a method of the
// spread's):
//
//	spread.go     Spread, Cell, Plan, Run: the cells
//	gap.go (↑)    the cells' range and each side's skill gap
package spread
