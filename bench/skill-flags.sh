#!/bin/sh
# bench/skill-flags.sh — every built-in's skill verdict (issue 29 §4),
# into bench/skill-flags.txt: `make skill-list` runs it.
#
# Each built-in is asked with the command that takes --skill for its kind
# (a scenario: run; a suite: check; a tune: tune; a roster: meta; a sweep
# takes none) and the pair of players its ruleset's ladder of skill gives:
#   eclipse      a=kill-greedy,a=optimal and b=kill-greedy,b=optimal (the
#                solver's optimal play against the ruleset's default; the
#                solver plays it exactly, and says so where it cannot);
#   dbd          greedy,search:1k, measured by long runs of their own (a
#                search:1k game costs about 2.5 s of CPU): each board's
#                line of bench/dbd-skill.txt, its verdict first; on a
#                mirrored board (cavalry_hammer, symmetric_double_line,
#                symmetric_screen, symmetric_wings: rules.Mirrored) the
#                move and verdict are the first mover's win share's, as
#                --skill judges it there, BLUE's move after it (nil by
#                the mirror but for chance); the roster asked as the
#                others are; the tune not measured;
#   the others   none: stratfight and ec4x have no built-in policies, and
#                emojispace's and the rules files' policies are styles,
#                none a rung of a ladder of skill (rules.PolicyValue.Rung);
#                the row shows what crucible says when asked.
# A row: NAME | PLAYERS | VERDICT | the verdict's line, or the refusal.
# VERDICT is SKILL-SENSITIVE (the move shown beyond the 5-point
# threshold), holds (shown within), undecided (more trials would decide),
# refused (crucible's usage error, exit 2), beyond the solver (optimal
# is the exact solver's, which does not reach the scenario), no ladder (the ruleset's
# policies are styles: crucible ladder's refusal of its first scenario
# follows) or failed.
set -u
BIN=${BIN:-./crucible}
SEED=${SEED:-29}
TRIALS=${TRIALS:-2000}
OUT=${OUT:-bench/skill-flags.txt}
DBD=${DBD:-bench/dbd-skill.txt}
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

# ask NAME PLAYERS COMMAND…: one row from the command's output.
ask() {
	name=$1 players=$2
	shift 2
	"$@" >"$tmp" 2>&1
	rc=$?
	line=$(grep -E '^(SKILL-SENSITIVE|skill  |Skill: )' "$tmp" | head -n 1)
	case $rc:$line in
	[01]:SKILL-SENSITIVE* | [01]:Skill:*cells\ change*) verdict=SKILL-SENSITIVE ;;
	[01]:*undecided*) verdict=undecided ;;
	[01]:*holds*) verdict=holds ;;
	2:*) verdict=refused line=$(grep '^crucible: ' "$tmp" | grep -v 'random seed' | tail -n 1) ;;
	*) if grep -q 'does not reach the scenario' "$tmp"; then
		verdict="beyond the solver" line=$(grep '^crucible: ' "$tmp" | tail -n 1)
	else
		verdict=failed line=$(tail -n 1 "$tmp")
	fi ;;
	esac
	echo "$name | $players | $verdict | $line"
}

# styles RULESET: crucible ladder's answer on the ruleset's first
# scenario (a suite, tune or roster is no ladder's): whether it has rungs.
styles() {
	first=$("$BIN" scenarios | awk -v r="$1/" 'index($1, r) == 1 && $2 !~ /^\(/ { print $1; exit }')
	"$BIN" ladder "$first" --seed "$SEED" 2>&1 | grep '^crucible: ' | grep -v 'random seed' | tail -n 1
}

# row NAME KIND: the built-in's rows, named with their kind unless a
# scenario (eclipse/cruiser-designs is a scenario and a roster).
row() {
	name=$1 kind=$2
	[ "$kind" = scenario ] || name="$1 ($kind)"
	case $kind in
	sweep)
		echo "$name | - | none | a sweep: --skill is a flag of run, check, compare, tune and meta, not of sweep"
		return ;;
	suite) cmd=check ;;
	tune) cmd=tune ;;
	roster) cmd=meta ;;
	*) cmd=run ;;
	esac
	case ${name%%/*} in
	eclipse)
		for s in a b; do
			ask "$name" "$s=kill-greedy,$s=optimal" "$BIN" "$cmd" "$1" --skill "$s=kill-greedy,$s=optimal" --seed "$SEED" $([ "$cmd" = run ] && echo --trials "$TRIALS")
		done ;;
	dbd)
		if [ -f "$DBD" ] && grep -q "^$1 |" "$DBD"; then
			# The board's line there: NAME | greedy | search:1k | the move | the verdict.
			grep "^$1 |" "$DBD" | awk -F' [|] ' -v p="greedy,search:1k" '{
				v = $5; if (v ~ /^undecided/) v = "undecided"
				print $1 " | " p " | " v " | " $4 "; " $2 "; " $3 }'
		elif [ "$kind" = roster ]; then
			ask "$name" "greedy,search:1k" "$BIN" meta "$1" --skill greedy,search:1k --seed "$SEED"
		else
			echo "$name | greedy,search:1k | not measured | a $kind's axis plays the scenarios its answer rests on at 10,000 trials a level: 10,000 to 20,000 search:1k games (about 2.5 s of CPU each), not played for this list"
		fi ;;
	emojispace | rulesfile)
		echo "$name | none | no ladder | $(styles "${name%%/*}")" ;;
	*)
		ask "$name" "none (no policies)" "$BIN" "$cmd" "$1" --skill random,greedy --seed "$SEED" ;;
	esac
}

{
	echo "# bench/skill-flags.txt — every built-in's skill verdict (issue 29 §4), written by bench/skill-flags.sh (make skill-list)"
	echo "# $(date -u +%Y-%m-%dT%H:%MZ), built from $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . 2>/dev/null || echo ' (with changes)')"
	echo "# \$ $BIN run SCENARIO --skill a=kill-greedy,a=optimal --seed $SEED --trials $TRIALS   (and b=…; check, tune or meta for a suite, tune or roster)"
	echo "# NAME | PLAYERS | VERDICT | line"
	"$BIN" scenarios | while read -r name rest; do
		kind=scenario
		case $rest in
		'(sweep for'*) kind=sweep ;;
		'(suite for'*) kind=suite ;;
		'(tune for'*) kind=tune ;;
		'(roster for'*) kind=roster ;;
		esac
		row "$name" "$kind"
	done
} >"$OUT.new" && mv "$OUT.new" "$OUT"
echo "$OUT: $(grep -vc '^#' "$OUT") rows"
