// Package metareport renders a roster's metagame (analysis/meta): the
// headline, the matrix as a table, CSV and JSON, the page with its heat map,
// equilibrium and ratings, and a balance search's answer.
//
//	page.go      the page and its directory (Write, WriteDir)
//	balance.go   a balance search's answer
//	text.go      the headline, table, CSV and JSON
package metareport
