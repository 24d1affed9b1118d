#!/bin/sh
# Written by crucible batch slurm: the scenario /home/ann/my duels/duel.yaml in 4 shards
# (1000000 trials, seed 9007199254740991) as a Slurm job array, then a job that merges them.
#
# Submit it from a login node, in the directory the relative paths below start from:
#     sh THIS-FILE
# It submits the array, one task per shard, and the merge job, which runs once every
# task has succeeded (--dependency=afterok) and is cancelled if one fails
# (--kill-on-invalid-dep=yes). Every node must see this directory and run the same
# crucible. sbatch takes a partition, an account and a time limit from SBATCH_PARTITION,
# SBATCH_ACCOUNT and SBATCH_TIMELIMIT when they are set.
#
# Shard results and logs: runs/50% tie/
# Merged report:          report/ (summary.json, summary.csv, index.html, plots)
set -eu
mkdir -p 'runs/50% tie'
array=$(sbatch --parsable --job-name=crucible-duel --array=0-3 --output='runs/50%% tie/shard-%a.log' <<'CRUCIBLE_SHARD'
#!/bin/sh
set -eu
exec '/opt/crucible 0.2/bin/crucible' run '/home/ann/my duels/duel.yaml' --seed 9007199254740991 --trials 1000000 --set options.round-cap=50 --set 'description=Ann'\''s "best" duel: $HOME & 100% true' --set b.fighter=true --shard $SLURM_ARRAY_TASK_ID/4 --format json >'runs/50% tie'/shard-$SLURM_ARRAY_TASK_ID.json
CRUCIBLE_SHARD
)
array=${array%%;*}
merge=$(sbatch --parsable --job-name=crucible-duel-merge --dependency=afterok:"$array" --kill-on-invalid-dep=yes --output='runs/50%% tie/merge.log' <<'CRUCIBLE_MERGE'
#!/bin/sh
set -eu
exec '/opt/crucible 0.2/bin/crucible' merge --format json --out report 'runs/50% tie/shard-0.json' 'runs/50% tie/shard-1.json' 'runs/50% tie/shard-2.json' 'runs/50% tie/shard-3.json'
CRUCIBLE_MERGE
)
merge=${merge%%;*}
echo "crucible: submitted the shards as job array $array and the merge as job $merge"
