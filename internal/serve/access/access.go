// Package access is the operator's say over who plays on a `klob
// serve`: a list of the keys admitted (a private club), a list of the
// keys refused, and whether guests (no key) come in. Each list is a
// file the operator edits while the server runs: it is read again
// whenever it changes, at the next connection.
//
// A list's lines name keys in any of the forms an operator meets: an
// authorized_keys line ("ssh-ed25519 AAAA... ann@home"), the key's
// SHA256 fingerprint as the server's log and ssh-keygen -l print it
// ("SHA256:Bg6w..."), or the hex id the lobby and the state directory
// show, whole (32 digits) or as its tag (at least 12). Blank lines and
// lines from '#' are comments.
package access

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/klob/klob/internal/platform/textwrap"
	"github.com/klob/klob/internal/platform/untrusted"
)

// MinTag is the fewest hex digits of a key's id a list may name it by:
// the lobby's tag.
const MinTag = 12

// Gate decides who comes in. Its methods are safe for concurrent use.
type Gate struct {
	allow, deny *list // nil: no such list
	guests      bool
	logf        func(format string, args ...any)
}

// Config is what the operator set.
type Config struct {
	// Allow is the file of the keys admitted ("" admits every key);
	// Deny the file of the keys refused ("" refuses none).
	Allow, Deny string
	// NoGuests refuses connections without a key.
	NoGuests bool
	// Logf receives a line when a list changes or cannot be read again
	// (nil discards).
	Logf func(format string, args ...any)
}

// New reads the lists: a file missing or with a line it cannot read is
// an error that says which line, so a typo never opens a private club.
func New(cfg Config) (*Gate, error) {
	g := &Gate{guests: !cfg.NoGuests, logf: cfg.Logf}
	if g.logf == nil {
		g.logf = func(string, ...any) {}
	}
	var err error
	if cfg.Allow != "" {
		if g.allow, err = openList(cfg.Allow); err != nil {
			return nil, err
		}
		if len(g.allow.ids)+len(g.allow.fps) == 0 {
			g.logf("key list %s names no key: nobody with a key is admitted until it does", cfg.Allow)
		}
	}
	if cfg.Deny != "" {
		if g.deny, err = openList(cfg.Deny); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// Admit says whether the holder of key (nil for a guest), whose hex id
// is id (server.KeyID), may play: "" when they may, else the line to
// show them.
func (g *Gate) Admit(key gossh.PublicKey, id string) string {
	if key == nil {
		if !g.guests {
			return "this server admits players with a key only: connect with ssh -i and your key"
		}
		return ""
	}
	fp := gossh.FingerprintSHA256(key)
	if g.deny != nil && g.deny.has(g, id, fp) {
		return "this key may not play here"
	}
	if g.allow != nil && !g.allow.has(g, id, fp) {
		return fmt.Sprintf("this server admits the keys its operator listed, and yours is not one of them: send them its fingerprint, %s", fp)
	}
	return ""
}

// list is one file's keys, read again when the file changes.
type list struct {
	path string

	mu      sync.Mutex
	mod     time.Time
	size    int64
	ids     []string        // hex ids and tags, lower case
	fps     map[string]bool // SHA256 fingerprints
	failing bool            // the last read again failed (logged once)
}

func openList(path string) (*list, error) {
	l := &list{path: path}
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("the key list: %w", err)
	}
	if err := l.read(fi); err != nil {
		return nil, fmt.Errorf("the key list %s: %w", path, err)
	}
	return l, nil
}

// has reports whether the list names the key id/fp, reading the file
// again first when it changed. A file that cannot be read again keeps
// the list as it was, with a line in the log.
func (l *list) has(g *Gate, id, fp string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	fi, err := os.Stat(l.path)
	switch {
	case err != nil:
		l.fail(g, err)
	case !fi.ModTime().Equal(l.mod) || fi.Size() != l.size:
		if err := l.read(fi); err != nil {
			l.fail(g, err)
		} else {
			l.failing = false
			g.logf("key list %s read again: %s", l.path, textwrap.Count(len(l.ids)+len(l.fps), "key"))
		}
	}
	if l.fps[fp] {
		return true
	}
	for _, p := range l.ids {
		if strings.HasPrefix(id, p) {
			return true
		}
	}
	return false
}

func (l *list) fail(g *Gate, err error) {
	if !l.failing {
		l.failing = true
		g.logf("key list %s: %v; the list stays as it was", l.path, err)
	}
}

// read reads the file as fi describes it; l.mu is held (or l is new).
// Only a regular file of at most maxList bytes is read: a FIFO would
// hang the read (and with it the start, or every connection), and
// /dev/zero would never end.
func (l *list) read(fi os.FileInfo) error {
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("not a regular file (%s)", untrusted.Kind(fi.Mode()))
	}
	// ReadFileMax refuses a file that changed into another kind since.
	data, err := untrusted.ReadFileMax(l.path, maxList)
	if errors.Is(err, untrusted.ErrTooLarge) {
		return errTooLarge
	}
	if err != nil {
		return err
	}
	ids, fps, err := Parse(data)
	if err != nil {
		return err
	}
	l.ids, l.fps, l.mod, l.size = ids, fps, fi.ModTime(), fi.Size()
	return nil
}

// maxList bounds a list file: 100,000 keys of authorized_keys lines.
const maxList = 64 << 20

// errTooLarge refuses a list over maxList.
var errTooLarge = fmt.Errorf("over %d MB", maxList>>20)

// Parse reads a list's lines: the hex ids and tags (lower case) and the
// SHA256 fingerprints it names. A line it cannot read is an error that
// gives its number.
func Parse(data []byte) (ids []string, fps map[string]bool, err error) {
	if len(data) > maxList {
		return nil, nil, errTooLarge
	}
	fps = map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 64<<10)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		f := strings.Fields(line)
		switch {
		case len(f) > 0 && len(f[0]) > MinTag && f[0][0] == '#' && isHex(f[0][1:]):
			// A tag as the lobby writes it, "#a2c01a171350".
			line = f[0][1:]
		case line == "" || line[0] == '#':
			continue
		case len(f) > 1 && isDigits(f[0]) && strings.HasPrefix(f[1], "SHA256:"):
			// As ssh-keygen -l prints it: "256 SHA256:… comment (ED25519)".
			line = f[1]
		case strings.HasPrefix(f[0], "SHA256:") || isHex(f[0]):
			// A fingerprint or an id, then perhaps a comment.
			line = f[0]
		}
		switch {
		case strings.HasPrefix(line, "SHA256:") && !strings.ContainsAny(line, " \t"):
			fps[line] = true
		case isHex(line):
			if len(line) < MinTag || len(line) > 32 {
				return nil, nil, fmt.Errorf("line %d: a key's id has %d to 32 hex digits, not %d", n, MinTag, len(line))
			}
			ids = append(ids, strings.ToLower(line))
		default:
			key, _, _, _, err := gossh.ParseAuthorizedKey([]byte(line))
			if err != nil {
				return nil, nil, fmt.Errorf("line %d: neither a key (as in authorized_keys), a SHA256: fingerprint nor a hex id", n)
			}
			fps[gossh.FingerprintSHA256(key)] = true
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, nil, errors.New("a line over 64 KB")
		}
		return nil, nil, err
	}
	return ids, fps, nil
}

func isHex(s string) bool {
	for _, r := range s {
		if !strings.ContainsRune("0123456789abcdefABCDEF", r) {
			return false
		}
	}
	return s != ""
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}
