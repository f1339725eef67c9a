package tui

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/platform/seedmix"
	"github.com/klob/klob/internal/platform/untrusted"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/settings"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/replay"
	tablescreen "github.com/klob/klob/tui/table"
)

// Store keeps the games of a person playing alone: the host saves the
// game after every change and files it when it is over (host.Store),
// and the first screen offers the game saved (LoadCurrent: store.ErrNoSave
// when there is none, a *store.DamagedError when it cannot be read).
type Store interface {
	host.Store
	LoadCurrent() (*gamelog.Log, error)
}

// The store of the state directory is a Store.
var _ Store = (*store.Store)(nil)

// PlayConfig is everything `klob play` decides before the first screen.
type PlayConfig struct {
	// Setup pre-fills the setup screen (from the flags).
	Setup Setup
	// Store keeps the game; nil plays without saving.
	Store Store
	// Unkept is the sentence that says why a game without a Store is
	// not kept by design (a guest's over SSH); "" tells the player there
	// was no state directory, as an alarm.
	Unkept string
	// NewBot makes the bots; nil means ai.New.
	NewBot ai.Factory
	// Timing paces the bots; the zero value moves at once.
	Timing Timing
	// Clock drives the game's waits (the pace); nil is the system clock.
	Clock host.Clock
	// Now is the clock for the game's start time; nil means time.Now.
	Now func() time.Time
	// Player is the person's name in the game log ("" for $USER or "You").
	Player string
	// Key is the person's SSH key id over `klob serve`, "" for local
	// play and a guest: the log records it on the person's seat, so that
	// their history reads the game as theirs, as it does a shared
	// table's (gamelog.Header.PersonSeat).
	Key string
	// ASCII draws suits as letters and boxes with + - |.
	ASCII bool
	// SkipSetup starts the game at once with Setup (when no save is
	// offered), for tests and scripted runs.
	SkipSetup bool
	// What is known of the state directory (another Klob in it, a
	// warning): see busy.go.
	StateDir
	// Prefs, when set, are the player's settings from the settings file:
	// the setup screen offers them, they pace the bots (unless PaceFlag),
	// order the hand and say what happens after a trick. Without them
	// the game runs on Timing alone (tests).
	Prefs *settings.Settings
	// LevelFlag, PlayersFlag and TargetFlag are set when -level,
	// -players or -target was given: a saved game of another level,
	// count or target is then offered with the choice of a new game as
	// asked.
	LevelFlag, PlayersFlag, TargetFlag bool
	// SeedFlag and RulesFlag are set when -seed or -rules was given: the
	// offer of a saved game says when it is not from that seed or not
	// under those rules, and n starts the game asked for.
	SeedFlag, RulesFlag bool
	// ShowPath is how a path is shown on the screens ("~/..." for the
	// home directory: the game-over screen, the saved games); nil shows
	// it as it is.
	ShowPath kit.PathShower
	// PaceFlag is set when -pace was given: Timing.Pace then wins over
	// the settings.
	PaceFlag bool
	// SavePrefs, when set, keeps the settings as the setup form changes
	// them (and as o changes the hand's order in a game).
	SavePrefs func(settings.Settings) error
	// Analyze grades a replayed game (a at the game's end); nil is
	// analysis.Analyze on every core, a server passes its bounded one.
	Analyze replay.Analyzer
	// Logf logs what happens to the game (host.Config.Logf): a server's
	// log learns of a game alone whose autosaves fail, as it does of a
	// table's. nil logs nothing (klob play).
	Logf func(format string, args ...any)
	// Manual: the table does not wait for the host's updates itself
	// (tests drive the host and send table.Refresh).
	Manual bool

	// game is the game being played, to save and close when the App
	// quits. A new game replaces it only once it is closed: the table's
	// NewGame closes it off the UI goroutine before the setup form
	// shows, and each game alone of the lobby has its own PlayConfig.
	game *seated
	// offer is the offer to resume the game saved last time, nil when
	// there was none: at exit with no game played since, it says what
	// is still kept of that game (keptWords).
	offer *resumeScreen
	// keeper saves the settings as the setup form changes them.
	keeper *prefsKeeper
}

