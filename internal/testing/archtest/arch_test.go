package archtest

import (
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

const module = "github.com/klob/klob"

// pkg is what go list says of one package of the module.
type pkg struct {
	ImportPath   string
	Imports      []string // direct imports of the package's own files
	Deps         []string // everything it depends on, transitively
	TestImports  []string
	XTestImports []string
}

// rel is the path inside the module: "rules", "ai/eval", "cmd/klob".
func (p *pkg) rel() string { return rel(p.ImportPath) }

func rel(path string) string {
	if path == module {
		return "."
	}
	return strings.TrimPrefix(path, module+"/")
}

func ours(path string) bool { return path == module || strings.HasPrefix(path, module+"/") }

// std reports whether path is in the standard library: its first
// element has no dot.
func std(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// under reports whether the module path p is dir or inside it.
func under(p, dir string) bool { return p == dir || strings.HasPrefix(p, dir+"/") }

// packages lists every package of the module with go list.
func packages(t *testing.T) []pkg {
	t.Helper()
	// go test runs with the go command on PATH (make test and CI do);
	// without it this fails rather than skips.
	gobin, err := exec.LookPath("go")
	require.NoError(t, err, "no go command on PATH")
	cmd := exec.Command(gobin, "list", "-json=ImportPath,Imports,Deps,TestImports,XTestImports", module+"/...")
	out, err := cmd.Output()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		t.Fatalf("go list: %v\n%s", err, ee.Stderr)
	}
	require.NoError(t, err)
	var ps []pkg
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p pkg
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else {
			require.NoError(t, err)
		}
		ps = append(ps, p)
	}
	return ps
}

// TestImportGraph checks the layering of the project guide:
//
//   - rules is the engine: it depends on the standard library only;
//   - ai (the bots) depends on rules, itself and the standard library:
//     nothing of internal/, tui or cmd, no third-party module;
//   - only cmd imports tui, and only tui/... and cmd import the terminal
//     libraries (Bubble Tea, Lip Gloss, Bubbles); internal/serve/server, which
//     serves Bubble Tea programs over SSH, imports wish, its SSH library
//     and Bubble Tea, never the screens;
//   - internal/ never imports tui or cmd, and nothing imports cmd;
//   - internal/lab (the fitting harnesses) is imported by cmd/klob-lab
//     and the lab itself only, so the product carries none of it;
//   - internal/platform/durable depends on the standard library and
//     internal/platform/untrusted (its bounded reads) only; internal/platform/untrusted,
//     internal/platform/dirlock, internal/platform/userdir and
//     internal/platform/charset on the standard library only;
//   - test support (internal/testing/..., testify, teatest) is imported
//     by tests only.
func TestImportGraph(t *testing.T) {
	ps := packages(t)
	seen := map[string]bool{}
	for _, p := range ps {
		seen[p.rel()] = true
	}
	// The list is real: the packages the rules below are about exist.
	for _, want := range []string{"rules", "ai", "ai/eval", "tui", "cmd/klob", "internal/record/gamelog", "internal/platform/durable", "internal/testing/testkit"} {
		require.True(t, seen[want], "go list did not list %s", want)
	}
	terminal := []string{"charm.land/", "github.com/charmbracelet/"}
	testOnly := []string{module + "/internal/testing/", "github.com/stretchr/testify", "github.com/charmbracelet/x/exp/teatest"}
	// The SSH server's libraries, for internal/serve/server only (Bubble
	// Tea's input reader, ultraviolet, reads each session's input).
	sshServer := []string{"charm.land/wish/", "charm.land/ssh", "charm.land/bubbletea/", "github.com/charmbracelet/ultraviolet"}
	hasPrefix := func(path string, prefixes []string) bool {
		return slices.ContainsFunc(prefixes, func(pre string) bool { return strings.HasPrefix(path, pre) })
	}
	// Test support: internal/testing and the screens' helpers for tests
	// beside the screens they drive (tui/kit/kittest, tui/train/traintest).
	support := func(me string) bool { return under(me, "internal/testing") || strings.HasSuffix(me, "test") }
	for _, p := range ps {
		me := p.rel()
		for _, d := range p.Deps {
			switch {
			case (me == "rules" || me == "internal/platform/untrusted" || me == "internal/platform/dirlock" || me == "internal/platform/userdir" || me == "internal/platform/charset") && !std(d):
				t.Errorf("%s depends on %s: it may use the standard library only", me, d)
			case me == "internal/platform/durable" && !std(d) && d != module+"/internal/platform/untrusted":
				t.Errorf("%s depends on %s: it may use the standard library and internal/platform/untrusted only", me, d)
			case under(me, "ai") && !std(d) && !(ours(d) && (rel(d) == "rules" || under(rel(d), "ai"))):
				t.Errorf("%s depends on %s: the bots may use rules, ai/... and the standard library only", me, d)
			}
		}
		for _, d := range p.Imports {
			switch {
			case ours(d) && under(rel(d), "cmd"):
				t.Errorf("%s imports %s: nothing imports a command", me, d)
			case ours(d) && rel(d) == "tui" && !under(me, "cmd"):
				t.Errorf("%s imports tui: only cmd may", me)
			case ours(d) && under(rel(d), "internal/lab") && !under(me, "internal/lab") && me != "cmd/klob-lab":
				t.Errorf("%s imports %s: the lab is for cmd/klob-lab, the product never imports it", me, d)
			case me == "internal/serve/server" && hasPrefix(d, sshServer):
			case me == "internal/testing/sshtest" && hasPrefix(d, terminal):
				// Test support: a terminal emulator reads the screens.
			case me == "internal/platform/termcolor" && hasPrefix(d, terminal):
				// The colour profile of a TERM, chosen alike by the local
				// program (cmd) and the ssh server, which imports no tui.
			case hasPrefix(d, terminal) && !under(me, "tui") && !under(me, "cmd"):
				t.Errorf("%s imports %s: only tui and cmd use the terminal libraries", me, d)
			case hasPrefix(d, testOnly) && !support(me):
				t.Errorf("%s imports %s outside its tests: it is test support", me, d)
			}
		}
		// Nor through another package: the product builds without
		// test support.
		if !support(me) {
			if i := slices.IndexFunc(p.Deps, func(d string) bool { return hasPrefix(d, testOnly) || ours(d) && strings.HasSuffix(d, "test") }); i >= 0 {
				t.Errorf("%s depends on %s: it is test support", me, p.Deps[i])
			}
		}
		if me == "cmd/klob" && slices.ContainsFunc(p.Deps, func(d string) bool { return ours(d) && under(rel(d), "internal/lab") }) {
			t.Errorf("cmd/klob depends on the lab")
		}
		for _, d := range slices.Concat(p.TestImports, p.XTestImports) {
			// The engine's tests stay inside the engine too.
			if me == "rules" && ours(d) && rel(d) != "rules" {
				t.Errorf("the tests of %s import %s", me, d)
			}
		}
	}
}
