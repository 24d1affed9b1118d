// Package meta fights a roster (every entry as side a against every entry
// as side b) into a matrix of win shares with intervals, and analyses the
// game it defines: its value and equilibrium, dominance, ratings and their
// robustness under resampling (the arithmetic is package game). Balance
// searches one field of every entry for values that bring all entries into
// the equilibrium.
//
// It fights through package analysis (Run, Journal, the sequential looks);
// it knows no other engine.
//
// Files, each above the ones it uses:
//
//	balance.go       Balance: the greedy search and its re-check
//	balancefield.go  BalanceOptions: the one field a search changes, and its values
//	game.go          Analysis: the matrix's game, robust to resampling
//	run.go           Options, Matrix, Run: the cells fought until settled
//	meta.go          Meta: a roster ready to fight
package meta
