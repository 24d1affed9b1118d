package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/cmd/cli/command"
)

// The ladder of dbd's two cheap players on a mirrored built-in leads with
// its answer in words, then the test, the statistics and the ratings; its
// JSON is the same for any number of workers; --out writes the report.
func TestLadderDBD(t *testing.T) {
	t.Parallel()
	args := []string{"ladder", "dbd/cavalry_hammer", "--rungs", "random,greedy", "--seed", "1", "--budget", "40"}
	out := mustRun(t, args...)
	for _, want := range []string{
		"dbd/cavalry_hammer: the players are proved in order, each rung stronger than the one below: random < greedy.\n" +
			"greedy beats random: 100 % of the points, 100 % of the side-swapped pairs won outright, decided after 10 pairs\n",
		"SPRT of H0 Elo ≤ 0 against H1 Elo ≥ 40 at α = 0.05, β = 0.05",
		"pairs by points 0/½/1/1½/2: 0/0/0/0/10; games: standards 100 %",
		"rung  player  Elo over random",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	one := mustRun(t, append(args, "--format", "json", "--workers", "1")...)
	two := mustRun(t, append(args, "--format", "json", "--workers", "2", "--chunk", "1")...)
	if one != two {
		t.Errorf("JSON differs with the workers:\n%s\n%s", one, two)
	}
	var l struct {
		Ordered bool `json:"ordered"`
		Steps   []struct {
			Verdict string  `json:"verdict"`
			Pairs   []int64 `json:"pairs"`
		} `json:"steps"`
	}
	if err := json.Unmarshal([]byte(one), &l); err != nil || !l.Ordered || len(l.Steps) != 1 || l.Steps[0].Verdict != "beats" {
		t.Errorf("JSON %v: %s", err, one)
	}
	dir := filepath.Join(t.TempDir(), "ladder")
	mustRun(t, append(args, "--out", dir)...)
	for _, f := range []string{"ladder.json", "ladder.txt", "ladder.svg", "ladder.png", "index.html"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("--out: %v", err)
		}
	}
}

// Flags out of range are bad usage; a player the ruleset does not have
// is named with the allowed ones; a ruleset without policies has no ladder.
func TestLadderRefusals(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		code int
		want string
		args []string
	}{
		{exitUsage, "--look 0, --budget 1000: allowed: integers with 1 ≤ look ≤ budget", []string{"dbd/cavalry_hammer", "--look", "0"}},
		{exitUsage, "--alpha, --beta, --elo0, --elo1: error rates α = 0.7", []string{"dbd/cavalry_hammer", "--alpha", "0.7"}},
		{exitUsage, "--trials: a ladder plays pairs until each step's test decides", []string{"dbd/cavalry_hammer", "--trials", "10"}},
		{exitUsage, `--format "csv": allowed: table, json`, []string{"dbd/cavalry_hammer", "--format", "csv"}},
		{exitFailed, `player "gredy": allowed: greedy, random, rollout, search:250, search:1k, search:4k`, []string{"dbd/cavalry_hammer", "--rungs", "random,gredy"}},
		{exitFailed, "ruleset stratfight has no built-in policies, so it has no ladder of players", []string{"stratfight/thug-vs-guard"}},
	} {
		mustFail(t, c.code, c.want, append([]string{"ladder", "--seed", "1"}, c.args...)...)
	}
}

// Ctrl-C during a step of slow players stops the ladder within a second,
// with exit status 130.
func TestLadderInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var cancelled atomic.Int64
	ctx = command.WithProgress(ctx, func(s analysis.Stage) (func(int64), func()) {
		time.AfterFunc(200*time.Millisecond, func() {
			cancelled.Store(time.Now().UnixNano())
			cancel()
		})
		return nil, func() {}
	})
	_, errOut, code := crucible(t, ctx, "ladder", "dbd/cavalry_hammer", "--rungs", "rollout,search:1k", "--seed", "1", "--look", "50", "--chunk", "1")
	waited := time.Duration(time.Now().UnixNano() - cancelled.Load())
	if code != exitInterrupted || cancelled.Load() == 0 || waited > time.Second || !strings.Contains(errOut, "interrupted in step 1 of 1") {
		t.Fatalf("exit %d, %v after the interrupt; stderr %s", code, waited, errOut)
	}
}
