package cli

import (
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"
)

// Every verdict points at its claim, file:line:column, in each format: the
// table's verdict line, and a position field in JSON and CSV.
func TestVerdictsCarryTheClaimsPosition(t *testing.T) {
	t.Parallel()
	const file = "testdata/duel.yaml"
	const at = file + ":7:5" // the claim's first field, "id:"
	args := []string{"check", file, "--trials", "200", "--seed", "1"}
	if out := mustRun(t, args...); !strings.Contains(out, "someone-wins at "+at+"  ") {
		t.Errorf("table: want the claim's position %s on its verdict line:\n%s", at, out)
	}
	var js struct{ Verdicts []map[string]any }
	out := mustRun(t, append(args, "--format", "json")...)
	if err := json.Unmarshal([]byte(out), &js); err != nil || len(js.Verdicts) != 1 || js.Verdicts[0]["position"] != at {
		t.Errorf("JSON: %v, want position %q:\n%s", err, at, out)
	}
	rows, err := csv.NewReader(strings.NewReader(mustRun(t, append(args, "--format", "csv")...))).ReadAll()
	if err != nil || len(rows) != 2 {
		t.Fatalf("CSV: %v, %d rows", err, len(rows))
	}
	for i, col := range rows[0] {
		if col == "position" && rows[1][i] != at {
			t.Errorf("CSV position %q, want %q", rows[1][i], at)
		}
	}
}
