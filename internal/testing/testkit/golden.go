package testkit

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Golden compares got with the golden file at path; with -update it
// first writes got there (and the file's directory). It fails tb, saying
// where the two first differ, and reports whether they are the same.
func Golden(tb testing.TB, path string, got []byte) bool {
	tb.Helper()
	if Updating() {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		tb.Fatalf("%v (go test -run %s -update writes it)", err, tb.Name())
	}
	if bytes.Equal(got, want) {
		return true
	}
	tb.Errorf("%s differs (go test -run %s -update rewrites it after a wanted change): %s", path, tb.Name(), FirstDiff(got, want))
	return false
}

// FirstDiff says the first line where got and want differ, and each
// one's text there.
func FirstDiff(got, want []byte) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var a, b string
		if i < len(g) {
			a = g[i]
		}
		if i < len(w) {
			b = w[i]
		}
		if a != b {
			return fmt.Sprintf("line %d:\n got  %s\n want %s", i+1, a, b)
		}
	}
	return "no difference"
}
