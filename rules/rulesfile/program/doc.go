// Package program is a rules file compiled against a scenario: a Battle,
// immutable, with every name resolved, the state's layout fixed (st[0]
// the round, then each side's tracks, then each unit's hit points and
// tracks), every expression folded to a constant or tabulated over the
// finite ranges of the state it reads, rolls and weapons as face tables,
// phases and effects as compiled instructions (and, for the Monte Carlo
// fighter, as flat programs), ends, counters, targeting policies and the
// Starlark hooks loaded. It runs nothing: package fight plays a Battle,
// package exactmodel reads it as a model. The declarations it compiles are
// package document's.
//
// Files, each above the ones it uses (11 of its 59 arrows run back up;
// files hold concepts, and a concept's compile and its types use the
// Battle they fill):
//
//	assemble.go                                   a unit type assembled from its declaration, base designs and parts
//	compile.go (uses ↑ assemble)                  Compile: a scenario and its rules file into a Battle; the options, the sides, the layout
//	ends.go                                       the file's ends and counters
//	flat.go                                       effect lists as flat programs, for the Monte Carlo fighter
//	layout.go                                     the state's layout and bounds, as a solver reads them
//	program.go (uses ↑ flat)                      phases and effects compiled, and the fire phase's fast paths
//	spec.go (uses ↑ compile, ends)                the targeting policies and the rules.Spec
//	roll.go                                       rolls and weapons: dice, faces, rerolls, explosions, the attack pipeline
//	expr.go                                       expressions: type-checked, then folded to constants or tabulated over the state they read
//	exprcache.go (uses ↑ expr)                    the expressions' programs and tables kept across compiles
//	battle.go (uses ↑ ends, program, roll, spec)  Battle: the compiled scenario, its unit types, units, sides and tracks
//	hooks.go                                      the Starlark hooks: loaded, checked, their step budget
//	lang.go                                       the vocabulary expressions read: stats, tracks, side fields, options
//	sidevalues.go (uses ↑ battle, expr)           side values compiled
package program
