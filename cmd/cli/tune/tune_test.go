package tune

import (
	"errors"
	"strings"
	"testing"

	engine "github.com/crucible-sim/crucible/analysis/tune"
	"github.com/crucible-sim/crucible/cmd/cli/command"
)

// The tests of the tune command that reach inside it; the command's other
// tests run it through crucible's root, in cmd/cli.

// A tune that states no bracket exits 1, saying why; one interrupted, 130.
func TestTuneExit(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		status engine.Status
		code   int
		msg    string
	}{
		{engine.Bracketed, 0, ""},
		{engine.NonMonotonic, command.ExitFailed, "no bracket: the response is not monotonic"},
		{engine.Inconclusive, command.ExitFailed, "no answer: the budget"},
		{engine.Interrupted, command.ExitInterrupted, "interrupted"},
	} {
		err := tuneExit(&engine.Result{Status: c.status, Why: "the budget"}, nil, "--target fair")
		var ee *command.ExitError
		switch {
		case c.code == 0 && err != nil, c.code != 0 && (!errors.As(err, &ee) || ee.Code != c.code || !strings.Contains(ee.Msg, c.msg)):
			t.Errorf("%s: %v, want exit %d %q", c.status, err, c.code, c.msg)
		}
	}
}
