package cli

import (
	"strings"
	"testing"
)

// eclipse/fleet-mirror's answer changes with skill (issue 29: 41.4 %
// under kill-greedy, 59.7 % under optimal): --skill flags it beside the
// results, with the side each level favours; interceptor-duel's does not
// move and is not flagged.
func TestSkillFlagsFleetMirror(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "run", "eclipse/fleet-mirror", "--skill", "a=kill-greedy,a=optimal", "--trials", "100", "--seed", "1")
	want := "SKILL-SENSITIVE  this verdict changes with skill: defender favoured (58.63 % to 41.37 %) under a=kill-greedy, " +
		"attacker favoured (59.71 % to 40.29 %) under a=optimal (+18.34 points, more than the 5-point threshold)\n"
	if !strings.Contains(out, want) {
		t.Errorf("fleet-mirror is not flagged:\n%s", out)
	}
	out = mustRun(t, "run", "eclipse/interceptor-duel", "--skill", "kill-greedy,largest-killable-first", "--trials", "100", "--seed", "1")
	if strings.Contains(out, "SKILL-SENSITIVE") || !strings.Contains(out, "the verdict holds from kill-greedy to largest-killable-first") {
		t.Errorf("interceptor-duel:\n%s", out)
	}
}

// --skill's flags out of range are bad usage.
func TestSkillRefusals(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		want string
		args []string
	}{
		{"--skill greedy: name two players or more", []string{"--skill", "greedy"}},
		{"--skill-threshold shapes a skill axis: give --skill", []string{"--skill-threshold", "3"}},
		{"--skill prints with --format table", []string{"--skill", "greedy,rollout", "--format", "json"}},
		{"--skill-threshold 101: allowed: a number of points from 0 to 100", []string{"--skill", "greedy,rollout", "--skill-threshold", "101"}},
	} {
		mustFail(t, exitUsage, c.want, append([]string{"run", "dbd/cavalry_hammer", "--seed", "1"}, c.args...)...)
	}
}
