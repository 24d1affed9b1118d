package exact

import (
	"context"
	"testing"

	"github.com/crucible-sim/crucible/rules/emojispace"
	"github.com/crucible-sim/crucible/rules/rulestest"
)

// The chain is the one the walk solves (rulestest.ChainAgrees).
func TestChainAgreesWithSolve(t *testing.T) {
	for _, name := range []string{"p0-vs-n1a", "p1-vs-n2a", "mantis-weapons-vs-n3b"} {
		t.Run(name, func(t *testing.T) {
			n := loadBuiltin(t, name)
			b, err := emojispace.Compile(n)
			if err != nil {
				t.Fatal(err)
			}
			want, err := Solve(context.Background(), b, Options{})
			if err != nil {
				t.Fatal(err)
			}
			ch, err := registered{}.Chain(context.Background(), n)
			if err != nil {
				t.Fatal(err)
			}
			rulestest.ChainAgrees(t, ch, want)
		})
	}
}
