package cli

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"sync"
	"testing"

	_ "github.com/crucible-sim/crucible/rules/all" // the tests fight every ruleset
)

// crucible runs the command line in-process as main does and returns
// stdout, stderr and the exit status.
func crucible(t *testing.T, ctx context.Context, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := execute(ctx, "crucible", args, &out, &errOut)
	return out.String(), errOut.String(), code
}

func mustRun(t *testing.T, args ...string) string {
	t.Helper()
	return mustRunIn(t, context.Background(), args...)
}

// mustRunIn is mustRun in the context ctx.
func mustRunIn(t *testing.T, ctx context.Context, args ...string) string {
	t.Helper()
	out, errOut, code := crucible(t, ctx, args...)
	if code != 0 {
		t.Fatalf("crucible %s: exit %d\n%s", strings.Join(args, " "), code, errOut)
	}
	return out
}

// sharedRuns holds the result of each command line runShared ran, so
// that tests checking different facets of one command's output (its table,
// its JSON, the run an interrupted one must equal) fight it once.
var sharedRuns sync.Map // strings.Join(args, "\x00") → *sharedRun

type sharedRun struct {
	once   sync.Once
	stdout string
	stderr string
	code   int
}

// runShared is crucible(t, context.Background(), args...) run once per
// distinct args for all the tests of the package: args must fix --seed
// (a drawn seed would make each run's output its own) and write no --out.
func runShared(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	if !slices.Contains(args, "--seed") || slices.Contains(args, "--out") {
		t.Fatalf("runShared %q: a shared command fixes --seed and writes no --out", args)
	}
	v, _ := sharedRuns.LoadOrStore(strings.Join(args, "\x00"), &sharedRun{})
	r := v.(*sharedRun)
	r.once.Do(func() {
		var out, errOut bytes.Buffer
		r.code = execute(context.Background(), "crucible", args, &out, &errOut)
		r.stdout, r.stderr = out.String(), errOut.String()
	})
	return r.stdout, r.stderr, r.code
}

// mustRunShared is mustRun through runShared.
func mustRunShared(t *testing.T, args ...string) string {
	t.Helper()
	out, errOut, code := runShared(t, args...)
	if code != 0 {
		t.Fatalf("crucible %s: exit %d\n%s", strings.Join(args, " "), code, errOut)
	}
	return out
}

// mustFail runs a command that must exit with the given status and say
// want on stderr.
func mustFail(t *testing.T, code int, want string, args ...string) (stdout, stderr string) {
	t.Helper()
	out, errOut, got := crucible(t, context.Background(), args...)
	if got != code || !strings.Contains(errOut, want) {
		t.Errorf("crucible %s: exit %d, stderr %q; want exit %d and %q", strings.Join(args, " "), got, errOut, code, want)
	}
	return out, errOut
}

