package batch

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"
)

// manifest is a Kubernetes manifest decoded strictly into the API types: a
// field Kubernetes does not know, or a value of the wrong type, fails.
type manifest struct {
	config        *corev1.ConfigMap
	shards, merge *batchv1.Job
}

func decodeManifest(t *testing.T, src []byte) manifest {
	t.Helper()
	var m manifest
	for _, d := range bytes.SplitAfter(src, []byte("\n---\n")) {
		// A document's last line break stays with it: a block scalar ending
		// the document keeps it.
		d = bytes.TrimSuffix(d, []byte("---\n"))
		var kind struct{ APIVersion, Kind string }
		if err := yaml.Unmarshal(d, &kind); err != nil {
			t.Fatalf("%v in\n%s", err, d)
		}
		var obj any
		switch kind.APIVersion + " " + kind.Kind {
		case "v1 ConfigMap":
			m.config = new(corev1.ConfigMap)
			obj = m.config
		case "batch/v1 Job":
			j := new(batchv1.Job)
			if m.shards == nil {
				m.shards = j
			} else {
				m.merge = j
			}
			obj = j
		default:
			t.Fatalf("unexpected object %q in\n%s", kind, d)
		}
		if err := yaml.UnmarshalStrict(d, obj); err != nil {
			t.Fatalf("%v in\n%s", err, d)
		}
	}
	if m.shards == nil || m.merge == nil {
		t.Fatalf("want a shards Job and a merge Job in\n%s", src)
	}
	return m
}

// The manifest is what Kubernetes accepts and runs what it says: the
// Indexed Job runs shard $JOB_COMPLETION_INDEX/N of the exact run, once per
// index, never restarting a pod in place; the merge Job waits suspended and
// names every shard file; a file scenario travels in a ConfigMap, byte for
// byte.
func TestKubernetesManifest(t *testing.T) {
	k := Kubernetes{Image: "registry.example/crucible:0.2.0", Claim: "crucible-data"}
	for name, j := range jobs {
		src, err := j.Kubernetes(k)
		if err != nil {
			t.Fatal(err)
		}
		m := decodeManifest(t, src)
		s := m.shards.Spec
		if m.shards.Name != j.Name+"-shards" || s.CompletionMode == nil || *s.CompletionMode != batchv1.IndexedCompletion ||
			s.Completions == nil || int64(*s.Completions) != j.Shards || s.Parallelism == nil || int64(*s.Parallelism) != j.Shards ||
			s.BackoffLimit == nil || *s.BackoffLimit != backoffShards {
			t.Errorf("%s: shards Job %s: %+v", name, m.shards.Name, s)
		}
		pod := s.Template.Spec
		if pod.RestartPolicy != corev1.RestartPolicyNever || len(pod.Containers) != 1 || pod.Containers[0].Image != k.Image {
			t.Errorf("%s: shard pod %+v", name, pod)
		}
		cmd := pod.Containers[0].Command
		scenario := j.Scenario.Ref
		if !j.Scenario.Builtin() {
			scenario = "/scenario/duel.yaml"
		}
		want := j.shardCommand(scenario, "/data/"+strings.TrimSuffix(j.Dir, "/"), "JOB_COMPLETION_INDEX")
		if len(cmd) != 3 || cmd[0] != "/bin/sh" || cmd[1] != "-c" || !strings.HasSuffix(cmd[2], " && "+want) ||
			!strings.Contains(cmd[2], "--shard $JOB_COMPLETION_INDEX/") {
			t.Errorf("%s: shard command %q, want it to end in %q", name, cmd, want)
		}
		checkMerge(t, name, j, m.merge)
		checkScenario(t, name, j, m)
	}
}

