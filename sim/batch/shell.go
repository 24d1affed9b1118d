package batch

import (
	"fmt"
	"path"
	"strconv"
	"strings"
)

// runArgs returns the arguments of every shard's `crucible run` up to the
// shard: the scenario as the workers see it, the seed and trial count of
// the whole run, and the overrides in the order given.
func (j Job) runArgs(scenario string) []string {
	a := []string{j.Crucible, "run", scenario,
		"--seed", strconv.FormatUint(j.Seed, 10), "--trials", strconv.FormatInt(j.Trials, 10)}
	for _, p := range j.Unsets {
		a = append(a, "--unset", p)
	}
	for _, s := range j.Sets {
		a = append(a, "--set", s)
	}
	return a
}

// shardCommand returns the shell command that runs the shard whose number
// the shell variable index holds and writes its JSON result to
// dir/shard-K.json (ShardFile's name).
func (j Job) shardCommand(scenario, dir, index string) string {
	return fmt.Sprintf("exec %s --shard $%s/%d --format json >%s/shard-$%s.json",
		ShellJoin(j.runArgs(scenario)), index, j.Shards, shellQuote(dir), index)
}

// mergeArgs returns the arguments of the merge: the report goes to out (and
// the JSON result to standard output), and every shard file is named, so
// that a missing one fails the merge rather than shrinking the run.
func (j Job) mergeArgs(dir, out string) []string {
	a := []string{j.Crucible, "merge", "--format", "json", "--out", out}
	for k := range j.Shards {
		a = append(a, path.Join(dir, ShardFile(k)))
	}
	return a
}

// ShellJoin quotes each word for a POSIX shell and joins them with spaces:
// a command line a person can paste.
func ShellJoin(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = shellQuote(w)
	}
	return strings.Join(q, " ")
}

// shellQuote returns s as one word of a POSIX shell command: bare when it
// holds only characters no shell treats specially, else in single quotes,
// inside which only the single quote itself needs care.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, shellSafe) == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// shellSafe are the characters of a word that needs no quotes. '~' is not
// among them (a leading one names a home directory); '=' is, since it is
// special only in the words before a command name, and every word quoted
// here follows one (`exec`).
const shellSafe = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-+.,/:=@%"
