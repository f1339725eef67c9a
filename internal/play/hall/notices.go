package hall

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/klob/klob/internal/platform/durable"
	"github.com/klob/klob/internal/platform/untrusted"
)

// The notices (Hall.Notice) are kept in noticesFile in Config.Dir, so
// that a restart, or two, before a person comes back does not lose what
// happened to their table. The file is a header line, noticesHeader,
// then one notice a line: the person's key id and the text, each a Go
// quoted string (strconv.Quote), a space between:
//
//	klob notices 1
//	"a1b2c3d4e5f60718293a4b5c6d7e8f90" "Table ABCD was closed before its game started: ..."
//
// The lines are in the order of the ids. No notices is no file.
const (
	noticesFile   = "notices"
	noticesHeader = "klob notices 1"
	// noticesTemp is the pattern of a write's temporary file; one a
	// crash left behind is removed at the next start.
	noticesTemp = ".notices-*.tmp"
)

// maxNoticeID bounds a key id kept in the file (the server's are 32
// hex digits), maxNoticeText a notice's text: the longest the hall and
// the server make are a few hundred bytes (a name's note, a table's
// closing), and Tell appends to a notice, so that is room for several.
const (
	maxNoticeID   = 128
	maxNoticeText = 2048
)

// maxNoticesSize bounds the notices file read: maxNotices lines of the
// longest id and text, strconv.Quote writing at most 4 bytes for each
// byte quoted (an invalid one is \xNN) and 2 for the quotes.
const maxNoticesSize = len(noticesHeader) + 1 + maxNotices*(4*(maxNoticeID+maxNoticeText)+6)

// boundNotice returns the text kept for a notice: text cut at a rune's
// start to maxNoticeText bytes, "…" saying it was; the file keeps no
// longer one.
func boundNotice(text string) string {
	if len(text) <= maxNoticeText {
		return text
	}
	const more = "…"
	cut := maxNoticeText - len(more)
	for cut > 0 && !utf8.RuneStart(text[cut]) {
		cut--
	}
	return text[:cut] + more
}

// formatNotices writes the notices as noticesFile holds them.
func formatNotices(notices map[string]string) []byte {
	var b strings.Builder
	b.WriteString(noticesHeader + "\n")
	for _, id := range slices.Sorted(maps.Keys(notices)) {
		b.WriteString(strconv.Quote(id) + " " + strconv.Quote(notices[id]) + "\n")
	}
	return []byte(b.String())
}

