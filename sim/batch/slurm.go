package batch

import (
	"bytes"
	"fmt"
	"path"
	"strings"
	"text/template"
)

// Slurm returns a shell script that submits the job to Slurm: a job array
// with one task per shard, and a merge job that depends on the whole array
// succeeding (afterok) and is cancelled when a task fails. Slurm nodes share
// a filesystem, so the scenario is read where Ref names it (a file's Ref
// should be absolute) and Dir and Out are relative to the directory the
// script is run from.
func (j Job) Slurm() ([]byte, error) {
	if err := j.Check(); err != nil {
		return nil, err
	}
	if strings.Contains(j.Dir, `\`) {
		// In a Slurm file name a backslash turns off every %-pattern, so
		// every task would write the same log.
		return nil, fmt.Errorf("--dir %q: Slurm does not expand log names holding a backslash; allowed: a path without one", j.Dir)
	}
	dir, out := path.Clean(j.Dir), path.Clean(j.Out)
	var b bytes.Buffer
	err := slurmScript.Execute(&b, slurmData{
		Job: j, Dir: dir, Out: out,
		QDir:      shellQuote(dir),
		QName:     shellQuote(j.Name),
		QMerge:    shellQuote(j.Name + "-merge"),
		Last:      j.Shards - 1,
		ShardLog:  shellQuote(slurmPattern(dir) + "/shard-%a.log"),
		MergeLog:  shellQuote(slurmPattern(dir) + "/merge.log"),
		Shard:     j.shardCommand(j.Scenario.Ref, dir, "SLURM_ARRAY_TASK_ID"),
		MergeLine: "exec " + ShellJoin(j.mergeArgs(dir, out)),
	})
	return b.Bytes(), err
}

// slurmPattern escapes the '%' of a path that Slurm reads as a file name
// pattern, where %a is the array index and %% a '%'.
func slurmPattern(p string) string { return strings.ReplaceAll(p, "%", "%%") }

type slurmData struct {
	Job
	Dir, Out, QDir, QName, QMerge string
	Last                          int64
	ShardLog, MergeLog            string
	Shard, MergeLine              string
}

// The batch scripts go to sbatch as here-documents with quoted delimiters,
// so that the login shell expands nothing in them; no line of theirs can be
// a delimiter, since no argument holds a line break (Check).
var slurmScript = template.Must(template.New("slurm").Parse(`#!/bin/sh
# Written by crucible batch slurm: the scenario {{.Scenario.Ref}} in {{.Shards}} shards
# ({{.Trials}} trials, seed {{.Seed}}) as a Slurm job array, then a job that merges them.
#
# Submit it from a login node, in the directory the relative paths below start from:
#     sh THIS-FILE
# It submits the array, one task per shard, and the merge job, which runs once every
# task has succeeded (--dependency=afterok) and is cancelled if one fails
# (--kill-on-invalid-dep=yes). Every node must see this directory and run the same
# crucible. sbatch takes a partition, an account and a time limit from SBATCH_PARTITION,
# SBATCH_ACCOUNT and SBATCH_TIMELIMIT when they are set.
#
# Shard results and logs: {{.Dir}}/
# Merged report:          {{.Out}}/ (summary.json, summary.csv, index.html, plots)
set -eu
mkdir -p {{.QDir}}
array=$(sbatch --parsable --job-name={{.QName}} --array=0-{{.Last}} --output={{.ShardLog}} <<'CRUCIBLE_SHARD'
#!/bin/sh
set -eu
{{.Shard}}
CRUCIBLE_SHARD
)
array=${array%%;*}
merge=$(sbatch --parsable --job-name={{.QMerge}} --dependency=afterok:"$array" --kill-on-invalid-dep=yes --output={{.MergeLog}} <<'CRUCIBLE_MERGE'
#!/bin/sh
set -eu
{{.MergeLine}}
CRUCIBLE_MERGE
)
merge=${merge%%;*}
echo "crucible: submitted the shards as job array $array and the merge as job $merge"
`))
