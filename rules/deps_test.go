package rules

import (
	"os/exec"
	"strings"
	"testing"
)

// TestImportsOnlyStandardLibrary: the engine imports nothing outside the
// standard library (issue 2), checked with go list -deps.
func TestImportsOnlyStandardLibrary(t *testing.T) {
	// go test runs with the go command on PATH (make test and CI do);
	// without it this fails rather than skips.
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("no go command on PATH: %v", err)
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
