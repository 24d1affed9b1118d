package eclipse

import (
	"bytes"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
)

// TestReplayLog: a replay shows the sides, the activation order and each
// round (that it plays the battle Fight plays is the conformance kit's
// check).
func TestReplayLog(t *testing.T) {
	for _, name := range builtinScenarios(t) {
		c := loadScenario(t, name)
		f := c.NewFighter()
		for i := range uint64(30) {
			o := rules.Outcome{Counters: make([]int64, len(c.Spec().Counters))}
			var log bytes.Buffer
			f.Replay(0, rules.NewRand(11, i), &o, &log)
			s := log.String()
			if !strings.Contains(s, "activation order:") || !strings.Contains(s, "attacker (a,") {
				t.Fatalf("%s #%d: log lacks the set-up:\n%s", name, i, s)
			}
			if o.Rounds > 0 && !strings.Contains(s, "round 1\n") {
				t.Fatalf("%s #%d: log lacks round 1:\n%s", name, i, s)
			}
		}
	}
}
