package tui

import (
	"errors"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/replay"
)

// StateDir is what klob play knows about the state directory before the
// first screen, beyond the Store.
type StateDir struct {
	// Busy is why the Store could not be locked: another Klob is playing
	// in the state directory (a *store.BusyError). The first screen then
	// says so and offers ReadOnly and Elsewhere; Store is not used.
	Busy error
	// ReadOnly lists the saved games of the busy directory, for a
	// read-only replay (the game in progress shows only the person's
	// cards until it is over).
	ReadOnly HistorySource
	// Elsewhere opens a new state directory, locked, and says where it
	// is; nil when there is none to offer.
	Elsewhere func() (st Store, dir string, err error)
	// SavedIn is the second state directory the game is saved in, as
	// another Klob played in the first one ("" in the first): the
	// setup screen and the line printed on quitting say how to resume
	// the game from it.
	SavedIn string
	// MovedFrom is the second state directory the saved game was moved
	// from into this one, now free (store.TakeCurrent): the offer to
	// resume it says so. "" when it was saved here.
	MovedFrom string
	// WaitingIn is a second state directory that holds a saved game of
	// its own while this one holds one too: the offer to resume says
	// it waits there and how to resume it. "" when there is none.
	WaitingIn string
	// Warning is a problem found before the screen opened (the state
	// directory cannot be used, say). The first screen shows it: printed
	// on stderr before the full-screen view it would be invisible.
	Warning string
	// WarningNow, when set, is the warning as it stands now, in place of
	// Warning: klob play's changes when a save of the settings moves the
	// file it warned of aside. It is asked on the UI goroutine and after
	// each save of the settings, so it must be quick and safe to call
	// from both.
	WarningNow func() string
}

// busyScreen: another Klob plays in the state directory. It offers to
// look at the saved games read-only, or to play in a new state directory.
type busyScreen struct {
	cfg *PlayConfig
	err string // opening the new directory failed
}

func newBusyScreen(cfg *PlayConfig) *busyScreen { return &busyScreen{cfg: cfg} }

func (s *busyScreen) Name() string { return "busy" }

// Update: r opens the history read-only, n plays in a new directory.
func (s *busyScreen) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return s, nil
	}
	switch {
	case kit.IsKey(k, ctx.Keys.Resume) && s.cfg.ReadOnly != nil:
		cfg := ReplayConfig{ASCII: s.cfg.ASCII, ShowPath: s.cfg.ShowPath}
		// A game left unfinished in a second state directory ("klob-2")
		// is listed too, as klob replay lists it: the store (a
		// *store.Store) says where such games wait. The list reads them
		// off the Update.
		if w, ok := s.cfg.ReadOnly.(interface{ Waiting() []string }); ok {
			cfg.Waiting = w.Waiting
		}
		return &busyHistory{Inside: kit.Inside{Shown: replay.NewHistory(s.cfg.ReadOnly, cfg)}, back: s}, nil
	case kit.IsKey(k, ctx.Keys.New) && s.cfg.Elsewhere != nil:
		// Finding and locking a new directory reads the disk: off the
		// Update.
		elsewhere := s.cfg.Elsewhere
		return kit.NewOpening("Opening a new state directory…", func() func() kit.Screen {
			st, dir, err := elsewhere()
			return func() kit.Screen {
				if err != nil {
					s.err = "cannot open a new state directory: " + err.Error()
					return s
				}
				s.cfg.Store, s.cfg.Busy, s.cfg.SavedIn = st, nil, dir
				s.cfg.Warning, s.cfg.WarningNow = "This game "+s.cfg.resumeFrom(), nil
				return newSetupScreen(s.cfg, s.cfg.Setup)
			}
		}), nil
	}
	return s, nil
}

// busyHistory is the busy directory's saved games, read-only, opened
// from the busy screen (and the replays it opens): q and esc come back
// to that screen, whose offers stay, rather than end Klob at once. The
// list's line of keys says so ("q/esc back"), as in the lobby.
type busyHistory struct {
	kit.Inside
	back *busyScreen
}

