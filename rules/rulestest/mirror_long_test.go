//go:build long

package rulestest_test

import (
	"context"
	"testing"
)

// The kit's own mirrored scenarios are even: the toy's side a and side b
// win within ±1 point of each other (two one-sided tests at α = 0.01 on
// 250,000 games), and the lopsided toy's 9-point edge is not.
func TestToyMirrorEvenLong(t *testing.T) {
	for flaw, even := range map[string]bool{"": true, "lopsided": false} {
		plays, err := kit(flaw).MirrorPlays(true)
		if err != nil || len(plays) != 2 {
			t.Fatalf("%d plays: %v", len(plays), err)
		}
		for _, p := range plays {
			e, err := p.Edge(context.Background(), 29, 250_000)
			if err != nil {
				t.Fatal(err)
			}
			if got := e.Within(0.01, 0.01); got != even {
				t.Errorf("flaw %q, %s: edge %+.2f ± %.2f points, within ±1: %v", flaw, p, 100*e.Edge, 100*e.StdErr, got)
			}
		}
	}
}
