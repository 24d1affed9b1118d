// Package formats holds what the machine formats of every result kind
// share: JSON objects that keep their keys in the order written, exact
// floats, settings and side labels as JSON, and CSV whose every cell a
// spreadsheet reads as text.
//
// Files, each above the ones it uses:
//
//	stream.go  StreamIndented: a large value written as it is read
//	object.go  Object: keys in the order written; exact floats, settings, labels
//	csv.go     WriteCSV: every cell read as text by a spreadsheet
package formats
