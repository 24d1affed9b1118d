// Package tunereport renders a tune's answer (analysis/tune): its table and
// CSV, its JSON, and its page with the tune's curve.
//
//	page.go    the page and its directory (Write, WriteDir)
//	text.go    the table, CSV and JSON
//	words.go   the answer in the designer's words
package tunereport
