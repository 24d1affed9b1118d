package workbench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/crucible-sim/crucible/reports"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/rulesfile"
	"github.com/crucible-sim/crucible/scenarios"
)

// A scenario whose ruleset is a rules file (rules/rulesfile) opens with
// that file in an editor of its own beside the scenario's (source.Rules),
// and every request of the page carries the page's text of it
// (edit.Rules), which the scenario reads in place of the file on disk:
// an edit of either re-runs the odds, and an error of the rules file is
// placed at its line there. The page's pair of texts is what `crucible run
// FILE` reads once both are saved side by side, so the scenario names the
// file by its path (./NAME.rules.yaml); one that names a rules file by
// name (a built-in's, or the rules path's) is switched to the path by the
// page at its first edit of the rules file (rulesSource.Named).

// rulesText is the page's text of the rules file a scenario reads: the
// path its ruleset field names it by, relative to the scenario's folder,
// and the text.
type rulesText struct {
	File string `json:"file"`
	Text string `json:"text"`
}

// rulesSource is a scenario's rules file as the page opens it.
type rulesSource struct {
	rulesText
	// Named is the name the scenario's ruleset field gives the file by,
	// when it names it so rather than by path ("" when by path).
	Named string `json:"named,omitempty"`
}

// rulesOf returns the rules file the scenario of text reads, or nil when
// its ruleset is compiled into crucible, or its text names none it can
// read (the validation of the text says why).
func (s *Server) rulesOf(name, text, folder string) *rulesSource {
	root, err := scenarios.ParseYAML(fileName(name), []byte(text))
	if err != nil || root.Kind != doc.Map {
		return nil // the page shows the error when it validates the text
	}
	v := root.Get("ruleset")
	if v == nil || v.Kind != doc.Scalar || v.Value == "" {
		return nil
	}
	ref := v.Value
	if _, err := rules.Lookup(ref); err == nil && !slices.Contains(rules.FileIDs(), ref) {
		return nil
	}
	if !isRulesPath(ref) {
		// By name, a scenario of the page reads a built-in rules file
		// only (scenarios.ParseIn), never one of the rules path.
		file, src, err := scenarios.BuiltinRulesFileSource(ref)
		if err != nil {
			return nil // an unknown ruleset: the validation says so
		}
		return &rulesSource{rulesText{File: path.Base(file), Text: string(src)}, ref}
	}
	file := path.Clean(ref)
	fsys, err := s.dir.Sub(folder)
	var src []byte
	if err == nil {
		src, err = fs.ReadFile(fsys, file)
	}
	if err != nil {
		return nil // the scenario opens, and its validation says why the file cannot be read
	}
	return &rulesSource{rulesText: rulesText{File: file, Text: string(src)}}
}

// isRulesPath says whether a ruleset field names a rules file by its path.
func isRulesPath(ref string) bool {
	return strings.HasSuffix(ref, ".yaml") || strings.HasSuffix(ref, ".yml")
}

// rulesReference is the reference of the page's text of a rules file, as
// `crucible rules FILE --format json` prints it for the file saved, or nil
// when the text does not read as a rules file (the validation says why,
// and the form keeps the reference it has). It is made of the page's text,
// not fetched by the file's name, which names the ruleset last read under
// it: a unit the designer adds is in the form at the edit's validation.
func rulesReference(r *rulesText) json.RawMessage {
	n, err := scenarios.ParseYAML(r.File, []byte(r.Text))
	if err != nil {
		return nil
	}
	ref, err := rulesfile.FileReference(n)
	if err != nil {
		return nil
	}
	ref.Ruleset = path.Base(r.File)
	ref.Infer()
	var b bytes.Buffer
	if reports.WriteReferenceJSON(&b, ref, "") != nil {
		return nil
	}
	return b.Bytes()
}

// withRules returns fsys with the page's rules file in it, in place of
// the file of that name.
func withRules(fsys fs.FS, r *rulesText) (fs.FS, error) {
	file := path.Clean(r.File)
	if !fs.ValidPath(file) || !isRulesPath(file) {
		return nil, fmt.Errorf("the rules file %q: allowed: a name ending in .yaml or .yml, relative to the scenario's folder and inside it", r.File)
	}
	return overlay{fsys, file, []byte(r.Text)}, nil
}

// overlay is an fs.FS with one file's bytes given instead of read.
type overlay struct {
	fs.FS
	name string
	data []byte
}

func (o overlay) Open(name string) (fs.File, error) {
	if name != o.name {
		return o.FS.Open(name)
	}
	return &memFile{bytes.NewReader(o.data), path.Base(name)}, nil
}

// memFile is an overlay's file: its bytes, and itself as its FileInfo.
type memFile struct {
	*bytes.Reader
	name string
}

func (f *memFile) Stat() (fs.FileInfo, error) { return f, nil }
func (f *memFile) Close() error               { return nil }
func (f *memFile) Name() string               { return f.name }
func (f *memFile) Mode() fs.FileMode          { return 0o444 }
func (f *memFile) ModTime() time.Time         { return time.Time{} }
func (f *memFile) IsDir() bool                { return false }
func (f *memFile) Sys() any                   { return nil }
