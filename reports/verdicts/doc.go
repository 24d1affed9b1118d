// Package verdicts renders the verdicts of a check: a table for people,
// JSON, JUnit XML for CI systems and GitHub workflow annotations.
//
// Files, each above the ones it uses (no arrow runs back up):
//
//	inputerror.go   the error that stopped a check before its first verdict, for GitHub or JUnit
//	junit.go        JUnit XML
//	github.go       GitHub workflow annotations
//	verdicts.go     the verdicts as a table, JSON and a summary, with their evidence
package verdicts
