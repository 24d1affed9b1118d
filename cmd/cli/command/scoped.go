package command

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
)

// scopedSet is a --set of a check, which holds several files: PATH=VALUE
// for every one of them, or SCOPE:PATH=VALUE for the one file or scenario
// SCOPE names. A field path holds no ':' but in a name in brackets
// (blueprints[Mk: II]) and a value comes after the '=', so the last ':'
// before the first '=' and the first '[' ends the scope.
type scopedSet struct {
	scope, assignment string
}

func parseScopedSet(s string) scopedSet {
	before, _, _ := strings.Cut(s, "=")
	before, _, _ = strings.Cut(before, "[")
	if i := strings.LastIndex(before, ":"); i >= 0 {
		return scopedSet{scope: s[:i], assignment: s[i+1:]}
	}
	return scopedSet{assignment: s}
}

// origin is how errors about the assignment locate it (scenarios.Set).
func (s scopedSet) origin() string { return "--set " + s.assignment }

// appliesTo reports whether the set is for the file ref names, whose
// scenario is named name.
func (s scopedSet) appliesTo(ref, name string) bool {
	return s.scope == "" || s.scope == ref || s.scope == name
}

// LoadChecked is LoadAll for a check: it reads every scenario of refs,
// applies the --unset flags, each --set in its scope, and compiles them,
// all before the first battle. It returns the scenarios and, for each,
// the --set assignments it took. A scope that names none of the files is
// bad usage; an unscoped --set that one file refuses (a path it lacks, a
// value it does not allow) is an error naming that file, and the scoped
// form that sets it in the others.
func (f *RunFlags) LoadChecked(refs []string) ([]*scenarios.Scenario, [][]string, error) {
	sets := make([]scopedSet, len(f.Sets))
	for i, s := range f.Sets {
		sets[i] = parseScopedSet(s)
		if err := scenarios.CheckAssignment(sets[i].assignment); err != nil {
			return nil, nil, UsageError("%v", err)
		}
	}
	if err := f.checkOverrides(); err != nil {
		return nil, nil, err
	}
	scs := make([]*scenarios.Scenario, len(refs))
	for i, ref := range refs {
		sc, err := f.read(ref)
		if err != nil {
			return nil, nil, err
		}
		scs[i] = sc
	}
	if err := checkScopes(sets, refs, scs); err != nil {
		return nil, nil, err
	}
	taken := make([][]string, len(refs))
	refused := map[int][]string{} // an unscoped set's index → the files that refuse it
	reasons := map[int]error{}    // … and the first one's error
	for i, ref := range refs {
		for _, s := range sets {
			if s.appliesTo(ref, scs[i].Name) {
				taken[i] = append(taken[i], s.assignment)
			}
		}
		err := applyOverrides(f, scs[i], taken[i])
		if err == nil {
			continue
		}
		k := unscopedAt(err, sets)
		if k < 0 || len(refs) == 1 {
			return nil, nil, inFile(ref, err)
		}
		if len(refused[k]) == 0 {
			reasons[k] = err
		}
		refused[k] = append(refused[k], ref)
	}
	for k, s := range sets {
		if files := refused[k]; len(files) > 0 {
			return nil, nil, unscopedRefused(s, files, reasons[k], refs)
		}
	}
	return scs, taken, nil
}

// applyOverrides applies the --unset flags and then the assignments to
// sc, and compiles it.
func applyOverrides(f *RunFlags, sc *scenarios.Scenario, assignments []string) error {
	if err := f.unset(sc); err != nil {
		return err
	}
	for _, a := range assignments {
		if err := sc.Set(a); err != nil {
			return err
		}
	}
	_, err := sc.Compile()
	return err
}

// checkScopes refuses a scope that names none of the check's files (refs,
// as given) or scenarios.
func checkScopes(sets []scopedSet, refs []string, scs []*scenarios.Scenario) error {
	for _, s := range sets {
		if s.scope == "" || slices.Contains(refs, s.scope) || slices.ContainsFunc(scs, func(sc *scenarios.Scenario) bool { return sc.Name == s.scope }) {
			continue
		}
		var names []string
		for i, ref := range refs {
			names = append(names, DisplayRef(ref))
			if scs[i].Name != ref {
				names = append(names, scs[i].Name)
			}
		}
		return UsageError("--set %s:%s: %q names none of the check's files or scenarios (allowed: %s); without a scope, PATH=VALUE sets every file",
			s.scope, s.assignment, s.scope, strings.Join(names, ", "))
	}
	return nil
}

// unscopedAt returns the index in sets of the unscoped --set err is
// located at, or -1.
func unscopedAt(err error, sets []scopedSet) int {
	var de *doc.Error
	if !errors.As(err, &de) {
		return -1
	}
	for k, s := range sets {
		if s.scope == "" && de.Pos.Origin == s.origin() {
			return k
		}
	}
	return -1
}

// inFile names the file of an error located at an override, which does
// not (an error in the file itself names it already).
func inFile(ref string, err error) error {
	var de *doc.Error
	if errors.As(err, &de) && de.Pos.Origin != "" {
		return fmt.Errorf("%s: %w", DisplayRef(ref), err)
	}
	return err
}

// unscopedRefused is the error of an unscoped --set s that the files
// refused refuse (the first with reason): it names them, and how to set
// it in the other files alone.
func unscopedRefused(s scopedSet, refused []string, reason error, refs []string) error {
	var scoped []string
	for _, ref := range refs {
		if !slices.Contains(refused, ref) {
			scoped = append(scoped, fmt.Sprintf("--set '%s:%s'", ref, s.assignment))
		}
	}
	msg := fmt.Sprintf("%s: %v", DisplayRef(refused[0]), reason)
	if len(refused) > 1 {
		msg += fmt.Sprintf(" (and %s refuse it too)", strings.Join(refused[1:], ", "))
	}
	if len(scoped) == 0 {
		return errors.New(msg)
	}
	return fmt.Errorf("%s\n--set %s applies to every file of the check; to set it in the files it is for alone, scope it: %s",
		msg, s.assignment, strings.Join(scoped, " "))
}
