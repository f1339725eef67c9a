package tui

import (
	tea "charm.land/bubbletea/v2"
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/klob/klob/internal/record/settings"
	"github.com/klob/klob/tui/kit/kittest"
)

// prefsFile counts the saves of the settings; a save fails with err.
type prefsFile struct {
	mu    sync.Mutex
	saves int
	err   error
}

func (p *prefsFile) save(settings.Settings) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.saves++
	return p.err
}

func (p *prefsFile) count() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.saves
}

// The settings are written in a tea.Cmd, never in Update: neither a
// change of them on the setup form nor o at the table touches the disk
// until the commands run; a failed save then says so. Starting the game
// saves nothing more: the form kept the change as it was made.
func TestPrefsSavedOffTheUI(t *testing.T) {
	pf := &prefsFile{err: errors.New("disk full")}
	prefs := settings.Default()
	cfg := testConfig(dealSeed, &memStore{})
	cfg.Prefs, cfg.SavePrefs = &prefs, pf.save
	hs := newHarness(t, cfg, 80, 24)
	hs.press("up", "up")
	hs.Hold = true
	hs.send(kittest.Key("left")) // the last setting: the bell, off
	if n := pf.count(); n != 0 {
		t.Fatalf("%d saves of the settings in Update on the form", n)
	}
	hs.release()
	hs.settle()
	if n := pf.count(); n != 1 {
		t.Fatalf("%d saves of the settings once the commands ran, want 1", n)
	}
	if scr := kittest.Flat(hs.screen()); !strings.Contains(scr, "Your settings could not be kept: disk full") {
		t.Fatalf("the failed save is not said:\n%s", hs.screen())
	}
	hs.press("enter", "t")
	hs.settle()
	if n := pf.count(); n != 1 {
		t.Fatalf("%d saves of the settings after the start, want still 1", n)
	}
	hs.Hold = true
	hs.send(kittest.Key("o"))
	if n := pf.count(); n != 1 {
		t.Fatalf("o saved the settings in Update (%d saves)", n)
	}
	hs.release()
	if n := pf.count(); n != 2 {
		t.Fatalf("%d saves after o, want 2", n)
	}
	if scr := kittest.Flat(hs.screen()); !strings.Contains(scr, "The hand's order could not be kept: disk full") {
		t.Fatalf("the failed save of the order is not said:\n%s", hs.screen())
	}
}

// TestPrefsKeptWhateverLeavesTheForm: the settings changed on the setup
// form are kept however the form is left: q then y with no game, esc
// back to the offer of a saved game and q from there. The form opened
// again from the offer shows them, and so does the next klob.
func TestPrefsKeptWhateverLeavesTheForm(t *testing.T) {
	path := filepath.Join(t.TempDir(), settings.FileName)
	start := func(st *memStore) (*harness, PlayConfig) {
		prefs, _ := settings.Load(path)
		cfg := testConfig(dealSeed, st)
		cfg.Prefs, cfg.SavePrefs = &prefs, func(p settings.Settings) error { return settings.Save(path, p) }
		return newHarness(t, cfg, 80, 24), cfg
	}
	hs, _ := start(&memStore{})
	hs.press("up", "up", "left") // from the first line, past the start: the bell, off
	hs.press("q", "y")
	if !hs.quit {
		t.Fatal("q y did not quit")
	}
	if got, err := settings.Load(path); err != nil || got.Bell {
		t.Fatalf("after q y: %+v, %v; want the bell off kept", got, err)
	}

	st := &memStore{}
	hs, _ = start(st)
	hs.press("enter", "q", "y") // a game in progress, saved
	hs, _ = start(st)
	if hs.name() != "resume" {
		t.Fatalf("first screen %s, want the offer", hs.name())
	}
	hs.press("n", "up", "up", "up", "right") // the hand's order: by suit
	hs.press("esc")
	if hs.name() != "resume" {
		t.Fatalf("esc went to %s, want the offer", hs.name())
	}
	hs.press("n")
	if scr := kittest.Flat(hs.screen()); !strings.Contains(scr, "Sort the hand by ‹ suit") {
		t.Fatalf("the form again forgot the order by suit:\n%s", hs.screen())
	}
	hs.press("esc", "q", "y")
	if got, err := settings.Load(path); err != nil || got.Sort != settings.BySuit || got.Bell {
		t.Fatalf("after esc and q: %+v, %v; want by suit, the bell off", got, err)
	}
}

// TestPrefsKeeperCoalesces: one save at a time; the changes made while
// one runs make one more save, of the last of them; the file ends with
// the last change.
func TestPrefsKeeperCoalesces(t *testing.T) {
	var k prefsKeeper
	var mu sync.Mutex
	var got []settings.Settings
	entered, hold := make(chan struct{}), make(chan struct{})
	save := func(p settings.Settings) error {
		mu.Lock()
		got = append(got, p)
		first := len(got) == 1
		mu.Unlock()
		if first {
			close(entered)
			<-hold
		}
		return nil
	}
	ps := make([]settings.Settings, 4)
	for i := range ps {
		ps[i] = settings.Default()
		ps[i].Pace = settings.Pace(i)
	}
	cmd := k.keep(ps[0], save, nil)
	if cmd == nil {
		t.Fatal("no save for the first change")
	}
	done := make(chan tea.Msg)
	go func() { done <- cmd() }()
	<-entered
	for _, p := range ps[1:] {
		if c := k.keep(p, save, nil); c != nil {
			t.Fatalf("a second save started beside the one running (change %+v)", p)
		}
	}
	close(hold)
	if msg := <-done; msg != nil {
		t.Fatalf("the saves said %v", msg)
	}
	k.Wait()
	if len(got) != 2 || got[0] != ps[0] || got[1] != ps[3] {
		t.Fatalf("saved %+v; want the first change, then only the last", got)
	}
	if c := k.keep(ps[1], save, nil); c == nil {
		t.Fatal("a change after the saves ended starts none")
	}
}

// A save of the settings that changes what the warning said (the file
// that did not read is kept aside now) changes the warning on the form,
// and on the forms opened after it: it says what happened, not what a
// save would do.
func TestPrefsSaveChangesTheWarning(t *testing.T) {
	var mu sync.Mutex
	warning := "settings: line 1: junk (saving keeps this file as settings.bad)"
	prefs := settings.Default()
	cfg := testConfig(dealSeed, &memStore{})
	cfg.Prefs = &prefs
	cfg.Warning = warning
	cfg.WarningNow = func() string {
		mu.Lock()
		defer mu.Unlock()
		return warning
	}
	cfg.SavePrefs = func(settings.Settings) error {
		mu.Lock()
		defer mu.Unlock()
		warning = "settings: line 1: junk: it is kept as settings.bad, and your settings are saved anew"
		return nil
	}
	hs := newHarness(t, cfg, 80, 24)
	if scr := kittest.Flat(hs.screen()); !strings.Contains(scr, "(saving keeps this file as settings.bad)") {
		t.Fatalf("the form lacks the warning:\n%s", hs.screen())
	}
	hs.press("up", "up", "left") // the bell, off
	hs.settle()
	scr := kittest.Flat(hs.screen())
	if !strings.Contains(scr, "! settings: line 1: junk: it is kept as settings.bad, and your settings are saved anew") ||
		strings.Contains(scr, "saving keeps") {
		t.Fatalf("the form does not say what the save did:\n%s", hs.screen())
	}
}
