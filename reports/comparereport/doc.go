// Package comparereport renders a comparison (analysis/compare): the
// verdict in words, the table and CSV, the JSON and the page, for a Monte
// Carlo comparison and for an exact one.
//
// Files, each above the ones it uses (no arrow runs back up):
//
//	page.go, exact_page.go   the pages (Write, WriteExact)
//	exact.go                 an exact comparison's table and JSON
//	text.go                  the table, CSV and JSON, the verdict's lines
//	words.go                 the effects and p-values in words
package comparereport
