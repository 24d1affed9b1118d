// Package reports renders the results of run and check: a text table, CSV,
// JSON (and reading it back for merge), an HTML page per scenario with an
// index, exact solutions and the policy spread beside them, and the rules
// reference. Every number it prints is derived from integer tallies, so the
// same tallies always render to the same bytes. The other result kinds are rendered in packages of their own
// beside it, over the same shared parts:
//
//	reports/outdir         the report directory: the only code that writes files
//	reports/figure         every chart (gonum/plot), one file per chart kind
//	reports/frame          the page frame and style sheet
//	reports/formats        what the machine formats share (ordered JSON, CSV)
//	reports/words          the designer's words: sides, metrics, numbers
//	reports/verdicts       a check's verdicts: table, JSON, JUnit, GitHub
//	reports/sweepreport    a sweep          reports/tunereport     a tune
//	reports/comparereport  a comparison     reports/metareport     a metagame
//	reports/workbench      the server behind `crucible serve`
//
// Each result kind's package holds its text, CSV, JSON and page together;
// none imports another kind's, and none imports this one.
//
// Files, each above the ones it uses (no arrow runs back up):
//
//	dir.go             WriteReport: a run's or a check's report directory
//	html.go            a run's or a check's page: its sections and figures
//	exactpage.go       an exact solution's report directory and page
//	index_page.go      the page of each ruleset in a report of several
//	trials.go          the per-trial CSV tables
//	spread_html.go     a policy spread as a part of a page
//	read.go            ReadJSON: results read back for merge
//	table.go           WriteTable, WriteRunTable: a run for people
//	json.go            Object, WriteJSON, WriteRunJSON: a run for machines
//	exact.go           an exact solution as a table and as JSON
//	spread.go          a policy spread for people and for machines
//	reference.go       the rules reference in text, Markdown and JSON
//	page.go            the page's template, Meta, the sections' anchors
//	json_sides.go      a result's headline for machines
//	headline.go        a result's outcome rows: the headline first
//	examples.go        the command that replays a game beside its row
//	exact_headline.go  an exact solution's headline rows
package reports
