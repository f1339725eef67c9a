package untrusted_test

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klob/klob/internal/platform/untrusted"
)

func TestReadFileRegular(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "game.klob")
	want := []byte("[Klob \"1\"]\n")
	os.WriteFile(p, want, 0o644)
	got, err := untrusted.ReadFile(p)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("got %q, %v; want %q", got, err, want)
	}
	// Exactly the limit is read; one byte more is refused.
	os.WriteFile(p, bytes.Repeat([]byte("x"), 100), 0o644)
	if got, err := untrusted.ReadFileMax(p, 100); err != nil || len(got) != 100 {
		t.Errorf("100 bytes at a limit of 100: %d bytes, %v", len(got), err)
	}
	_, err = untrusted.ReadFileMax(p, 99)
	if !errors.Is(err, untrusted.ErrTooLarge) || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), "over 99 bytes") {
		t.Errorf("100 bytes at a limit of 99: got %v, want ErrTooLarge naming the file and the limit", err)
	}
	if _, err := untrusted.ReadFile(filepath.Join(dir, "none")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: got %v, want fs.ErrNotExist", err)
	}
}

// A file that grows past the limit while it is read is refused too: the
// size from Stat is not trusted.
func TestReadFileLimitsTheRead(t *testing.T) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("no /proc")
	}
	// /proc files are regular but report size 0.
	_, err := untrusted.ReadFileMax("/proc/self/status", 10)
	if !errors.Is(err, untrusted.ErrTooLarge) {
		t.Errorf("a file reporting size 0 with more to read: got %v, want ErrTooLarge", err)
	}
}

func TestText(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"hand=JS 9S AS KH QH 7D up=8S", "hand=JS 9S AS KH QH 7D up=8S"},
		{"Jürgen ♠ 東", "Jürgen ♠ 東"},
		{"a\x1b[2Jb", `a\x1b[2Jb`},
		{"\x1b]0;title\x07", `\x1b]0;title\a`},
		{"line\nbreak\ttab\r", `line\nbreak\ttab\r`},
		{"caf\xe9", `caf\xe9`},
		{"\u009b31m", `\u009b31m`},
		{"abc\u202edef", `abc\u202edef`},
		{"x\x7f", `x\x7f`},
	} {
		if got := untrusted.Text(c.in); got != c.want {
			t.Errorf("Text(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func FuzzText(f *testing.F) {
	f.Add("a\x1b[31mred")
	f.Add("caf\xe9\u202e")
	f.Fuzz(func(t *testing.T, s string) {
		out := untrusted.Text(s)
		if untrusted.Text(out) != out {
			t.Fatalf("Text(%q) = %q is not stable", s, out)
		}
		for _, r := range out {
			if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == 0xfffd && !strings.ContainsRune(s, 0xfffd) {
				t.Fatalf("Text(%q) = %q holds %U", s, out, r)
			}
		}
	})
}
