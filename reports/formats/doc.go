// Package formats holds what the machine formats of every result kind
// share: JSON objects that keep their keys in the order written, exact
// floats, settings and side labels as JSON, and CSV whose every cell a
// spreadsheet reads as text.
package formats
