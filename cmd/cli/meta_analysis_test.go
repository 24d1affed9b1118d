package cli

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/analysis/meta"
)

// metaAnalysisJSON is the part of meta's JSON that says what the
// analysis spent.
type metaAnalysisJSON struct {
	Analysis struct {
		Operations, Budget int64
		Complete           bool
	}
	SupportRobustness struct{ Resamples int } `json:"support_robustness"`
}

// --analysis-budget bounds the analysis: spent among the resamples, the
// robustness is counted over those done and the output says so; spent
// before the equilibrium, meta says what is not computed, and with --out
// the fought cells stay in the checkpoint, from which --resume with a
// larger budget analyses them without fighting again.
func TestMetaAnalysisBudget(t *testing.T) {
	t.Parallel()
	args := []string{"meta", "stratfight/fighters", "--seed", "1", "--precision", "20", "--first-trials", "200"}
	var whole metaAnalysisJSON
	wholeJSON := mustRun(t, append(args, "--format", "json")...)
	if err := json.Unmarshal([]byte(wholeJSON), &whole); err != nil || !whole.Analysis.Complete || whole.SupportRobustness.Resamples != meta.Resamples {
		t.Fatalf("%+v %v", whole, err)
	}
	half := fmt.Sprint(whole.Analysis.Operations / 2)
	var cut metaAnalysisJSON
	if err := json.Unmarshal([]byte(mustRun(t, append(args, "--format", "json", "--analysis-budget", half)...)), &cut); err != nil {
		t.Fatal(err)
	}
	k := cut.SupportRobustness.Resamples
	if cut.Analysis.Complete || k <= 0 || k >= meta.Resamples {
		t.Errorf("half the budget: %+v", cut)
	}
	table := mustRun(t, append(args, "--analysis-budget", half)...)
	want := fmt.Sprintf("note: the analysis's budget of %s operations (--analysis-budget) ran out after %d of the %d resamples of the robustness", half, k, meta.Resamples)
	if !strings.Contains(table, want) || !strings.Contains(table, fmt.Sprintf("kept: the share of %d resamples", k)) {
		t.Errorf("the table does not say the budget ran out (%q):\n%s", want, table)
	}
	dir := filepath.Join(t.TempDir(), "meta")
	mustFail(t, exitFailed, "ran out while computing the equilibrium: the matrix is fought and its dominance and cycles are read, but the equilibrium and what follows are not; raise the budget (--analysis-budget 10); the fought cells are kept in "+filepath.Join(dir, "checkpoint.json")+", which --resume analyses",
		append(args, "--format", "json", "--analysis-budget", "10", "--out", dir)...)
	if resumed := mustRun(t, append(args, "--format", "json", "--out", dir, "--resume")...); resumed != wholeJSON {
		t.Error("resumed with the default budget: the output differs from an uninterrupted meta")
	}
}
