// Package turnplan is the planning of DBD's search policy (§14 search),
// apart from the game it plans in: the rest of a side's turn planned as a
// whole, by online evolutionary planning in the manner of Justesen,
// Mahlmann, Risi and Togelius ("Playing Multi-Action Adversarial Games:
// Online Evolutionary Planning versus Tree Search", IEEE Transactions on
// Games, 2018). A genome is the turn's remaining activations, evolved by
// crossover and mutation, each valued by the game playing it out against
// the enemy's greedy answer (Evaluate). DBD's dice make one play of a plan
// a poor guide to its worth, so the plans are played on many draws, all of
// them on the same draws (common random numbers), and the best is picked
// by sequential halving after Karnin, Koren and Somekh ("Almost Optimal
// Exploration in Multi-Armed Bandits", ICML 2013): two short generations
// of evolution, then rounds that play the plans left on an equal part of
// the budget and keep the better half, down to two. Plans are ranked by
// their mean value less the part of it their dice's luck explains, and
// between equal values greedy's opening ranks first. Only the plan's first
// activation is played; the next decision of the turn starts from the
// plans that began with it. The search never ends its turn early: when its
// plays see nothing happen (the armies too far apart), ending the turn
// valued as much as any move and was picked by the draw, wasting
// activations greedy spends closing in.
//
// The budget is a number of plays, not a time: the same seed plays the
// same game on any machine, however fast. The game is rules/dbd's, which
// hands a decision its catalogue (greedy's candidates, best first) and
// plays and values each plan (its search.go): a gene the dice have made
// illegal is repaired or skipped there. This package knows an activation
// only as an Action, and imports nothing of rules/dbd.
//
// Files, each above the ones it uses:
//
//	decide.go        a decision: evolution, then selection by sequential halving
//	population.go    the population seeded from the last decision, greedy and chance; bred
//	search.go        Search: the working space kept from one decision to the next
//	plan.go          a plan of the turn's activations, its value and its rank
package turnplan
