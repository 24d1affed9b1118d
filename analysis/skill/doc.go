// Package skill re-judges a scenario's answer at several levels of skill:
// both sides played by the same player, rung after rung (dbd's greedy,
// then search:1k; Eclipse's kill-greedy, then optimal), so that a verdict
// that holds only for weak players is flagged as such. A designer's
// question is about the game, and an answer that moves with the players'
// skill is, in part, an answer about the players. The move between the
// top two levels is judged by its 95 % interval (Axis.Verdict): shown
// beyond the threshold (sensitive), shown within it (holds), or neither
// (undecided: more trials would decide).
//
// The answer is side a's win share, except on a mirrored battle
// (rules.Mirrored) that counts its first mover's wins
// (rules.FirstMoverCounted): there side a's share equals side b's at every
// level by the symmetry, its move is nil by construction, and the axis
// judges what the mirror leaves open, the first mover's win share.
//
// Files, each above the ones it uses (no arrow runs back up):
//
//	run.go      the levels played: each policy on both sides (or one), exact or sampled
//	words.go    the axis in a designer's words: the flag, the sides, the move, the notes
//	verdict.go  the move judged: sensitive, holds, undecided; exact or at how many trials
//	axis.go     Axis, Level: the answer at each level, its move and the move's interval
package skill
