// Package frame is the frame every report page is drawn in: the shared
// style sheet and Page, which wraps a page's body in it and parses the
// template the first time the page is written.
//
// Files, each above the ones it uses:
//
//	frame.go  Page and the shared style sheet
package frame
