package lobby

import (
	"context"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/serve/tourney"
	"github.com/klob/klob/tui/kit"
	tourneyui "github.com/klob/klob/tui/tourney"
)

// The lobby's tournaments: the server's daily tournaments and the
// club's (tui/tourney over Config.Tourney). The lobby gives them
// one item; the screens run inside tourneyScreen, which takes the App's
// quit back to the lobby (from a board: back to its tournament).

// openTourneys opens the tournaments' list, at the page of the
// tournament of code open when not "".
func (l *Lobby) openTourneys(open string) (kit.Screen, tea.Cmd) {
	if l.cfg.Tourney == nil {
		l.setNote("this server runs no tournaments", true)
		return l, nil
	}
	cfg := tourneyui.Config{Service: l.cfg.Tourney, Player: tourney.Player{Key: l.cfg.Player.ID, Name: l.cfg.Player.Name, Addr: l.cfg.Addr},
		Done: l.cfg.Done, ASCII: l.cfg.ASCII, Analyze: l.cfg.Analyze, Open: open, Choices: &l.tourneyForm}
	// Once: the board left half-played may be played out since.
	l.inPlayCode = ""
	if h := l.cfg.Hall; h != nil {
		cfg.Label = func(key, name string) string { return h.Label(hall.Player{ID: key, Name: name}, nil) }
	}
	cfg.Back = func() kit.Screen {
		// A board may have been begun or left there: the lobby's Enter
		// reads again where one is under way and says so.
		l.inPlayRead = false
		return l
	}
	return &tourneyScreen{tourneyui.New(cfg)}, nil
}

// tourneyScreen shows the tournaments' screens in the lobby: their
// name, view, keys, help and quit question are the tournaments' own
// (the part shown tells whether it has cards or hints for the help to
// explain); it takes over only the moves that leave them.
type tourneyScreen struct{ *tourneyui.Screen }

func (t *tourneyScreen) typing() bool { return t.Typing() }

func (t *tourneyScreen) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	next, cmd := t.Screen.Update(ctx, msg)
	if next == kit.Screen(t.Screen) {
		return t, cmd
	}
	t.Close()
	return next, cmd
}

// quitNow takes the App's quit: back to the lobby, or from a board to
// its tournament.
func (t *tourneyScreen) quitNow(ctx *kit.Context) (kit.Screen, tea.Cmd) {
	next, cmd := t.QuitNow(ctx)
	if next == kit.Screen(t.Screen) {
		return t, cmd
	}
	return next, cmd
}

// QuitTitle: q comes back to the lobby.
func (t *tourneyScreen) QuitTitle() (string, string) { return leaveTitle() }

// inPlayMsg is a board the person left half-played in a running
// tournament (board 0: none), read as the lobby first shows and again
// on each return from the tournaments.
type inPlayMsg struct {
	info  tourney.Info
	board int
	// open: another connection of the person's is at the board now.
	open bool
}

// readInPlay asks for a board the person left half-played, off the
// Update (a read may wait for the disk); nil for a guest or a server
// without tournaments.
func (l *Lobby) readInPlay() tea.Cmd {
	s := l.cfg.Tourney
	if s == nil || l.guest() {
		return nil
	}
	key := l.cfg.Player.ID
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), clubWait)
		defer cancel()
		i, n, ok, err := s.InPlay(ctx, key)
		if err != nil || !ok {
			return inPlayMsg{}
		}
		return inPlayMsg{info: i, board: n, open: s.AtBoard(i.Code, key)}
	}
}

// takeInPlay says where a board was left, after any notice already
// shown: the person may go on with it. One line at 80 columns, so that
// the lobby's talk keeps its room under it.
func (l *Lobby) takeInPlay(m inPlayMsg) {
	l.inPlayRead = true
	if m.board == 0 || l.isErr {
		return
	}
	// d opens the tournament's page, whose enter goes on with the board.
	l.inPlayCode = m.info.Code
	// "Under way": true of a board where only a bid was made too.
	say := fmt.Sprintf("Board %d of %s is under way: d opens it.", m.board, m.info.Named())
	if m.open {
		// As a game's seat open in another connection: the tournament's
		// page (d) says so too, and its enter takes the board over. One
		// line still, the key left to the page.
		say = fmt.Sprintf("Board %d of %s is open in another connection.", m.board, m.info.Named())
	}
	switch {
	case strings.Contains(l.note, say):
		return // said already (the lobby was read again on a return)
	case l.note != "":
		say = l.note + "\n" + say // a paragraph of its own
	}
	l.setNote(say, false)
}
