package rules

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestImportsOnlyStandardLibrary: the engine imports nothing outside the
// standard library (issue 2), checked with go list -deps. The go command
// is the one of the toolchain that built this test, so the check runs
// wherever the test does.
func TestImportsOnlyStandardLibrary(t *testing.T) {
	//lint:ignore SA1019 the toolchain that built the test is the one to ask
	gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(gobin); err != nil {
		// A toolchain without its GOROOT on disk (a copied test
		// binary): use go from PATH, and fail rather than skip.
		if gobin, err = exec.LookPath("go"); err != nil {
			t.Fatalf("no go command at %s nor on PATH: %v", filepath.Join(runtime.GOROOT(), "bin", "go"), err)
		}
	}
	out, err := exec.Command(gobin, "list", "-deps", "-f", "{{.ImportPath}} {{.Standard}}", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, out)
	}
	var std, self int
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		path, standard, ok := strings.Cut(line, " ")
		switch {
		case !ok:
			t.Fatalf("go list -deps: unexpected line %q", line)
		case standard == "true":
			std++
		case path == "github.com/klob/klob/rules":
			self++
		default:
			t.Errorf("rules depends on %s, outside the standard library", path)
		}
	}
	// The list is real: the package itself and the standard packages it
	// uses (fmt, errors, strings, math/bits, math/rand/v2 and theirs).
	if self != 1 || std < 10 {
		t.Errorf("go list -deps listed the package %d times and %d standard packages:\n%s", self, std, out)
	}
}
