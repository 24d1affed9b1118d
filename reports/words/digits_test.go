package words

import "testing"

// A share strictly between 0 and 1 never reads 0 or 100, nor a margin
// strictly between −1 and 1 ±100: more decimals are written instead. A
// share of 99.999 % read "100.00 %" in the run's table, and a cell of
// meta's "100.0".
func TestDigitsNeverRoundToAnEdge(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{
		{ShareDigits(0.99999, 2), "99.999"},
		{ShareDigits(0.99999, 1), "99.999"},
		{ShareDigits(0.9996, 1), "99.96"},
		{ShareDigits(1, 1), "100.0"},
		{ShareDigits(0.00004, 1), "0.004"},
		{ShareDigits(0, 2), "0.00"},
		{ShareDigits(0.5, 0), "50"},
		{ShareDigits(0.99999999, 1), "99.999999"},
		{ShareDigits(0.9999999999999996, 2), "100.00"}, // float noise of a certainty, beyond maxPlaces
		{MarginDigits(-0.99999, 1), "-99.999"},
		{MarginDigits(-1, 1), "-100.0"},
		{MarginDigits(0.0004, 1), "0.0"},
		{Pct(0.99999), "99.999 %"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