// fromPrefs fills the setup from the settings kept: the player's
// settings, and the last game started where no flag asked for another.
// When Timing.Pace paces the bots in place of the setting (PaceFlag)
// is set, the form says so: -pace, or the server's pace (server).
func (c *PlayConfig) fromPrefs(server bool) {
	if c.Prefs == nil {
		return
	}
	c.Setup.Prefs = *c.Prefs
	if c.PaceFlag {
		c.Setup.PaceFlag, c.Setup.PaceServer = c.Timing.Pace.String(), server
	}
	c.Setup = c.withGame(c.Setup, c.Prefs.Game)
}

// withGame is s with the level and rules of g (the last game started,
// or the saved game), but for what a flag asked for: -level, -players
// and -target keep theirs, and -rules names the whole rule set, its
// seat count and target too (they are checked together). With -seed
// nothing of g stands in: the command line names the game, so that a
// game over's practice line deals that game again.
func (c *PlayConfig) withGame(s Setup, g settings.Game) Setup {
	if c.SeedFlag {
		return s
	}
	if g.Level != "" && !c.LevelFlag {
		s.Level = g.Level
	}
	if !g.Rules || c.RulesFlag {
		return s
	}
	asked, o := s.Options, g.Options
	if c.PlayersFlag {
		o.Players = asked.Players
	}
	if c.TargetFlag {
		o.Target = asked.Target
	}
	s.Options = o
	return s
}

// timing is how the bots are paced in a game with prefs.
func (c *PlayConfig) timing(p settings.Settings) Timing {
	tm := c.Timing
	if c.Prefs != nil && !c.PaceFlag {
		tm.Pace = p.Pace.Delay()
	}
	return tm
}

func (c *PlayConfig) now() time.Time {
	if c.Now != nil {
		return c.Now()
	}
	return time.Now()
}

func (c *PlayConfig) player() string {
	if c.Player != "" {
		return c.Player
	}
	if u := os.Getenv("USER"); u != "" {
		return u
	}
	return "You"
}

// seated is a game the person plays: its host and the person's seat.
type seated struct {
	h     *host.Host
	port  host.Port
	setup Setup
}

// Over reports whether the game is over (the lobby asks, leaving it).
func (m *seated) Over() bool { return m.port.Snapshot().Over }

// SaveErr is why the last save failed, nil when it succeeded.
func (m *seated) SaveErr() error {
	if e := m.port.Snapshot().Save.Err; e != "" {
		return errors.New(e)
	}
	return nil
}

// Wait stops the game's host once its last change is written: on
// quitting, or leaving the game for the lobby.
func (m *seated) Wait() { m.h.Close() }

// hostConfig is the host of a game of setup: the person at A, bots of
// setup.Level elsewhere.
func (c *PlayConfig) hostConfig(setup Setup) host.Config {
	players := host.AgainstBots(setup.Options.NumPlayers(), host.Player{Name: c.player(), Human: true, Key: c.Key}, rules.SeatA, setup.Level)
	cfg := c.runConfig(setup)
	cfg.Options, cfg.Seed, cfg.Players, cfg.Start, cfg.Practice = setup.Options, setup.Seed, players, c.now(), setup.Practice
	return cfg
}

// runConfig is how a game of setup runs: the bots, the pace, the store,
// the log.
func (c *PlayConfig) runConfig(setup Setup) host.Config {
	tm := c.timing(setup.Prefs)
	cfg := host.Config{Game: host.Game{NewBot: c.NewBot}, Clock: c.Clock, Pace: tm.Pace, Think: tm.ThinkLimit, Takebacks: true,
		Slots: tm.Slots, Logf: c.Logf}
	if tm.Pace > 0 {
		// After a trick the next lead waits longer, so the finished
		// trick can be seen.
		cfg.TrickPace = max(2*tm.Pace, time.Second)
	}
	cfg.HoldTricks = c.Prefs != nil && setup.Prefs.AfterTrick == settings.WaitKey
	if c.Store != nil {
		cfg.Store = c.Store
	}
	return cfg
}

// newGame starts a new game of setup.
func (c *PlayConfig) newGame(setup Setup) (*seated, error) {
	h, err := host.New(c.hostConfig(setup))
	if err != nil {
		return nil, err
	}
	return c.seat(h, setup)
}

// resumeGame continues the game l saved.
func (c *PlayConfig) resumeGame(l *gamelog.Log) (*seated, error) {
	setup := Setup{Options: l.Header.Options, Seed: c.Setup.Seed, Level: ai.Normal, Practice: l.Header.Practice()}
	if c.Prefs != nil {
		// -pace paces the resumed game too: the next game's setup says so.
		setup.Prefs, setup.PaceFlag, setup.PaceServer = *c.Prefs, c.Setup.PaceFlag, c.Setup.PaceServer
	}
	if lv := savedLevel(&l.Header); lv != "" {
		setup.Level = ai.Level(lv)
	}
	c.keyed(l)
	h, err := host.Resume(l, c.runConfig(setup))
	if err != nil {
		return nil, err
	}
	return c.seat(h, setup)
}

