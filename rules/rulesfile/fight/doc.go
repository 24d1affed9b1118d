// Package fight is the Monte Carlo fighter of a compiled rules file
// (program.Battle): it plays a battle round by round on the state vector —
// fire phases (volleys, hits assigned by the sides' targeting policies,
// damage), contests (pooled or compared in pairs), each phases, effects
// (as flat programs when no account is written), hooks, ends — drawing
// from the trial's stream, and writes a replay's account in the file's
// words. The same code answers the exact paths: a Stepper plays parts of
// battles from given states with a Chooser answering the random events,
// and the Enumerator (package enumerate) loads configurations into a
// Fighter and runs its deterministic code, so that Monte Carlo and exact
// cannot differ.
//
// Files, each above the ones it uses (no arrow runs back up):
//
//	machine.go   the fighter as the exact paths load and save it
//	model.go     Stepper: parts of battles played from given states
//	fight.go     the Monte Carlo battle: round by round, its phases in turn, the outcome recorded
//	contest.go   contest phases: the champions' contest, pooled or in pairs, and its effects
//	effects.go   effect lists played (and as flat programs), each phases, nested contests
//	volley.go    fire phases: volleys, hits assigned by the policies, damage
//	rolloff.go   a contest rolled: one roll against another, ties broken
//	pairs.go     contests compared in pairs (RISK): the pools, each pair's result
//	hookrun.go   a hook called: the battle value it reads and changes, HookError
//	ends.go      the file's ends checked and reached, the battle over
//	dice.go      dice drawn from the trial's stream, or from a Chooser
//	eval.go      expressions evaluated on the state, side values among them
//	fighter.go   Fighter: the state, its aggregates and roster kept up to date, damage
//	account.go   the replay's account, in the file's words
//	hit.go       Hit: a die that hit, waiting for a target
//	chooser.go   Chooser: the random events, answered by the stream or a solver
package fight
