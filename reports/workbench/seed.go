package workbench

import (
	"bytes"
	"fmt"
	"strconv"
)

// seed is a master seed as the page sends it: a string of decimal digits,
// since a JavaScript number holds integers exactly only up to 2^53 and a
// seed may be any 64-bit integer (a seed printed by crucible run, say). A
// JSON number is read too, when it is an integer.
type seed uint64

func (s *seed) UnmarshalJSON(b []byte) error {
	text := string(bytes.Trim(b, `"`))
	if text == "" || text == "null" {
		*s = 0
		return nil
	}
	v, err := strconv.ParseUint(text, 10, 64)
	if err != nil {
		return fmt.Errorf("seed %s: allowed: an integer from 0 to %d, as a string of digits", b, uint64(1<<64-1))
	}
	*s = seed(v)
	return nil
}

// String returns the seed's digits, as commands and the page show it.
func (s seed) String() string { return strconv.FormatUint(uint64(s), 10) }
