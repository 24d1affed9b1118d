package cli

import (
	"os"
	"path/filepath"
	"testing"
)

// Every command that writes a report refuses a report directory whose
// marker lists a file outside it, naming the entry, and leaves that file
// as it was: the directory here is the working directory (--out .), where
// a report is moved in file by file and the last report's files are
// removed by name.
func TestEveryWriterRefusesAForeignMarker(t *testing.T) {
	part := filepath.Join(t.TempDir(), "part.json")
	os.WriteFile(part, []byte(mustRun(t, "run", "stratfight/thug-vs-guard", "--trials", "100", "--seed", "1", "--format", "json")), 0o644)
	for _, args := range [][]string{
		{"run", "stratfight/thug-vs-guard", "--trials", "100", "--seed", "1"},
		{"sweep", "stratfight/armor", "--trials", "100", "--seed", "1"},
		{"tune", "stratfight/armor-fair", "--seed", "1", "--max-trials", "2000"},
		{"meta", "stratfight/fighters", "--seed", "1", "--precision", "2"},
		{"compare", "stratfight/thug-vs-guard", "--set-b", "options.round-cap=9", "--trials", "100", "--seed", "1"},
		{"check", "stratfight/lifespan-claims", "--trials", "100", "--seed", "1"},
		{"exact", "eclipse/interceptor-duel"},
		{"merge", part},
	} {
		t.Run(args[0], func(t *testing.T) {
			parent := t.TempDir()
			dir := filepath.Join(parent, "rep")
			os.Mkdir(dir, 0o755)
			victim := filepath.Join(parent, "victim.txt")
			os.WriteFile(victim, []byte("precious\n"), 0o644)
			os.WriteFile(filepath.Join(dir, ".crucible-report"), []byte(`{"about":"x","files":["../victim.txt"]}`+"\n"), 0o644)
			t.Chdir(dir)
			mustFail(t, exitFailed, `--out .: its marker .crucible-report lists "../victim.txt", which is not a file crucible writes`, append(args, "--out", ".")...)
			if data, err := os.ReadFile(victim); string(data) != "precious\n" {
				t.Errorf("%s --out . removed or changed a file outside it: %q %v", args[0], data, err)
			}
		})
	}
}
