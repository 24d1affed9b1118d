// Package explain answers why a battle ends as it does: example games of
// any outcome (Examples), drawn from the trials a run keeps of each
// outcome bucket and, when the run holds too few, from a search of the
// trials after it, with how rare the outcome is.
//
// It is an engine over the core analysis package and imports no other
// engine. Files, each above the ones it uses (two arrows run back up: an
// Attribution carries the Sampling it was estimated with, and the examples
// found carry the Search that found those past the run, whose Examples are
// of examples.go's type):
//
//	sensitivity.go which of a scenario's numbers matter: Sobol indices of its fields
//	sobol.go      Sobol indices by Jansen's estimators on a Saltelli design
//	orders.go     the attribution by sampled orders, one a trial, for a side of too many coalitions
//	sampled.go    the attribution by Monte Carlo on common random numbers, with standard errors
//	attribute.go  a side's win share attributed to its units or parts (rules.Coalitions), through the solver
//	shapley.go    Shapley values of units of kinds over every coalition
//	search.go     the search of further trial indices, budgeted and cancellable
//	examples.go   example trials of an outcome: the run's, then a search
//	chain.go      the most probable ways of a scenario, through its solver's chain
//	paths.go      the k most probable paths of a chain to an outcome
package explain
