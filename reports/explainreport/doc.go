// Package explainreport renders what crucible explain finds
// (analysis/explain): example games of an outcome, each with its replay
// in its ruleset's own words and the command that replays it, and how rare
// the outcome is when a search was needed; the most probable ways to it;
// and which units win a side its battles; each as text and as JSON.
//
// Files:
//
//	examples.go   the examples: text and JSON
//	paths.go      the most probable ways: text and JSON
//	attribute.go  the attribution to units: text and JSON
//	page.go       the report directory of --out: text, JSON and a page of it
//	rarity.go     how rare an outcome is, in words
package explainreport