// Every kind of bad usage exits 2 with a message saying what is allowed;
// a flag a command does not honour is an unknown flag, not a silent no-op.
func TestUsageErrorsExit2(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		want string
		args []string
	}{
		{"unknown command", []string{"fight"}},
		{"unknown flag: --trails", []string{"run", "stratfight/thug-vs-guard", "--trails", "5"}},
		{"accepts 1 arg(s), received 2", []string{"exact", "eclipse/interceptor-duel", "eclipse/fleet-mirror"}},
		{"requires at least 1 arg(s)", []string{"merge"}},
		{"name scenarios or suites to check, or pass --all", []string{"check"}},
		{"--max-trials 10 and --first-trials 1000: allowed", []string{"check", "eclipse/interceptor-duel", "--until-decided", "--max-trials", "10"}},
		{`invalid argument "abc" for "--seed"`, []string{"run", "stratfight/thug-vs-guard", "--seed", "abc"}},
		{"--trials -1: allowed: an integer from 1 to 9007199254740992", []string{"run", "stratfight/thug-vs-guard", "--trials", "-1"}},
		{"--trials 0: allowed: an integer from 1", []string{"run", "stratfight/thug-vs-guard", "--trials", "0"}},
		{"--workers 0: allowed: an integer from 1 to 1024", []string{"run", "stratfight/thug-vs-guard", "--workers", "0"}},
		{"--workers 1025: allowed: an integer from 1 to 1024", []string{"run", "stratfight/thug-vs-guard", "--workers", "1025", "--trials", "1025"}},
		{"--chunk -1: allowed: an integer from 1 to 9007199254740992, or 0", []string{"run", "stratfight/thug-vs-guard", "--chunk", "-1"}},
		{"--chunk 9223372036854775807: allowed: an integer from 1", []string{"run", "stratfight/thug-vs-guard", "--chunk", "9223372036854775807"}},
		{"--trials 9223372036854775807: allowed: an integer from 1 to 9007199254740992", []string{"run", "stratfight/thug-vs-guard", "--trials", "9223372036854775807"}},
		{"--trials 4611686018427387904: allowed", []string{"run", "stratfight/thug-vs-guard", "--trials", "4611686018427387904"}},
		{"--workers -1: allowed: an integer from 1 to 1024", []string{"run", "stratfight/thug-vs-guard", "--workers", "-1"}},
		{"--set nonsense: expected PATH=VALUE", []string{"run", "stratfight/thug-vs-guard", "--set", "nonsense"}},
		{`bad index in "claims[-1]"`, []string{"run", "stratfight/thug-vs-guard", "--set", "claims[-1]=1"}},
		{`--format "xml": allowed: table, csv, json`, []string{"run", "stratfight/thug-vs-guard", "--format", "xml"}},
		{"--shard \"4/4\": want K/N with 0 ≤ K < N", []string{"run", "stratfight/thug-vs-guard", "--shard", "4/4"}},
		{"name scenarios to run, or pass --all", []string{"run"}},
		{"unknown flag: --shard", []string{"check", "stratfight/lifespan-claims", "--shard", "0/2"}},
		{"unknown flag: --trials", []string{"replay", "stratfight/thug-vs-guard", "--seed", "1", "--trials", "5"}},
		{"unknown flag: --workers", []string{"exact", "eclipse/interceptor-duel", "--workers", "2"}},
		{"replay needs --seed", []string{"replay", "stratfight/thug-vs-guard", "--trial", "1"}},
		{"--alpha 2: allowed: a number from 1e-12 to 0.5", []string{"check", "stratfight/lifespan-claims", "--alpha", "2"}},
		{"--alpha NaN: allowed: a number from 1e-12 to 0.5", []string{"check", "stratfight/lifespan-claims", "--alpha", "NaN"}},
		{"--alpha 1e-300: allowed: a number from 1e-12 to 0.5", []string{"check", "stratfight/lifespan-claims", "--alpha", "1e-300"}},
		{"--alpha NaN: allowed: a number from 1e-12 to 0.5", []string{"compare", "stratfight/thug-vs-guard", "--set-b", "options.round-cap=9", "--alpha", "nan"}},
		{"--trials with --until-decided: a sequential check sets its own trials", []string{"check", "eclipse/interceptor-duel", "--until-decided", "--trials", "5000"}},
		{"--first-trials and --max-trials go with --until-decided", []string{"check", "eclipse/interceptor-duel", "--max-trials", "5000"}},
		{"--first-trials and --max-trials go with --until-decided", []string{"check", "eclipse/interceptor-duel", "--first-trials", "500", "--trials", "1000"}},
		{`invalid argument "0x10" for "--seed" flag: hexadecimal is not read; allowed: a decimal integer from 0 to 18446744073709551615`, []string{"run", "stratfight/thug-vs-guard", "--seed", "0x10"}},
		{`invalid argument "0O17" for "-n, --trials" flag: octal is not read; allowed: a decimal integer`, []string{"run", "stratfight/thug-vs-guard", "--trials", "0O17"}},
		{`invalid argument "0b11" for "-n, --trials" flag: binary is not read; allowed: a decimal integer`, []string{"run", "stratfight/thug-vs-guard", "-n", "0b11"}},
		{`invalid argument "1_000" for "--chunk" flag: allowed: a decimal integer`, []string{"run", "stratfight/thug-vs-guard", "--chunk", "1_000"}},
		{`invalid argument "-0x2" for "--shards" flag: hexadecimal is not read`, []string{"batch", "slurm", "stratfight/thug-vs-guard", "--shards", "-0x2"}},
		{`invalid argument "-1" for "--seed" flag: allowed: a decimal integer from 0 to`, []string{"replay", "stratfight/thug-vs-guard", "--seed", "-1"}},
		{`invalid argument "18446744073709551616" for "--seed" flag: out of range; allowed: a decimal integer from 0 to 18446744073709551615`, []string{"run", "stratfight/thug-vs-guard", "--seed", "18446744073709551616"}},
		{"--resume needs the --out directory", []string{"run", "stratfight/thug-vs-guard", "--resume", "--seed", "1"}},
	} {
		mustFail(t, exitUsage, c.want, c.args...)
	}
}

// An error the input causes (not the command line) exits 1.
func TestInputErrorsExit1(t *testing.T) {
	t.Parallel()
	mustFail(t, exitFailed, "no such file and no built-in scenario", "run", "stratfight/nope")
	mustFail(t, exitFailed, `--set options.tie-rule=coin: options.tie-rule: "coin" is not allowed (allowed: flip-off, underdog)`,
		"run", "stratfight/thug-vs-guard", "--seed", "1", "--set", "options.tie-rule=coin")
	mustFail(t, exitFailed, `--set a.wepon=rapier: a.wepon: unknown field "wepon" (allowed: fighter,`,
		"run", "stratfight/thug-vs-guard", "--seed", "1", "--set", "a.wepon=rapier")
	mustFail(t, exitFailed, `--set claims[0].min=1: claims: has no element [0]: the field is not given`,
		"run", "stratfight/thug-vs-guard", "--seed", "1", "--set", "claims[0].min=1")
}
