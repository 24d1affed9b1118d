package reports

import "testing"

// A share strictly between 0 and 1 never reads 0 or 100, nor a margin
// strictly between −1 and 1 ±100: more decimals are written instead. A
// share of 99.999 % read "100.00 %" in the run's table, and a cell of
// meta's "100.0".
func TestDigitsNeverRoundToAnEdge(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{
		{shareDigits(0.99999, 2), "99.999"},
		{shareDigits(0.99999, 1), "99.999"},
		{shareDigits(0.9996, 1), "99.96"},
		{shareDigits(1, 1), "100.0"},
		{shareDigits(0.00004, 1), "0.004"},
		{shareDigits(0, 2), "0.00"},
		{shareDigits(0.5, 0), "50"},
		{shareDigits(0.999999999999, 1), "99.9999999999"},
		{shareDigits(1-1e-15, 1), "99.9999999999999"}, // beyond maxPlaces, every digit
		{marginDigits(-0.99999, 1), "-99.999"},
		{marginDigits(-1, 1), "-100.0"},
		{marginDigits(0.0004, 1), "0.0"},
		{pct(0.99999), "99.999 %"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
