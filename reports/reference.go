package reports

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
)

// A reference is printed in topics (rules.Topics, and each catalogue by its
// name); every format walks the same sections in the same order, so the
// text, Markdown and JSON forms say the same things.

// section is one printable part of a reference: a heading, an optional
// paragraph, and a table.
type section struct {
	topic, heading, intro string
	columns               []string
	rows                  [][]string
}

// ReferenceTopics returns the topics a reference can be printed by: the
// common ones, then its catalogues by name.
func ReferenceTopics(r *rules.Reference) []string {
	out := slices.Clone(rules.Topics)
	for _, c := range r.Catalogues {
		out = append(out, c.Name)
	}
	return out
}

// sections returns the reference's sections of the topic ("" for all).
func sections(r *rules.Reference, topic string) []section {
	var all []section
	all = append(all, section{topic: "sides", heading: "Sides", intro: sideFieldsIntro(r.Ruleset), columns: []string{"side", "called", "meaning"},
		rows: [][]string{{"a", r.Sides[0].Name, r.Sides[0].Meaning}, {"b", r.Sides[1].Name, r.Sides[1].Meaning}}})
	var fields []rules.Field // the options have a section of their own
	for _, f := range r.Fields {
		if !strings.HasPrefix(f.Path, "options.") {
			fields = append(fields, f)
		}
	}
	all = append(all, section{topic: "fields", heading: "Scenario fields",
		intro:   "Below the fields every scenario has (ruleset, name, description, trials, claims); the rule options are listed apart. A path is what --set takes; [] stands for any list index, <…> for a key the scenario chooses.",
		columns: []string{"path", "type", "allowed", "default", "meaning"}, rows: fieldRows(fields)})
	if opts := r.OptionFields(); len(opts) > 0 {
		all = append(all, section{topic: "options", heading: "Options",
			intro:   "Rule options, set under options: in the scenario or with --set options.NAME=VALUE. Every option in force is echoed in every output.",
			columns: []string{"option", "allowed", "default", "what it changes"}, rows: optionRows(opts)})
	}
	for _, c := range r.Catalogues {
		all = append(all, section{topic: c.Name, heading: "Catalogue: " + c.Name, intro: c.Meaning, columns: c.Columns, rows: c.Rows})
	}
	if len(r.Policies) > 0 {
		all = append(all, section{topic: "policies", heading: "Policies", columns: []string{"policy", "how it plays"}, rows: termRows(r.Policies)})
	}
	all = append(all, section{topic: "counters", heading: "Counters",
		intro:   "What a battle counts besides its winner, end and rounds; a claim names one as counter.NAME. <…> stands for a name from the scenario.",
		columns: []string{"counter", "what it counts"}, rows: termRows(r.Counters)})
	all = append(all, section{topic: "ends", heading: "End reasons", columns: []string{"end", "when a battle ends so"}, rows: termRows(r.Ends)})
	if topic == "" {
		return all
	}
	var out []section
	for _, s := range all {
		if s.topic == topic || topic == "catalogues" && r.Catalogues != nil && slices.ContainsFunc(r.Catalogues, func(c rules.Catalogue) bool { return c.Name == s.topic }) {
			out = append(out, s)
		}
	}
	return out
}

func fieldRows(fs []rules.Field) [][]string {
	rows := make([][]string, len(fs))
	for i, f := range fs {
		def := f.Default
		if f.Required {
			def = "required"
		}
		rows[i] = []string{f.Path, f.Type, f.Allowed, def, f.Meaning}
	}
	return rows
}

func optionRows(fs []rules.Field) [][]string {
	rows := make([][]string, len(fs))
	for i, f := range fs {
		rows[i] = []string{strings.TrimPrefix(f.Path, "options."), f.Allowed, f.Default, f.Meaning}
	}
	return rows
}

func termRows(ts []rules.Term) [][]string {
	rows := make([][]string, len(ts))
	for i, t := range ts {
		rows[i] = []string{t.Name, t.Meaning}
	}
	return rows
}

// CheckReferenceTopic returns an error naming the allowed topics when topic
// is not one of r's.
func CheckReferenceTopic(r *rules.Reference, topic string) error {
	if topic == "" || slices.Contains(ReferenceTopics(r), topic) {
		return nil
	}
	topics := ReferenceTopics(r)
	return fmt.Errorf("%s has no topic %q (topics: %s)%s", r.Ruleset, topic, strings.Join(topics, ", "), doc.DidYouMean(topic, topics))
}

