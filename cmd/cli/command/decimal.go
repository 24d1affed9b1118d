package command

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/spf13/pflag"
)

// decimal is the value of an integer flag, read in base 10 only. pflag
// reads integers in the base their prefix names, so that --seed 010 was
// the octal 8 and --trials 0x10 was 16: here a leading zero is a zero like
// any other, and a number written in another base is refused rather than
// read as something the user did not type.
type decimal[T int | int64 | uint64] struct{ p *T }

// DecimalVar defines an integer flag of the given name (and shorthand, if
// not "") read by decimal, with its default value and usage.
func DecimalVar[T int | int64 | uint64](fs *pflag.FlagSet, p *T, name, short string, value T, usage string) {
	*p = value
	fs.VarP(decimal[T]{p}, name, short, usage)
}

func (d decimal[T]) String() string { return fmt.Sprint(*d.p) }

// Type is the name the help gives the value: pflag's own, so that the
// help reads as it did.
func (d decimal[T]) Type() string { return fmt.Sprintf("%T", *d.p) }

func (d decimal[T]) Set(s string) error {
	var (
		v   T
		err error
	)
	switch p := any(&v).(type) {
	case *uint64:
		*p, err = strconv.ParseUint(s, 10, 64)
	case *int64:
		*p, err = strconv.ParseInt(s, 10, 64)
	case *int:
		var n int64
		n, err = strconv.ParseInt(s, 10, strconv.IntSize)
		*p = int(n)
	}
	if err != nil {
		return decimalError(s, err, d.allowed())
	}
	*d.p = v
	return nil
}

// allowed says what the flag takes, as far as its type decides.
func (d decimal[T]) allowed() string {
	if _, unsigned := any(*d.p).(uint64); unsigned {
		return fmt.Sprintf("a decimal integer from 0 to %d", uint64(math.MaxUint64))
	}
	return "a decimal integer"
}

// bases are the prefixes of integers in other bases (as Go writes them),
// and what they mean.
var bases = []struct{ prefix, base string }{
	{"0x", "hexadecimal"}, {"0o", "octal"}, {"0b", "binary"},
}

// decimalError says why s is not what the flag allows.
func decimalError(s string, err error, allowed string) error {
	if errors.Is(err, strconv.ErrRange) {
		return fmt.Errorf("out of range; allowed: %s", allowed)
	}
	digits := strings.ToLower(strings.TrimLeft(s, "+-"))
	for _, b := range bases {
		if strings.HasPrefix(digits, b.prefix) {
			return fmt.Errorf("%s is not read; allowed: %s", b.base, allowed)
		}
	}
	return fmt.Errorf("allowed: %s", allowed)
}
