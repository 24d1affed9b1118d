// Package exactmodel is a compiled rules file as the exact solver
// (rulesfile/exact) reads it: a Model of steps (a fire phase one step per
// group of types that fire together, every other phase one step), the
// packing of states into keys, which units are interchangeable and which
// rounds matter, what the walk cannot follow (an UnsupportedError naming
// it), states in words, and the arithmetic probabilities are computed in
// (exact fractions or floats). Package enumerate plays the steps.
//
// Files, each above the ones it uses (no arrow runs back up):
//
//	steps.go            NewModel: the program cut into steps, what each fire step depends on
//	model_analysis.go   what the exact walk may rely on: interchangeable units, the rounds that matter, hit orders
//	describe.go         a state in words
//	exactmodel.go       Model: the steps, the packing of states, canonical states
//	arith.go            Arith: exact fractions or floats
package exactmodel
