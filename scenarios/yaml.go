package scenarios

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"

	"github.com/crucible-sim/crucible/rules/doc"
)

// ParseYAML parses one YAML document into a Node tree. file names the
// source in error messages. Anchors, aliases, tags and merge keys are
// rejected: a scenario should read the same to a person as to crucible.
func ParseYAML(file string, src []byte) (n *doc.Node, err error) {
	defer func() {
		// The YAML parser is third-party code; whatever it does with hostile
		// input must come back as an error, never a crash.
		if r := recover(); r != nil {
			n, err = nil, &doc.Error{Pos: doc.Pos{File: file}, Msg: fmt.Sprintf("cannot parse YAML: %v", r)}
		}
	}()
	src, err = text(file, src)
	if err != nil {
		return nil, err
	}
	f, perr := parser.ParseBytes(src, 0)
	if perr != nil {
		return nil, yamlError(file, perr)
	}
	docs, err := documents(file, f.Docs)
	if err != nil {
		return nil, err
	}
	if len(docs) > 1 {
		at := position(file, docs[1])
		if start := docs[1].Start; start != nil && start.Position != nil {
			at.Line, at.Col = start.Position.Line, start.Position.Column
		}
		return nil, &doc.Error{Pos: at, Msg: "a second YAML document starts here; a scenario file holds one"}
	}
	if len(docs) == 0 || docs[0].Body == nil {
		return &doc.Node{Kind: doc.Null, Pos: doc.Pos{File: file, Line: 1, Col: 1}}, nil
	}
	return convert(file, docs[0].Body, "")
}

// YAMLVersions are the versions a %YAML directive may name: a scenario
// file reads the same under either.
var YAMLVersions = []string{"1.1", "1.2"}

// directives lists the directives a scenario file may start with.
func directives() string { return "%YAML " + strings.Join(YAMLVersions, ", %YAML ") }

// documents returns the documents of a parsed file without its directives,
// which the parser returns as documents of their own: a %YAML directive of
// a version in YAMLVersions is accepted; %TAG (tags are refused anyway),
// another version or an unknown directive is an error located at it.
func documents(file string, all []*ast.DocumentNode) ([]*ast.DocumentNode, error) {
	var docs []*ast.DocumentNode
	for _, d := range all {
		dir, ok := d.Body.(*ast.DirectiveNode)
		if !ok {
			docs = append(docs, d)
			continue
		}
		at := &doc.Error{Pos: position(file, dir)}
		var values []string
		for _, v := range dir.Values {
			values = append(values, v.GetToken().Value)
		}
		switch name := dir.Name.GetToken().Value; {
		case name == "YAML" && len(values) == 1 && slices.Contains(YAMLVersions, values[0]):
			continue
		case name == "YAML":
			if len(dir.Values) > 0 {
				at.Pos = position(file, dir.Values[0])
			}
			at.Msg = directiveMessage(fmt.Sprintf("unknown YAML version %q", strings.Join(values, " ")))
		case name == "TAG":
			at.Msg = "YAML %TAG directives are not supported (nor are tags)"
		default:
			at.Msg = fmt.Sprintf("unknown YAML directive %%%s (allowed: %s)", name, directives())
		}
		return nil, at
	}
	return docs, nil
}

func yamlError(file string, err error) error {
	if se, ok := err.(interface{ GetToken() *token.Token }); ok {
		if tk := se.GetToken(); tk != nil && tk.Position != nil {
			msg := err.Error()
			if m, ok := err.(interface{ GetMessage() string }); ok {
				msg = m.GetMessage()
			}
			msg = directiveMessage(msg)
			return &doc.Error{Pos: doc.Pos{File: file, Line: tk.Position.Line, Col: tk.Position.Column}, Msg: msg}
		}
	}
	return &doc.Error{Pos: doc.Pos{File: file}, Msg: err.Error()}
}

// directiveMessage rewrites the parser's errors about directives into
// what to write instead.
func directiveMessage(msg string) string {
	switch {
	case strings.HasPrefix(msg, "unknown YAML version"):
		return msg + " (allowed: " + directives() + ", or no directive)"
	case strings.Contains(msg, "document not started"):
		return "a directive (a line starting with %, such as %YAML 1.2) goes before the document, followed by a line `---` that starts it"
	}
	return msg
}

