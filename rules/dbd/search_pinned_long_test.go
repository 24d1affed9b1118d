//go:build long

package dbd

import "testing"

// More pinned runs of the search (search_pinned_test.go): other seeds of
// both boards, about 12 s of CPU.
func TestSearchGamesPinnedLong(t *testing.T) {
	checkPinnedSearchRuns(t, []pinnedSearchRun{
		{"cavalry_hammer", "search:250", 1, 2, 5},
		{"cavalry_hammer", "search:250", 2, 2, 5},
		{"symmetric_wings", "search:250", 2, 2, 5},
		{"symmetric_wings", "search:1k", 3, 2, 4},
	})
}
