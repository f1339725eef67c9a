package session

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/klob/klob/ai/claim"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

// TakebacksTag is the log tag that counts the decisions taken back in a
// game (Undo): a game log says whether takebacks were used, and how
// many, and the history shows it.
const TakebacksTag = "Takebacks"

// ErrNothingToUndo is Undo's error when the seat has no decision of its
// own to take back (none yet, only forced moves, or the game is over).
var ErrNothingToUndo = errors.New("there is no decision of yours to take back")

// ErrClaimStands is Undo's error when the seat's last decision came
// before a claim accepted since: a claim binds the side as a card
// played does, so neither it nor the cards played out for it are taken
// back.
var ErrClaimStands = errors.New("a claim cannot be taken back")

// Undo takes back the last decision seat chose (not a move the session
// took for it) and every move after it, the bots' and the forced ones,
// even across the end of a deal; the seat then decides again. Only a
// person's decisions are taken back, in a game not yet over. The game
// is rebuilt by replaying its log without those moves, so it stays a
// game the rules engine accepts move by move: Game returns the new
// *rules.Game afterwards. The log's Takebacks tag counts the takebacks.
func (s *Session) Undo(seat rules.Seat) error {
	if err := s.MayUndo(seat); err != nil {
		return err
	}
	deal, step, _ := s.LastDecision(seat)
	deal-- // an index into the log's deals from here
	l := s.Log()
	l.Deals = l.Deals[:deal+1]
	l.Deals[deal].Steps = append([]rules.Step(nil), l.Deals[deal].Steps[:step]...)
	g, err := l.Game()
	if err != nil {
		return err
	}
	s.game = g
	if s.board != nil {
		// The draws taken back are drawn again the same way.
		if err := s.replayChance(); err != nil {
			return err
		}
	}
	for k := range s.forced {
		if k[0] > deal+1 || (k[0] == deal+1 && k[1] >= step) {
			delete(s.forced, k)
		}
	}
	// MayUndo let no claim after the decision through: the claims kept
	// (and in the log) all came before it. One of the deal on the table,
	// before another person's decision taken back, is played out still.
	s.claimer = rules.NoSeat
	s.header.SetTag(ClaimedTag, "")
	s.recallClaim()
	if s.claimer != rules.NoSeat {
		s.header.SetTag(ClaimedTag, fmt.Sprintf("%d:%d", s.claimDeal, s.claimer))
	}
	s.header.SetTag(TakebacksTag, strconv.Itoa(s.Takebacks()+1))
	s.gen++
	return nil
}

// MayUndo says whether Undo would take back seat's last decision now:
// nil when it would; ErrNothingToUndo when there is none (not a
// person's seat, the game over, only moves the session took);
// ErrClaimStands when a claim was accepted after it, in its deal or a
// later one.
func (s *Session) MayUndo(seat rules.Seat) error {
	if !s.Human(seat) || s.Over() {
		return ErrNothingToUndo
	}
	deal, step, ok := s.LastDecision(seat)
	if !ok {
		return ErrNothingToUndo
	}
	for no, c := range s.claims {
		if no > deal || no == deal && c.Step >= step {
			return ErrClaimStands
		}
	}
	// A claim resumed from the Claimed tag alone (an older log) has no
	// step: every decision of its deal came before it.
	if s.claimer != rules.NoSeat && s.claimDeal >= deal {
		return ErrClaimStands
	}
	return nil
}

// LastDecision returns where the last decision seat chose (not a move
// the session took for it) stands: its deal number (from 1) and its
// index in that deal's steps; false when there is none. Undo takes it
// back with every move after it.
func (s *Session) LastDecision(seat rules.Seat) (deal, step int, ok bool) {
	l := s.Log()
	for d := len(l.Deals) - 1; d >= 0; d-- {
		steps := l.Deals[d].Steps
		for i := len(steps) - 1; i >= 0; i-- {
			if steps[i].Seat != seat {
				continue
			}
			if _, forced := s.forced[[2]int{d + 1, i}]; forced {
				continue
			}
			return d + 1, i, true
		}
	}
	return 0, 0, false
}

// Takebacks returns how many decisions were taken back in the game.
func (s *Session) Takebacks() int { return s.count(TakebacksTag) }

// ClaimsTag is the log tag that counts the claims made in a game.
const ClaimsTag = "Claims"

// ClaimedTag names the last claim accepted, "DEAL:SEAT" (deal from 1,
// the claimer's seat from 0), so that a game resumed while the claim's
// cards are being played goes on playing them.
const ClaimedTag = "Claimed"

