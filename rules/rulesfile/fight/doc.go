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
// Files, each above the ones it uses (9 of its 38 arrows run back up;
// the fighter and the phases it plays call each other):
//
//	effects.go                                                       contest and each phases, effects played
//	hookrun.go                                                       a hook called: the battle value it reads and changes, HookError
//	machine.go                                                       the fighter as the exact paths load and save it
//	pairs.go (uses ↑ effects)                                        contests compared in pairs (RISK)
//	sidevalues.go                                                    side values worked out on the state
//	volley.go                                                        fire phases: volleys, hits assigned by the policies, damage
//	dice.go                                                          dice drawn from the trial's stream, or from a Chooser
//	account.go                                                       the replay's account, in the file's words
//	flat.go (uses ↑ effects)                                         a flat program played
//	fight.go (uses ↑ account, effects, hookrun, sidevalues, volley)  the fighter: a battle round by round, ends, expressions evaluated on the state
//	model.go (uses ↑ fight, volley)                                  Chooser and Stepper: parts of battles played from given states
package fight
