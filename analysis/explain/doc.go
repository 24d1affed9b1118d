// Package explain answers why a battle ends as it does: example games of
// any outcome (Examples), drawn from the trials a run keeps of each
// outcome bucket and, when the run holds too few, from a search of the
// trials after it, with how rare the outcome is.
//
// It is an engine over the core analysis package and imports no other
// engine. Files, each above the ones it uses:
//
//	examples.go   example trials of an outcome: the run's, then a search
//	search.go     the search of further trial indices, budgeted and cancellable
//	sampled.go    the same by Monte Carlo on common random numbers, with standard errors
//	attribute.go  a side's win share attributed to its units or parts (rules.Coalitions), through the solver
//	orders.go     the same by sampled orders, one a trial, for a side of too many coalitions
//	shapley.go    Shapley values of units of kinds over every coalition
//	sensitivity.go which of a scenario's numbers matter: Sobol indices of its fields
//	sobol.go      Sobol indices by Jansen's estimators on a Saltelli design
//	chain.go      the most probable ways of a scenario, through its solver's chain
//	paths.go      the k most probable paths of a chain to an outcome
package explain