// keyed puts the person's key on the one human seat of l when it has
// none: a game saved before games alone recorded the key is then filed
// as the person's, as a new game is.
func (c *PlayConfig) keyed(l *gamelog.Log) {
	if me, ok := l.Header.HumanSeat(); ok && c.Key != "" && l.Header.Key(me) == "" {
		l.Header.Extra = slices.Clone(l.Header.Extra)
		l.Header.SetKey(me, c.Key)
	}
}

// seat sits the person down at h.
func (c *PlayConfig) seat(h *host.Host, setup Setup) (*seated, error) {
	me := rules.SeatA
	if l, err := h.Log(); err == nil {
		if s, ok := l.Header.HumanSeat(); ok {
			me = s
		}
	}
	p, err := h.Seat(me)
	if err != nil {
		h.Close()
		return nil, err
	}
	if gone := c.Timing.Gone; gone != nil {
		// The connection ends (klob serve): the game stops, saved.
		go func() {
			select {
			case <-gone:
				h.Close()
			case <-h.Done():
			}
		}()
	}
	m := &seated{h: h, port: p, setup: setup}
	c.game = m
	return m, nil
}

// startTable starts a new game of setup, at any seat count, and returns
// its table. Changed settings are kept.
func (c *PlayConfig) startTable(setup Setup) (kit.Screen, error) {
	t, err := c.startGame(setup)
	if err != nil {
		return nil, err
	}
	return t, nil
}

// startGame is startTable's table, as the table it is.
func (c *PlayConfig) startGame(setup Setup) (*gameScreen, error) {
	m, err := c.newGame(setup)
	if err != nil {
		return nil, err
	}
	t := newTable(m, c)
	// The settings changed on the form are kept, and the game started
	// with them: the next setup opens on it.
	if p := setup.Prefs; c.Prefs != nil {
		p.Game = settings.GameOf(setup.Level, setup.Options)
		if *c.Prefs == p {
			return t, nil
		}
		*c.Prefs = p
		if c.SavePrefs != nil {
			// Saved when the table opens, in its Enter's tea.Cmd.
			save := c.SavePrefs
			t.keep = func() error { return save(p) }
		}
	}
	return t, nil
}

// gameScreen is the table of a game of the App's, so that the App finds
// the game it shows (to close it when quitting).
type gameScreen struct {
	*tablescreen.Screen
	m *seated
	// keep saves the settings changed on the setup screen; Enter runs it
	// off the UI goroutine.
	keep func() error
}

// Enter opens the table and saves the settings changed for this game.
func (g *gameScreen) Enter(ctx *kit.Context) tea.Cmd {
	keep := g.keep
	g.keep = nil
	return tea.Batch(g.Screen.Enter(ctx), g.Screen.Keep("Your settings", keep))
}

// Update passes msg to the table, staying the screen while the table
// does.
func (g *gameScreen) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	next, cmd := g.Screen.Update(ctx, msg)
	if t, ok := next.(*tablescreen.Screen); ok && t == g.Screen {
		return g, cmd
	}
	return next, cmd
}

// newTable is the table of the game m.
func newTable(m *seated, c *PlayConfig) *gameScreen {
	g := &gameScreen{m: m}
	sort := kit.ByStrength
	if m.setup.Prefs.Sort == settings.BySuit {
		sort = kit.BySuit
	}
	cfg := tablescreen.Config{
		Port: m.port, Sort: sort, Manual: c.Manual, ShowPath: c.ShowPath, Unkept: c.Unkept, Resume: c.resumeHint(),
		Log: m.h.Log,
		Replay: func(l *gamelog.Log, name string, analyse bool, _ kit.Screen) (kit.Screen, error) {
			r, err := l.Replay()
			if err != nil {
				return nil, err
			}
			return replay.New(r, name, replay.Config{ASCII: c.ASCII, Analyse: analyse, Analyze: c.Analyze, ShowPath: c.ShowPath, Sort: sort, Mine: true}, g), nil
		},
		NewGame: func() kit.Screen {
			next := m.setup
			next.Seed = nextSeed(next.Practice, m.port.Snapshot().Seed)
			next.Next = next.Practice
			// Close waits for the game's last writes: off the UI goroutine.
			h := m.h
			return kit.NewOpening("Saving…", func() func() kit.Screen {
				h.Close()
				return func() kit.Screen { return newSetupScreen(c, next) }
			})
		},
		Rerun: func(seed uint64) [][]string { return rerunParts(m.setup, seed) },
	}
	if c.Prefs != nil {
		cfg.SortChanged = func(o kit.HandSort) func() error {
			p := *c.Prefs
			p.Sort = settings.ByStrength
			if o == kit.BySuit {
				p.Sort = settings.BySuit
			}
			*c.Prefs, m.setup.Prefs.Sort = p, p.Sort
			if save := c.SavePrefs; save != nil {
				return func() error { return save(p) }
			}
			return nil
		}
	}
	g.Screen = tablescreen.New(cfg)
	return g
}

