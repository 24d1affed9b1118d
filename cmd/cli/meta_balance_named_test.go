package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

// namedBase is three Interceptor designs with a hull: the first two alike
// (an Ion Cannon on a Nuclear Source's 3 energy), the third with a computer
// where they have the cannon, on a Fusion Source (6 energy).
const namedBase = `ruleset: eclipse
description: "three Interceptor designs; the third has a computer where the others have a cannon"
blueprints:
  - {name: Alpha, base: Interceptor, parts: [Ion Cannon, Nuclear Drive, Nuclear Source, Hull]}
  - {name: Beta, base: Interceptor, parts: [Ion Cannon, Nuclear Drive, Nuclear Source, Hull]}
  - {name: Gamma, base: Interceptor, parts: [Electron Computer, Nuclear Drive, Fusion Source, Hull]}
attacker:
  ships: {Alpha: 2}
defender:
  ships: {Beta: 2}
`

func namedRoster(t *testing.T, extra string) string {
	t.Helper()
	return designRoster(t, namedBase, extra)
}

// meta --balance takes a grid of names (PATH=A|B|…), so that a search can
// swap a part. The answer is known by hand: a Soliton Cannon (3 energy)
// beside a Nuclear Drive (1) is more than a Nuclear Source's 3, so First
// and Second cannot take it (passed by, with the rules' reason) while
// Third's Fusion Source can; the one change that balances is Third's
// computer → Ion Cannon, which makes it First's and Second's equal in
// battle (a source does not fight; the equilibrium splits equal entries,
// 1/3 each) — a Plasma or Soliton Cannon would make it stronger, a Plasma
// Cannon on First leaves Third unarmed. The start and 1 + 1 + 3
// candidates make 6 matrices. The balanced cells are those of the roster
// with the change written by --set, fought on its own. Before, a grid was
// integers only and parts[0] "not a number".
func TestMetaBalanceNamedValues(t *testing.T) {
	t.Parallel()
	var v struct {
		Balance struct {
			Balanced bool
			Matrices int
			Changes  []struct{ Entry, Path, From, To string }
			Refused  []struct{ Entry, Path, Value, Why string }
		}
		Meta metaJSON
	}
	out := mustRun(t, "meta", namedRoster(t, ""), "--seed", "1", "--balance", "blueprints[*].parts[0]=Ion Cannon|Plasma Cannon|Soliton Cannon", "--format", "json")
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	want := struct{ Entry, Path, From, To string }{"Third", "blueprints[Gamma].parts[0]", "Electron Computer", "Ion Cannon"}
	if !v.Balance.Balanced || v.Balance.Matrices != 6 || len(v.Balance.Changes) != 1 || v.Balance.Changes[0] != want {
		t.Fatalf("balance: %+v, want balanced after 6 matrices by %+v", v.Balance, want)
	}
	refused := v.Balance.Refused
	if len(refused) != 2 || refused[0].Entry != "First" || refused[1].Entry != "Second" || refused[0].Value != "Soliton Cannon" || refused[1].Path != "blueprints[Beta].parts[0]" ||
		!strings.HasSuffix(refused[0].Why, "base.yaml:4:45: blueprints[0].parts: blueprint Alpha uses 4 energy but produces only 3 (printed 0 + sources; limit: consumption ≤ 3)") {
		t.Errorf("refused: %+v", refused)
	}
	var set metaJSON
	if err := json.Unmarshal([]byte(mustRun(t, "meta", namedRoster(t, "set: [\"blueprints[Gamma].parts[0]=Ion Cannon\"]\n"), "--seed", "1", "--format", "json")), &set); err != nil {
		t.Fatal(err)
	}
	for i := range set.Payoff {
		for j := range set.Payoff[i] {
			if got, want := v.Meta.Payoff[i][j], set.Payoff[i][j]; got != want || !got.Exact {
				t.Errorf("cell (%d, %d): balanced %+v, written by --set %+v", i, j, got, want)
			}
		}
	}
}

// A name no entry's field takes is refused before any fight with the
// rules' located error, the names allowed and the nearest; a grid of names
// that repeats one, or leaves one empty, is a usage error.
func TestMetaBalanceNamedValuesRefused(t *testing.T) {
	t.Parallel()
	file := namedRoster(t, "")
	mustFail(t, exitFailed, `--balance blueprints[*].parts[0]=Plasma Canon (entry First: blueprints[Alpha].parts[0]): blueprints[0].parts[0]: unknown part "Plasma Canon" (valid names: Ion Cannon, Plasma Cannon,`,
		"meta", file, "--seed", "1", "--balance", "blueprints[*].parts[0]=Ion Cannon|Plasma Canon")
	mustFail(t, exitFailed, `did you mean "Plasma Cannon"?`,
		"meta", file, "--seed", "1", "--balance", "blueprints[*].parts[0]=Ion Cannon|Plasma Canon")
	for _, grid := range []string{"Ion Cannon|Ion Cannon", "Ion Cannon||Hull", "Ion Cannon|"} {
		mustFail(t, exitUsage, "empty or repeated: allowed: distinct values A|B|…", "meta", file, "--seed", "1", "--balance", "blueprints[*].parts[0]="+grid)
	}
	mustFail(t, exitFailed, "not one value in", "meta", file, "--seed", "1", "--balance", "blueprints[*].parts=Ion Cannon|Hull")
}
