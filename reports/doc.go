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
package reports