// NewPlay returns the App of `klob play`: it offers the saved game when
// there is one (or says why it cannot be read), else opens the setup
// screen.
func NewPlay(cfg PlayConfig) *App {
	c := &cfg
	c.fromPrefs(false)
	var first kit.Screen
	var l *gamelog.Log
	var err error = store.ErrNoSave
	filed, badLevel := false, ""
	if c.Store != nil && c.Busy == nil {
		// Before the program runs: no Update waits for it.
		l, filed, err = savedGame(c.Store)
		badLevel = unknownLevel(c.Store, l)
	}
	switch {
	case c.Busy != nil:
		first = newBusyScreen(c)
	case c.SkipSetup && l == nil && (err == nil || errors.Is(err, store.ErrNoSave)):
		// start hands over to the table, or stays on the setup screen
		// to show why the bots could not be made.
		first, _ = newSetupScreen(c, c.Setup).Start()
	default:
		first = firstScreen(c, l, filed, badLevel, err)
	}
	app := newApp(first, appOptions{ASCII: cfg.ASCII, Settle: cfg.Timing.Settle})
	app.opts.Flush = func(kit.Screen) func() {
		m, k := c.game, c.keeper
		return func() {
			k.Wait()
			if m != nil {
				m.Wait()
			}
		}
	}
	app.opts.QuitQuestion = func() string {
		// The setup screen and the busy one keep no game: one not yet
		// started, or one ended and filed. (The offer to resume and the
		// table say what they keep.)
		if m := c.game; m != nil && !m.Over() {
			return ""
		}
		return "No game is in progress: nothing is lost."
	}
	app.opts.QuitNote = func() string {
		m := c.game
		if m == nil {
			if c.offer == nil {
				return ""
			}
			return c.offer.keptWords()
		}
		sv := m.port.Snapshot()
		switch {
		case sv.Over && sv.Save.Path != "":
			// The path as the game-over screen showed it ("~/...").
			return "The game log is saved at: " + c.ShowPath.Show(sv.Save.Path)
		case sv.Over && sv.Save.FileErr != "" && sv.Save.Err != "":
			return "The game is over, but it could not be filed in the history, and its last autosave failed: " + sv.Save.Err
		case sv.Over && sv.Save.FileErr != "":
			// The filing failed to the end (the last try is at the
			// quit): the game stays saved, and the next start offers
			// it, then files it with the next new game.
			where := "in the state directory"
			if p, ok := c.Store.(interface{ CurrentPath() string }); ok {
				where = "at " + c.ShowPath.Show(p.CurrentPath())
			}
			return "The game is over, but it could not be filed in the history: it is kept " + where +
				`, and klob offers it when it starts ("Your last game is over, but it was not filed in the history yet").`
		case sv.Over:
			return ""
		case c.Store == nil && c.Unkept != "":
			return c.Unkept
		case c.Store == nil:
			return "The game was not saved: there was no state directory to save it in."
		case sv.Save.Err != "":
			return "The last autosave failed: " + sv.Save.Err
		}
		if c.SavedIn != "" {
			return "The game " + c.resumeFrom()
		}
		return gameStaysSaved
	}
	return app
}

// savedGame reads the game saved in st (Store.LoadCurrent), and
// whether the history holds it already (a store that can say so: a
// crash after a finished game's filing, before its save went). It reads
// the disk: never on the UI goroutine.
func savedGame(st Store) (l *gamelog.Log, filed bool, err error) {
	l, err = st.LoadCurrent()
	if f, ok := st.(interface{ Filed(*gamelog.Log) bool }); ok && err == nil && l != nil {
		filed = f.Filed(l)
	}
	return l, filed, err
}

