package verdicts

import (
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/reports/words"
	"github.com/crucible-sim/crucible/scenarios"
)

// The JUnit XML of a check, as CI systems (Jenkins, GitLab, GitHub's test
// reporters) read it: a suite per scenario, a test case per claim.
type (
	junitSuites struct {
		XMLName xml.Name `xml:"testsuites"`
		junitCounts
		Suites []junitSuite `xml:"testsuite"`
	}
	junitSuite struct {
		junitCounts
		Properties []junitProperty `xml:"properties>property"`
		Cases      []junitCase     `xml:"testcase"`
	}
	// junitCounts are the attributes of a suite, and of all of them.
	junitCounts struct {
		Name     string `xml:"name,attr"`
		Tests    int    `xml:"tests,attr"`
		Failures int    `xml:"failures,attr"`
		Errors   int    `xml:"errors,attr"`
		Skipped  int    `xml:"skipped,attr"`
		Time     string `xml:"time,attr"`
	}
	junitProperty struct {
		Name  string `xml:"name,attr"`
		Value string `xml:"value,attr"`
	}
	junitCase struct {
		Name      string        `xml:"name,attr"`
		Classname string        `xml:"classname,attr"`
		File      string        `xml:"file,attr,omitempty"`
		Line      int           `xml:"line,attr,omitempty"`
		Failure   *junitProblem `xml:"failure"`
		Error     *junitProblem `xml:"error"`
		Skipped   *junitProblem `xml:"skipped"`
		SystemOut *junitText    `xml:"system-out"`
	}
	junitText struct {
		Text string `xml:",cdata"`
	}
	junitProblem struct {
		Message string `xml:"message,attr"`
		Type    string `xml:"type,attr,omitempty"`
		Text    string `xml:",cdata"`
	}
)

// Pending is a claim an interrupted check did not reach: it has no
// verdict, and a JUnit report lists it as skipped so that the report
// holds every claim.
type Pending struct {
	Scenario string
	Claim    scenarios.Claim
}

// WriteJUnit writes the verdicts of a check as JUnit XML: one test
// suite per scenario (timed by its run), one test case per claim, named by
// the claim's label, its class the scenario, with the claim's file and
// line. FAIL is a failure whose message gives the observed value, its
// interval and what was expected; INCONCLUSIVE is skipped, or a failure
// when strict (as `check --strict` exits 1 on it); PASS has its evidence
// as system-out. The pending claims of an interrupted check are skipped,
// each in its scenario's suite.
func WriteJUnit(w io.Writer, c *analysis.Check, strict bool, pending []Pending) error {
	all := junitSuites{junitCounts: junitCounts{Name: "crucible check"}}
	var total float64
	suite := func(name string) *junitSuite {
		for k := range all.Suites {
			if all.Suites[k].Name == name {
				return &all.Suites[k]
			}
		}
		secs := c.Elapsed[name].Seconds()
		total += secs
		all.Suites = append(all.Suites, junitSuite{junitCounts: junitCounts{Name: name, Time: seconds(secs)}, Properties: []junitProperty{
			{"seed", strconv.FormatUint(c.Seed, 10)}, {"family_alpha", words.Num(c.Alpha)}, {"interrupted", strconv.FormatBool(c.Interrupted)}}})
		return &all.Suites[len(all.Suites)-1]
	}
	for _, v := range c.Verdicts {
		suite(v.Scenario).add(junitCaseOf(v, verdictEvidence(c, v), strict))
	}
	for _, p := range pending {
		suite(p.Scenario).add(pendingCase(p))
	}
	for _, s := range all.Suites {
		all.Tests, all.Failures, all.Skipped = all.Tests+s.Tests, all.Failures+s.Failures, all.Skipped+s.Skipped
	}
	all.Time = seconds(total)
	return writeXML(w, all)
}

// add adds a test case to s and counts it.
func (s *junitSuite) add(tc junitCase) {
	s.Tests++
	switch {
	case tc.Failure != nil:
		s.Failures++
	case tc.Skipped != nil:
		s.Skipped++
	}
	s.Cases = append(s.Cases, tc)
}

// pendingCase is the skipped test case of a claim the check did not reach.
func pendingCase(p Pending) junitCase {
	tc := junitCase{Name: p.Claim.Label(), Classname: p.Scenario}
	if pos := p.Claim.Pos(); pos.Line > 0 {
		tc.File, tc.Line = pos.File, pos.Line
	}
	msg := "not judged: the check was interrupted before this claim"
	tc.Skipped = &junitProblem{Message: msg, Type: "NOT JUDGED", Text: msg}
	return tc
}

// junitCaseOf is the test case of one verdict, evidence its lines.
func junitCaseOf(v analysis.ClaimCheck, evidence []string, strict bool) junitCase {
	pos := v.Claim.Pos()
	tc := junitCase{Name: v.Claim.Label(), Classname: v.Scenario}
	if pos.Line > 0 {
		tc.File, tc.Line = pos.File, pos.Line
	}
	text := strings.Join(evidence, "\n")
	if v.Claim.Says != "" {
		text = strconv.Quote(v.Claim.Says) + "\n" + text
	}
	problem := &junitProblem{Message: v.Verdict.String() + ": " + evidence[0], Type: v.Verdict.String(), Text: text}
	switch {
	case v.Verdict == analysis.Fail, v.Verdict == analysis.Inconclusive && strict:
		tc.Failure = problem
	case v.Verdict == analysis.Inconclusive:
		tc.Skipped = problem
	default:
		tc.SystemOut = &junitText{text}
	}
	return tc
}

// seconds writes a duration in seconds as JUnit has it, to the millisecond.
func seconds(s float64) string { return strconv.FormatFloat(s, 'f', 3, 64) }

// writeXML writes v as an indented XML document.
func writeXML(w io.Writer, v any) error {
	b, err := xml.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s%s\n", xml.Header, b)
	return err
}
