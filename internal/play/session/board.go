package session

import (
	"fmt"
	"math/rand/v2"

	"github.com/klob/klob/rules"
)

// Board is a fixed deal played as a whole game: a duplicate board. The
// game is that one deal, its deck and dealer given, and it is over when
// the deal is (no game to the target). What the bots and chance do on
// it depends only on the board and on what the people do:
//
//   - the bot in each seat is made with BotSeed of its seat and bounded
//     by its work, never by time (ai.Config.Think < 0);
//   - the chance steps (the card a shlomo declarer draws) are drawn in
//     order from one generator, Chance: the i-th draw of the deal is its
//     i-th IntN over the legal draws, in the order rules.Deal.Legal
//     lists them, as duplicate.BoardSet.Play draws them.
//
// duplicate.Board gives all of it: Board{Dealer: b.Dealer, Deck: b.Deck,
// BotSeed: b.BotSeed, Chance: b.Chance}.
type Board struct {
	Dealer  rules.Seat
	Deck    rules.Deck
	BotSeed func(rules.Seat) uint64
	// Chance returns a new generator of the board's chance steps.
	Chance func() *rand.Rand
}

// check reports what is missing from b.
func (b *Board) check(players int) error {
	switch {
	case int(b.Dealer) >= players:
		return fmt.Errorf("board: dealer %s is not at a table of %d", b.Dealer, players)
	case b.BotSeed == nil || b.Chance == nil:
		return fmt.Errorf("board: no bots' seeds or no chance")
	}
	return nil
}

// Over reports whether the game is over: it has a winner, or it is a
// board (Config.Board) and its one deal is played.
func (s *Session) Over() bool {
	return s.game.Over() || (s.board != nil && len(s.game.Records()) > 0)
}

// IsBoard reports whether the game is a fixed board (Config.Board).
func (s *Session) IsBoard() bool { return s.board != nil }

// replayChance brings the board's chance generator to where the deal
// stands: it draws again every chance step the deal has taken, on the
// same counts of legal draws, and checks they are the draws recorded.
func (s *Session) replayChance() error {
	s.chance = s.board.Chance()
	if len(s.game.Records()) == 0 && s.game.NeedDeal() {
		return nil
	}
	d := rules.NewDeal(s.game.Options(), s.board.Dealer, s.board.Deck)
	for i, st := range s.game.Deal().Steps() {
		if st.Seat == rules.ChanceSeat {
			legal := d.Legal()
			if got := legal[s.chance.IntN(len(legal))]; got != st.Action {
				return fmt.Errorf("board: step %d: the board draws %s, the log %s", i+1, got, st.Action)
			}
		}
		if err := d.ApplyAs(st.Seat, st.Action); err != nil {
			return fmt.Errorf("board: step %d: %w", i+1, err)
		}
	}
	return nil
}
