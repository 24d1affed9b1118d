// Package analysis is the core every command's numbers go through: the run
// pipeline from a loaded scenario to a Result (Run: trial counts, shards,
// seeding, checkpoints and resumption, progress), the intervals and tests
// (Clopper–Pearson, the margin's, McNemar, paired differences), claims and their
// verdicts (Check, CheckUntilDecided, the sequential test), merging shards,
// the headline of a result, and watching a run.
//
// The engines that ask a question of many runs are each a package of their
// own over this one, and none imports another: sweep (a grid of variants),
// tune (the value of a field that meets a target), compare (two variants on
// common random numbers), meta (a roster's matrix and its game, with the
// arithmetic in game) and spread (how much an answer owes to the way the
// sides play). They reach the pipeline through Run and the few parts made
// for them: Journal and Part (a command's checkpoints), Run.Job,
// Run.FightIn, Run.Grower and Run.Batch (a fight or a sequential look of one
// part), Run.At and Place (where a stage stands in its command), and
// NewPairedBattle (both variants from one stream).
//
// Files, each above the ones it uses (arrows between files run down but
// for the two marked ↑: Run's own methods, kept beside what they serve):
//
//	watch.go  merge.go  headline.go        a run watched; shards merged; the headline
//	sequential.go                          fight until the claims are decided
//	check.go                               claims checked on results and exact solutions
//	sections.go                            a series of runs decided as it goes, in one checkpoint
//	journal.go  progress.go                a command's checkpoints; how it advances
//	run.go (↑ journal.go, progress.go)     Run: scenario → Result; Solve
//	refusals.go                            the solves a solver refused for its budget, remembered
//	claims.go  order.go                    a claim's estimate and verdict; how two estimates order
//	result.go                              Result: shares, rounds, counters of a tally
//	paired.go  paired_battle.go            paired counts and tests; both variants from one stream
//	mirror.go                              a mirrored battle's side edge, the players' and not the board's
//	intervals.go                           intervals and tests of counts
package analysis
