package reports

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/reports/outdir"
)

// A marker is the directory's word on which files are crucible's, and a
// report removes what it lists; but crucible writes only files of the
// directory itself, so a marker listing anything else — a path out of the
// directory, a path into a subdirectory, "." or ".." — was not written by
// crucible, and the directory is refused, naming the entry, before any
// file is touched: neither a file outside nor one in a subdirectory is
// removed, in a directory swapped whole or one written in place.
func TestMarkerListsOnlyPlainNames(t *testing.T) {
	places := []struct {
		name  string
		place func(t *testing.T, parent string) (arg, dir string)
	}{
		{"swapped", func(t *testing.T, parent string) (string, string) {
			dir := filepath.Join(parent, "rep")
			return dir, dir
		}},
		{"working directory", func(t *testing.T, parent string) (string, string) {
			dir := filepath.Join(parent, "rep")
			os.Mkdir(dir, 0o755)
			t.Chdir(dir)
			return ".", dir
		}},
	}
	for _, entry := range []string{"../victim.txt", "sub/../../victim.txt", "sub/kept.txt", "./summary.json", ".", "..", "", "/tmp"} {
		for _, p := range places {
			t.Run(p.name+" "+entry, func(t *testing.T) {
				parent := t.TempDir()
				arg, dir := p.place(t, parent)
				victim := filepath.Join(parent, "victim.txt")
				// sub is a nested report directory, which a report keeps.
				kept := filepath.Join(dir, "sub", "kept.txt")
				os.MkdirAll(filepath.Dir(kept), 0o755)
				for _, f := range []string{victim, kept, filepath.Join(dir, "sub", outdir.Marker)} {
					os.WriteFile(f, []byte("precious"), 0o644)
				}
				data, _ := json.Marshal(map[string]any{"about": "x", "files": []string{entry}})
				os.WriteFile(filepath.Join(dir, outdir.Marker), data, 0o644)
				d, err := outdir.Open(arg)
				if err == nil {
					WriteReport(d, results()[:1], "test", nil)
					d.Close()
				}
				want := "its marker " + outdir.Marker + " lists " + quoteEntry(entry) + ", which is not a file crucible writes"
				if err == nil || !strings.Contains(err.Error(), want) {
					t.Errorf("opened: %v; want %q", err, want)
				}
				for _, f := range []string{victim, kept} {
					if data, err := os.ReadFile(f); string(data) != "precious" {
						t.Errorf("%s: %q %v", f, data, err)
					}
				}
			})
		}
	}
}

// A name a marker lists that is a directory is not crucible's either
// (crucible writes files only): a report neither removes it nor takes it
// for its own.
func TestMarkerListingADirectory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "rep")
	kept := filepath.Join(dir, "photos", "cat.jpg")
	os.MkdirAll(filepath.Dir(kept), 0o755)
	os.WriteFile(kept, []byte("precious"), 0o644)
	data, _ := json.Marshal(map[string]any{"about": "x", "files": []string{"photos"}})
	os.WriteFile(filepath.Join(dir, outdir.Marker), data, 0o644)
	d, err := outdir.Open(dir)
	if err == nil {
		WriteReport(d, results()[:1], "test", nil)
		d.Close()
	}
	if err == nil || !strings.Contains(err.Error(), "holds files crucible did not write (photos)") {
		t.Errorf("opened: %v", err)
	}
	if data, err := os.ReadFile(kept); string(data) != "precious" {
		t.Errorf("%s: %q %v", kept, data, err)
	}
}

// The lock file and the marker are crucible's own regular files: a
// symbolic link in the place of either, which crucible would follow, is
// refused, and the file it points to is left as it was.
func TestLockOrMarkerThatIsALink(t *testing.T) {
	for _, name := range []string{outdir.LockFile, outdir.Marker} {
		t.Run(name, func(t *testing.T) {
			parent := t.TempDir()
			dir := filepath.Join(parent, "rep")
			os.Mkdir(dir, 0o755)
			victim := filepath.Join(parent, "victim.txt")
			os.WriteFile(victim, []byte("precious"), 0o644)
			os.Symlink("../victim.txt", filepath.Join(dir, name))
			d, err := outdir.Open(dir)
			if err == nil {
				WriteReport(d, results()[:1], "test", nil)
				d.Close()
			}
			if want := name + " is a symbolic link"; err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("opened: %v; want %q", err, want)
			}
			if data, err := os.ReadFile(victim); string(data) != "precious" {
				t.Errorf("%s: %q %v", victim, data, err)
			}
		})
	}
}

func quoteEntry(s string) string {
	data, _ := json.Marshal(s)
	return string(data)
}
