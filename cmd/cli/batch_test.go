package cli

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"
)

// The command writes exactly the job files sim/batch's golden files hold
// for the same settings, given as flags (defaults for the rest).
func TestBatchWritesGoldenJobs(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
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

// A Kubernetes pod reads exactly what the scenario was read from here: a
// file the scenario includes (dbd's scenario: line.json) and a file an
// override names travel in the ConfigMap, so that a shard run as its pod
// runs it — the ConfigMap's files in a directory standing for /scenario —
// prints the bytes of the same shard run here. (Only the scenario file
// travelled, and every pod failed on the include.)
func TestBatchK8sShipsIncludedFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	line := dbdLine(t)
	os.MkdirAll(filepath.Join(dir, "maps"), 0o755)
	os.WriteFile(filepath.Join(dir, "maps", "line.json"), line, 0o644)
	other := filepath.Join(dir, "other.json")
	os.WriteFile(other, []byte(strings.Replace(string(line), `"hp": 4, "hex": 109`, `"hp": 3, "hex": 109`, 1)), 0o644)
	wrapper := filepath.Join(dir, "w.yaml")
	os.WriteFile(wrapper, []byte("ruleset: dbd\nscenario: maps/line.json\npolicies: {red: random, blue: random}\n"), 0o644)
	flags := []string{"--seed", "5", "--trials", "40"}
	for _, sets := range [][]string{nil, {"--set", "scenario=" + other}} {
		manifest := mustRun(t, append(append([]string{"batch", "k8s", wrapper, "--shards", "2", "--image", "crucible", "--pvc", "data"}, flags...), sets...)...)
		for _, k := range []string{"0", "1"} {
			local := mustRun(t, append(append(append([]string{"run", wrapper}, flags...), sets...), "--shard", k+"/2", "--format", "json")...)
			if pod := runAsPod(t, manifest, k); pod != local {
				t.Errorf("%v: shard %s in its pod differs from the same shard here:\n%.300s\n----\n%.300s", sets, k, pod, local)
			}
		}
	}
}

// A scenario whose included file a pod could not find is refused when
// the manifest is written (exit 1, nothing written), not by every pod.
func TestBatchK8sRefusesWhatPodsCannotRead(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	line := dbdLine(t)
	os.WriteFile(filepath.Join(dir, "line.json"), line, 0o644)
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	up := filepath.Join(dir, "sub", "up.yaml")
	os.WriteFile(up, []byte("ruleset: dbd\nscenario: ../line.json\n"), 0o644)
	out, _ := mustFail(t, exitFailed, "cannot ship the scenario's files with the job: the scenario file includes ../line.json, outside its own directory",
		"batch", "k8s", up, "--shards", "2", "--seed", "1", "--image", "crucible", "--pvc", "data")
	if out != "" {
		t.Errorf("a refused job wrote %q", out)
	}
}

// A scenario named as /dev/stdin is a pipe, which crucible never opens
// (it would wait for a writer): both engines refuse it before writing
// anything, so that no job is sent to a cluster that cannot read it.
func TestBatchScenarioFromStdin(t *testing.T) {
	t.Parallel() // it waits on processes: others run meanwhile
	if testing.Short() {
		t.Skip("builds crucible to give it a pipe as standard input")
	}
	bin := buildCrucible(t)
	src, err := os.ReadFile("testdata/duel.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, engine := range [][]string{{"k8s", "--image", "crucible", "--pvc", "data"}, {"slurm"}} {
		cmd := exec.Command(bin, append([]string{"batch", engine[0], "/dev/stdin", "--shards", "2", "--seed", "1"}, engine[1:]...)...)
		cmd.Stdin = bytes.NewReader(src) // a pipe
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		if code := exitCode(err); code != exitFailed || stdout.Len() > 0 || !strings.Contains(stderr.String(), "crucible reads its input from regular files only") {
			t.Errorf("%s of standard input: exit %d, stderr %q, stdout %q", engine[0], code, stderr.String(), stdout.String())
		}
	}
}

// manifestDocs splits a manifest into its documents, each keeping its last
// line break (which a block scalar ending the document holds).
func manifestDocs(manifest string) []string {
	docs := strings.SplitAfter(manifest, "\n---\n")
	for i, d := range docs {
		docs[i] = strings.TrimSuffix(d, "---\n")
	}
	return docs
}

// exitCode is the exit status of a finished command.
func exitCode(err error) int {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	if err != nil {
		return -1
	}
	return 0
}

// dbdLine is dbd's sample scenario symmetric_line.json: a file for a dbd
// scenario to include (scenario: FILE).
func dbdLine(t *testing.T) []byte {
	t.Helper()
	line, err := os.ReadFile("../../rules/dbd/testdata/d6/symmetric_line.json")
	if err != nil {
		t.Fatal(err)
	}
	return line
}

