package verdicts

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/analysis"
)

// WriteGitHub writes the verdicts of a check as GitHub Actions
// workflow commands, which the Actions runner shows as annotations at the
// claim's line: an error for each FAIL, a warning for each INCONCLUSIVE
// (an error when strict, as `check --strict` exits 1 on it), nothing for a
// PASS; then a notice with the summary line.
func WriteGitHub(w io.Writer, c *analysis.Check, strict bool) error {
	var b strings.Builder
	for _, v := range c.Verdicts {
		level := "error"
		switch {
		case v.Verdict == analysis.Pass:
			continue
		case v.Verdict == analysis.Inconclusive && !strict:
			level = "warning"
		}
		props := []string{}
		if pos := v.Claim.Pos(); pos.Line > 0 {
			props = append(props, "file="+GithubProperty(pos.File), "line="+strconv.Itoa(pos.Line), "col="+strconv.Itoa(pos.Col))
		}
		title := fmt.Sprintf("%s %s %s", v.Verdict, v.Scenario, v.Claim.Label())
		props = append(props, "title="+GithubProperty(title))
		msg := verdictEvidence(c, v)
		if v.Claim.Says != "" {
			msg = append([]string{strconv.Quote(v.Claim.Says)}, msg...)
		}
		fmt.Fprintf(&b, "::%s %s::%s\n", level, strings.Join(props, ","), GithubData(strings.Join(msg, "\n")))
	}
	fmt.Fprintf(&b, "::notice title=crucible check::%s\n", GithubData(Summary(c)))
	_, err := io.WriteString(w, b.String())
	return err
}

// GithubData escapes a workflow command's message: the runner reads % CR
// and LF as its own (a newline would end the command).
func GithubData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// GithubProperty escapes a workflow command's property value, in which
// also ':' ends the properties and ',' separates them.
func GithubProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
