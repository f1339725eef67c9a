package duplicate

import (
	"fmt"
	"strconv"
	"strings"

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
	return s.ClaimedBoardLog(b, steps, nil, names, levels)
}

// ClaimedBoardLog is BoardLog with the claim made in the deal (nil:
// none), which the log holds as a game's does: its replay shows it, and
// a game resumed from it goes on with the claim's play-out. It refuses a
// claim the steps do not bear out (CheckClaim).
func (s *BoardSet) ClaimedBoardLog(b Board, steps []rules.Step, claim *gamelog.Claim, names, levels [4]string) (*gamelog.Log, error) {
	l := &gamelog.Log{Header: gamelog.Header{Event: fmt.Sprintf("Klob board %d of set %s", b.Number, s.ID),
		Options: s.Options, FirstDealer: b.Dealer, Players: names, Levels: levels}}
	l.Deals = []gamelog.Deal{{Deck: b.Deck, Steps: append([]rules.Step(nil), steps...)}}
	if claim == nil {
		if _, err := b.Replay(s.Options, steps); err != nil {
			return nil, err
		}
		return l, nil
	}
	c := *claim
	l.Deals[0].Claim = &c
	// The log's replay plays the steps and checks the claim at once: a
	// claimed board is saved at every action of its play-out. Only when
	// it fails is the board replayed again, so that an action the deal
	// refuses is said as Replay says it.
	if _, err := l.Game(); err != nil {
		if _, rerr := b.Replay(s.Options, steps); rerr != nil {
			return nil, rerr
		}
		return nil, fmt.Errorf("board %d: %w", b.Number, err)
	}
	return l, nil
}

// CheckClaim checks claim, made on board b played with steps (finished
// or not), as a game log's is: by the set's seat (in the daily only the
// person claims), in the card play, and, played out, every trick from
// it on won by the claimer's side.
func (s *BoardSet) CheckClaim(b Board, steps []rules.Step, claim *gamelog.Claim) error {
	if claim.Seat != s.Seat {
		return fmt.Errorf("board %d: a claim by %s, not by the player's seat %s", b.Number, claim.Seat, s.Seat)
	}
	_, err := s.ClaimedBoardLog(b, steps, claim, [4]string{}, [4]string{})
	return err
}

// FormatClaim writes a claim as a result file's board line and the
// daily's board in progress do: "claim A after 27 played-out", the
// seat, how many of the deal's actions came before it, and how the
// cards after it were played (as a game log says it).
func FormatClaim(c *gamelog.Claim) string {
	return fmt.Sprintf("claim %s after %d %s", c.Seat, c.Step, c.How())
}

// ParseClaim reads what FormatClaim writes, at a table of players.
func ParseClaim(s string, players int) (*gamelog.Claim, error) {
	f := strings.Fields(s)
	if len(f) != 5 || f[0] != "claim" || f[2] != "after" || (f[4] != gamelog.PlayedOutWord && f[4] != gamelog.ByHandWord) {
		return nil, fmt.Errorf("claim %q: want \"claim SEAT after N %s\" (or %s)", clip(s), gamelog.PlayedOutWord, gamelog.ByHandWord)
	}
	seat := rules.NoSeat
	for x := range rules.Seat(players) {
		if f[1] == x.String() {
			seat = x
		}
	}
	if seat == rules.NoSeat {
		return nil, fmt.Errorf("claim: %q is not a seat at a table of %d", clip(f[1]), players)
	}
	n, err := strconv.Atoi(f[3])
	if err != nil || n < 0 || n > maxSteps || strconv.Itoa(n) != f[3] {
		return nil, fmt.Errorf("claim: after %q is not a number of actions (0 to %d)", clip(f[3]), maxSteps)
	}
	return &gamelog.Claim{Seat: seat, Step: n, PlayedOut: f[4] == gamelog.PlayedOutWord}, nil
}
