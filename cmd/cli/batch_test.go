package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The command writes exactly the job files sim/batch's golden files hold
// for the same settings, given as flags (defaults for the rest).
func TestBatchWritesGoldenJobs(t *testing.T) {
	args := []string{"stratfight/jorah-vs-mountain", "--shards", "3", "--seed", "7", "--trials", "30000"}
	for engine, golden := range map[string]string{
		"slurm": "builtin.slurm.sh",
		"k8s":   "builtin.k8s.yaml",
	} {
		cmd := append([]string{"batch", engine}, args...)
		if engine == "k8s" {
			cmd = append(cmd, "--image", "registry.example/crucible:0.2.0", "--pvc", "crucible-data")
		}
		out, errOut, code := crucible(t, t.Context(), cmd...)
		if code != 0 || errOut != "" {
			t.Fatalf("crucible %s: exit %d\n%s", strings.Join(cmd, " "), code, errOut)
		}
		want, err := os.ReadFile(filepath.Join("..", "..", "sim", "batch", "testdata", golden))
		if err != nil {
			t.Fatal(err)
		}
		if out != string(want) {
			t.Errorf("crucible %s differs from %s:\n%s", strings.Join(cmd, " "), golden, out)
		}
	}
}

// Without --seed a seed is drawn, said on stderr and fixed in the file;
// without --trials the scenario file's count is; a file scenario is named
// by its absolute path for Slurm and travels in a ConfigMap to Kubernetes.
func TestBatchFixesSeedTrialsAndScenario(t *testing.T) {
	out, errOut, code := crucible(t, t.Context(), "batch", "slurm", "testdata/duel.yaml", "--shards", "2")
	seed := regexp.MustCompile(`random seed (\d+) \(add --seed`).FindStringSubmatch(errOut)
	if code != 0 || seed == nil {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	abs, _ := filepath.Abs("testdata/duel.yaml")
	want := "run " + abs + " --seed " + seed[1] + " --trials 2000 --shard $SLURM_ARRAY_TASK_ID/2 "
	if !strings.Contains(out, want) || !strings.Contains(out, "--job-name=crucible-duel ") {
		t.Errorf("the script lacks %q:\n%s", want, out)
	}
	out = mustRun(t, "batch", "k8s", "testdata/duel.yaml", "--shards", "2", "--seed", "3", "--trials", "500",
		"--set", "b.fighter=cat", "--image", "crucible:test", "--pvc", "data", "--name", "mine", "--dir", "s", "--out", "r")
	for _, want := range []string{
		`name: "mine-scenario"`, "    description: a user's own duel file\n",
		`exec crucible run /scenario/duel.yaml --seed 3 --trials 500 --set b.fighter=cat --shard $JOB_COMPLETION_INDEX/2 --format json >/data/s/shard-$JOB_COMPLETION_INDEX.json"`,
		`- "/data/r"`, `- "/data/s/shard-1.json"`, `claimName: "data"`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the manifest lacks %q:\n%s", want, out)
		}
	}
	if again := mustRun(t, "batch", "k8s", "testdata/duel.yaml", "--shards", "2", "--seed", "3", "--trials", "500",
		"--set", "b.fighter=cat", "--image", "crucible:test", "--pvc", "data", "--name", "mine", "--dir", "s", "--out", "r"); again != out {
		t.Error("the same flags wrote different manifests")
	}
}

// Bad usage exits 2 naming the flag and what is allowed; a scenario that
// does not load or compile exits 1 before any file is written.
func TestBatchRefuses(t *testing.T) {
	k8s := []string{"--image", "crucible", "--pvc", "data"}
	for _, c := range []struct {
		code int
		want string
		args []string
	}{
		{exitUsage, "batch needs an engine; allowed: slurm, k8s", []string{"batch"}},
		{exitUsage, `batch "lsf": no such engine; allowed: slurm, k8s`, []string{"batch", "lsf", "x"}},
		{exitUsage, `required flag(s) "shards" not set`, []string{"batch", "slurm", "stratfight/thug-vs-guard"}},
		{exitUsage, `required flag(s) "image", "pvc" not set`, []string{"batch", "k8s", "stratfight/thug-vs-guard", "--shards", "2"}},
		{exitUsage, "--shards 0: allowed: an integer from 1 to 1000", []string{"batch", "slurm", "stratfight/thug-vs-guard", "--shards", "0", "--seed", "1"}},
		{exitUsage, "--shards 9: more shards than the run's 5 trials", []string{"batch", "slurm", "stratfight/thug-vs-guard", "--shards", "9", "--trials", "5", "--seed", "1"}},
		{exitUsage, "--trials 0: allowed: an integer from 1", []string{"batch", "slurm", "stratfight/thug-vs-guard", "--shards", "2", "--trials", "0"}},
		{exitUsage, "--set nonsense: expected PATH=VALUE", []string{"batch", "slurm", "stratfight/thug-vs-guard", "--shards", "2", "--seed", "1", "--set", "nonsense"}},
		{exitUsage, `--set "description=a\nb": the control character U+000A`, []string{"batch", "slurm", "stratfight/thug-vs-guard", "--shards", "2", "--seed", "1", "--set", "description=a\nb"}},
		{exitUsage, `--name "Duel": allowed: at most 40`, []string{"batch", "slurm", "stratfight/thug-vs-guard", "--shards", "2", "--seed", "1", "--name", "Duel"}},
		{exitUsage, `--dir "/scratch": allowed: a path inside the shared volume`, append([]string{"batch", "k8s", "stratfight/thug-vs-guard", "--shards", "2", "--seed", "1", "--dir", "/scratch"}, k8s...)},
		{exitUsage, "unknown flag: --workers", []string{"batch", "slurm", "stratfight/thug-vs-guard", "--shards", "2", "--workers", "2"}},
		{exitUsage, "unknown flag: --image", []string{"batch", "slurm", "stratfight/thug-vs-guard", "--shards", "2", "--image", "x"}},
		{exitFailed, "no such file and no built-in scenario", []string{"batch", "slurm", "stratfight/nope", "--shards", "2", "--seed", "1"}},
		{exitFailed, `unknown weapon "katana"`, append([]string{"batch", "k8s", "testdata/bad-weapon.yaml", "--shards", "2", "--seed", "1"}, k8s...)},
	} {
		if out, _ := mustFail(t, c.code, c.want, c.args...); out != "" {
			t.Errorf("crucible %s wrote %q", strings.Join(c.args, " "), out)
		}
	}
}
