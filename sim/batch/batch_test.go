package batch

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden job files in testdata/")

// duel is a file scenario as a user writes one: comments, blank lines, a
// final line break.
const duel = `# A duel with the superseded tie rule.
ruleset: stratfight
trials: 20000

options: {tie-rule: underdog}
a: {fighter: arya}
b: {fighter: mountain, armor: chainmail}
`

// jobs are the golden cases: a built-in scenario as the README shows it,
// and a file scenario with every argument a shell or YAML could misread.
var jobs = map[string]Job{
	"builtin": {
		Name: "crucible-stratfight-jorah-vs-mountain", Scenario: Scenario{Ref: "stratfight/jorah-vs-mountain"},
		Seed: 7, Trials: 30000, Shards: 3, Dir: "crucible-shards", Out: "crucible-report", Crucible: "crucible",
	},
	"file": {
		Name: "crucible-duel", Scenario: Scenario{Ref: "/home/ann/my duels/duel.yaml", Source: []byte(duel)},
		Seed: 9007199254740991, Trials: 1000000, Shards: 4,
		Sets: []string{"options.round-cap=50", `description=Ann's "best" duel: $HOME & 100% true`, "b.fighter=true"},
		Dir:  "runs/50% tie/", Out: "report", Crucible: "/opt/crucible 0.2/bin/crucible",
	},
}

// Same job, same bytes, equal to the golden file (refresh with
// go test ./sim/batch -run Golden -update).
func TestGolden(t *testing.T) {
	for name, j := range jobs {
		for engine, write := range map[string]func(Job) ([]byte, error){
			"slurm.sh": Job.Slurm,
			"k8s.yaml": func(j Job) ([]byte, error) {
				return j.Kubernetes(Kubernetes{Image: "registry.example/crucible:0.2.0", Claim: "crucible-data"})
			},
		} {
			got, err := write(j)
			if err != nil {
				t.Fatalf("%s %s: %v", name, engine, err)
			}
			again, _ := write(j)
			if !bytes.Equal(got, again) {
				t.Errorf("%s %s: two writes of one job differ", name, engine)
			}
			golden(t, filepath.Join("testdata", name+"."+engine), got)
		}
	}
}

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./sim/batch -run Golden -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the job written now:\n%s", path, got)
	}
}

// A quoted word reaches the command as it was, whatever it holds.
func TestShellQuote(t *testing.T) {
	words := []string{"plain", "", "two words", "it's", `"double"`, "$HOME", "`date`", "a\\b", "100%", "~", "*", "-x", "a=b", "é", "'", "''"}
	script := "printf '%s\\n' " + ShellJoin(words)
	out, err := exec.Command("/bin/sh", "-c", script).Output()
	if err != nil {
		t.Fatalf("%s: %v", script, err)
	}
	if got := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n"); !slices.Equal(got, words) {
		t.Errorf("%s\nprinted %q, want %q", script, got, words)
	}
}

// The Slurm scripts are valid shell (the Slurm test in cmd/cli runs one).
func TestSlurmScriptParses(t *testing.T) {
	for name, j := range jobs {
		src, err := j.Slurm()
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("/bin/sh", "-n")
		cmd.Stdin = bytes.NewReader(src)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s: sh -n: %v\n%s", name, err, out)
		}
	}
}

// A job that cannot go into a file is refused, naming the flag and what is
// allowed.
func TestCheckRefuses(t *testing.T) {
	ok := jobs["builtin"]
	for _, c := range []struct {
		want string
		edit func(*Job)
	}{
		{`--name "Duel": allowed: at most 40 lower-case letters`, func(j *Job) { j.Name = "Duel" }},
		{`--name "-x": allowed`, func(j *Job) { j.Name = "-x" }},
		{`--name "crucible-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa": allowed`, func(j *Job) { j.Name = "crucible-" + strings.Repeat("a", 32) }},
		{"--shards 0: allowed: an integer from 1 to 1000", func(j *Job) { j.Shards = 0 }},
		{"--shards 1001: allowed: an integer from 1 to 1000", func(j *Job) { j.Shards = 1001 }},
		{"--shards 5: more shards than the run's 4 trials", func(j *Job) { j.Trials = 4; j.Shards = 5 }},
		{"--trials 0: allowed: an integer ≥ 1", func(j *Job) { j.Trials = 0 }},
		{`--set "a=1\nb": the control character U+000A cannot go into a job file`, func(j *Job) { j.Sets = []string{"a=1\nb"} }},
		{`--dir "x\x00": the control character U+0000`, func(j *Job) { j.Dir = "x\x00" }},
		{`--out "\xff": not valid UTF-8`, func(j *Job) { j.Out = "\xff" }},
		{"--crucible: empty; allowed: a non-empty value", func(j *Job) { j.Crucible = "" }},
	} {
		j := ok
		c.edit(&j)
		if err := j.Check(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("got %v, want %q", err, c.want)
		}
	}
	if err := ok.Check(); err != nil {
		t.Errorf("a good job refused: %v", err)
	}
}

// Each engine refuses what it cannot honour.
func TestEngineRefuses(t *testing.T) {
	j, k := jobs["builtin"], Kubernetes{Image: "crucible", Claim: "data"}
	for _, c := range []struct {
		want string
		run  func() error
	}{
		{`--dir "logs\\x": Slurm does not expand log names holding a backslash`, func() error { j := j; j.Dir = `logs\x`; _, err := j.Slurm(); return err }},
		{`--dir "/abs": allowed: a path inside the shared volume`, func() error { j := j; j.Dir = "/abs"; _, err := j.Kubernetes(k); return err }},
		{`--out "../up": allowed: a path inside the shared volume`, func() error { j := j; j.Out = "../up"; _, err := j.Kubernetes(k); return err }},
		{`--pvc "Data": allowed: at most 253 lower-case letters, digits, '-' and '.'`, func() error { k := k; k.Claim = "Data"; _, err := j.Kubernetes(k); return err }},
		{"--image: empty", func() error { k := k; k.Image = ""; _, err := j.Kubernetes(k); return err }},
	} {
		if err := c.run(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("got %v, want %q", err, c.want)
		}
	}
}

func TestNameFor(t *testing.T) {
	for in, want := range map[string]string{
		"stratfight/jorah-vs-mountain":          "crucible-stratfight-jorah-vs-mountain",
		"My Duel (v2)":                          "crucible-my-duel-v2",
		"eclipse/a-very-long-fleet-battle-name": "crucible-eclipse-a-very-long-fleet-battl",
		"--":                                    "crucible",
		"fleet_mirror-":                         "crucible-fleet-mirror",
	} {
		if got := NameFor(in); got != want || checkLabel("--name", got, MaxName) != nil {
			t.Errorf("NameFor(%q) = %q, want %q (a valid name)", in, got, want)
		}
	}
}
