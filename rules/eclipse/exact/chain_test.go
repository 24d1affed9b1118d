package exact

import (
	"context"
	"testing"

	"github.com/crucible-sim/crucible/rules/eclipse"
	"github.com/crucible-sim/crucible/rules/rulestest"
)

// The chain is the one Solve solves (rulestest.ChainAgrees).
func TestChainAgreesWithSolve(t *testing.T) {
	for _, name := range []string{"interceptor-duel", "two-interceptors-vs-ancient", "interceptors-retreat-when-losing", "missile-interceptor-vs-ancient"} {
		t.Run(name, func(t *testing.T) {
			c, err := eclipse.Compile(loadBuiltin(t, name))
			if err != nil {
				t.Fatal(err)
			}
			want, err := Solve(context.Background(), c, Options{})
			if err != nil {
				t.Fatal(err)
			}
			ch, err := ChainOf(context.Background(), c, Options{})
			if err != nil {
				t.Fatal(err)
			}
			rulestest.ChainAgrees(t, ch, want)
		})
	}
}
