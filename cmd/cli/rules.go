package cli

import (
	"bytes"
	"fmt"
	"path"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/cmd/cli/command"
	"github.com/crucible-sim/crucible/reports"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/rulesfile"
	"github.com/crucible-sim/crucible/scenarios"
)

func newRulesCmd() *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "rules [RULESET|FILE [TOPIC]]",
		Short: "The reference: every scenario field, option, catalogue, policy, counter and end",
		Long: `rules without arguments lists the rulesets, one line each. With a ruleset it
prints that ruleset's reference, generated from the same tables the decoder
and the battle use: every scenario field (path, type, allowed values,
default, meaning), every option, the catalogues (parts, hulls, weapons, …),
the policies, the counters and the end reasons. A topic prints one part:
sides, fields, options, catalogues, policies, counters, ends, or a
catalogue by its name. A rules file (a path, or a name in the rules path
or among the built-in rules files) prints its own reference; rulesfile
prints the reference of the rules-file language.`,
		Example: `  crucible rules
  crucible rules eclipse
  crucible rules eclipse parts
  crucible rules stratfight options --format json
  crucible rules dbd --format markdown > REFERENCE.md
  crucible rules ./duel2d6.rules.yaml
  crucible rules rulesfile`,
		Args: cobra.MaximumNArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := command.CheckFormat(format, "text", "markdown", "json"); err != nil {
				return err
			}
			if len(args) == 0 {
				return listRulesets(cmd)
			}
			ref, err := referenceOf(args[0])
			if err != nil {
				return err
			}
			topic := ""
			if len(args) == 2 {
				topic = args[1]
			}
			w := cmd.OutOrStdout()
			switch format {
			case "markdown":
				return reports.WriteReferenceMarkdown(w, ref, topic)
			case "json":
				return reports.WriteReferenceJSON(w, ref, topic)
			}
			return reports.WriteReferenceText(w, ref, topic)
		},
	}
	cmd.Flags().StringVarP(&format, "format", "f", "text", "output format: text, markdown or json")
	return cmd
}

// referenceOf returns the reference of a registered ruleset, of a rules
// file (by its path, or its name in the rules path or among the built-in
// ones), or of the rules-file language (rulesfile).
func referenceOf(id string) (*rules.Reference, error) {
	if id == rulesfile.ID {
		ref := rulesfile.LanguageReference()
		ref.Infer()
		return ref, nil
	}
	if _, err := rules.Lookup(id); err != nil {
		file, src, ferr := scenarios.RulesFileSource(id)
		if ferr != nil {
			return nil, ferr
		}
		return rulesFileReference(file, src)
	}
	return rules.ReferenceOf(id)
}

// listRulesets prints each registered ruleset with its title, then the
// rules-file language and the built-in rules files with theirs. A title is
// all it needs of each: it builds no reference it would throw away, and
// reads a rules file's title line alone where that holds it (titleOf).
func listRulesets(cmd *cobra.Command) error {
	tw := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 0, 2, ' ', 0)
	for _, id := range rules.IDs() {
		title := "(no reference)"
		if r, err := rules.Lookup(id); err == nil {
			if d, ok := r.(rules.Documented); ok {
				title = d.Reference().Title
			}
		}
		fmt.Fprintf(tw, "%s\t%s\n", id, title)
	}
	fmt.Fprintf(tw, "%s\t%s\n", rulesfile.ID, rulesfile.LanguageReference().Title)
	for _, name := range scenarios.BuiltinRulesFiles() {
		fmt.Fprintf(tw, "%s\t%s\n", name+scenarios.RulesFileExt, titleOf(name))
	}
	fmt.Fprintln(tw, "\t(crucible rules RULESET for one ruleset's reference; crucible rules FILE for a rules file's)")
	return tw.Flush()
}

// rulesFileReference reads a rules file and returns its reference, or the
// first error of the file, located.
func rulesFileReference(file string, src []byte) (*rules.Reference, error) {
	n, err := scenarios.ParseYAML(file, src)
	if err != nil {
		return nil, err
	}
	ref, err := rulesfile.FileReference(n)
	if err != nil {
		return nil, err
	}
	ref.Ruleset = path.Base(file)
	ref.Infer()
	return ref, nil
}

// titleOf returns the title of the rules file a name finds, for the
// listing: from its top-level title line alone when that line holds the
// whole title (a scalar the next line does not continue), else from the
// file's reference; "(no reference)" when neither reads. Parsing and
// decoding every built-in rules file for its title was most of what
// crucible rules did (bench/startup.txt).
func titleOf(name string) string {
	file, src, err := scenarios.RulesFileSource(name)
	if err != nil {
		return "(no reference)"
	}
	return titleOfSource(file, src)
}

// titleOfSource is titleOf of a rules file's name and bytes.
func titleOfSource(file string, src []byte) string {
	if line, ok := titleLine(src); ok {
		if n, err := scenarios.ParseYAML(file, line); err == nil {
			if t := n.Get("title"); t != nil && t.Kind == doc.Scalar && t.Value != "" {
				return t.Value
			}
		}
	}
	ref, err := rulesFileReference(file, src)
	if err != nil {
		return "(no reference)"
	}
	return ref.Title
}

// titleLine returns the line of a YAML source that holds its top-level
// title field, if the next line (blank lines and comments aside) does not
// continue it: a more indented line could be the rest of a plain or
// quoted scalar.
func titleLine(src []byte) ([]byte, bool) {
	lines := bytes.Split(src, []byte("\n"))
	for i, l := range lines {
		if !bytes.HasPrefix(l, []byte("title:")) {
			continue
		}
		for _, next := range lines[i+1:] {
			trimmed := bytes.TrimSpace(next)
			if len(trimmed) == 0 || trimmed[0] == '#' {
				continue
			}
			if next[0] == ' ' || next[0] == '\t' {
				return nil, false
			}
			break
		}
		return l, true
	}
	return nil, false
}
