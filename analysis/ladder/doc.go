// Package ladder ranks a scenario's players rung by rung: each rung of
// the ruleset's ladder of skill (rules.PolicyValue.Rung) plays the rung
// below on side-swapped pairs of games with common random numbers, until
// a sequential probability ratio test decides whether it is the stronger
// (as Fishtest and OpenBench accept a stronger chess engine), or a budget
// of pairs is spent. A verdict that holds only for weak players is a
// verdict about the players; the ladder says which players are proved
// stronger, by how much, and so which rungs a verdict should be read at.
//
// Files, each above the ones it uses (no arrow runs back up):
//
//	ladder.go       Run: the steps up the rungs, and the ratings added up
//	step.go         one rung against the one below, until the test decides
//	checkpoint.go   a step's tally kept, and taken up again on resume
//	pair.go         the side-swapped pair fought as one battle
//	result.go       Ladder, Step, Rating, Plan: what a ladder holds
//	sprt.go         Penta, Test: the sequential test on pairs, and Elo
package ladder
