package batch

import (
	"bytes"
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"
)

// ErrScenarioFiles is the error (wrapped, with the reason) of a scenario
// whose files a job cannot take to where it runs: the scenario's fault,
// not the flags'.
var ErrScenarioFiles = errors.New("cannot ship the scenario's files with the job")

// MaxConfigMap is the most bytes of files a ConfigMap holds: Kubernetes
// refuses a larger one.
const MaxConfigMap = 1 << 20

// shippedFile is a file a job ships to the pods' ScenarioMount: its
// ConfigMap key, its path in the mount and its bytes.
type shippedFile struct {
	key, path string
	src       []byte
}

// besideDir is where, in ScenarioMount, the scenario file and the files it
// names beside it go when one of their paths begins with "..", which
// Kubernetes refuses as a volume item's path even when it names no parent
// ("..dots.yaml"): one directory down, each keeps its place beside the
// scenario.
const besideDir = "files"

// shipped returns the files a pod needs in ScenarioMount — the scenario
// file, then each file it includes, at the path the scenario names it by,
// so that a pod reads the bytes read here and the run has the scenario
// hash it has here — and the job as the pods run it: an override that
// names a file names its copy instead. It refuses, before any pod starts,
// what a pod could not read: a file the scenario file names outside its
// own directory (a pod sees only ScenarioMount), two files for one path,
// and more than a ConfigMap holds.
func (j Job) shipped() ([]shippedFile, Job, error) {
	pod := j
	pod.Sets = slices.Clone(j.Sets)
	var files []shippedFile
	add := func(key, p string, src []byte) error {
		for _, f := range files {
			if f.path == p && !bytes.Equal(f.src, src) {
				return fmt.Errorf("%w: two different files would be %s/%s", ErrScenarioFiles, ScenarioMount, p)
			}
			if f.path == p {
				return nil
			}
		}
		files = append(files, shippedFile{key, p, src})
		return nil
	}
	var beside []int // the files that lie beside the scenario, by index
	if !j.Scenario.Builtin() {
		add("scenario", path.Base(j.Scenario.Ref), j.Scenario.Source)
		beside = append(beside, 0)
	}
	for i, inc := range j.Scenario.Includes {
		p := path.Clean(inc.Name)
		if inc.Override == "" && !local(p) {
			return nil, pod, fmt.Errorf("%w: the scenario file includes %s, outside its own directory, and a pod sees only the files shipped beside the scenario; move the file into the scenario file's directory (or below it) and name it from there",
				ErrScenarioFiles, inc.Name)
		}
		if inc.Override != "" {
			p = fmt.Sprintf("set-%d/%s", i, path.Base(p))
			if !pod.rename(inc.Override, ScenarioMount+"/"+p) {
				return nil, pod, fmt.Errorf("%w: the override %s that names %s is not among the job's --set", ErrScenarioFiles, inc.Override, inc.Name)
			}
		}
		n := len(files)
		if err := add(fmt.Sprintf("include-%d", i), p, inc.Src); err != nil {
			return nil, pod, err
		}
		if inc.Override == "" && len(files) > n {
			beside = append(beside, n)
		}
	}
	if slices.ContainsFunc(beside, func(k int) bool { return strings.HasPrefix(files[k].path, "..") }) {
		for _, k := range beside {
			files[k].path = besideDir + "/" + files[k].path
		}
	}
	size := 0
	for _, f := range files {
		size += len(f.src)
	}
	if size > MaxConfigMap {
		return nil, pod, fmt.Errorf("%w: its files come to %d bytes, more than the %d (1 MiB) a ConfigMap holds", ErrScenarioFiles, size, MaxConfigMap)
	}
	return files, pod, nil
}

// rename makes every override equal to assignment (field=file) name the
// file at p instead, and reports whether there was one.
func (j *Job) rename(assignment, p string) bool {
	field, _, _ := strings.Cut(assignment, "=")
	found := false
	for i, s := range j.Sets {
		if s == assignment {
			j.Sets[i], found = field+"="+p, true
		}
	}
	return found
}

// local reports whether a cleaned path stays inside the directory it is
// relative to.
func local(p string) bool {
	return !path.IsAbs(p) && p != ".." && !strings.HasPrefix(p, "../") && !strings.Contains(p, `\`)
}
