package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/klob/klob/internal/platform/charset"
)

// The klob binary the end-to-end tests run is built from this tree once
// per test process (a build links the whole program, seconds on a
// loaded machine) and linked, or copied, to where each test wants it.
var testBinary struct {
	once sync.Once
	dir  string
	path string
	err  error
}

// TestMain removes the one build when the tests are done. Run under
// the name klob (as buildKlobAt puts it under -short), the test binary
// is klob: it runs main and never the tests.
func TestMain(m *testing.M) {
	if filepath.Base(os.Args[0]) == "klob" {
		main()
	}
	// The tests' reports and screens are drawn as on a UTF-8 terminal
	// whatever locale runs them: a locale that is not UTF-8 would turn
	// every command to ASCII (asciiFlag). The tests of that set their own.
	if charset.ASCIIOnly(os.Getenv) {
		for _, k := range []string{"LC_ALL", "LC_CTYPE", "LANG"} {
			os.Unsetenv(k)
		}
	}
	shortParallelism()
	code := m.Run()
	if testBinary.dir != "" {
		os.RemoveAll(testBinary.dir)
	}
	os.Exit(code)
}

// buildKlobAt puts klob, built from this tree, at bin. Under -short it
// is this test binary, which is klob when named so (TestMain): the
// inner loop links klob once, not twice (each link is the whole program
// linked again); the full run builds klob as the Makefile does, so CI
// runs the real binary.
func buildKlobAt(t testing.TB, bin string) {
	t.Helper()
	b := &testBinary
	b.once.Do(func() {
		if testing.Short() {
			b.path, b.err = os.Executable()
			return
		}
		if b.dir, b.err = os.MkdirTemp("", "klob-test-bin-"); b.err != nil {
			return
		}
		b.path = filepath.Join(b.dir, "klob")
		if out, err := exec.Command("go", "build", "-o", b.path, ".").CombinedOutput(); err != nil {
			b.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if b.err != nil {
		t.Fatal(b.err)
	}
	if os.Link(b.path, bin) == nil {
		return
	}
	if err := copyFile(b.path, bin); err != nil {
		t.Fatalf("the test binary: %v", err)
	}
}

// buildKlob puts klob, built from this tree, in a folder of the test's
// own and returns its path.
func buildKlob(t testing.TB) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "klob")
	buildKlobAt(t, bin)
	return bin
}

func copyFile(from, to string) error {
	src, err := os.Open(from)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY|os.O_EXCL, 0o755)
	if err != nil {
		return err
	}
	if _, err := io.Copy(dst, src); err != nil {
		dst.Close()
		return err
	}
	return dst.Close()
}

// shortParallelism lets four tests run at once under -short (unless
// -parallel is given), not GOMAXPROCS: the end-to-end and serve tests
// that shortParallel runs side by side mostly wait for a frame, and
// with two slots on two cores they held the analyses back.
func shortParallelism() {
	flag.Parse()
	p := flag.Lookup("test.parallel")
	if !testing.Short() || p == nil || p.Value.String() != fmt.Sprint(runtime.GOMAXPROCS(0)) {
		return
	}
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.parallel" })
	if !set && runtime.GOMAXPROCS(0) < 4 {
		_ = p.Value.Set("4")
	}
}
