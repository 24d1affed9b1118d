// Package comparereport renders a comparison (analysis/compare): the
// verdict in words, the table and CSV, the JSON and the page, for a Monte
// Carlo comparison and for an exact one.
//
// Files (two arrows run back up: text.go writes the page's verdict lines,
// and words.go names the sides as text.go does):
//
//	page.go, exact_page.go   the pages (Write, WriteExact)
//	exact.go                 an exact comparison's table and JSON
//	text.go                  the table, CSV and JSON
//	words.go                 the effects in words
package comparereport
