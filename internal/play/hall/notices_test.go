package hall

import (
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/platform/durable"
	"github.com/klob/klob/internal/testing/testkit"
)

// TestNoticesKeptAcrossRestarts: a notice told, the server restarted,
// is read once in the new hall; read, it is gone after the next restart
// too, while another person's, not read, is kept through both.
func TestNoticesKeptAcrossRestarts(t *testing.T) {
	d := newOnDisk(t)
	h := d.hall(t)
	h.Tell("a", "Ann's news.")
	h.tell("b", "Bob's news,\n\"quoted\" and \xff.")
	h.Close()
	data, err := os.ReadFile(filepath.Join(d.dir, noticesFile))
	require.NoError(t, err)
	assert.Equal(t, noticesHeader+"\n"+`"a" "Ann's news."`+"\n"+`"b" "Bob's news,\n\"quoted\" and \xff."`+"\n", string(data))

	h2 := d.hall(t)
	assert.Equal(t, "Ann's news.", h2.Notice("a"))
	assert.Empty(t, h2.Notice("a"), "said once")
	h2.Close()

	h3 := d.hall(t)
	assert.Empty(t, h3.Notice("a"), "read before the restart")
	assert.Equal(t, "Bob's news,\n\"quoted\" and \xff.", h3.Notice("b"))
	h3.Close()
	assert.NoFileExists(t, filepath.Join(d.dir, noticesFile), "no notices, no file")
}

// TestRestartNoticesToldOnce: what a restart tells (a table ended with
// it, a table whose game was damaged, a finished game being filed) is
// kept with what the hall kept before it, and two restarts before the
// person comes tell it once.
func TestRestartNoticesToldOnce(t *testing.T) {
	t.Run("ended", func(t *testing.T) {
		d := newOnDisk(t)
		h := d.hall(t)
		h.Tell("b", "Before.")
		h.Close()
		ended := filepath.Join(d.dir, "EFGH", endedFile)
		require.NoError(t, os.MkdirAll(filepath.Dir(ended), 0o700))
		require.NoError(t, os.WriteFile(ended, []byte("a\nb\n"), 0o600))
		for range 2 {
			d.hall(t).Close()
		}
		h = d.hall(t)
		told := endedNotice("EFGH")
		assert.Equal(t, told, h.Notice("a"))
		assert.Equal(t, "Before. "+told, h.Notice("b"))
		assert.Empty(t, h.Notice("b"), "said once")
	})
	t.Run("damaged", func(t *testing.T) {
		d, tb := damagedTable(t, cutInFirstDeal(t))
		for range 2 {
			h, _ := d.failedStart(t)
			h.Close()
		}
		h, _ := d.failedStart(t)
		toldOnce(t, h, damagedNotice(tb.Code()), "a", "b")
	})
	t.Run("filing", func(t *testing.T) {
		// The finished game's filing fails at both restarts (Bob's disk
		// is full): the table comes back each time, and tells its
		// people again what they were told already.
		toldOfFilingAfterRestarts(t, 2, 2)
	})
}

// TestDamagedNoticesMovedAside: a notices file that does not read is
// moved aside whole, never written over; the start's error says which
// file, where and why (the line), and the hall starts with no notices
// and keeps the new ones in a new file.
func TestDamagedNoticesMovedAside(t *testing.T) {
	tooBig := []byte(noticesHeader + "\n" + strings.Repeat(`"a" "b"`+"\n", maxNoticesSize/8+1))
	for name, c := range map[string]struct {
		data []byte
		why  string
	}{
		"header":   {[]byte("klob notices 2\n\"a\" \"x\"\n"), `line 1: "klob notices 2" is not the header`},
		"line":     {[]byte(noticesHeader + "\n\"a\" \"x\"\n\"b\" x\n"), "line 3: the text: not a quoted string"},
		"twice":    {[]byte(noticesHeader + "\n\"a\" \"x\"\n\"a\" \"y\"\n"), `line 3: a second notice for "a"`},
		"cut":      {[]byte(noticesHeader + "\n\"a\" \"x\"\n\"b\" \"y"), "its last line is cut"},
		"too big":  {tooBig, "more than the notices file ever holds"},
		"too many": {[]byte(noticesHeader + "\n" + manyNotices(maxNotices+1)), "more than 1000 notices"},
	} {
		t.Run(name, func(t *testing.T) {
			d := newOnDisk(t)
			path := filepath.Join(d.dir, noticesFile)
			require.NoError(t, os.WriteFile(path, c.data, 0o600))

			h, err := d.failedStart(t)
			assert.Contains(t, err.Error(), path)
			assert.Contains(t, err.Error(), c.why)
			asides, _ := filepath.Glob(filepath.Join(d.dir, "notices-damaged-*"))
			require.Len(t, asides, 1)
			assert.Contains(t, err.Error(), "moved to "+asides[0])
			assert.Empty(t, h.Notice("a"), "the hall starts with no notices")

			h.Tell("c", "New.")
			h.Close()
			kept, rerr := os.ReadFile(asides[0])
			require.NoError(t, rerr)
			assert.True(t, bytes.Equal(c.data, kept), "the damaged file is kept as it was")
			h2 := d.hall(t)
			assert.Equal(t, "New.", h2.Notice("c"))
		})
	}
}