// Claim is seat's claim of every remaining trick of the deal for its
// side (the seat, or with four players the seat and its partner). The
// claim is checked exactly (ai/claim: the side takes every remaining
// trick whatever the other hands hold, among the placements the seat's
// View allows). A refused claim changes nothing: the Verdict says why. A
// good one is kept: from then on the session plays the side's cards in
// Advance (forced reason "claimed"), each one keeping every trick, so
// the log holds every card as usual, and the log's Claims tag counts
// it. Claim checks on the caller's goroutine; the host uses CheckClaim
// and ClaimChecked instead.
func (s *Session) Claim(seat rules.Seat) (claim.Verdict, error) {
	c, err := s.CheckClaim(seat)
	if err != nil {
		return claim.Verdict{Err: err}, err
	}
	vd := c.Run()
	return vd, s.ClaimChecked(c, vd)
}

// ClaimCheck is the check of a claim, ready to run on any goroutine: it
// holds a copy of the claimer's View, nothing of the Session.
type ClaimCheck struct {
	Seat rules.Seat
	Gen  int
	view rules.View
}

// Run checks the claim (its work is bounded: claim.DefaultLimits).
func (c ClaimCheck) Run() claim.Verdict { return claim.Check(c.view) }

// CheckClaim returns the check of seat's claim of the rest of the deal.
func (s *Session) CheckClaim(seat rules.Seat) (ClaimCheck, error) {
	if _, ok := s.ToMove(); !ok || !s.Human(seat) {
		return ClaimCheck{}, ErrNoTurn
	}
	return ClaimCheck{Seat: seat, Gen: s.gen, view: s.View(seat)}, nil
}

// ClaimChecked takes the answer of a ClaimCheck: a good claim is kept
// and played out (see Claim); a refused one changes nothing. An answer
// for a position the game has left returns ErrStale.
func (s *Session) ClaimChecked(c ClaimCheck, vd claim.Verdict) error {
	if c.Gen != s.gen {
		return ErrStale
	}
	if !vd.OK {
		return nil
	}
	s.claimer, s.claimDeal = c.Seat, s.game.DealNo()
	s.claims[s.claimDeal] = gamelog.Claim{Seat: c.Seat, Step: len(s.game.Deal().Steps()), PlayedOut: true}
	s.header.SetTag(ClaimsTag, strconv.Itoa(s.count(ClaimsTag)+1))
	s.header.SetTag(ClaimedTag, fmt.Sprintf("%d:%d", s.claimDeal, c.Seat))
	return s.Advance()
}

// ClaimOf returns the claim accepted in deal (from 1), as the log
// records it, and false when the deal had none.
func (s *Session) ClaimOf(deal int) (gamelog.Claim, bool) {
	c, ok := s.claims[deal]
	return c, ok
}

// Claimed reports whether seat's side claimed the rest of the current
// deal: the session plays its cards.
func (s *Session) Claimed(seat rules.Seat) bool {
	if s.claimer == rules.NoSeat || s.claimDeal != s.game.DealNo() || s.game.NeedDeal() || s.Over() {
		return false
	}
	return s.game.SideOf(seat) == s.game.SideOf(s.claimer)
}

// Claimer returns the seat whose claim of the current deal is being
// played out, and false when there is none.
func (s *Session) Claimer() (rules.Seat, bool) {
	if s.claimer == rules.NoSeat || !s.Claimed(s.claimer) {
		return rules.NoSeat, false
	}
	return s.claimer, true
}

// claimedMove is the card the session plays for a seat of the side that
// claimed: one that keeps every remaining trick, with the announcement
// (bella, menage) when one may be said.
func (s *Session) claimedMove(seat rules.Seat) (rules.Action, bool) {
	d := s.game.Deal()
	if d.Phase() != rules.PhasePlay || d.Turn() != seat {
		return rules.Action{}, false
	}
	c, ok := claim.Next(d.Play(), s.claimer)
	if !ok {
		return rules.Action{}, false
	}
	for _, a := range d.Legal() {
		if a.Kind == rules.PlayCard && a.Card == c && a.Bella {
			return a, true
		}
	}
	return rules.PlayAction(c), true
}

// recallClaim takes up again a claim of the current deal the log names
// (ClaimedTag): the session goes on playing the side's cards.
func (s *Session) recallClaim() {
	if c, ok := s.claims[s.game.DealNo()]; ok && c.PlayedOut && !s.game.NeedDeal() && s.Human(c.Seat) {
		s.claimer, s.claimDeal = c.Seat, s.game.DealNo()
		return
	}
	var deal, seat int
	if _, err := fmt.Sscanf(s.header.Tag(ClaimedTag), "%d:%d", &deal, &seat); err != nil {
		return
	}
	if deal == s.game.DealNo() && !s.game.NeedDeal() && seat >= 0 && seat < s.game.Players() && s.Human(rules.Seat(seat)) {
		s.claimer, s.claimDeal = rules.Seat(seat), deal
	}
}

// count is the number the header's tag name keeps, 0 when none.
func (s *Session) count(name string) int {
	n, _ := strconv.Atoi(s.header.Tag(name))
	return n
}
