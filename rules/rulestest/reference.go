package rulestest

import (
	"fmt"
	"reflect"
	"regexp"
	"strings"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
)

// reference checks that the ruleset documents itself (rules.Documented) and
// that its Reference lists everything a scenario may say and a battle may
// report: every path the decoder accepts (Kit.Decoded), every option,
// end and counter of every kit scenario's battle.
func (k Kit) reference(battles []rules.Battle) (problems []string) {
	report := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	d, ok := k.Ruleset.(rules.Documented)
	if !ok {
		return []string{fmt.Sprintf("ruleset %s does not implement rules.Documented: designers cannot look up its fields (crucible rules)", k.Ruleset.ID())}
	}
	ref := d.Reference()
	ref.Infer()
	problems = append(wellFormed(ref), structured(ref)...)
	fields := map[string]bool{}
	for _, f := range ref.Fields {
		fields[f.Path] = true
	}
	for prefix, v := range k.Decoded {
		docs, several := v.([]any) // one part decoded in different forms
		if !several {
			docs = []any{v}
		}
		for _, d := range docs {
			for _, p := range doc.Paths(reflect.TypeOf(d), prefix) {
				if !fields[p] {
					report("field %s, which the decoder accepts, is not in the reference", p)
				}
			}
		}
	}
	ends := map[string]bool{}
	for _, e := range ref.Ends {
		ends[e.Name] = true
	}
	counters := counterPatterns(ref.Counters)
	for i, b := range battles {
		name, spec := k.Scenarios[i].Name, b.Spec()
		for _, e := range spec.Ends {
			if !ends[e] {
				report("%s: end reason %s is not in the reference", name, e)
			}
		}
		for _, c := range spec.Counters {
			if !counters.MatchString(c.Name) {
				report("%s: counter %s matches no counter of the reference", name, c.Name)
			}
		}
		for _, o := range spec.Options {
			if !fields["options."+o.Name] && !fields[o.Name] {
				report("%s: option %s is in force but not in the reference (as options.%[2]s or %[2]s)", name, o.Name)
			}
		}
	}
	return problems
}

// wellFormed returns what is missing or repeated in a reference.
func wellFormed(ref *rules.Reference) (problems []string) {
	report := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	if ref.Title == "" {
		report("the reference has no title")
	}
	for s, t := range ref.Sides {
		if t.Name == "" || t.Meaning == "" {
			report("the reference does not say what side %s is called and is", "ab"[s:s+1])
		}
	}
	seen := map[string]bool{}
	for _, f := range ref.Fields {
		if f.Path == "" || f.Type == "" || f.Meaning == "" || seen[f.Path] {
			report("field %q lacks a path, type or meaning, or repeats", f.Path)
		}
		seen[f.Path] = true
	}
	for _, c := range ref.Catalogues {
		if c.Name == "" || c.Meaning == "" || len(c.Columns) == 0 || len(c.Rows) == 0 || seen["catalogue "+c.Name] {
			report("catalogue %q lacks a name, meaning, columns or rows, or repeats", c.Name)
		}
		seen["catalogue "+c.Name] = true
		for _, r := range c.Rows {
			if len(r) != len(c.Columns) || r[0] == "" {
				report("catalogue %s: row %q does not fill its %d columns", c.Name, r, len(c.Columns))
			}
		}
	}
	for kind, terms := range map[string][]rules.Term{"policy": ref.Policies, "counter": ref.Counters, "end": ref.Ends} {
		for _, t := range terms {
			if t.Name == "" || t.Meaning == "" || seen[kind+" "+t.Name] {
				report("%s %q lacks a name or meaning, or repeats", kind, t.Name)
			}
			seen[kind+" "+t.Name] = true
		}
	}
	return problems
}

// structured returns what a tool reading the reference (the workbench's
// form, a sweep's ranges) would miss: an integer field without bounds, a
// Min above its Max, names on an integer (a count's, where the form looks
// for them on its mapping), names from a catalogue or field the reference
// does not have.
func structured(ref *rules.Reference) (problems []string) {
	report := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	fields := map[string]bool{}
	for _, f := range ref.Fields {
		fields[f.Path] = true
	}
	for _, f := range ref.Fields {
		switch {
		case f.Kind() == rules.IntegerField && (f.Min == nil || f.Max == nil):
			report("field %s: an integer without Min and Max (allowed %q): give its bounds (rules.Bounds)", f.Path, f.Allowed)
		case f.Min != nil && f.Max != nil && *f.Min > *f.Max:
			report("field %s: Min %d above Max %d", f.Path, *f.Min, *f.Max)
		case f.Kind() == rules.IntegerField && f.Names != nil:
			report("field %s: an integer holds no names; the names of a mapping's keys are the mapping's field's", f.Path)
		}
		if f.Names == nil {
			continue
		}
		for _, c := range f.Names.Catalogues {
			if _, ok := ref.Catalogue(c); !ok {
				report("field %s: its names come from catalogue %q, which the reference does not have", f.Path, c)
			}
		}
		for _, p := range f.Names.Fields {
			if !fields[p] {
				report("field %s: its names come from field %q, which the reference does not have", f.Path, p)
			}
		}
	}
	return problems
}

// counterPatterns returns a pattern matching the counter names the
// reference's counters stand for: `<…>` matches any name from the scenario.
func counterPatterns(ts []rules.Term) *regexp.Regexp {
	alts := make([]string, len(ts))
	for i, t := range ts {
		var b strings.Builder
		rest := t.Name
		for {
			lo, hi := strings.IndexByte(rest, '<'), strings.IndexByte(rest, '>')
			if lo < 0 || hi < lo {
				b.WriteString(regexp.QuoteMeta(rest))
				break
			}
			b.WriteString(regexp.QuoteMeta(rest[:lo]) + ".+")
			rest = rest[hi+1:]
		}
		alts[i] = b.String()
	}
	return regexp.MustCompile("^(?:" + strings.Join(alts, "|") + ")$")
}
