package cli

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/scenarios"
)

// A game's own binary names itself in its notices (a report written, a
// scenario with no claims) and in the messages that name its commands,
// where crucible's own says "crucible".
func TestNoticesNameTheProgram(t *testing.T) {
	t.Cleanup(func() { scenarios.SetProgram(Crucible.Name) })
	p := Program{Name: "joust-sim"}
	dir := filepath.Join(t.TempDir(), "report")
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"check", "testdata/duel.yaml", "stratfight/thug-vs-guard", "--trials", "100", "--seed", "1", "--out", dir},
			[]string{"joust-sim: stratfight/thug-vs-guard has no claims\n", "joust-sim: report written to " + dir + "\n"}},
		{[]string{"run", "stratfight/thug-vs-guard", "--trials", "100", "--seed", "1", "--out", dir},
			[]string{"joust-sim: report written to " + dir + "\n"}},
		{[]string{"meta", "stratfight/fighters", "--seed", "1", "--precision", "20", "--first-trials", "200", "--out", dir + "-meta"},
			[]string{"joust-sim: meta report written to " + dir + "-meta\n"}},
		{[]string{"ladder", "dbd/cavalry_hammer", "--rungs", "random,greedy", "--seed", "1", "--budget", "10", "--out", dir + "-ladder"},
			[]string{"joust-sim: ladder report written to " + dir + "-ladder\n"}},
		{[]string{"run", "stratfight/no-such-duel-at-all-anywhere", "--seed", "1"},
			[]string{"run `joust-sim scenarios` for the list"}},
		{[]string{"run", "stratfight/lifespan-claims", "--seed", "1"},
			[]string{"check them all with `joust-sim check stratfight/lifespan-claims`"}},
	} {
		var out, errOut bytes.Buffer
		p.Execute(context.Background(), c.args, &out, &errOut)
		for _, w := range c.want {
			if !strings.Contains(errOut.String(), w) {
				t.Errorf("%v: want %q on stderr:\n%s", c.args, w, errOut.String())
			}
		}
		if strings.Contains(errOut.String(), "crucible") {
			t.Errorf("%v: stderr names crucible:\n%s", c.args, errOut.String())
		}
	}
}
