package exact

import (
	"testing"

	"github.com/crucible-sim/crucible/scenarios"
)

// A packed key's bits under Packing.Mask are the part of those integers
// of its state (Packing.Part), for every run of integers of every state
// of a battle's chain: what the Enumerator reads off a node's key.
func TestPackingMask(t *testing.T) {
	sc, err := scenarios.Load("rulesfile/eclipse-two-cruisers-vs-interceptor-and-cruiser")
	if err != nil {
		t.Fatal(err)
	}
	m, err := model(sc.Document())
	if err != nil {
		t.Fatal(err)
	}
	opt := Options{}.withDefaults()
	c, _, _, _, err := solveIn(t.Context(), m, floats{}, opt.MaxStates, opt.MaxSteps, lookFloat, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer release(c)
	if !c.nodes.packed {
		t.Fatal("the battle's states do not pack")
	}
	p := &c.nodes.pack
	var st []int32
	for i := range int32(c.nodes.len()) {
		key := c.nodes.keys64[i]
		_, st = p.Decode(key, st)
		for at := range st {
			for n := 0; at+n <= len(st); n++ {
				if got, want := key&p.Mask(at, n), p.Part(st[at:at+n], at); got != want {
					t.Fatalf("node %d, integers %d..%d: %#x under the mask, part %#x", i, at, at+n-1, got, want)
				}
			}
		}
	}
	if c.nodes.len() < 10 {
		t.Errorf("%d nodes: too few to test", c.nodes.len())
	}
}
