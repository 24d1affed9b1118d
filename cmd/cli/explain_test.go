package cli

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// explain shows the same examples for any workers and chunking, each the
// game its replay command prints again; JSON carries the same trials.
func TestExplainExamplesReplay(t *testing.T) {
	args := []string{"explain", "eclipse/interceptor-duel", "--outcome", "b wins, rounds<=2", "--seed", "7", "--trials", "2000", "-k", "2"}
	one := mustRun(t, append(args, "--workers", "1", "--chunk", "7")...)
	two := mustRun(t, append(args, "--workers", "2", "--chunk", "300")...)
	if one != two {
		t.Fatalf("one worker:\n%s\ntwo workers:\n%s", one, two)
	}
	cmds := regexp.MustCompile(`— crucible (replay .*)\n`).FindAllStringSubmatch(one, -1)
	if len(cmds) != 2 {
		t.Fatalf("want 2 replay commands:\n%s", one)
	}
	for _, c := range cmds {
		replay := mustRun(t, strings.Fields(c[1])...)
		account := replay[strings.Index(replay, "\n")+1:] // after its heading
		if !strings.Contains(one, account) || !strings.Contains(account, "winner defender (b)") {
			t.Errorf("%s prints a game the example does not show:\n%s", c[1], replay)
		}
	}
	var j struct {
		Examples []struct {
			Trial  int64
			Winner string
			Rounds int64
		}
	}
	if err := json.Unmarshal([]byte(mustRun(t, append(args, "--format", "json")...)), &j); err != nil {
		t.Fatal(err)
	}
	for k, e := range j.Examples {
		if !strings.Contains(cmds[k][1], " --trial "+itoa(e.Trial)+" ") || e.Winner != "b" || e.Rounds > 2 {
			t.Errorf("JSON example %d: %+v; text %s", k, e, cmds[k][1])
		}
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// A condition naming what the battle does not have is bad usage, located
// at its clause, with the names it could mean.
func TestExplainBadOutcome(t *testing.T) {
	mustFail(t, 2, `column 9 (end destroyd): unknown end reason "destroyd"`, "explain", "eclipse/interceptor-duel", "--outcome", "b wins, end destroyd", "--seed", "1")
	mustFail(t, 2, `did you mean "a.survivors.Interceptor"`, "explain", "eclipse/interceptor-duel", "--outcome", "counter.a.survivor.Interceptor>=1", "--seed", "1")
	mustFail(t, 2, "explain needs --outcome", "explain", "eclipse/interceptor-duel", "--seed", "1")
}
