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
// Files, each above the ones it uses (no arrow runs back up). The
// compile, in the upper files, fills a Battle; the Battle and the compiled
// pieces it holds, in the lower ones, know nothing of how they were made:
//
//	compile.go      Compile: a scenario and its rules file into a Battle; the options, the sides, the layout
//	spec.go         the targeting policies and the rules.Spec
//	sidevalues.go   side values compiled
//	ends.go         the file's ends and counters compiled
//	program.go      phases and effects compiled, and the fire phase's fast paths
//	flat.go         effect lists as flat programs, for the Monte Carlo fighter
//	roll.go         rolls and weapons compiled: dice, faces, rerolls, explosions, the attack pipeline
//	assemble.go     a unit type assembled from its declaration, base designs and parts
//	layout.go       the state's layout and bounds, as a solver reads them
//	exprcompile.go  expressions compiled: parsed, checked, then folded to a constant or tabulated, each once
//	exprtable.go    an expression tabulated over the ranges of the state values it reads, and its table's key
//	exprenv.go      the environment an expression is type-checked against and evaluated in, filled point by point
//	exprscope.go    the compiler and the context an expression stands in: the names it reads checked against that scope, errors placed in the file
//	exprcache.go    the expressions' programs and tables kept across compiles
//	battle.go       Battle: the compiled scenario, its unit types, units, sides, tracks and policies
//	phase.go        Phase, Effect, Contest: a compiled phase, its effects, contests and flat programs
//	weapon.go       Weapon, Roll: a compiled weapon, roll and face test
//	end.go          End: a compiled end, and the counters
//	expr.go         Expr: a compiled expression, the state values it reads, its shape
//	scenario.go     the scenario's part as written: its sides
//	lang.go         the vocabulary expressions read: stats, tracks, side fields, options
//	hooks.go        the Starlark hooks: loaded, checked, their step budget
package program
