package rulesfile

import (
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
)

// ID names rules files as a kind of ruleset: the engine whose exact solver
// a rules file uses (rules.FileRuleset), and the topic of the language's
// reference (crucible rules rulesfile). It is not a ruleset a scenario
// names: each rules file is a ruleset of its own, named after the file
// (Open).
const ID = "rulesfile"

// ruleset is the rules-file ruleset of one rules file, or of the language
// (file nil: the static ruleset `rulesfile`).
type ruleset struct {
	id   string
	file *doc.Node // the rules file's document, for its reference
}

func (r ruleset) ID() string { return r.id }

// Compile implements rules.Ruleset. A document without `rules` takes the
// rules of the file the ruleset was opened from.
func (r ruleset) Compile(n *doc.Node) (rules.Battle, error) {
	if n != nil && n.Kind == doc.Map && n.Get("rules") == nil && r.file != nil {
		c := *n
		c.Keys = append([]string{"rules"}, n.Keys...)
		c.Vals = append([]*doc.Node{r.file}, n.Vals...)
		n = &c
	}
	return Compile(n)
}

// Engine implements rules.FileRuleset: a rules file's exact solver is the
// one registered for rules files.
func (r ruleset) Engine() string { return ID }

// Open returns the ruleset of a rules file read from rules, named id (the
// file's name, duel2d6.rules.yaml).
func Open(id string, file *doc.Node) rules.Ruleset { return ruleset{id: id, file: file} }

func init() { rules.SetFileOpener(Open) }
