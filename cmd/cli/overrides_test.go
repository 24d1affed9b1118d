package cli

import (
	"strings"
	"testing"
)

// --set takes YAML lists and mappings and --unset removes a field, in
// every command with --set; a side switches from npc to ship on the
// command line, and the result is the file's with that side written out.
func TestYAMLSetAndUnset(t *testing.T) {
	t.Parallel()
	ship := mustRun(t, "run", "emojispace/p0-vs-n2b", "--trials", "2000", "--seed", "4", "--format", "csv")
	for _, over := range [][]string{
		// The name selects the streams: the same name, the same battles.
		{"--set", "name=emojispace/p0-vs-n2b", "--unset", "b.npc", "--set", "b.ship=N2b", "--set", "b.policy=default-selector", "--set", "a.policy=default-selector", "--set", "options.profile=contract"},
		{"--set", "name=emojispace/p0-vs-n2b", "--set", "b={ship: N2b, policy: default-selector}", "--set", "a={ship: P0, policy: default-selector}", "--set", "options={profile: contract}"},
	} {
		args := append([]string{"run", "emojispace/p0-vs-blood-raider-pop1", "--trials", "2000", "--seed", "4", "--format", "csv"}, over...)
		npc := mustRun(t, args...)
		// The hashes differ (the documents do); the battles must not:
		// compare the counts column of every row.
		if got, want := countsOf(t, npc), countsOf(t, ship); got != want {
			t.Errorf("crucible %s: counts %s, want those of emojispace/p0-vs-n2b %s", strings.Join(args, " "), got, want)
		}
	}
	for _, args := range [][]string{
		{"validate", "eclipse/interceptor-vs-ancient", "--set", "attacker.policy=priority", "--set", "attacker.priority=[Ancient]"},
		{"exact", "eclipse/interceptor-vs-ancient", "--unset", "claims", "--set", "attacker={ships: {Interceptor: 2}}"},
		{"replay", "stratfight/thug-vs-guard", "--seed", "1", "--set", "a.weapon={damage: 4, lethality: 6}"},
		{"check", "eclipse/interceptor-vs-ancient", "--seed", "1", "--trials", "2000", "--unset", "claims[0]"},
		{"compare", "stratfight/mountain-vs-thug-plate-armor", "--seed", "1", "--trials", "2000", "--unset", "b.armor", "--set-b", "a.weapon={damage: 4, lethality: 6}"},
		{"sweep", "stratfight/mountain-vs-thug-plate-armor", "--seed", "1", "--trials", "1000", "--unset", "b.armor", "--vary", "b.armor=[none, {armor_value: 5}]"},
	} {
		mustRun(t, args...)
	}
	for _, c := range []struct {
		code int
		want string
		args []string
	}{
		{exitUsage, "--set a.weapon={damage: 4: the value is not valid YAML at column", []string{"run", "stratfight/thug-vs-guard", "--seed", "1", "--set", "a.weapon={damage: 4"}},
		{exitUsage, `--unset a..b: empty element in field path "a..b"`, []string{"run", "stratfight/thug-vs-guard", "--seed", "1", "--unset", "a..b"}},
		{exitFailed, `--set a.weapon={damage: 4, lethality: x}: a.weapon.lethality: expected an integer`, []string{"run", "stratfight/thug-vs-guard", "--seed", "1", "--set", "a.weapon={damage: 4, lethality: x}"}},
		{exitFailed, `--unset b.npcc: b: no field "npcc" to remove (fields: npc); did you mean "npc"?`, []string{"validate", "emojispace/p0-vs-blood-raider-pop1", "--unset", "b.npcc"}},
		{exitFailed, "a side is either a ship or an npc, not both", []string{"run", "emojispace/p0-vs-blood-raider-pop1", "--seed", "1", "--set", "b.ship=N2b"}},
	} {
		out, errOut, code := crucible(t, t.Context(), c.args...)
		if code != c.code || !strings.Contains(out+errOut, c.want) {
			t.Errorf("crucible %s: exit %d, %q; want exit %d and %q", strings.Join(c.args, " "), code, out+errOut, c.code, c.want)
		}
	}
}

// countsOf returns the metric and count columns of a run's CSV summary.
func countsOf(t *testing.T, csvText string) string {
	t.Helper()
	rows := readCSV(t, csvText)
	metric, count := -1, -1
	for i, h := range rows[0] {
		switch h {
		case "metric":
			metric = i
		case "count":
			count = i
		}
	}
	if metric < 0 || count < 0 {
		t.Fatalf("no metric and count columns in %q", rows[0])
	}
	var b strings.Builder
	for _, r := range rows[1:] {
		b.WriteString(r[metric] + "=" + r[count] + " ")
	}
	return b.String()
}

