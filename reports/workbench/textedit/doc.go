// Package textedit edits a scenario's YAML text as a form edits its fields:
// it sets, removes and renames values at field paths and appends items to
// lists, changing as little of the text as it can — a scalar in place,
// else only the top-level entries that hold a change — so that the
// designer's comments and layout elsewhere stay. Every result is read back
// and must hold exactly the document the edit asks for; where a small
// change cannot be shown to, the whole document is written anew (Emit),
// its leading comments kept.
//
// Files, each above the ones it uses (no arrow runs back up):
//
//	edit.go   Apply: the edits made in place, by entry, or the whole anew
//	path.go   one edit made on the document at its field path
//	emit.go   Emit: a document written in crucible's own style
//	op.go     Op, Kind: what an edit asks for
package textedit
