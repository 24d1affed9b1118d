package words

import (
	"math"
	"strconv"
)

// Shares and margins in percent. A share strictly between 0 and 1 never
// reads as 0 or 100, nor a margin strictly between −1 and 1 as ±100: a
// designer reads "100 %" as "always", which 99.999 % is not. Where the
// decimals asked for would round it so, more are written (99.999 % reads
// "99.999"), up to maxPlaces: a value nearer the edge than that is the
// edge up to rounding (an exact solution summed in floats gives
// 0.9999999999999996 for a certainty), and is written as it.

// maxPlaces is the most decimals ShareDigits and MarginDigits write to
// reach past an edge; a share of trials is never that near one in practice
// (it would take a trillion trials).
const maxPlaces = 10

// ShareDigits writes the share p in percent with places decimals, or more
// where those would write 0 or 100 for a p strictly between 0 and 1.
func ShareDigits(p float64, places int) string {
	return digits(100*p, places, p > 0 && p < 1, func(v float64) bool { return v == 0 || v == 100 })
}

// MarginDigits writes the margin d in points with places decimals, or more
// where those would write ±100 for a d strictly between −1 and 1.
func MarginDigits(d float64, places int) string {
	return digits(100*d, places, d > -1 && d < 1, func(v float64) bool { return math.Abs(v) == 100 })
}

// digits writes x with places decimals; when inside is set, with more until
// the text is no longer one that edge says x, being inside, is not — or,
// past maxPlaces, with places as asked.
func digits(x float64, places int, inside bool, edge func(float64) bool) string {
	for p := places; ; p++ {
		s := strconv.FormatFloat(x+0, 'f', p, 64) // +0: no "-0"
		v, _ := strconv.ParseFloat(s, 64)
		switch {
		case !inside || !edge(v):
			return s
		case p >= maxPlaces:
			return strconv.FormatFloat(x+0, 'f', places, 64)
		}
	}
}
