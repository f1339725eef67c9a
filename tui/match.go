package tui

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/gamelog"
	"github.com/klob/klob/rules"
)

// Store keeps games: the autosave after every action, the save offered
// at start, and the archive of a finished game. *store.Store is one; tests
// use a store in memory.
type Store interface {
	// SaveCurrent writes the game in progress.
	SaveCurrent(l *gamelog.Log) error
	// LoadCurrent returns the game in progress: store.ErrNoSave when there
	// is none, a *store.DamagedError when it cannot be read.
	LoadCurrent() (*gamelog.Log, error)
	// Archive files a finished (or abandoned) game and returns its path.
	Archive(l *gamelog.Log) (string, error)
}

// BotFactory makes the opponent; ai.New is the real one.
type BotFactory func(level ai.Level, cfg ai.Config) (ai.Bot, error)

// Setup is what the setup screen decides: the opponent, the rules and
// the seed every deck of the game is drawn from.
type Setup struct {
	Level   ai.Level
	Options rules.Options // Options.Target is the game's target
	Seed    uint64
	// Practice: the player chose the seed (-seed), so the cards could be
	// known; the game, and the next ones drawn from it, are marked
	// practice in the log and the history.
	Practice bool
}

// The seats: the person is A, the bot B.
const (
	humanSeat = rules.SeatA
	botSeat   = rules.SeatB
)

// seedTag is the log tag that keeps the game's seed, so a resumed game
// goes on drawing its decks from the same stream.
const seedTag = "Seed"

// match is one game in progress: the rules.Game, the bot, and the
// autosave. It is shared by the table, result and game-over screens and
// changed only from Update.
type match struct {
	setup  Setup
	game   *rules.Game
	bot    ai.Bot
	header gamelog.Header
	names  [2]string
	saver  *saver

	// auto marks the steps the table took for the person because they
	// were the only choice, by deal number and step index.
	auto map[[2]int]string

	// gen counts the actions applied; a bot answer carries the gen it
	// was asked at, so a stale answer is dropped.
	gen int

	saveErr     error
	archived    bool
	archivePath string
	archiveErr  error
}

// newMatch starts a new game from setup.
func newMatch(setup Setup, bot ai.Bot, store Store, start time.Time, player string) *match {
	first := rules.Seat(rand.New(rand.NewPCG(setup.Seed, 0)).IntN(2))
	m := &match{
		setup: setup,
		game:  rules.NewGame(setup.Options, first),
		bot:   bot,
		names: [2]string{"You", "Bot"},
		auto:  map[[2]int]string{},
		saver: newSaver(store),
	}
	m.header = gamelog.Header{
		Event:   "Klob game",
		Players: [2]string{player, "Bot"},
		Levels:  [2]string{gamelog.Human, string(setup.Level)},
		Extra:   []gamelog.Tag{{Name: seedTag, Value: strconv.FormatUint(setup.Seed, 10)}},
	}
	m.header.SetStart(start)
	if setup.Practice {
		m.header.SetPractice()
	}
	return m
}

// resumeMatch continues the game a log saved. The decks still to come
// are drawn from the log's seed, or from fallbackSeed when it has none.
func resumeMatch(l *gamelog.Log, botOf func(ai.Level) (ai.Bot, error), store Store, fallbackSeed uint64) (*match, error) {
	g, err := l.Game()
	if err != nil {
		return nil, err
	}
	level, err := ai.ParseLevel(l.Header.Levels[botSeat])
	if err != nil {
		return nil, fmt.Errorf("saved game: %v", err)
	}
	seed := fallbackSeed
	for _, t := range l.Header.Extra {
		if t.Name == seedTag {
			if s, err := strconv.ParseUint(t.Value, 10, 64); err == nil {
				seed = s
			}
		}
	}
	bot, err := botOf(level)
	if err != nil {
		return nil, err
	}
	m := &match{
		setup:  Setup{Level: level, Options: g.Options(), Seed: seed, Practice: l.Header.Practice()},
		game:   g,
		bot:    bot,
		header: l.Header,
		names:  [2]string{"You", "Bot"},
		auto:   map[[2]int]string{},
		saver:  newSaver(store),
	}
	return m, nil
}

