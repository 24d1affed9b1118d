//go:build long

package exact

// Under the build tag `long` the agreement test fights a million battles per
// scenario: go test -tags long ./rules/eclipse/...
func init() { agreeTrials = 1_000_000 }
