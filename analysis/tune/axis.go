package tune

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
)

// Axis is the field a tune varies, laid out as the points its search
// may try, numbered from 0: the integers From to To, or on a continuous
// field From, From + Resolution, From + 2·Resolution, … and To.
type Axis struct {
	scenarios.TuneAxis
	// Continuous marks a field of any numbers (its reference says
	// "number", or its range is written with decimals), searched until the
	// bracket is one Resolution wide.
	Continuous   bool
	lo, hi, step *big.Rat
	places       int   // decimals a value is written with
	last         int64 // the index of To
}

// maxTunePoints bounds the points of a continuous axis: a resolution so
// fine is a mistake, though bisection would only need 40 probes.
const maxTunePoints = 1 << 40

// NewAxis lays out the axis a over a field of the ruleset. Whether the
// field is integer, continuous or a field of names comes from the
// ruleset's reference (rules.FieldAt), else from the range as written
// (integer ends: an integer field). A field of names cannot be bisected:
// its error points to crucible sweep.
func NewAxis(ruleset string, a scenarios.TuneAxis) (Axis, error) {
	lo, hi, err := a.Bounds()
	if err != nil {
		return Axis{}, err
	}
	if lo.Cmp(hi) >= 0 {
		return Axis{}, fmt.Errorf("from %s is not below to %s (allowed: from < to)", a.From, a.To)
	}
	integral := lo.IsInt() && hi.IsInt() && a.Resolution == ""
	f, known := rules.FieldAt(ruleset, a.Path)
	switch {
	case known && f.Kind() == rules.NamedField:
		return Axis{}, fmt.Errorf("%s is a field of %s%s: its values have no order to bisect; rank them with crucible sweep --vary %s=A,B,C",
			a.Path, f.Type, allowedText(f), a.Path)
	case known && f.Kind() == rules.IntegerField && !integral:
		why := "a bound is not a whole number"
		if a.Resolution != "" {
			why = "a resolution is for a continuous field"
		}
		return Axis{}, fmt.Errorf("%s is an integer field (%s): %s (allowed: whole numbers FROM..TO, without a resolution)", a.Path, f.Allowed, why)
	case known && f.Kind() == rules.NumberField:
		integral = false
	}
	t := Axis{TuneAxis: a, lo: lo, hi: hi, step: big.NewRat(1, 1), Continuous: !integral}
	if t.Continuous {
		if err := t.setResolution(); err != nil {
			return Axis{}, err
		}
	}
	span := new(big.Rat).Quo(new(big.Rat).Sub(hi, lo), t.step)
	last := new(big.Int).Quo(new(big.Int).Add(span.Num(), new(big.Int).Sub(span.Denom(), big.NewInt(1))), span.Denom()) // ceiling
	switch {
	case (!last.IsInt64() || last.Int64() > maxTunePoints) && t.Continuous:
		return Axis{}, fmt.Errorf("%s from %s to %s by %s is more than %d points (allowed: a coarser resolution)", a.Path, a.From, a.To, t.Resolution, int64(maxTunePoints))
	case !last.IsInt64() || last.Int64() > maxTunePoints:
		return Axis{}, fmt.Errorf("%s from %s to %s is more than %d whole numbers (allowed: a narrower range)", a.Path, a.From, a.To, int64(maxTunePoints))
	}
	t.last = last.Int64()
	return t, nil
}

func allowedText(f rules.Field) string {
	if f.Allowed == "" {
		return ""
	}
	return " (" + f.Allowed + ")"
}

// setResolution reads the resolution, or picks one: the largest of 1, 2
// and 5 times a power of ten that divides the range into at least 50
// steps.
func (t *Axis) setResolution() error {
	span := new(big.Rat).Sub(t.hi, t.lo)
	if t.Resolution == "" {
		t.Resolution = niceStep(span, 50)
	}
	r, ok := new(big.Rat).SetString(t.Resolution)
	if !ok || r.Sign() <= 0 || r.Cmp(span) > 0 {
		return fmt.Errorf("resolution %s: allowed: a decimal number above 0 and at most the range %s..%s", t.Resolution, t.From, t.To)
	}
	t.step = r
	t.places = max(decimals(t.From), decimals(t.To), decimals(t.Resolution))
	return nil
}

// niceStep returns the largest of 1, 2 and 5 times a power of ten at most
// span/steps, as a decimal.
func niceStep(span *big.Rat, steps int64) string {
	target, _ := new(big.Rat).Quo(span, big.NewRat(steps, 1)).Float64()
	mant, e, _ := strings.Cut(strconv.FormatFloat(target, 'e', -1, 64), "e") // d.ddd, ±XX
	m, _ := strconv.ParseFloat(mant, 64)
	pow, _ := strconv.Atoi(e)
	lead := int64(1)
	switch {
	case m >= 5:
		lead = 5
	case m >= 2:
		lead = 2
	}
	v := new(big.Rat).SetInt64(lead)
	ten := new(big.Rat).SetInt64(10)
	for ; pow > 0; pow-- {
		v.Mul(v, ten)
	}
	for ; pow < 0; pow++ {
		v.Quo(v, ten)
	}
	return trimZeros(v.FloatString(20))
}

// trimZeros drops the zeros a decimal's fraction ends with, and then a
// bare point.
func trimZeros(s string) string {
	if !strings.Contains(s, ".") {
		return s
	}
	return strings.TrimSuffix(strings.TrimRight(s, "0"), ".")
}

func decimals(s string) int {
	if _, frac, ok := strings.Cut(strings.TrimSpace(s), "."); ok {
		return len(frac)
	}
	return 0
}

// Last returns the index of the axis's last point, To.
func (t Axis) Last() int64 { return t.last }

// rat returns the value of point i.
func (t Axis) rat(i int64) *big.Rat {
	if i >= t.last {
		return t.hi
	}
	return new(big.Rat).Add(t.lo, new(big.Rat).Mul(t.step, new(big.Rat).SetInt64(i)))
}

// Value returns point i as the field's value is written.
func (t Axis) Value(i int64) string {
	return trimZeros(t.rat(i).FloatString(t.places))
}

// Position returns point i as a number, for plots.
func (t Axis) Position(i int64) float64 {
	f, _ := t.rat(i).Float64()
	return f
}

// Override returns the assignment that sets the field to point i.
func (t Axis) Override(i int64) scenarios.Override {
	v := t.Value(i)
	return scenarios.Override{Assignment: t.Path + "=" + v, Origin: fmt.Sprintf("%s (value %s)", t.Origin, v)}
}
