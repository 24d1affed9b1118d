package batch

import (
	"bytes"
	"encoding/base64"
	"text/template"
	"unicode/utf8"
)

// Kubernetes is where a job runs on Kubernetes.
type Kubernetes struct {
	// Image is the container image; crucible must be on its PATH (or
	// where Job.Crucible says), with /bin/sh beside it.
	Image string
	// Claim is the PersistentVolumeClaim every pod mounts at DataMount:
	// the shard results and the report go there, so it must allow
	// ReadWriteMany when pods run on several nodes.
	Claim string
}

// Where the pods mount the shared volume and the scenario file.
const (
	DataMount     = "/data"
	ScenarioMount = "/scenario"
)

// The pod failures a Job retries: a shard pod evicted or on a node that
// died runs again (same index, same trials, same bytes); a merge fails
// again on the same files, so it is retried once, for a lost node.
const (
	backoffShards = 6
	backoffMerge  = 1
)

// Kubernetes returns the manifest that runs the job on Kubernetes: a
// ConfigMap holding the scenario's files (see shipped; none for a built-in
// scenario that includes nothing), an Indexed Job whose pod of
// completion index K runs shard K/N (K from JOB_COMPLETION_INDEX), and a
// merge Job created suspended. Kubernetes knows no dependencies between
// Jobs: the operator (or the manifest's header, which says how) resumes the
// merge Job once the shards Job is complete. Dir and Out are relative to
// the claim's root.
func (j Job) Kubernetes(k Kubernetes) ([]byte, error) {
	if err := j.Check(); err != nil {
		return nil, err
	}
	if err := k.check(); err != nil {
		return nil, err
	}
	dir, err := relative("--dir", j.Dir)
	if err != nil {
		return nil, err
	}
	out, err := relative("--out", j.Out)
	if err != nil {
		return nil, err
	}
	d, err := j.kubeData(k, DataMount+"/"+dir, DataMount+"/"+out)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	err = kubeManifest.Execute(&b, d)
	return b.Bytes(), err
}

// kubeData returns the values of the manifest of a checked job whose
// shards and report go to dir and out in the pods.
func (j Job) kubeData(k Kubernetes, dir, out string) (kubeData, error) {
	d := kubeData{Job: j, Dir: dir, Out: out, DataMount: DataMount, ScenarioMount: ScenarioMount,
		QName: yamlQuote(j.Name), QShards: yamlQuote(j.Name + "-shards"), QMerge: yamlQuote(j.Name + "-merge"),
		QConfig: yamlQuote(j.Name + "-scenario"), Image: yamlQuote(k.Image), Claim: yamlQuote(k.Claim), ClaimName: k.Claim,
		Scenario: j.Scenario.Ref, BackoffShards: backoffShards, BackoffMerge: backoffMerge}
	files, pod, err := j.shipped()
	if err != nil {
		return d, err
	}
	if !j.Scenario.Builtin() {
		d.Scenario = ScenarioMount + "/" + files[0].path // the scenario file comes first
	}
	for _, f := range files {
		kf := kubeFile{Key: f.key, Path: yamlQuote(f.path)}
		if kf.Data, kf.Binary = configMapData(f.src); kf.Binary {
			d.Binary = append(d.Binary, kf)
		} else {
			d.Text = append(d.Text, kf)
		}
		d.Files = append(d.Files, kf)
	}
	d.Shard = yamlQuote("mkdir -p " + shellQuote(dir) + " && " + pod.shardCommand(d.Scenario, dir, "JOB_COMPLETION_INDEX"))
	for _, a := range j.mergeArgs(dir, out) {
		d.Merge = append(d.Merge, yamlQuote(a))
	}
	return d, nil
}

func (k Kubernetes) check() error {
	if err := checkText("--image", k.Image); err != nil {
		return err
	}
	return checkDNS("--pvc", k.Claim, 253, ".", "lower-case letters, digits, '-' and '.' (a PersistentVolumeClaim's name)")
}

// configMapData returns a scenario file as the value of a ConfigMap's
// data key, or, for a file that is not UTF-8, which data cannot hold, of
// its binaryData key.
func configMapData(src []byte) (data string, binary bool) {
	if !utf8.Valid(src) {
		return yamlQuote(base64.StdEncoding.EncodeToString(src)), true
	}
	return yamlText(string(src), 2), false
}

