package cli

import (
	"context"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A resumed command's page gives the line that makes its output again:
// the command without --resume, with the seed the checkpoint held. Before,
// it gave the line with --resume and no seed, which fails once the
// command has finished (no checkpoint is left to resume).
func TestResumedPageReproduces(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "out")
	args := []string{"run", "stratfight/jorah-vs-mountain", "--trials", "60000", "--format", "json", "--out", dir}
	if _, errOut, code := crucible(t, interruptAt(t, "stratfight/jorah-vs-mountain", 20000), args...); code != exitInterrupted {
		t.Fatalf("exit %d, %s", code, errOut)
	}
	resumed, errOut, code := crucible(t, context.Background(), append(args, "--resume")...)
	if code != exitOK {
		t.Fatalf("resumed: exit %d, %s", code, errOut)
	}
	page, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`Made by <code>([^<]*)</code>`).FindSubmatch(page)
	if m == nil {
		t.Fatalf("the page gives no command line")
	}
	line := html.UnescapeString(string(m[1]))
	if strings.Contains(line, "--resume") || !strings.Contains(line, "--seed ") {
		t.Fatalf("the page says %q: want the command without --resume, with its seed", line)
	}
	words := strings.Fields(line)[1:] // the line's words need no quoting here
	again, errOut, code := crucible(t, context.Background(), words...)
	if code != exitOK || again != resumed {
		t.Errorf("%s: exit %d, the output differs from the resumed command's: %v\n%s", line, code, again == resumed, errOut)
	}
}