// runAsPod runs shard k of a Kubernetes manifest here as its pod would run
// it: the ConfigMap's files written into a directory that stands for
// /scenario, the shard command's words (as the pod's shell splits them)
// run in-process with /scenario moved there. It returns what the shard
// prints.
func runAsPod(t *testing.T, manifest, k string) string {
	t.Helper()
	mount := t.TempDir()
	var config corev1.ConfigMap
	var shards batchv1.Job
	for _, d := range manifestDocs(manifest) {
		switch {
		case strings.Contains(d, "\nkind: ConfigMap\n"):
			if err := yaml.UnmarshalStrict([]byte(d), &config); err != nil {
				t.Fatal(err)
			}
		case strings.Contains(d, "completionMode: Indexed"):
			if err := yaml.UnmarshalStrict([]byte(d), &shards); err != nil {
				t.Fatal(err)
			}
		}
	}
	pod := shards.Spec.Template.Spec
	for _, v := range pod.Volumes {
		if v.ConfigMap == nil {
			continue
		}
		for _, it := range v.ConfigMap.Items {
			data, ok := config.Data[it.Key]
			if !ok {
				data = string(config.BinaryData[it.Key])
			}
			p := filepath.Join(mount, it.Path)
			os.MkdirAll(filepath.Dir(p), 0o755)
			if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	shell := pod.Containers[0].Command[2]
	run := shell[strings.Index(shell, "exec ")+len("exec ") : strings.LastIndex(shell, " >")]
	split := exec.Command("/bin/sh", "-c", "printf '%s\\0' "+run)
	split.Env = append(os.Environ(), "JOB_COMPLETION_INDEX="+k)
	out, err := split.Output()
	if err != nil {
		t.Fatalf("%s: %v", run, err)
	}
	words := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")[1:] // without the crucible command
	for i, w := range words {
		words[i] = strings.ReplaceAll(w, "/scenario/", mount+"/")
	}
	return mustRun(t, words...)
}

// A scenario given as "-" travels with a Kubernetes job as the bytes read
// (stdin.yaml in the ConfigMap), and each pod's shard prints what the
// same shard of "-" prints here; a Slurm job, whose tasks read the
// scenario again where they run, refuses it. A scenario file named
// "..dots.yaml" is shipped under a path Kubernetes accepts, and runs the
// same. Before, k8s wrote no ConfigMap (every pod ran "crucible run -" on
// an empty standard input), slurm ran $PWD/-, and "..dots.yaml" was an
// item path Kubernetes refuses.
func TestBatchShipsWhatWasRead(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("testdata/duel.yaml")
	if err != nil {
		t.Fatal(err)
	}
	flags := []string{"--seed", "5", "--trials", "40"}
	manifest, errOut, code := crucibleIn(t, string(src), append([]string{"batch", "k8s", "-", "--shards", "2", "--image", "crucible", "--pvc", "data"}, flags...)...)
	if code != 0 || !strings.Contains(manifest, "\nkind: ConfigMap\n") {
		t.Fatalf("batch k8s -: exit %d\n%s\n%s", code, errOut, manifest)
	}
	for _, k := range []string{"0", "1"} {
		local, _, _ := crucibleIn(t, string(src), append(append([]string{"run", "-"}, flags...), "--shard", k+"/2", "--format", "json")...)
		if pod := runAsPod(t, manifest, k); pod != local || local == "" {
			t.Errorf("shard %s of - in its pod differs from the same shard here:\n%.300s\n----\n%.300s", k, pod, local)
		}
	}
	if out, errOut, code := crucibleIn(t, string(src), "batch", "slurm", "-", "--shards", "2", "--seed", "1"); code != exitFailed || out != "" ||
		!strings.Contains(errOut, "<stdin>: a scenario read from standard input cannot be read again by the workers") {
		t.Errorf("batch slurm -: exit %d, stderr %q, stdout %.200q", code, errOut, out)
	}
	dots := filepath.Join(t.TempDir(), "..dots.yaml")
	os.WriteFile(dots, src, 0o644)
	manifest = mustRun(t, append([]string{"batch", "k8s", dots, "--shards", "2", "--image", "crucible", "--pvc", "data"}, flags...)...)
	if !strings.Contains(manifest, `path: "files/..dots.yaml"`) {
		t.Errorf("the item path of ..dots.yaml:\n%s", manifest)
	}
	if pod, local := runAsPod(t, manifest, "1"), mustRun(t, append([]string{"run", dots, "--shard", "1/2", "--format", "json"}, flags...)...); pod != local {
		t.Errorf("shard 1 of ..dots.yaml in its pod differs from here:\n%.300s\n----\n%.300s", pod, local)
	}
}