// WriteReferenceText prints a reference (or one topic of it) for a
// terminal, within 80 columns: fields and options as a line of path, type,
// allowed values and default, then the meaning indented below; names with
// meanings (sides, policies, counters, ends) as "name — meaning"; a
// catalogue as an aligned table.
func WriteReferenceText(w io.Writer, r *rules.Reference, topic string) error {
	if err := CheckReferenceTopic(r, topic); err != nil {
		return err
	}
	var b strings.Builder
	if topic == "" {
		b.WriteString(wrap(r.Ruleset+": "+r.Title, 80, "", ""))
		if len(r.Follows) > 0 {
			b.WriteString(wrap("Follows "+strings.Join(r.Follows, "; ")+".", 80, "", ""))
		}
	}
	for _, s := range sections(r, topic) {
		fmt.Fprintf(&b, "\n%s\n", strings.ToUpper(s.heading))
		if s.intro != "" {
			b.WriteString(wrap(s.intro, 80, "", ""))
		}
		switch s.topic {
		case "fields", "options":
			for _, row := range s.rows {
				writeFieldText(&b, s.columns, row)
			}
		case "sides":
			for _, row := range s.rows {
				b.WriteString(wrap(row[0]+", called "+row[1]+" — "+row[2], 80, "  ", "      "))
			}
		case "policies", "counters", "ends":
			for _, row := range s.rows {
				head := strings.Join(row[:len(row)-1], " ")
				b.WriteString(wrap(head+" — "+row[len(row)-1], 80, "  ", "      "))
			}
		default:
			tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
			fmt.Fprintf(tw, "  %s\n", strings.Join(s.columns, "\t"))
			for _, row := range s.rows {
				fmt.Fprintf(tw, "  %s\n", strings.Join(row, "\t"))
			}
			tw.Flush()
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeFieldText writes one field or option: its name and what it takes
// on one line, its meaning below. The last column is the meaning; the
// first the name; those between are labelled by their column.
func writeFieldText(b *strings.Builder, columns, row []string) {
	var what []string
	for c := 1; c < len(row)-1; c++ {
		switch {
		case row[c] == "":
		case columns[c] == "type":
			what = append(what, row[c])
		case columns[c] == "default" && row[c] == "required":
			what = append(what, "required")
		default:
			what = append(what, columns[c]+" "+row[c])
		}
	}
	head := row[0]
	if len(what) > 0 {
		head += "  (" + strings.Join(what, "; ") + ")"
	}
	b.WriteString(wrap(head, 80, "  ", "      "))
	b.WriteString(wrap(row[len(row)-1], 80, "      ", "      "))
}

// wrap breaks text into lines of at most width columns, counted in runes
// (a longer word stands alone), the first starting with first, the others
// with rest.
func wrap(text string, width int, first, rest string) string {
	var b strings.Builder
	indent := first
	line, fresh := indent, true
	for _, word := range strings.Fields(text) {
		if !fresh && utf8.RuneCountInString(line)+1+utf8.RuneCountInString(word) > width {
			b.WriteString(line + "\n")
			indent = rest
			line, fresh = indent, true
		}
		if !fresh {
			line += " "
		}
		line += word
		fresh = false
	}
	if !fresh {
		b.WriteString(line + "\n")
	}
	return b.String()
}

// WriteReferenceMarkdown prints a reference (or one topic) as Markdown:
// what rules/<id>/REFERENCE.md holds.
func WriteReferenceMarkdown(w io.Writer, r *rules.Reference, topic string) error {
	if err := CheckReferenceTopic(r, topic); err != nil {
		return err
	}
	var b strings.Builder
	if topic == "" {
		fmt.Fprintf(&b, "# %s — reference\n\n", r.Ruleset)
		fmt.Fprintf(&b, "%s\n\n", r.Title)
		if len(r.Follows) > 0 {
			fmt.Fprintf(&b, "Follows %s.\n\n", strings.Join(r.Follows, "; "))
		}
		fmt.Fprintf(&b, "Generated by `crucible rules %s --format markdown` from the tables the decoder and the battle use; do not edit by hand.\n", r.Ruleset)
	}
	for _, s := range sections(r, topic) {
		fmt.Fprintf(&b, "\n## %s\n\n", s.heading)
		if s.intro != "" {
			fmt.Fprintf(&b, "%s\n\n", s.intro)
		}
		b.WriteString("| " + strings.Join(s.columns, " | ") + " |\n")
		b.WriteString("|" + strings.Repeat(" --- |", len(s.columns)) + "\n")
		for _, row := range s.rows {
			cells := make([]string, len(row))
			for i, c := range row {
				cells[i] = markdownCell(c, i == 0)
			}
			b.WriteString("| " + strings.Join(cells, " | ") + " |\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// markdownCell escapes a table cell; the first column, a name a scenario
// writes, is set as code.
func markdownCell(s string, code bool) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	s = strings.ReplaceAll(s, "\n", " ")
	if code && s != "" {
		return "`" + s + "`"
	}
	return s
}

// WriteReferenceJSON prints a reference as JSON: the whole Reference, or,
// for a topic, {"ruleset": …, "topic": …, "columns": […], "rows": [[…]]}.
func WriteReferenceJSON(w io.Writer, r *rules.Reference, topic string) error {
	if err := CheckReferenceTopic(r, topic); err != nil {
		return err
	}
	var v any = r
	if topic != "" {
		type part struct {
			Heading string     `json:"heading"`
			Columns []string   `json:"columns"`
			Rows    [][]string `json:"rows"`
		}
		out := struct {
			Ruleset  string `json:"ruleset"`
			Topic    string `json:"topic"`
			Sections []part `json:"sections"`
		}{Ruleset: r.Ruleset, Topic: topic}
		for _, s := range sections(r, topic) {
			out.Sections = append(out.Sections, part{s.heading, s.columns, s.rows})
		}
		v = out
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// sideFieldsIntro says which fields make up each side of a ruleset whose
// sides a roster can place (rules.Sided); "" for one without.
func sideFieldsIntro(ruleset string) string {
	rs, err := rules.Lookup(ruleset)
	if err != nil {
		return ""
	}
	s, ok := rs.(rules.Sided)
	if !ok {
		return ""
	}
	f := s.SideFields()
	return fmt.Sprintf("A side is the fields %s (side a) and %s (side b): a roster entry of crucible meta is written once and placed at either.",
		strings.Join(f[0], ", "), strings.Join(f[1], ", "))
}
