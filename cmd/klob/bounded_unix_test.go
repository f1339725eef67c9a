//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klob/klob/internal/platform/untrusted"
	"github.com/klob/klob/internal/testing/testkit"
)

// Endless and special files given to verify, analyze and replay are
// refused at once with what they are: read whole, /dev/zero would fill
// the memory and a FIFO would hang.
func TestReadersRefuseSpecialAndHugeFiles(t *testing.T) {
	type file struct{ path, want string }
	var files []file
	for _, s := range testkit.SpecialFiles(t) {
		files = append(files, file{s.Path, "not a regular file (" + s.What + ")"})
	}
	huge := filepath.Join(t.TempDir(), "huge.klob")
	f, err := os.Create(huge)
	if err != nil {
		t.Fatal(err)
	}
	f.Truncate(untrusted.MaxFileSize + 1) // sparse: nothing written
	f.Close()
	files = append(files, file{huge, "file too large: over 16 MiB"})
	for _, c := range files {
		for name, run := range map[string]func([]string) (int, string){
			"verify": func(a []string) (int, string) { c, _, e := verify(a...); return c, e },
			"analyze": func(a []string) (int, string) {
				var o, e strings.Builder
				return runAnalyze(a, &o, &e), e.String()
			},
		} {
			var code int
			var errs string
			testkit.Returns(t, patience, name+" "+c.path, func() { code, errs = run([]string{c.path}) })
			if code != 1 || !strings.Contains(unwrapped(errs), c.want) || !strings.Contains(unwrapped(errs), c.path) {
				t.Errorf("%s %s: exit %d, %q; want 1 and %q", name, c.path, code, errs, c.want)
			}
		}
	}
}
