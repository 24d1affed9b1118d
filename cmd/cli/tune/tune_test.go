package tune

import (
	"errors"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/analysis/tune"
	"github.com/crucible-sim/crucible/cmd/cli/command"
)

// The tests of the tune command that reach inside it; the command's other
// tests run it through crucible's root, in cmd/cli.

// A tune that states no bracket exits 1, saying why; one interrupted, 130.
func TestTuneExit(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		status tune.Status
		code   int
		msg    string
	}{
		{tune.Bracketed, 0, ""},
		{tune.NonMonotonic, command.ExitFailed, "no bracket: the response is not monotonic"},
		{tune.Inconclusive, command.ExitFailed, "no answer: the budget"},
		{tune.Interrupted, command.ExitInterrupted, "interrupted"},
	} {
		err := tuneExit(&tune.Result{Status: c.status, Why: "the budget"}, nil, "--target fair")
		var ee *command.ExitError
		switch {
		case c.code == 0 && err != nil, c.code != 0 && (!errors.As(err, &ee) || ee.Code != c.code || !strings.Contains(ee.Msg, c.msg)):
			t.Errorf("%s: %v, want exit %d %q", c.status, err, c.code, c.msg)
		}
	}
}
