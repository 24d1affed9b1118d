// Package document is a rules file as the designer wrote it: its YAML
// decoded into declarations (File, UnitDecl, WeaponDecl, Phase, EndDecl
// and the rest), every field checked and placed at its line:column, with
// did-you-mean for a mistyped name, and nothing compiled yet. The names it
// keeps are the file's, in the file's order, which every output lists them
// in; ExprName says how an expression reads each (hyphens as underscores).
// The language's reference (package rulesfile) is written from the tables
// here (PhaseKinds, EffectKinds, BuiltinEnds), so the two cannot drift.
//
// Files, each above the ones it uses (no arrow runs back up):
//
//	file.go        File and Decode: the whole file, its options, stats, tracks and side values
//	phase.go       the start and round phases, their effects, the ends and counters
//	decl.go        units, parts, weapons, rolls, targeting
//	fields.go      a field read: expressions, entries, identifiers, unknown names with did-you-mean
//	exprnames.go   how expressions read the file's names
package document