// A batch job passes --unset on to every shard, before the --set flags,
// as crucible applies them.
func TestBatchPassesUnset(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "batch", "slurm", "emojispace/p0-vs-blood-raider-pop1", "--shards", "2", "--seed", "3", "--trials", "500",
		"--set", "b.ship=N2b", "--unset", "b.npc")
	if want := "--seed 3 --trials 500 --unset b.npc --set b.ship=N2b --shard"; !strings.Contains(out, want) {
		t.Errorf("the script lacks %q:\n%s", want, out)
	}
}

// "Did you mean": a misspelt command, flag or scenario name suggests the
// nearest known ones (case-insensitive edit distance).
func TestDidYouMean(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		code int
		want string
		args []string
	}{
		{exitUsage, `unknown command "rnu" for "crucible"; did you mean "run"?`, []string{"rnu", "stratfight/thug-vs-guard"}},
		{exitUsage, `unknown command "Sweep" for "crucible"; did you mean "sweep"?`, []string{"Sweep"}},
		{exitUsage, `unknown command "val" for "crucible"; did you mean "validate"?`, []string{"val", "x.yaml"}},
		{exitUsage, `unknown command "fight" for "crucible"` + "\n", []string{"fight"}},
		{exitUsage, `unknown flag: --trails; did you mean "--trials"?`, []string{"run", "stratfight/thug-vs-guard", "--trails", "5"}},
		{exitUsage, `unknown flag: --Seed; did you mean "--seed"?`, []string{"run", "stratfight/thug-vs-guard", "--Seed", "5"}},
		{exitUsage, `unknown shorthand flag: 't' in -trials; did you mean "--trials"?`, []string{"run", "stratfight/thug-vs-guard", "-trials", "5"}},
		{exitUsage, `unknown flag: --varry; did you mean "--vary"?`, []string{"sweep", "stratfight/thug-vs-guard", "--varry", "x=1"}},
		{exitFailed, `eclipse/intercepter-duel: no such file and no built-in scenario of that name; did you mean "eclipse/interceptor-duel"?`, []string{"run", "eclipse/intercepter-duel", "--seed", "1"}},
		{exitFailed, `did you mean "eclipse/interceptor-duel"?`, []string{"check", "eclipse/Interceptor-Duel", "--seed", "1"}},
		{exitFailed, `did you mean "eclipse/interceptor-duel"?`, []string{"replay", "intercepter-duel", "--seed", "1"}},
		{exitFailed, `eclipse/sheilds: no built-in scenario, suite, sweep, tune or roster of that name; did you mean "eclipse/shields"?`, []string{"show", "eclipse/sheilds"}},
		{exitFailed, `eclipse/sheilds: no such file and no built-in sweep or scenario of that name; did you mean "eclipse/shields"?`, []string{"sweep", "eclipse/sheilds", "--seed", "1"}},
	} {
		out, errOut, code := crucible(t, t.Context(), c.args...)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("crucible %s: exit %d, %q; want exit %d and %q", strings.Join(c.args, " "), code, out+errOut, c.code, c.want)
		}
	}
}

// A misspelt --set path on run is answered with the nearest field, and a
// scoped one (check's SCOPE:PATH=VALUE), which run does not take, with the
// unscoped form and what the scenario says of it. Before, the scope was
// read as part of the path: unknown field "eclipse/interceptor-duel:attacker",
// nothing near.
func TestRunSetSuggests(t *testing.T) {
	t.Parallel()
	near := `attacker.shps: unknown field "shps" (allowed: kind, ships, policy, priority, retreat, antimatter-splitter); did you mean "ships"?`
	mustFail(t, exitFailed, near, "run", "eclipse/interceptor-duel", "--trials", "10", "--seed", "1", "--set", "attacker.shps.Interceptor=2")
	mustFail(t, exitUsage, "a scope (eclipse/interceptor-duel:) picks one file of a check; this command sets every scenario it reads with PATH=VALUE; did you mean --set 'attacker.shps.Interceptor=2'? (which says: --set attacker.shps.Interceptor=2: "+near+")",
		"run", "eclipse/interceptor-duel", "--trials", "10", "--seed", "1", "--set", "eclipse/interceptor-duel:attacker.shps.Interceptor=2")
	mustFail(t, exitUsage, "did you mean --set 'attacker.ships.Interceptor=2'?", "meta", "eclipse/cruiser-designs", "--seed", "1", "--set", "designs.yaml:attacker.ships.Interceptor=2")
}
