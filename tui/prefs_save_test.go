package tui

import (
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
	hs.send(kittest.Key("right")) // the last setting: the bell
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
	hs.press("up", "up", "right") // from the first line, past the start: the bell, off
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

// TestPrefsKeeperLastWins: the saves run on goroutines of their own, in
// any order; a save a later change overtook writes nothing, so the file
// ends with the last change.
func TestPrefsKeeperLastWins(t *testing.T) {
	var k prefsKeeper
	var got []settings.Settings
	save := func(p settings.Settings) error { got = append(got, p); return nil }
	first, last := settings.Default(), settings.Default()
	last.Bell = false
	c1, c2 := k.keep(first, save), k.keep(last, save)
	c2()
	c1()
	k.Wait()
	if len(got) != 1 || got[0] != last {
		t.Fatalf("saved %+v, want only the last change %+v", got, last)
	}
}