// unknownLevel says which bot level of the saved game l no bot has, and
// where in st's file it is: "PATH, line 9: unknown bot level "godlike"
// (want random, easy, normal or hard)"; "" when every level is known
// (or l is nil). It reads the file again for the line: never on the UI
// goroutine.
func unknownLevel(st Store, l *gamelog.Log) string {
	if l == nil {
		return ""
	}
	h := &l.Header
	for s := range rules.Seat(h.Seats()) {
		lv := h.Level(s)
		if lv == gamelog.Human {
			continue
		}
		_, err := ai.ParseLevel(lv)
		if err == nil {
			continue
		}
		where := "saved game" // a store with no file: as the game says it
		if p, ok := st.(interface{ CurrentPath() string }); ok {
			where = p.CurrentPath()
			if data, err := untrusted.ReadFile(where); err == nil {
				if n := tagLine(data, gamelog.LevelTag(s)); n > 0 {
					where += fmt.Sprintf(", line %d", n)
				}
			}
		}
		return where + ": " + err.Error()
	}
	return ""
}

// tagLine is the number of the line of data that holds the tag name
// ("[LevelB "godlike"]"), 0 when none does.
func tagLine(data []byte, name string) int {
	for i, ln := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(strings.TrimSpace(ln), "["+name+" ") {
			return i + 1
		}
	}
	return 0
}

// firstScreen is the first screen of a game alone once the saved game
// was read (savedGame): the offer to resume it, the reason it cannot be
// read, or with none the setup form.
func firstScreen(c *PlayConfig, l *gamelog.Log, filed bool, badLevel string, err error) kit.Screen {
	switch {
	case err == nil && l != nil:
		s := newResumeScreen(c, l, nil)
		s.filed, s.badLevel = filed, badLevel
		c.offer = s
		return s
	case err != nil && !errors.Is(err, store.ErrNoSave):
		return newResumeScreen(c, nil, err)
	}
	return newSetupScreen(c, c.Setup)
}

// nextSeed is the seed of the game after one dealt from seed: a
// practice sitting goes on from its seed (session.NextSeed), so it stays
// reproducible; any other game gets a fresh secret seed, since the last
// one was shown when its game ended and would deal the next.
func nextSeed(practice bool, seed uint64) uint64 {
	if practice {
		return session.NextSeed(seed)
	}
	return seedmix.Secret()
}

// seatedOf returns the game a screen shows, if any.
func seatedOf(s kit.Screen) *seated {
	if g, ok := s.(*gameScreen); ok {
		return g.m
	}
	return nil
}

// rerunCommand is the command line that deals the game of s again with
// seed (rerunParts), as one line.
func rerunCommand(s Setup, seed uint64) string {
	var words []string
	for _, part := range rerunParts(s, seed) {
		words = append(words, part...)
	}
	return strings.Join(words, " ")
}

// rerunParts is the command that deals the game of s again with seed,
// as its parts for the table to lay out (table.Config.Rerun): the
// command, then each flag with its value. It says the seat count, the
// target, the bots' level and every other rule option that is not the
// default, so that it is the same game. An option its table does not
// play (bottom_card=off at four, in a game saved so) is left out
// (rules.Options.Applicable): klob play refuses it, and the game is the
// same without it.
func rerunParts(s Setup, seed uint64) [][]string {
	s.Options = s.Options.Applicable()
	parts := [][]string{{"klob", "play"}}
	def := rules.DefaultOptions()
	if n := s.Options.NumPlayers(); n != def.NumPlayers() {
		parts = append(parts, []string{"-players", fmt.Sprint(n)})
	}
	if t := s.Options.Target; t != def.Target {
		parts = append(parts, []string{"-target", fmt.Sprint(t)})
	}
	if s.Level != "" && s.Level != ai.Normal {
		parts = append(parts, []string{"-level", string(s.Level)})
	}
	var changed []string
	for _, k := range rules.AllOptionNames() {
		if k == "players" || k == "target" {
			continue
		}
		v, _ := s.Options.Get(k)
		if d, _ := def.Get(k); v != d {
			changed = append(changed, k+"="+v)
		}
	}
	if len(changed) > 0 {
		parts = append(parts, []string{"-rules", strings.Join(changed, ",")})
	}
	return append(parts, []string{"-seed", fmt.Sprint(seed)})
}