// manyNotices is n notices' lines.
func manyNotices(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString(`"` + strings.Repeat("k", i%50+1) + string(rune('a'+i/50)) + `" "x"` + "\n")
	}
	return b.String()
}

// TestNoticesFileBound: the most notices the hall keeps, each of the
// longest id and text of bytes strconv.Quote writes longest, make a file
// the reader reads back.
func TestNoticesFileBound(t *testing.T) {
	h := newHall(t, Config{})
	for i := range maxNotices + 10 {
		id := strings.Repeat("\xff", maxNoticeID-4) + string([]byte{byte(i >> 16), byte(i >> 8), byte(i), 0x80})
		h.Tell(id, strings.Repeat("\x01", maxNoticeText+100))
	}
	h.Tell(strings.Repeat("k", maxNoticeID+1), "an id none of the server's")
	h.mu.Lock()
	notices := maps.Clone(h.notices)
	h.mu.Unlock()
	require.Len(t, notices, maxNotices)
	data := formatNotices(notices)
	assert.LessOrEqual(t, len(data), maxNoticesSize)
	back, err := parseNotices(data)
	require.NoError(t, err)
	assert.Equal(t, notices, back)
}

// stuckFS is the real file system where a write of the notices hangs
// from when the test holds it until it lets it go: a disk that stopped
// answering.
type stuckFS struct {
	durable.FS
	mu      sync.Mutex
	hold    bool
	entered chan struct{} // a write hangs
	release chan struct{}
}

func (f *stuckFS) CreateTemp(dir, pattern string) (durable.File, error) {
	f.mu.Lock()
	hold := f.hold && pattern == noticesTemp
	f.hold = f.hold && !hold
	f.mu.Unlock()
	if hold {
		close(f.entered)
		<-f.release
	}
	return f.FS.CreateTemp(dir, pattern)
}

// TestNoticesWrittenOffTheLock: while a write of the notices hangs, the
// hall still answers Notice and Tell (a lobby's Update asks for a
// notice under no lock of its own); the writes then land in order, the
// file holding the last notices, not the hung write's.
func TestNoticesWrittenOffTheLock(t *testing.T) {
	d := newOnDisk(t)
	stuck := &stuckFS{FS: durable.OS(), hold: true, entered: make(chan struct{}), release: make(chan struct{})}
	cfg := testConfig(d.dir, d.hist, d.clock)
	cfg.FS = stuck
	h := newHall(t, cfg)
	var once sync.Once
	free := func() { once.Do(func() { close(stuck.release) }) }
	t.Cleanup(free)

	h.Tell("a", "For Ann.")
	select {
	case <-stuck.entered:
	case <-time.After(guard):
		t.Fatal("the notices are not written")
	}
	var got string
	testkit.Returns(t, guard, "Notice while a write hangs", func() {
		got = h.Notice("a")
		h.Tell("b", "For Bob.")
	})
	assert.Equal(t, "For Ann.", got)

	free()
	path := filepath.Join(d.dir, noticesFile)
	want := noticesHeader + "\n" + `"b" "For Bob."` + "\n"
	eventually(t, "the last notices written", func() bool {
		data, _ := os.ReadFile(path)
		return string(data) == want
	})
	h.Close()
	h2 := d.hall(t)
	assert.Empty(t, h2.Notice("a"), "read before the restart")
	assert.Equal(t, "For Bob.", h2.Notice("b"))
}
