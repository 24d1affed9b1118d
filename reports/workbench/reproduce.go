package workbench

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// command is the command line that reproduces a result of the page: its
// words, which String writes quoted for a POSIX shell, so that the line
// pasted into one runs crucible with exactly those arguments and nothing
// else, whatever the page's file name, fields and targets hold.
type command []string

func (c command) String() string {
	words := make([]string, len(c))
	for i, w := range c {
		words[i] = shellQuote(w)
	}
	return strings.Join(words, " ")
}

// MarshalText writes the command as String does (the JSON of an answer).
func (c command) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// plainChars are the characters no POSIX shell treats specially anywhere
// in a word but its first.
const plainChars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./=:,+@%"

// shellQuote returns w as a POSIX shell reads it back as one word: as it
// is when it holds only plain characters (and does not start with ~),
// else in single quotes, inside which a shell expands nothing; a single
// quote inside ends the quotes, is written escaped (\') and opens them
// again.
func shellQuote(w string) string {
	if w != "" && strings.Trim(w, plainChars) == "" && w[0] != '~' {
		return w
	}
	return "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
}

// fileChars are the characters a file name the page saves may hold.
const fileChars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-."

// fileName returns the name of the file the page saves a scenario named
// name as ("download scenario"): the name with every character but
// letters, digits, '_', '-' and '.' replaced by '-', no '-' or '.' first
// (which a command would read as a flag or a hidden file), and .yaml; the
// server reads the text as that file, so that `crucible run` of the saved
// file names and seeds it alike. Its safe set is the page's fileOf too.
func fileName(name string) string {
	name = strings.TrimSuffix(strings.TrimSuffix(name, ".yaml"), ".yml")
	name = strings.Map(func(r rune) rune {
		if !strings.ContainsRune(fileChars, r) {
			return '-'
		}
		return r
	}, name)
	name = strings.TrimLeft(name, ".-")
	if name == "" {
		name = "scenario"
	}
	return name + ".yaml"
}

// itoa writes an integer as a command's word.
func itoa(n int64) string { return strconv.FormatInt(n, 10) }

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
