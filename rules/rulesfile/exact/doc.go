// Package exact solves rules-file battles exactly: the Markov chain of a
// battle's states built from the rules file itself (rulesfile.Model),
// whose every step's outcomes come with their exact weights
// (rulesfile.Enumerator), solved for who wins, how the battle ends, its
// counters' distributions and its rounds, in floating point and, when
// asked, as exact fractions by the same code over math/big.Rat.
//
// A node of the chain is a step of the battle to play (a fire step, a
// contest, an each phase, a hook) in a canonical state: the units' hit
// points and tracks (interchangeable units sorted), the sides' tracks and
// the round as far as anything reads it. Within a round the steps only go
// forward, so the chain's cycles are rounds that come back to a state: a
// round that changes nothing is a ring of one state, whose visits the
// solver sums as a geometric series by solving the ring's linear system
// exactly, as it does any cycle. The round cap is followed exactly: the
// solver first solves the battle without it and keeps that answer when
// the cap cannot act or acts with a chance too small for any float64
// (capbound.go says how), else solves again with every round recorded.
//
// The solver is registered for rules files (rules.RegisterSolver under
// rulesfile.ID), which rules.LookupSolver gives every rules file's
// ruleset, so `crucible exact`, the exact badge of `crucible run`, exact
// claims, tune, meta, compare --exact and the workbench reach it:
//
//	r, err := exact.SolveDoc(ctx, scenario.Document(), exact.Options{Rational: true})
//	if errors.Is(err, rules.ErrBudget) { /* say so; Monte Carlo */ }
//
// Two budgets bound a solve: its states (memory) and its steps of work
// (time), each smaller for exact fractions; Check says at once whether a
// rules file is one the solver follows at all.
//
// Files, each above the ones it uses (no arrow runs back up):
//
//	chain.go      Chain: the chain itself for rules.ChainSolver, within the same budgets
//	solve.go      Solve, SolveDoc, Check: the chain explored, its flow solved, the answers gathered
//	rounds.go     the distribution of rounds, swept round by round
//	result.go     a solution's answers: who wins, how the battle ends, counters, rounds
//	pool.go       floating-point chains reused from one solve to the next
//	flowfloat.go  solveFlow: the start's probability pushed through the components, floats apart
//	capbound.go   whether the round cap can matter, decided on the chain solved without it
//	order.go      the components in topological order (Tarjan), cycles solved exactly
//	graph.go      chain: the Markov chain's nodes, edges and ends
//	nodes.go      the nodes by key: a step and a canonical state
//	keytable.go   an open-addressed table of the nodes' packed keys
//	buffers.go    the scratch arrays a pooled chain keeps for its solution
//	budget.go     the budgets of states and steps, ErrBudget
//	arith.go      the arithmetic: float64 or exact fractions
package exact
