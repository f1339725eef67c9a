package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// raceSkip returns the packages the Makefile's RACE_SKIP leaves out of
// the race detector's run, as paths inside the module.
func raceSkip(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "Makefile"))
	require.NoError(t, err)
	m := regexp.MustCompile(`(?m)^RACE_SKIP\s*:?=(.*)$`).FindSubmatch(data)
	require.NotNil(t, m, "the Makefile has no RACE_SKIP line")
	return strings.Fields(string(m[1]))
}

// TestRaceSkipSingleThreaded: a package the race detector's run leaves
// out starts no goroutine, nor does any package of the module it or
// its tests depend on (no go statement in their code), and its tests
// run one at a time (no Parallel call, no go statement in them either), so that
// the detector could not find a race in its own run.
func TestRaceSkipSingleThreaded(t *testing.T) {
	skip := raceSkip(t)
	require.NotEmpty(t, skip)
	deps := map[string][]string{}
	testImports := map[string][]string{}
	for _, p := range packages(t) {
		deps[p.rel()] = p.Deps
		testImports[p.rel()] = append(p.TestImports, p.XTestImports...)
	}
	root := filepath.Join("..", "..", "..")
	for _, dir := range skip {
		_, listed := deps[dir]
		require.True(t, listed, "RACE_SKIP names %s, which go list does not list", dir)
		check := func(d string, tests bool) {
			files, err := filepath.Glob(filepath.Join(root, d, "*.go"))
			require.NoError(t, err)
			for _, f := range files {
				if !tests && strings.HasSuffix(f, "_test.go") {
					continue
				}
				for _, why := range concurrency(t, f) {
					t.Errorf("%s is left out of the race run (RACE_SKIP) but %s/%s has %s", dir, d, filepath.Base(f), why)
				}
			}
		}
		check(dir, true)
		// What its code and its tests' code run: the module's packages
		// they depend on, and theirs.
		all := slices.Clone(deps[dir])
		for _, d := range testImports[dir] {
			if ours(d) && rel(d) != dir {
				all = append(append(all, d), deps[rel(d)]...)
			}
		}
		slices.Sort(all)
		for _, d := range slices.Compact(all) {
			if ours(d) {
				check(rel(d), false)
			}
		}
	}
}

// concurrency lists what in the file at path can run code at the same
// time: go statements, and calls of a method named Parallel (t.Parallel).
func concurrency(t *testing.T, path string) []string {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	require.NoError(t, err)
	var out []string
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GoStmt:
			out = append(out, "a go statement at line "+strconv.Itoa(fset.Position(n.Pos()).Line))
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Parallel" {
				out = append(out, "a Parallel call at line "+strconv.Itoa(fset.Position(n.Pos()).Line))
			}
		}
		return true
	})
	return out
}

// TestRaceSkipTestsExist: each test the Makefile's RACE_SKIP_TESTS
// leaves out of the race run is one top-level test of the module, in one
// package only: a name that matches none (a test renamed) would skip
// nothing and say nothing, and one that matches in two packages would
// skip a test nobody chose to.
func TestRaceSkipTestsExist(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "Makefile"))
	require.NoError(t, err)
	m := regexp.MustCompile(`(?m)^RACE_SKIP_TESTS\s*:?=(.*)$`).FindSubmatch(data)
	require.NotNil(t, m, "the Makefile has no RACE_SKIP_TESTS line")
	names := strings.Split(strings.TrimSpace(string(m[1])), "|")
	found := map[string][]string{}
	root := filepath.Join("..", "..", "..")
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		file, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, decl := range file.Decls {
			if fn, ok := decl.(*ast.FuncDecl); ok && fn.Recv == nil && slices.Contains(names, fn.Name.Name) {
				found[fn.Name.Name] = append(found[fn.Name.Name], filepath.Dir(path))
			}
		}
		return nil
	})
	require.NoError(t, err)
	for _, n := range names {
		if dirs := found[n]; len(dirs) != 1 {
			t.Errorf("RACE_SKIP_TESTS names %s, a test of %d packages (%v), want one", n, len(dirs), dirs)
		}
	}
}