// parseNotices reads the notices formatNotices wrote; anything else (a
// header of another version, a line that is not two quoted strings, an
// empty or too long id or text, an id twice, more than maxNotices, a
// missing last newline) is an error that says which line.
func parseNotices(data []byte) (map[string]string, error) {
	if len(data) > maxNoticesSize {
		return nil, fmt.Errorf("%d bytes, more than the notices file ever holds (%d)", len(data), maxNoticesSize)
	}
	text := string(data)
	if !strings.HasSuffix(text, "\n") {
		return nil, errors.New("its last line is cut (no newline at its end)")
	}
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if lines[0] != noticesHeader {
		return nil, fmt.Errorf("line 1: %q is not the header %q", cutForError(lines[0]), noticesHeader)
	}
	notices := map[string]string{}
	for i, line := range lines[1:] {
		n := i + 2
		id, text, err := parseNoticeLine(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		if _, ok := notices[id]; ok {
			return nil, fmt.Errorf("line %d: a second notice for %q", n, cutForError(id))
		}
		if len(notices) == maxNotices {
			return nil, fmt.Errorf("line %d: more than %d notices", n, maxNotices)
		}
		notices[id] = text
	}
	return notices, nil
}

// parseNoticeLine reads one notice's line: a quoted id, a space, a
// quoted text.
func parseNoticeLine(line string) (id, text string, err error) {
	id, rest, err := quotedPrefix(line)
	if err != nil {
		return "", "", fmt.Errorf("the key id: %v", err)
	}
	rest, ok := strings.CutPrefix(rest, " ")
	if !ok {
		return "", "", errors.New("no space after the key id")
	}
	text, rest, err = quotedPrefix(rest)
	if err != nil {
		return "", "", fmt.Errorf("the text: %v", err)
	}
	switch {
	case rest != "":
		return "", "", fmt.Errorf("%q after the text", cutForError(rest))
	case id == "" || len(id) > maxNoticeID:
		return "", "", fmt.Errorf("a key id of %d bytes (1 to %d)", len(id), maxNoticeID)
	case text == "" || len(text) > maxNoticeText:
		return "", "", fmt.Errorf("a text of %d bytes (1 to %d)", len(text), maxNoticeText)
	}
	return id, text, nil
}

// quotedPrefix unquotes the double-quoted Go string s begins with and
// returns what follows it.
func quotedPrefix(s string) (string, string, error) {
	if !strings.HasPrefix(s, `"`) {
		return "", "", errors.New("not a quoted string")
	}
	q, err := strconv.QuotedPrefix(s)
	if err != nil {
		return "", "", errors.New("not a quoted string")
	}
	u, err := strconv.Unquote(q)
	if err != nil {
		return "", "", err
	}
	return u, s[len(q):], nil
}

// cutForError is s as an error quotes it: at most 40 bytes.
func cutForError(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// errNoticesOff is saveNotices' answer when the notices are not kept
// on disk: a file that could not be read stays where it is.
var errNoticesOff = errors.New("the notices are kept in memory only: their file could not be read and is left as it is")

// loadNotices reads the notices kept in Config.Dir at the start, before
// the tables (whose restart adds its own), and removes the temporary
// files of writes a crash cut. A damaged file is moved aside, never
// written over, and the hall starts with no notices; a file that cannot
// be read (nor moved) stays, and the notices are then kept in memory
// only. The error says which, with the file and the line.
func (h *Hall) loadNotices() error {
	dir := h.cfg.Dir
	if ents, err := h.cfg.FS.ReadDir(dir); err == nil {
		for _, e := range ents {
			if ok, _ := filepath.Match(noticesTemp, e.Name()); ok && !e.IsDir() {
				h.cfg.FS.Remove(filepath.Join(dir, e.Name()))
			}
		}
	}
	path := filepath.Join(dir, noticesFile)
	data, err := h.cfg.FS.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case errors.Is(err, untrusted.ErrTooLarge):
		// Read as damaged below: moved aside.
		err = fmt.Errorf("more than the notices file ever holds (%d bytes)", maxNoticesSize)
	case err != nil:
		h.noticesOff = true
		return fmt.Errorf("the notices %s cannot be read, and are left as they are (the notices are kept in memory only until a restart): %w", path, err)
	default:
		var notices map[string]string
		if notices, err = parseNotices(data); err == nil {
			h.notices = notices
			h.noticesGen, h.noticesSaved = 1, 1 // the file holds them
			return nil
		}
	}
	d := durable.Damaged(h.cfg.FS, "the notices", path, dir,
		"notices-damaged-"+h.cfg.Clock.Now().UTC().Format("2006-01-02-150405"), "", err)
	if d.Aside == "" {
		h.noticesOff = true
		return fmt.Errorf("the notices %s are damaged (%v), and are left as they are: the notices are kept in memory only until a restart", path, d.Err)
	}
	return fmt.Errorf("the notices %s are damaged (%v): moved to %s, the hall starts with none", path, err, d.Aside)
}

// noticesChanged notes a change of h.notices; h.mu is held. It reports
// whether the caller, once it has let h.mu go, starts a write of them
// (writeNotices, as the hall's work, which Close waits for): none is
// on its way that would take the change.
func (h *Hall) noticesChanged() bool {
	h.noticesGen++
	if h.noticesQueued || h.noticesOff {
		return false
	}
	h.noticesQueued = true
	return true
}

// writeNotices writes the notices as they stand into Config.Dir, unless
// that is what the file holds: never under h.mu (a screen's Update asks
// for a notice), and one at a time under noticesMu, each taking the
// notices as they stand once it has it, so the file only moves forward.
// Once Close has flushed them, nothing is written.
func (h *Hall) writeNotices() error {
	h.noticesMu.Lock()
	defer h.noticesMu.Unlock()
	h.mu.Lock()
	h.noticesQueued = false
	gen := h.noticesGen
	notices := maps.Clone(h.notices)
	h.mu.Unlock()
	switch {
	case h.cfg.Dir == "" || h.noticesDone:
		return nil
	case h.noticesOff:
		return errNoticesOff
	case gen == h.noticesSaved:
		return nil
	}
	path := filepath.Join(h.cfg.Dir, noticesFile)
	var err error
	if len(notices) == 0 {
		// Nothing to say: no file, rather than a header alone.
		if err = h.cfg.FS.Remove(path); errors.Is(err, fs.ErrNotExist) {
			err = nil
		} else if err == nil {
			err = durable.SyncDir(h.cfg.FS, h.cfg.Dir)
		}
	} else {
		_, err = durable.Replace(h.cfg.FS, path, noticesTemp, formatNotices(notices))
	}
	if err != nil {
		h.cfg.Logf("keeping the notices for the people away (for a restart): %v", err)
		return err
	}
	h.noticesSaved = gen
	return nil
}

// flushNotices writes the last notices as Close stops the hall; nothing
// is written after it.
func (h *Hall) flushNotices() {
	h.writeNotices()
	h.noticesMu.Lock()
	h.noticesDone = true
	h.noticesMu.Unlock()
}
