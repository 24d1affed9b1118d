package reports

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/reports/outdir"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/sim"
)

// A scenario's name gives a file name that fits (with its temporary's
// additions) in NAME_MAX, is valid UTF-8, reads as the name, and stays
// apart from another long name with the same beginning.
func TestTrialTableFileFits(t *testing.T) {
	long := strings.Repeat("x", 300)
	for _, c := range []struct {
		name, want string // want: the file name, or its beginning when cut
		cut        bool
	}{
		{"ec4x/suite-500", "trials-ec4x-suite-500.csv", false},
		{"my duel", "trials-my duel.csv", false},
		{long, "trials-" + long[:outdir.MaxFileName-len("trials--12345678.csv")], true},
		{long + "y", "trials-" + long[:outdir.MaxFileName-len("trials--12345678.csv")], true},
		{"x" + strings.Repeat("é", 150), "trials-x" + strings.Repeat("é", 108) + "-", true}, // cut between characters
	} {
		got := TrialTableFile(c.name)
		if !c.cut && got != c.want || c.cut && !strings.HasPrefix(got, c.want) {
			t.Errorf("%.20s…: %s, want %s", c.name, got, c.want)
		}
		if len(got) > outdir.MaxFileName || len("."+got+".tmp0123456789ab") > 255 || !utf8.ValidString(got) || !strings.HasSuffix(got, ".csv") {
			t.Errorf("%.20s…: %d bytes, %s", c.name, len(got), got)
		}
	}
	if TrialTableFile(long) == TrialTableFile(long+"y") {
		t.Error("two long names with one beginning give one file name")
	}
}

// tableBattle is a battle that lists its trials, for the names of its
// per-trial tables only.
type tableBattle struct{ rules.Battle }

func (tableBattle) TrialColumns() []string                  { return nil }
func (tableBattle) TrialRow(int64, *rules.Outcome) []string { return nil }

// Scenarios whose names give one file name (a/b and a-b) get per-trial
// tables of distinct names in one report.
func TestTrialTablesApart(t *testing.T) {
	var results []*analysis.Result
	for _, name := range []string{"a/b", "a-b", "c/d"} {
		results = append(results, &analysis.Result{Scenario: name, Battle: tableBattle{}, Planned: 1, Tally: &sim.Tally{Trials: 1}})
	}
	seen := map[string]bool{}
	for _, f := range trialTables(results) {
		if seen[f.Name] {
			t.Errorf("two tables named %s", f.Name)
		}
		seen[f.Name] = true
	}
	if len(seen) != 3 || !seen["trials-c-d.csv"] {
		t.Errorf("tables %v, want three, trials-c-d.csv as it was", seen)
	}
}