func position(file string, n ast.Node) doc.Pos {
	if tk := n.GetToken(); tk != nil && tk.Position != nil {
		return doc.Pos{File: file, Line: tk.Position.Line, Col: tk.Position.Column}
	}
	return doc.Pos{File: file}
}

func convert(file string, an ast.Node, path string) (*doc.Node, error) {
	pos := position(file, an)
	switch x := an.(type) {
	case *ast.DocumentNode:
		if x.Body == nil {
			return &doc.Node{Kind: doc.Null, Pos: pos, Path: path}, nil
		}
		return convert(file, x.Body, path)
	case *ast.MappingNode:
		if len(x.Values) > 0 {
			pos = position(file, x.Values[0].Key)
		}
		m := &doc.Node{Kind: doc.Map, Pos: pos, Path: path}
		for _, mv := range x.Values {
			if err := addPair(file, m, mv); err != nil {
				return nil, err
			}
		}
		return m, nil
	case *ast.MappingValueNode:
		m := &doc.Node{Kind: doc.Map, Pos: position(file, x.Key), Path: path}
		if err := addPair(file, m, x); err != nil {
			return nil, err
		}
		return m, nil
	case *ast.SequenceNode:
		s := &doc.Node{Kind: doc.Seq, Pos: pos, Path: path}
		for i, v := range x.Values {
			it, err := convert(file, v, fmt.Sprintf("%s[%d]", path, i))
			if err != nil {
				return nil, err
			}
			s.Items = append(s.Items, it)
		}
		return s, nil
	case *ast.NullNode:
		return &doc.Node{Kind: doc.Null, Pos: pos, Path: path}, nil
	case *ast.StringNode:
		quoted := x.Token != nil && (x.Token.Type == token.SingleQuoteType || x.Token.Type == token.DoubleQuoteType)
		return &doc.Node{Kind: doc.Scalar, Pos: pos, Path: path, Value: x.Value, Quoted: quoted}, nil
	case *ast.LiteralNode:
		v := ""
		if x.Value != nil {
			v = x.Value.Value
		}
		return &doc.Node{Kind: doc.Scalar, Pos: pos, Path: path, Value: v, Quoted: true}, nil
	case *ast.IntegerNode, *ast.FloatNode, *ast.BoolNode, *ast.InfinityNode, *ast.NanNode:
		return &doc.Node{Kind: doc.Scalar, Pos: pos, Path: path, Value: an.GetToken().Value}, nil
	case *ast.CommentGroupNode, *ast.CommentNode:
		return &doc.Node{Kind: doc.Null, Pos: pos, Path: path}, nil
	case *ast.AnchorNode, *ast.AliasNode:
		return nil, &doc.Error{Pos: pos, Path: path, Msg: "YAML anchors and aliases are not supported; write the value out"}
	case *ast.TagNode:
		return nil, &doc.Error{Pos: pos, Path: path, Msg: "YAML tags are not supported"}
	}
	return nil, &doc.Error{Pos: pos, Path: path, Msg: fmt.Sprintf("unsupported YAML construct (%s)", an.Type())}
}

func addPair(file string, m *doc.Node, mv *ast.MappingValueNode) error {
	if _, ok := mv.Key.(*ast.MergeKeyNode); ok {
		return &doc.Error{Pos: position(file, mv.Key), Path: m.Path, Msg: "YAML merge keys (<<) are not supported"}
	}
	var key string
	switch k := mv.Key.(type) {
	case *ast.StringNode:
		key = k.Value
	case ast.ScalarNode:
		key = k.GetToken().Value
	default:
		return &doc.Error{Pos: position(file, mv.Key), Path: m.Path, Msg: "a mapping key must be a plain word"}
	}
	if m.Get(key) != nil {
		return &doc.Error{Pos: position(file, mv.Key), Path: doc.JoinPath(m.Path, key), Msg: "duplicate key " + strconv.Quote(key)}
	}
	var v *doc.Node
	if mv.Value == nil {
		v = &doc.Node{Kind: doc.Null, Pos: position(file, mv.Key), Path: doc.JoinPath(m.Path, key)}
	} else {
		var err error
		if v, err = convert(file, mv.Value, doc.JoinPath(m.Path, key)); err != nil {
			return err
		}
	}
	if v.Kind == doc.Null && v.Pos.Line == 0 {
		v.Pos = position(file, mv.Key)
	}
	m.Keys = append(m.Keys, key)
	m.Vals = append(m.Vals, v)
	return nil
}