func checkMerge(t *testing.T, name string, j Job, merge *batchv1.Job) {
	t.Helper()
	s := merge.Spec
	if merge.Name != j.Name+"-merge" || s.Suspend == nil || !*s.Suspend || s.CompletionMode != nil ||
		s.BackoffLimit == nil || *s.BackoffLimit != backoffMerge || s.Template.Spec.RestartPolicy != corev1.RestartPolicyNever {
		t.Errorf("%s: merge Job %s: %+v", name, merge.Name, s)
	}
	cmd := s.Template.Spec.Containers[0].Command
	want := []string{j.Crucible, "merge", "--format", "json", "--out", "/data/" + j.Out}
	for k := range j.Shards {
		want = append(want, "/data/"+strings.TrimSuffix(j.Dir, "/")+"/"+ShardFile(k))
	}
	if !slices.Equal(cmd, want) {
		t.Errorf("%s: merge command\n%q, want\n%q", name, cmd, want)
	}
}

func checkScenario(t *testing.T, name string, j Job, m manifest) {
	t.Helper()
	vols := m.shards.Spec.Template.Spec.Volumes
	if j.Scenario.Builtin() {
		if m.config != nil || len(vols) != 1 {
			t.Errorf("%s: a built-in scenario needs no ConfigMap: %v %+v", name, m.config, vols)
		}
		return
	}
	if m.config == nil || m.config.Data["scenario"] != string(j.Scenario.Source) {
		t.Fatalf("%s: ConfigMap %+v does not hold the file", name, m.config)
	}
	cm := vols[1].ConfigMap
	if cm == nil || cm.Name != m.config.Name || len(cm.Items) != 1 || cm.Items[0].Key != "scenario" || cm.Items[0].Path != "duel.yaml" {
		t.Errorf("%s: scenario volume %+v", name, vols[1])
	}
}

// A scenario file reaches the pods exactly, whatever its bytes: as a block
// when one holds it, else quoted, else (not UTF-8) in binaryData.
func TestConfigMapHoldsAnyFile(t *testing.T) {
	for _, src := range []string{
		"ruleset: stratfight\n", "no final line break", "two\n\n", "three\n\n\n", "\nleading blank line\n",
		"  indented first line\n", "crlf\r\nfile\r\n", "tab\tand trailing spaces  \n  \nend\n",
		"\ufeffruleset: with a byte order mark\n", "nel\u0085line separator\u2028bell\a", "emoji 🗡️\n",
		"---\n...\n# not a comment\n\"quoted\": 'x'\n", "\xff\xfe not UTF-8", "a\n \n",
	} {
		j := jobs["file"]
		j.Scenario.Source = []byte(src)
		out, err := j.Kubernetes(Kubernetes{Image: "crucible", Claim: "data"})
		if err != nil {
			t.Fatal(err)
		}
		m := decodeManifest(t, out)
		got := m.config.Data["scenario"]
		if b, ok := m.config.BinaryData["scenario"]; ok {
			got = string(b)
		}
		if got != src {
			t.Errorf("file %q came out as %q", src, got)
		}
	}
}

