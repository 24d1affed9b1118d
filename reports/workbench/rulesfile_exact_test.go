package workbench_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/reports/workbench"
)

// The page's odds of a rules-file scenario come with its exact solution,
// from the solver rules files register, as for a Go ruleset: the built-in
// 2d6 duel is an even race, and edited so that a's duellist has 4 hit
// points against 5 it wins 93/256 (each decided round a fair coin: a wins
// when it takes 5 rounds before b takes 4, Σ_{k<4} C(4+k, k) / 2^(5+k)).
func TestRulesFileOddsAreExact(t *testing.T) {
	t.Parallel()
	_, hs := newTestServer(t, workbench.Config{})
	tab := openTab(t, hs.URL, "rulesfile")
	text := builtinText(t, hs.URL, "rulesfile/duel2d6")
	edited := strings.Replace(text, "a: {units: {duellist: 1}}", "a: {units: {hero: 1}, designs: {hero: {base: duellist, hp: 4}}}", 1)
	if edited == text {
		t.Fatalf("the built-in's text has no line a: {units: {duellist: 1}}:\n%s", text)
	}
	for _, c := range []struct {
		text string
		a    float64
	}{{text, 0.5}, {edited, 93.0 / 256}} {
		status, r := post(t, hs.URL, "/api/odds", map[string]any{"tab": "rulesfile", "job": nextJob(), "name": "rulesfile/duel2d6", "builtin": "rulesfile/duel2d6", "text": c.text, "seed": 1, "trials": 200})
		if status != 200 {
			t.Fatalf("%d %v", status, r)
		}
		_, exact := tab.final(t, r["job"].(float64), time.Minute)
		if exact.Kind == "" { // the solve, beside the run, may end after it
			exact = tab.answer(t, r["job"].(float64), "exact", time.Minute)
		}
		raw, _ := json.Marshal(exact.Data["result"])
		var sol struct{ Exact struct{ A, B float64 } }
		if err := json.Unmarshal(raw, &sol); err != nil || exact.Data["error"] != nil {
			t.Fatalf("the exact event: %v %v %s", err, exact.Data["error"], raw)
		}
		if d := sol.Exact.A - c.a; d > 1e-12 || d < -1e-12 || sol.Exact.A+sol.Exact.B < 1-1e-12 {
			t.Errorf("P(a wins) = %v, P(b wins) = %v; want %v and %v", sol.Exact.A, sol.Exact.B, c.a, 1-c.a)
		}
	}
}
