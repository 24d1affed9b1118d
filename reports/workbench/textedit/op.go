package textedit

import "github.com/crucible-sim/crucible/rules/doc"

// Op is one edit of a document, at a field path as --set takes it
// (attacker.ships.Interceptor, blueprints[2].parts).
type Op struct {
	// Kind is what the edit does: Set the value at Path (creating the
	// mappings on the way), Remove the field or the list item at Path,
	// Rename the key at Path to To, Append Value to the list at Path
	// (creating it).
	Kind  Kind
	Path  string
	Value *doc.Node
	To    string
}

// Kind is what an Op does.
type Kind string

const (
	Set    Kind = "set"
	Remove Kind = "remove"
	Rename Kind = "rename"
	Append Kind = "append"
)
