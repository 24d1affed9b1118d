#!/bin/sh
# Written by crucible batch slurm: the scenario stratfight/jorah-vs-mountain in 3 shards
# (30000 trials, seed 7) as a Slurm job array, then a job that merges them.
#
# Submit it from a login node, in the directory the relative paths below start from:
#     sh THIS-FILE
# It submits the array, one task per shard, and the merge job, which runs once every
# task has succeeded (--dependency=afterok) and is cancelled if one fails
# (--kill-on-invalid-dep=yes). Every node must see this directory and run the same
# crucible. sbatch takes a partition, an account and a time limit from SBATCH_PARTITION,
# SBATCH_ACCOUNT and SBATCH_TIMELIMIT when they are set.
#
# Shard results and logs: crucible-shards/
# Merged report:          crucible-report/ (summary.json, summary.csv, index.html, plots)
set -eu
mkdir -p crucible-shards
array=$(sbatch --parsable --job-name=crucible-stratfight-jorah-vs-mountain --array=0-2 --output=crucible-shards/shard-%a.log <<'CRUCIBLE_SHARD'
#!/bin/sh
set -eu
exec crucible run stratfight/jorah-vs-mountain --seed 7 --trials 30000 --shard $SLURM_ARRAY_TASK_ID/3 --format json >crucible-shards/shard-$SLURM_ARRAY_TASK_ID.json
CRUCIBLE_SHARD
)
array=${array%%;*}
merge=$(sbatch --parsable --job-name=crucible-stratfight-jorah-vs-mountain-merge --dependency=afterok:"$array" --kill-on-invalid-dep=yes --output=crucible-shards/merge.log <<'CRUCIBLE_MERGE'
#!/bin/sh
set -eu
exec crucible merge --format json --out crucible-report crucible-shards/shard-0.json crucible-shards/shard-1.json crucible-shards/shard-2.json
CRUCIBLE_MERGE
)
merge=${merge%%;*}
echo "crucible: submitted the shards as job array $array and the merge as job $merge"