type kubeData struct {
	Job
	Dir, Out                        string // where the shards and the report go in the pods
	DataMount, ScenarioMount        string
	QName, QShards, QMerge, QConfig string // names, quoted
	Image, Claim                    string // quoted
	ClaimName                       string
	// Scenario is the scenario as the pods name it.
	Scenario string
	// Files are the files the ConfigMap ships, in ScenarioMount: Text
	// those under its data key, Binary (not UTF-8) those under binaryData.
	Files, Text, Binary []kubeFile
	Shard               string   // the shard pods' shell command, quoted
	Merge               []string // the merge pod's command, each word quoted
	BackoffShards       int
	BackoffMerge        int
}

// kubeFile is a file of the ConfigMap: its key, its path in
// ScenarioMount (quoted) and its contents (quoted).
type kubeFile struct {
	Key, Path, Data string
	Binary          bool
}

// The manifest is written from a template, not marshalled from the API
// types, so that crucible does not link the Kubernetes libraries; the tests
// decode it strictly into those types. Every value from a flag is
// double-quoted (yamlQuote), so none can turn into a number, a boolean or
// YAML structure.
var kubeManifest = template.Must(template.New("k8s").Parse(`# Written by crucible batch k8s: the scenario {{.Scenario}} in {{.Shards}} shards
# ({{.Trials}} trials, seed {{.Seed}}) as a Kubernetes Indexed Job, then a Job that merges them.
#
# Kubernetes starts no Job after another, so the merge Job is created suspended. Run:
#     kubectl apply -f THIS-FILE
#     kubectl wait --for=condition=complete --timeout=24h job/{{.Name}}-shards
#     kubectl patch job/{{.Name}}-merge --type=merge -p '{"spec":{"suspend":false}}'
# If a shard fails for good, the shards Job ends Failed, the wait gives up and the merge
# never runs. kubectl delete -f THIS-FILE removes everything but the results.
#
# Every pod mounts the PersistentVolumeClaim {{.ClaimName}} at {{.DataMount}} (ReadWriteMany when
# pods run on several nodes); the image needs crucible on its PATH and /bin/sh.
# Shard results: {{.Dir}}/
# Merged report: {{.Out}}/ (summary.json, summary.csv, index.html, plots)
{{- if .Files}}
apiVersion: v1
kind: ConfigMap
metadata:
  name: {{.QConfig}}
  labels:
    app.kubernetes.io/name: crucible
    app.kubernetes.io/instance: {{.QName}}
{{- if .Text}}
data:
{{- range .Text}}
  {{.Key}}: {{.Data}}
{{- end}}
{{- end}}
{{- if .Binary}}
binaryData:
{{- range .Binary}}
  {{.Key}}: {{.Data}}
{{- end}}
{{- end}}
---
{{- end}}
apiVersion: batch/v1
kind: Job
metadata:
  name: {{.QShards}}
  labels:
    app.kubernetes.io/name: crucible
    app.kubernetes.io/instance: {{.QName}}
spec:
  completionMode: Indexed
  completions: {{.Shards}}
  parallelism: {{.Shards}}
  backoffLimit: {{.BackoffShards}}
  template:
    metadata:
      labels:
        app.kubernetes.io/name: crucible
        app.kubernetes.io/instance: {{.QName}}
    spec:
      restartPolicy: Never
      containers:
        - name: shard
          image: {{.Image}}
          command:
            - /bin/sh
            - -c
            - {{.Shard}}
          volumeMounts:
            - name: data
              mountPath: {{.DataMount}}
{{- if .Files}}
            - name: scenario
              mountPath: {{.ScenarioMount}}
              readOnly: true
{{- end}}
      volumes:
        - name: data
          persistentVolumeClaim:
            claimName: {{.Claim}}
{{- if .Files}}
        - name: scenario
          configMap:
            name: {{.QConfig}}
            items:
{{- range .Files}}
              - key: {{.Key}}
                path: {{.Path}}
{{- end}}
{{- end}}
---
apiVersion: batch/v1
kind: Job
metadata:
  name: {{.QMerge}}
  labels:
    app.kubernetes.io/name: crucible
    app.kubernetes.io/instance: {{.QName}}
spec:
  suspend: true
  backoffLimit: {{.BackoffMerge}}
  template:
    metadata:
      labels:
        app.kubernetes.io/name: crucible
        app.kubernetes.io/instance: {{.QName}}
    spec:
      restartPolicy: Never
      containers:
        - name: merge
          image: {{.Image}}
          command:
{{- range .Merge}}
            - {{.}}
{{- end}}
          volumeMounts:
            - name: data
              mountPath: {{.DataMount}}
      volumes:
        - name: data
          persistentVolumeClaim:
            claimName: {{.Claim}}
`))
