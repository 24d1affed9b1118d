// Package verdicts renders the verdicts of a check: a table for people,
// JSON, JUnit XML for CI systems and GitHub workflow annotations.
package verdicts
