// Package sweepreport renders a sweep's result (analysis/sweep): its table
// and CSV, its JSON, and its page with figures.
//
// Files (one arrow runs back up: the table's rows are the page's):
//
//	page.go   the page and its directory (Write, WriteDir)
//	json.go   the JSON
//	text.go   the table, CSV, break-even, rankings and shapes in words
package sweepreport