// Every value that comes from a flag stays a string, whatever it looks like.
func TestYAMLQuote(t *testing.T) {
	for _, s := range []string{"true", "no", "~", "null", "0x1f", "1e3", "", "- a", "a: b", "#x", "'", `"\`, "a\tb", "\u2028", "\U0001F600", "\x7f\u0080"} {
		var got struct{ V string }
		if err := yaml.UnmarshalStrict([]byte("v: "+yamlQuote(s)), &got); err != nil || got.V != s {
			t.Errorf("yamlQuote(%q) = %s read back as %q, %v", s, yamlQuote(s), got.V, err)
		}
	}
}

// A scenario's included files travel in the ConfigMap too, each where the
// scenario names it (relative to the scenario file), and a file an
// override names travels under set-K/, the override in the pods naming
// the copy: a pod reads every byte the scenario was read from.
func TestKubernetesShipsIncludes(t *testing.T) {
	j := jobs["file"]
	j.Scenario.Includes = []Include{
		{Name: "./maps/line.json", Src: []byte(`{"schema": "x"}`)},
		{Name: "../elsewhere/other.json", Override: "scenario=../elsewhere/other.json", Src: []byte("\xff not UTF-8")},
	}
	j.Sets = append(slices.Clone(j.Sets), "scenario=../elsewhere/other.json")
	src, err := j.Kubernetes(Kubernetes{Image: "crucible", Claim: "data"})
	if err != nil {
		t.Fatal(err)
	}
	m := decodeManifest(t, src)
	if m.config.Data["scenario"] != duel || m.config.Data["include-0"] != `{"schema": "x"}` || string(m.config.BinaryData["include-1"]) != "\xff not UTF-8" {
		t.Errorf("ConfigMap data %q, binaryData %q", m.config.Data, m.config.BinaryData)
	}
	var paths []string
	for _, it := range m.shards.Spec.Template.Spec.Volumes[1].ConfigMap.Items {
		paths = append(paths, it.Key+" "+it.Path)
	}
	if want := []string{"scenario duel.yaml", "include-0 maps/line.json", "include-1 set-1/other.json"}; !slices.Equal(paths, want) {
		t.Errorf("items %q, want %q", paths, want)
	}
	if cmd := m.shards.Spec.Template.Spec.Containers[0].Command[2]; !strings.Contains(cmd, " --set scenario=/scenario/set-1/other.json --shard ") {
		t.Errorf("the pods' override does not name the shipped file: %s", cmd)
	}
}

// What a pod could not read is refused when the manifest is written, not
// found by every pod: a file the scenario names outside its directory, two
// files for one path, more than a ConfigMap holds.
func TestKubernetesRefusesUnshippable(t *testing.T) {
	for _, c := range []struct {
		want     string
		includes []Include
	}{
		{"the scenario file includes ../maps/line.json, outside its own directory", []Include{{Name: "../maps/line.json"}}},
		{"the scenario file includes /home/ann/line.json, outside its own directory", []Include{{Name: "/home/ann/line.json"}}},
		{"two different files would be /scenario/duel.yaml", []Include{{Name: "duel.yaml", Src: []byte("x")}}},
		{"the override scenario=x.json that names x.json is not among the job's --set", []Include{{Name: "x.json", Override: "scenario=x.json"}}},
		{"its files come to 1048740 bytes, more than the 1048576 (1 MiB) a ConfigMap holds", []Include{{Name: "big.json", Src: make([]byte, 1<<20)}}},
	} {
		j := jobs["file"]
		j.Scenario.Includes = c.includes
		_, err := j.Kubernetes(Kubernetes{Image: "crucible", Claim: "data"})
		if !errors.Is(err, ErrScenarioFiles) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("got %v, want %q", err, c.want)
		}
	}
}

// itemPathValid is Kubernetes' check of a ConfigMap volume item's path
// (validateLocalNonReservedPath): relative, no ".." element, and not
// beginning with "..".
func itemPathValid(p string) bool {
	return !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "..") && !slices.Contains(strings.Split(p, "/"), "..")
}

// A scenario file whose name begins with ".." (or an included file under
// such a directory) is shipped where Kubernetes accepts it — every file
// under a directory of its own, keeping where each lies beside the
// scenario — and the pods run the scenario from there. Before, the item
// path was "..dots.yaml", which Kubernetes refuses.
func TestKubernetesItemPathsAreValid(t *testing.T) {
	j := jobs["file"]
	j.Scenario.Ref = "..dots.yaml"
	j.Scenario.Includes = []Include{{Name: "..maps/line.json", Src: []byte(`{}`)}}
	src, err := j.Kubernetes(Kubernetes{Image: "crucible", Claim: "data"})
	if err != nil {
		t.Fatal(err)
	}
	m := decodeManifest(t, src)
	var paths []string
	for _, it := range m.shards.Spec.Template.Spec.Volumes[1].ConfigMap.Items {
		if !itemPathValid(it.Path) {
			t.Errorf("item %s: path %q, which Kubernetes refuses", it.Key, it.Path)
		}
		paths = append(paths, it.Path)
	}
	if want := []string{"files/..dots.yaml", "files/..maps/line.json"}; !slices.Equal(paths, want) {
		t.Errorf("items %q, want %q", paths, want)
	}
	if cmd := m.shards.Spec.Template.Spec.Containers[0].Command[2]; !strings.Contains(cmd, " run /scenario/files/..dots.yaml ") {
		t.Errorf("the pods do not run the shipped scenario: %s", cmd)
	}
}
