// Package sweepreport renders a sweep's result (analysis/sweep): its table
// and CSV, its JSON, and its page with figures.
//
// Files, each above the ones it uses (no arrow runs back up):
//
//	page.go       the page and its directory (Write, WriteDir)
//	json.go       the JSON
//	text.go       the table, CSV, break-even, rankings and shapes in words
//	keypoints.go  the points a long sweep's page shows
package sweepreport
