// Package explainreport renders what crucible explain finds
// (analysis/explain): example games of an outcome, each with its replay
// in its ruleset's own words and the command that replays it, and how rare
// the outcome is when a search was needed; the most probable ways to it;
// and which units win a side its battles; each as text and as JSON.
//
// Files, each above the ones it uses:
//
//	page.go         the report directory of --out: text, JSON and a page of it
//	sensitivity.go  which numbers matter: text and JSON
//	attribute.go    the attribution to units: text and JSON
//	paths.go        the most probable ways: text and JSON
//	csv.go          the CSV forms: one row per example, path step, player or field
//	examples.go     the examples: text and JSON
//	rarity.go       how rare an outcome is, in words
package explainreport
