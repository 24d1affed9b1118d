package outdir

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"unicode/utf8"
)

// MaxFileName is the longest name of a file a report writes: NAME_MAX (255
// bytes) less what the name of its temporary adds (WriteFileAtomic
// writes .NAME.tmpXXXXXXXXXXXX first).
const MaxFileName = 255 - len(".") - len(".tmp") - 12

// FileName derives the name of a report's file from a scenario's name:
// prefix, the name with '/' (and NUL) as '-', suffix. A name that would not
// fit maxFileName is cut at a character boundary and followed by '-' and
// the first 8 hex digits of its SHA-256, which keeps two long names with
// one beginning apart; so is any name when hashed is set.
func FileName(prefix, name, suffix string, hashed bool) string {
	stem := strings.Map(func(r rune) rune {
		if r == '/' || r == 0 {
			return '-'
		}
		return r
	}, name)
	if !hashed && len(prefix)+len(stem)+len(suffix) <= MaxFileName {
		return prefix + stem + suffix
	}
	sum := sha256.Sum256([]byte(name))
	tag := "-" + hex.EncodeToString(sum[:4])
	if room := MaxFileName - len(prefix) - len(tag) - len(suffix); len(stem) > room {
		for room > 0 && !utf8.RuneStart(stem[room]) {
			room--
		}
		stem = stem[:room]
	}
	return prefix + stem + tag + suffix
}
