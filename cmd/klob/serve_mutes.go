package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/klob/klob/internal/platform/durable"
	"github.com/klob/klob/internal/platform/untrusted"
	"github.com/klob/klob/internal/serve/chat"
)

// mutesFile keeps the players a keyed player muted in the talk, in the
// player's directory beside their name and settings: one line a mute,
// the muted key, a space and the name it was muted by ("1a2b… ann").
// A file per player, as their other files: it needs no club database
// and goes with the player's directory.
const mutesFile = "mutes.txt"

// Bounds of a mutes file: no more mutes than a Hub lets one listener
// keep, a key of at most maxMuteKey hex digits (a key's tag is 32), a
// name of at most maxMuteName bytes (a name of the talk with its tag
// and mark fits), so a file larger than maxMutesFile is not one.
const (
	maxMuteKey   = 64
	maxMuteName  = 256
	maxMutesFile = chat.DefaultMaxMutes * (maxMuteKey + 1 + maxMuteName + 1)
)

// parseMutes reads a mutes file: muted key -> the name muted. Empty
// lines are skipped; anything else that is not a mute is an error
// naming its line.
func parseMutes(b []byte) (map[string]string, error) {
	if len(b) > maxMutesFile {
		return nil, fmt.Errorf("%d bytes, more than a mutes file holds (%d)", len(b), maxMutesFile)
	}
	if !utf8.Valid(b) {
		return nil, errors.New("not UTF-8 text")
	}
	set := map[string]string{}
	for i, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		if line == "" {
			continue
		}
		key, name, ok := strings.Cut(line, " ")
		switch {
		case !ok:
			return nil, fmt.Errorf("line %d: want a key, a space and a name", i+1)
		case !muteKey(key):
			return nil, fmt.Errorf("line %d: %q is no key (1 to %d hex digits)", i+1, key, maxMuteKey)
		case name == "" || len(name) > maxMuteName:
			return nil, fmt.Errorf("line %d: a name has 1 to %d bytes", i+1, maxMuteName)
		case untrusted.Text(name) != name:
			return nil, fmt.Errorf("line %d: the name %q holds control or bidirectional characters", i+1, name)
		}
		if _, dup := set[key]; dup {
			return nil, fmt.Errorf("line %d: %s is muted twice", i+1, key)
		}
		if len(set) == chat.DefaultMaxMutes {
			return nil, fmt.Errorf("line %d: more than %d mutes", i+1, chat.DefaultMaxMutes)
		}
		set[key] = name
	}
	return set, nil
}

// muteKey reports whether k is a key as the mutes file holds them.
func muteKey(k string) bool {
	if k == "" || len(k) > maxMuteKey {
		return false
	}
	for _, r := range k {
		if !('0' <= r && r <= '9' || 'a' <= r && r <= 'f') {
			return false
		}
	}
	return true
}

// formatMutes is the mutes file of set, in the order of the keys.
// Entries parseMutes would refuse are left out (the Hub only holds
// keys of players, and names of the talk).
func formatMutes(set map[string]string) []byte {
	var b bytes.Buffer
	for _, k := range slices.Sorted(maps.Keys(set)) {
		n := set[k]
		if muteKey(k) && n != "" && len(n) <= maxMuteName && untrusted.Text(n) == n {
			fmt.Fprintf(&b, "%s %s\n", k, n)
		}
	}
	return b.Bytes()
}

// muteFiles keeps the keyed players' mutes of a server's chat Hub in
// their mutes files: give hands a player's back to the Hub when they
// connect, save (the Hub's Config.OnMutes) takes each change and a
// goroutine writes it, so that neither the screens nor the Hub's lock
// wait for the disk. A guest's mutes (no key) stay in the Hub for
// their connection, and a file that could not be read is left as it
// is: only the keys of such files are remembered, not every key that
// ever connected.
type muteFiles struct {
	state string // the server's state directory
	logf  func(string, ...any)

	mu      sync.Mutex
	broken  map[string]bool              // keys whose file could not be read
	pending map[string]map[string]string // the latest set of a key not yet written
	writing map[string]map[string]string // the sets being written now
	stopped bool
	start   sync.Once
	wake    chan struct{} // a set is pending
	stop    chan struct{} // closed by close: write what is pending and end
	done    chan struct{} // closed when the writer ended
}

func newMuteFiles(state string, logf func(string, ...any)) *muteFiles {
	return &muteFiles{
		state: state, logf: logf,
		broken: map[string]bool{}, pending: map[string]map[string]string{},
		wake: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{}),
	}
}

// path is key's mutes file.
func (m *muteFiles) path(key string) string {
	return filepath.Join(m.state, "players", key, mutesFile)
}

// give restores key's mutes in hub as kept: the set still waiting to
// be written, else the file. A file that cannot be read is logged and
// left as it is; the player starts with no mutes.
func (m *muteFiles) give(hub *chat.Hub, key string) {
	set, err := m.load(key)
	if err != nil {
		m.logf("mutes of %s not read, left as they are: %v; the player's mutes hold until the server stops", key, err)
		return
	}
	hub.Restore(key, set)
}

// load is key's kept mutes.
func (m *muteFiles) load(key string) (map[string]string, error) {
	m.mu.Lock()
	if set, ok := m.pending[key]; ok {
		m.mu.Unlock()
		return maps.Clone(set), nil
	}
	if set, ok := m.writing[key]; ok {
		m.mu.Unlock()
		return maps.Clone(set), nil
	}
	m.mu.Unlock()
	path := m.path(key)
	b, err := untrusted.ReadFileMax(path, maxMutesFile)
	var set map[string]string
	switch {
	case errors.Is(err, fs.ErrNotExist):
		err = nil
	case err == nil:
		if set, err = parseMutes(b); err != nil {
			err = fmt.Errorf("%s: %w", path, err)
		}
	}
	m.mu.Lock()
	if err != nil {
		m.broken[key] = true
	} else {
		delete(m.broken, key)
	}
	m.mu.Unlock()
	return set, err
}

// save takes key's new set, as chat.Config.OnMutes: it returns at once,
// the writer writes it.
func (m *muteFiles) save(key string, set map[string]string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if key == "" || m.broken[key] || m.stopped {
		return
	}
	m.pending[key] = set
	m.start.Do(func() { go m.run() })
	select {
	case m.wake <- struct{}{}:
	default:
	}
}

// run writes the pending sets until close.
func (m *muteFiles) run() {
	defer close(m.done)
	for {
		select {
		case <-m.wake:
			m.flush()
		case <-m.stop:
			m.flush()
			return
		}
	}
}

// flush writes the pending sets, each key's latest, until none is left.
func (m *muteFiles) flush() {
	for {
		m.mu.Lock()
		batch := m.pending
		if len(batch) == 0 {
			m.writing = nil
			m.mu.Unlock()
			return
		}
		m.pending, m.writing = map[string]map[string]string{}, batch
		m.mu.Unlock()
		for key, set := range batch {
			if err := durable.ReplaceMkdir(durable.OS(), m.path(key), mutesFile+".*", formatMutes(set), 0o700); err != nil {
				m.logf("mutes of %s not written: %v", key, err)
			}
		}
	}
}

// close writes what is pending and stops the writer; later sets are
// not written. It may be called more than once.
func (m *muteFiles) close() {
	m.mu.Lock()
	if m.stopped {
		m.mu.Unlock()
		return
	}
	m.stopped = true
	m.mu.Unlock()
	started := true
	m.start.Do(func() { started = false })
	if started {
		close(m.stop)
		<-m.done
	}
}