// deckFor returns the deck of deal n (1-based): each deal has its own
// stream of the seed, so a resumed game deals what it would have dealt.
func deckFor(seed uint64, n int) rules.Deck {
	return rules.Shuffle(rand.New(rand.NewPCG(seed, uint64(n))))
}

// startDeal deals the next deal if the game waits for one.
func (m *match) startDeal() (tea.Cmd, error) {
	if !m.game.NeedDeal() {
		return nil, nil
	}
	if err := m.game.StartDeal(deckFor(m.setup.Seed, m.game.DealNo())); err != nil {
		return nil, err
	}
	m.gen++
	return m.save(), nil
}

// apply takes action a for the seat to move and saves the game.
func (m *match) apply(a rules.Action) (tea.Cmd, error) {
	if err := m.game.Apply(a); err != nil {
		return nil, err
	}
	m.gen++
	cmd := m.save()
	if m.game.Over() {
		cmd = tea.Sequence(cmd, m.archive())
	}
	return cmd, nil
}

// view is what the person may see of the current deal.
func (m *match) view() rules.View { return m.game.Deal().View(humanSeat) }

// log records the game as it stands.
func (m *match) log() *gamelog.Log { return gamelog.FromGame(m.header, m.game) }

func (m *match) save() tea.Cmd { return m.saver.save(m.log()) }

func (m *match) archive() tea.Cmd { return m.saver.archive(m.log()) }

// absorb takes the store's answers; every game screen passes messages
// through it first. It reports whether msg was one of them.
func (m *match) absorb(msg tea.Msg) bool {
	switch msg := msg.(type) {
	case savedMsg:
		if msg.saver == m.saver {
			m.saveErr = msg.err
		}
		return true
	case archivedMsg:
		if msg.saver == m.saver {
			m.archived, m.archivePath, m.archiveErr = true, msg.path, msg.err
		}
		return true
	}
	return false
}

// name returns "You" or "Bot".
func (m *match) name(s rules.Seat) string {
	if s > 1 {
		return "nobody"
	}
	return m.names[s]
}

// does puts verb after the seat's name: "you deal", "Bot deals".
func (m *match) does(s rules.Seat, verb string) string {
	if s == humanSeat {
		return "you " + verb
	}
	return m.name(s) + " " + verb + "s"
}

// saver writes saves one at a time, newest last: each save is a command
// (disk writes never block Update), and a save that finds a newer one
// already written, or the game archived, does nothing.
type saver struct {
	store Store
	seq   int // saves asked for; used only from Update

	wg      sync.WaitGroup
	mu      sync.Mutex
	written int
	closed  bool
}

func newSaver(s Store) *saver { return &saver{store: s} }

type savedMsg struct {
	saver *saver
	err   error
}

type archivedMsg struct {
	saver *saver
	path  string
	err   error
}

func (s *saver) save(l *gamelog.Log) tea.Cmd {
	if s == nil || s.store == nil {
		return nil
	}
	s.seq++
	seq := s.seq
	s.wg.Add(1)
	return func() tea.Msg {
		defer s.wg.Done()
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.closed || seq <= s.written {
			return nil
		}
		err := s.store.SaveCurrent(l)
		if err == nil {
			s.written = seq
		}
		return savedMsg{saver: s, err: err}
	}
}

// archive files the finished game; saves still in flight are dropped
// since the archive holds everything they would have written.
func (s *saver) archive(l *gamelog.Log) tea.Cmd {
	if s == nil || s.store == nil {
		return func() tea.Msg { return archivedMsg{saver: s, err: fmt.Errorf("no place to save games")} }
	}
	s.wg.Add(1)
	return func() tea.Msg {
		defer s.wg.Done()
		s.mu.Lock()
		defer s.mu.Unlock()
		s.closed = true
		path, err := s.store.Archive(l)
		return archivedMsg{saver: s, path: path, err: err}
	}
}

// wait blocks until every save asked for has finished.
func (s *saver) wait() {
	if s != nil {
		s.wg.Wait()
	}
}
