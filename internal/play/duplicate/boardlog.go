package duplicate

import (
	"fmt"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

// BoardLog is the game log of board b played with steps (every action
// of its deal, as Board.Deal takes them): one deal, the board's deck and
// dealer, the set's rules, the players' names and levels by seat
// (gamelog.Human at a person's seat, a bot's level elsewhere). The
// replay and the analysis read it like any game's. It refuses steps that
// are not a play of the board; an unfinished deal is a log that stops.
func (s *BoardSet) BoardLog(b Board, steps []rules.Step, names, levels [4]string) (*gamelog.Log, error) {
	if _, err := b.Replay(s.Options, steps); err != nil {
		return nil, err
	}
	l := &gamelog.Log{Header: gamelog.Header{Event: fmt.Sprintf("Klob board %d of set %s", b.Number, s.ID),
		Options: s.Options, FirstDealer: b.Dealer, Players: names, Levels: levels}}
	l.Deals = []gamelog.Deal{{Deck: b.Deck, Steps: append([]rules.Step(nil), steps...)}}
	return l, nil
}
