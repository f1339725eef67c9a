package hall

import (
	"io/fs"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/klob/klob/internal/platform/durable"
)

// FuzzCodes: normalCode keeps only the letters of what a person types,
// in upper case, and changes nothing the second time; isCode takes four
// of CodeLetters only, each as normalCode leaves it.
func FuzzCodes(f *testing.F) {
	for _, s := range []string{"ABCD", "abcd", " a-b c d ", "ABCI", "ÀBCD", "ABCDE", "", "\xff\xfeabcd"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := normalCode(s)
		if strings.Trim(n, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != "" || len(n) > len(s) || normalCode(n) != n {
			t.Fatalf("normalCode(%q) = %q, then %q", s, n, normalCode(n))
		}
		if strings.ToUpper(s) == s && strings.Trim(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") == "" && n != s {
			t.Fatalf("normalCode(%q) = %q", s, n)
		}
		if isCode(s) && (len(s) != 4 || strings.Trim(s, CodeLetters) != "" || normalCode(s) != s) {
			t.Fatalf("isCode(%q)", s)
		}
	})
}

// oneFile is a file system of one file, for the readers of the restart
// files: every path reads as data.
type oneFile struct {
	durable.FS
	data []byte
}

func (o oneFile) ReadFile(string) ([]byte, error) {
	if o.data == nil {
		return nil, fs.ErrNotExist
	}
	return o.data, nil
}

// FuzzRestartFiles reads data as a table's emptyFile and endedFile.
// Neither reader panics; a time read is written back as markEmpty
// writes it and reads again as the same instant; the keys read are
// each a line without blanks, and written back as markEnded writes
// them they read again the same.
func FuzzRestartFiles(f *testing.F) {
	for _, s := range []string{"2026-12-01T10:00:00.123456789Z\n", "2026-12-01T10:00:00+01:00", "not a time\n", "",
		"SHA256:abc\nSHA256:def\n", "a b\n", "k\n\nk\n", "k\r\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		// A year RFC 3339 cannot write in UTC (an offset carrying year 0
		// back to year -1) comes from no clock: its round trip is not
		// asked for.
		if since, err := readEmpty(oneFile{data: data}, emptyFile); err == nil && since.UTC().Year() >= 0 && since.UTC().Year() <= 9999 {
			back := []byte(since.UTC().Format(time.RFC3339Nano) + "\n")
			if again, err := readEmpty(oneFile{data: back}, emptyFile); err != nil || !again.Equal(since) {
				t.Fatalf("%q read as %v, written back %q, read as %v, %v", data, since, back, again, err)
			}
		}
		keys, err := readEnded(oneFile{data: data}, endedFile)
		if err != nil {
			return
		}
		var b strings.Builder
		for _, k := range keys {
			if k == "" || strings.ContainsAny(k, " \t\r\n") {
				t.Fatalf("%q read as key %q", data, k)
			}
			b.WriteString(k + "\n")
		}
		if again, err := readEnded(oneFile{data: []byte(b.String())}, endedFile); err != nil || !slices.Equal(again, keys) {
			t.Fatalf("%q read as %q, written back %q, read as %q, %v", data, keys, b.String(), again, err)
		}
	})
}

// FuzzNotices reads data as the notices file. The reader never panics;
// what it reads is within the bounds the hall keeps (maxNotices, ids
// and texts neither empty nor too long), and written back as the hall
// writes it, it is no bigger than the reader takes and reads again the
// same.
func FuzzNotices(f *testing.F) {
	for _, s := range []string{
		noticesHeader + "\n",
		noticesHeader + "\n" + `"a1b2c3" "Table ABCD was closed before its game started: the host left."` + "\n",
		noticesHeader + "\n" + `"a" "x\ny \"z\" \xff \u00e9"` + "\n" + `"b" "w"` + "\n",
		noticesHeader + "\n\"a\" \"x\"\n\"a\" \"y\"\n",
		noticesHeader + "\n\"a\" \"x\"",
		noticesHeader + "\n`a` `x`\n",
		noticesHeader + "\n\"a\"  \"x\"\n",
		noticesHeader + "\n\"\" \"x\"\n",
		noticesHeader + "\n\"a\" \"x\" \n",
		"klob notices 2\n",
		"",
		"\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		notices, err := parseNotices(data)
		if err != nil {
			if notices != nil {
				t.Fatalf("%q: notices %q with the error %v", data, notices, err)
			}
			return
		}
		if len(notices) > maxNotices {
			t.Fatalf("%q: %d notices", data, len(notices))
		}
		for id, text := range notices {
			if id == "" || len(id) > maxNoticeID || text == "" || len(text) > maxNoticeText {
				t.Fatalf("%q read as %q: %q", data, id, text)
			}
		}
		back := formatNotices(notices)
		if len(back) > maxNoticesSize {
			t.Fatalf("%q written back in %d bytes", data, len(back))
		}
		again, err := parseNotices(back)
		if err != nil || !maps.Equal(again, notices) {
			t.Fatalf("%q read as %q, written back %q, read as %q, %v", data, notices, back, again, err)
		}
	})
}