func (b *busyHistory) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	next, cmd := b.Shown.Update(ctx, msg)
	return b, kit.Show(ctx, &b.Shown, next, cmd)
}

func (b *busyHistory) KeyHelp(k *kit.KeyMap) help.KeyMap {
	return kit.KeyHelpOf(b.Shown, k, kit.KeyHelp{})
}

// QuitsAtOnce: the saved games are only looked at; nothing is lost.
func (b *busyHistory) QuitsAtOnce() bool { return true }

// QuitTitle: q's word in the key hints is "back".
func (b *busyHistory) QuitTitle() (string, string) { return "Back to the choices?", "back" }

// QuitTo: the App's quit, and the list's esc, go back to the busy
// screen.
func (b *busyHistory) QuitTo() (kit.Screen, tea.Cmd) { return b.back, nil }

// KeyHelp is the screen's own keys: r and n when offered, help, quit.
func (s *busyScreen) KeyHelp(k *kit.KeyMap) help.KeyMap {
	var keys []key.Binding
	if s.cfg.ReadOnly != nil {
		keys = append(keys, kit.Bind("r", "look at the saved games, read-only", "r"))
	}
	if s.cfg.Elsewhere != nil {
		keys = append(keys, kit.Bind("n", "play a new game in a new state directory", "n"))
	}
	keys = append(keys, k.Help, kit.Bind("q", "quit: this Klob saved nothing", "q"))
	return kit.KeyHelp{Short: keys, Full: [][]key.Binding{keys}}
}

// View says who is in the way and what can be done.
func (s *busyScreen) View(ctx *kit.Context) string {
	st := &ctx.Styles
	w := ctx.Width
	lines := append(kit.Titled(ctx, "Klaberjass for two, three or four"), "")
	said := s.cfg.Busy.Error()
	if be := (*store.BusyError)(nil); errors.As(s.cfg.Busy, &be) && be.Dir != "" {
		// The busy folder as the screens show paths ("~/...").
		said = strings.Replace(said, be.Dir, s.cfg.ShowPath.Show(be.Dir), 1)
	}
	lines = append(lines, kit.Paragraph(kit.Capital(said)+".", w, st.Heading.Render)...)
	// A new game here is kept beside the busy folder while it lasts, but
	// once over it is filed in the busy folder's history with the others
	// (klob replay lists it, the record counts it): say both.
	why := "Two Klobs in one state directory would overwrite each other's game: this one saves nothing there."
	if s.cfg.Elsewhere != nil {
		why = "Two Klobs in one state directory would overwrite each other's game: a new game here is kept in a directory of its own while it lasts, then filed in this one's history with your other games."
	}
	lines = append(lines, kit.Indent("   ", kit.Wrap(why, w-4), nil)...)
	lines = append(lines, "")
	if s.cfg.ReadOnly != nil {
		lines = append(lines, " "+st.Key.Render("[r]")+" look at the saved games, read-only")
	}
	if s.cfg.Elsewhere != nil {
		lines = append(lines, " "+st.Key.Render("[n]")+" play a new game in a new state directory")
	}
	lines = append(lines, "", " "+st.Dim.Render("? help · q quit"))
	if s.err != "" {
		lines = append(lines, kit.Paragraph("! "+s.err, w, st.Error.Render)...)
	}
	return kit.JoinLines(lines)
}

// resumeFrom says how a game saved in the second state directory
// SavedIn is resumed: "is saved in DIR: KLOB_STATE_DIR=DIR klob
// resumes it, or klob once the other Klob has quit" (klob then moves
// the game back into its own directory). The folder is shown as the
// screens show paths; the command keeps it whole, to be typed as it is.
func (c *PlayConfig) resumeFrom() string {
	return "is saved in " + c.ShowPath.Show(c.SavedIn) + ": " + c.resumeHint()
}

// resumeHint is how the table's quit question says the game is
// resumed: "" (start klob again) in the first state directory.
func (c *PlayConfig) resumeHint() string {
	if c.SavedIn == "" {
		return ""
	}
	return fmt.Sprintf("KLOB_STATE_DIR=%s klob resumes it, or klob once the other Klob has quit.", c.SavedIn)
}
