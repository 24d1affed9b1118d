// Package batch writes job files for batch engines: a Slurm job array and a
// Kubernetes Indexed Job that run a scenario's shards, each with a job that
// merges the shards once all of them have succeeded.
//
// crucible never schedules anything itself (see the design's "Scaling past
// one machine"): a run splits into shards because trial i depends only on
// (seed, scenario, i), and these files hand the shards to an engine that
// already exists. Every file carries the exact crucible command lines — the
// seed and trial count fixed, every --set passed on — so the merged result is
// byte for byte the result of one machine running the whole. The same Job
// always gives the same bytes.
package batch

import (
	"fmt"
	"path"
	"strings"
	"unicode/utf8"
)

// MaxShards is the most shards a job may have. Slurm refuses array indices
// from its default MaxArraySize (1001) on, and no crucible run needs more.
const MaxShards = 1000

// MaxName is the longest job name: the longest name a Kubernetes object gets
// from it (the shards Job's pod host names, NAME-shards-999) then stays
// within a DNS label's 63 characters.
const MaxName = 40

// Job is one crucible run split into shards for a batch engine. Its string
// fields become arguments of the crucible commands the engine runs; they
// hold no control characters (Check).
type Job struct {
	// Name names the engine's jobs: a DNS label of at most MaxName
	// characters (lower-case letters, digits and '-'). See NameFor.
	Name string
	// Scenario is the scenario every shard runs.
	Scenario Scenario
	// Seed is the master seed of the run.
	Seed uint64
	// Trials is the number of trials of the whole run.
	Trials int64
	// Unsets are the --unset paths and Sets the --set overrides, each
	// PATH=VALUE, passed on verbatim.
	Unsets []string
	Sets   []string
	// Shards is the number of shards, from 1 to MaxShards.
	Shards int64
	// Dir is the directory the shard results go to.
	Dir string
	// Out is the directory the merged report goes to.
	Out string
	// Crucible is the crucible command on the machines that run the jobs.
	Crucible string
}

// Scenario is the scenario a job runs: a built-in one or a file.
type Scenario struct {
	// Ref is the scenario as `crucible run` takes it: a built-in name, or
	// the path of a file.
	Ref string
	// Source is a file scenario's contents, for engines that ship the file
	// with the job; nil for a built-in scenario.
	Source []byte
	// Includes are the files the scenario includes (rules.Includer), which
	// engines that ship the scenario ship beside it.
	Includes []Include
}

// Include is a file a scenario includes, named by the scenario file or by
// an override.
type Include struct {
	// Name is the file as the scenario names it: relative to the scenario
	// file's directory or, for a file an override names, to the working
	// directory (or absolute).
	Name string
	// Override is the assignment of Job.Sets that names the file
	// (field=Name), or "" when the scenario file names it.
	Override string
	Src      []byte
}

// Builtin reports whether the scenario is built into crucible.
func (s Scenario) Builtin() bool { return s.Source == nil }

// ShardFile is the name of shard k's result file in the job's Dir.
func ShardFile(k int64) string { return fmt.Sprintf("shard-%d.json", k) }

// NameFor returns the default job name for a scenario: "crucible-" and the
// scenario name in lower case, every run of other characters than letters
// and digits made one '-', cut to MaxName characters.
func NameFor(scenario string) string {
	var b strings.Builder
	b.WriteString("crucible-")
	dash := true
	for _, r := range strings.ToLower(scenario) {
		switch {
		case alnum(r):
			b.WriteRune(r)
			dash = false
		case !dash:
			b.WriteByte('-')
			dash = true
		}
	}
	name := b.String()
	if len(name) > MaxName {
		name = name[:MaxName]
	}
	return strings.TrimRight(name, "-")
}

// Check reports the first field that cannot go into a job file, naming it
// by its flag and saying what is allowed.
func (j Job) Check() error {
	if err := checkLabel("--name", j.Name, MaxName); err != nil {
		return err
	}
	switch {
	case j.Shards < 1 || j.Shards > MaxShards:
		return fmt.Errorf("--shards %d: allowed: an integer from 1 to %d", j.Shards, MaxShards)
	case j.Trials < 1:
		return fmt.Errorf("--trials %d: allowed: an integer ≥ 1", j.Trials)
	case j.Shards > j.Trials:
		return fmt.Errorf("--shards %d: more shards than the run's %d trials; allowed: at most %d", j.Shards, j.Trials, j.Trials)
	}
	for _, f := range j.fields() {
		if err := checkText(f.flag, f.value); err != nil {
			return err
		}
	}
	return nil
}

type field struct{ flag, value string }

// fields are the job's text fields that become command arguments.
func (j Job) fields() []field {
	fs := []field{{"scenario", j.Scenario.Ref}, {"--dir", j.Dir}, {"--out", j.Out}, {"--crucible", j.Crucible}}
	for _, p := range j.Unsets {
		fs = append(fs, field{"--unset", p})
	}
	for _, s := range j.Sets {
		fs = append(fs, field{"--set", s})
	}
	return fs
}

// checkText refuses an empty value, one that is not UTF-8, and one with a
// control character: a line break inside a job file could end a comment or
// a here-document early and run the rest as commands.
func checkText(flag, v string) error {
	if v == "" {
		return fmt.Errorf("%s: empty; allowed: a non-empty value", flag)
	}
	if !utf8.ValidString(v) {
		return fmt.Errorf("%s %q: not valid UTF-8", flag, v)
	}
	for _, r := range v {
		if isControl(r) {
			return fmt.Errorf("%s %q: the control character %U cannot go into a job file; allowed: printable text", flag, v, r)
		}
	}
	return nil
}

// isControl reports C0 and C1 controls and the characters YAML or a shell
// may take for a line break.
func isControl(r rune) bool {
	return r < 0x20 || r >= 0x7f && r < 0xa0 || r == 0x2028 || r == 0x2029
}

// checkLabel checks a DNS label (RFC 1123) of at most max characters, the
// form of Kubernetes object names and a safe form of Slurm job names.
func checkLabel(flag, v string, max int) error {
	return checkDNS(flag, v, max, "", "lower-case letters, digits and '-'")
}

// checkDNS checks a DNS name of at most max characters: lower-case letters,
// digits, '-' and the characters of extra, starting and ending with a
// letter or digit.
func checkDNS(flag, v string, max int, extra, allowed string) error {
	ok := v != "" && len(v) <= max && alnum(rune(v[0])) && alnum(rune(v[len(v)-1]))
	for _, r := range v {
		ok = ok && (alnum(r) || r == '-' || strings.ContainsRune(extra, r))
	}
	if !ok {
		return fmt.Errorf("%s %q: allowed: at most %d %s, starting and ending with a letter or digit", flag, v, max, allowed)
	}
	return nil
}

func alnum(r rune) bool { return r >= 'a' && r <= 'z' || r >= '0' && r <= '9' }

// relative checks a directory given relative to a shared volume's root and
// returns it cleaned.
func relative(flag, dir string) (string, error) {
	c := path.Clean(dir)
	if path.IsAbs(c) || c == ".." || strings.HasPrefix(c, "../") {
		return "", fmt.Errorf("%s %q: allowed: a path inside the shared volume, relative to its root (such as crucible-shards)", flag, dir)
	}
	return c, nil
}
