package verdicts

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules/doc"
)

// A check that cannot start — a scenario that does not parse, a claim
// naming an unknown metric, an exact claim with no solution — still owes
// its CI a report in the format asked for: without one the CI shows "no
// test report" where it should show a red test at the broken line.

// WriteGitHubError writes err, the error that stopped a check before its
// first verdict, as a GitHub Actions error annotation at the file, line
// and column it names, if any.
func WriteGitHubError(w io.Writer, err error) error {
	pos, msg := located(err)
	props := []string{}
	if pos.File != "" {
		props = append(props, "file="+GithubProperty(pos.File))
	}
	if pos.Line > 0 {
		props = append(props, "line="+strconv.Itoa(pos.Line), "col="+strconv.Itoa(pos.Col))
	}
	props = append(props, "title="+GithubProperty("crucible check: input error"))
	_, werr := fmt.Fprintf(w, "::error %s::%s\n", strings.Join(props, ","), GithubData(msg))
	return werr
}

// WriteJUnitError writes err, the error that stopped a check before its
// first verdict, as JUnit XML: one suite, named by the file at fault, of
// one test case in error at the file and line the error names.
func WriteJUnitError(w io.Writer, err error) error {
	pos, msg := located(err)
	name := pos.File
	if name == "" {
		name = "crucible check"
	}
	tc := junitCase{Name: "input", Classname: name, File: pos.File, Line: pos.Line,
		Error: &junitProblem{Message: strings.SplitN(msg, "\n", 2)[0], Type: "input error", Text: err.Error()}}
	counts := junitCounts{Name: name, Tests: 1, Errors: 1, Time: seconds(0)}
	all := junitSuites{junitCounts: counts, Suites: []junitSuite{{junitCounts: counts, Cases: []junitCase{tc}}}}
	all.Name = "crucible check"
	return writeXML(w, all)
}

// located splits err into the place in a document it names and its
// message without that place; the zero Pos when it names none. An exact
// claim that cannot be judged is at the claim's line.
func located(err error) (doc.Pos, string) {
	msg := err.Error()
	var ece *analysis.ExactClaimError
	if errors.As(err, &ece) && ece.Claim.Pos().Line > 0 {
		return ece.Claim.Pos(), msg
	}
	var de *doc.Error
	if !errors.As(err, &de) || de.Pos.Origin != "" {
		return doc.Pos{}, msg
	}
	return de.Pos, strings.TrimPrefix(msg, de.Pos.String()+": ")
}
