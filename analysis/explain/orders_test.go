package explain

import (
	"context"
	"errors"
	"math"
	"reflect"
	"runtime"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
)

// By sampled orders, one a trial, the part values of the Gunboat agree
// with the exact ones within 4.5 standard errors (a false alarm about once
// in 150,000 per value; the seed is fixed, so the test never flakes); each
// trial's values add up to its v(all) − v(none), so the estimates do
// exactly; the whole side's share is that of the same trials fought as
// they are; and the answer is the same on one processor as on several.
func TestAttributeOrdersAgreesWithExact(t *testing.T) {
	sc, err := scenarios.Parse("gunboat.yaml", "gunboat", []byte(gunboatAsWritten))
	if err != nil {
		t.Fatal(err)
	}
	exact, err := Attribute(context.Background(), sc, rules.A, rules.Parts)
	if err != nil {
		t.Fatal(err)
	}
	const n = 8000
	s := Sampling{Seed: 13, Trials: n}
	mc, err := AttributeOrders(context.Background(), sc, rules.A, rules.Parts, s)
	if err != nil {
		t.Fatal(err)
	}
	total := agreesWithin(t, mc, exact)
	if math.Abs(total-(mc.All-mc.None)) > 1e-12 || !mc.Orders {
		t.Errorf("values sum to %v, all %v less none %v", total, mc.All, mc.None)
	}
	if w := wins(t, sc, rules.A, 13, n); mc.All != w {
		t.Errorf("all %v, the same trials fought %v", mc.All, w)
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	one, err := AttributeOrders(context.Background(), sc, rules.A, rules.Parts, s)
	if err != nil {
		t.Fatal(err)
	}
	one.cut, mc.cut = nil, nil
	if !reflect.DeepEqual(one, mc) {
		t.Errorf("one processor:\n%+v\nseveral:\n%+v", one, mc)
	}
}

// A side with more coalitions than an attribution fights every one of is
// refused with ErrTooManyCoalitions, which the command answers by sampled
// orders.
func TestAttributeTooManyCoalitions(t *testing.T) {
	sc := load(t, "dbd/symmetric_screen")
	_, err := AttributeSampled(context.Background(), sc, rules.A, rules.Units, Sampling{Seed: 1, Trials: 1})
	if !errors.Is(err, ErrTooManyCoalitions) {
		t.Errorf("err = %v, want ErrTooManyCoalitions", err)
	}
}

// An attribution by sampled orders stops when its context ends.
func TestAttributeOrdersStopsOnCancellation(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := AttributeOrders(ctx, load(t, "eclipse/two-cruisers-vs-interceptor-and-cruiser"), rules.B, rules.Units, Sampling{Seed: 1, Trials: 100000})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}
