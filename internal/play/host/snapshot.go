package host

import (
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/ai/claim"
	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/rules"
)

// Snapshot is everything one seat may know of the game now: its own
// rules.View and public facts. It never holds another seat's hidden
// card. A spectator's (Watching) holds only what is public, and the
// whole deal once it is scored (Open). A Snapshot is a value the host
// never changes after handing it out; its slices, maps and pointers are
// shared (with every spectator, for theirs), so a reader must not
// change them.
type Snapshot struct {
	Seat rules.Seat // rules.NoSeat for a spectator
	// Gen numbers the positions of the game: it moves with every move,
	// deal and takeback, and on into the next game after "again". Act,
	// Ready and Again carry the Gen the person saw, so a key typed ahead
	// never lands on a position they have not seen.
	Gen     int
	Options rules.Options
	Players []SeatInfo // by seat

	// HasDeal is set once a deal has been dealt; View is then this
	// seat's view of the deal on the table (or of the finished one
	// between deals).
	HasDeal bool
	View    rules.View
	DealNo  int  // the deal on the table, or the last finished between deals
	Between bool // the deal is over; the next waits for the people's Ready
	Over    bool // the game is over
	// WinnerSide is the side that won the game, -1 while it goes on.
	WinnerSide int
	Sides      int
	Totals     [4]int // by side
	// Deals are the finished deals, oldest first.
	Deals []DealResult
	// Moves says who made each step of the deal shown (View.History),
	// as it was when the step was made: a bot that took a dropped
	// player's seat later does not change the player's earlier moves.
	Moves []Mover
	// Forced gives, by step of the deal shown, why a move of this seat
	// was taken for the person ("you hold no sequence"). Only this seat's
	// reasons: another seat's would tell what it does not hold.
	Forced map[int]string
	// Only says, at this person's decision outside the card play, why it
	// has a single legal answer ("you hold no 7 of trump"), in a game
	// that asks it all the same (Game.AskAll); "" otherwise.
	Only string
	// Claimer is the seat whose side claimed the rest of the deal shown
	// (its cards are played for it), NoSeat when none did.
	Claimer rules.Seat

	Note Note  // what last happened to the game that is not a move
	Last *Move // the last move made, nil after a note
	// Clocked is the last decision a bot made for this seat's person
	// when their move clock ran out (or while idle), kept until they do
	// anything; nil for none. Only this seat's. ClockedRanOut says the
	// clock ran out on that decision; false, the seat was idle and the
	// bot decided at once.
	Clocked       *Move
	ClockedRanOut bool
	// Thinking is the seat whose bot is thinking, NoSeat when none is.
	Thinking rules.Seat
	// Hold is set while a finished trick stays on the table until this
	// person's Ready (Config.HoldTricks).
	Hold bool

	Save      SaveState
	Takebacks int // decisions taken back in the game
	Can       Can // what this seat may do now

	// Claim is this seat's last claim, nil when it made none in this
	// position; Hint is its hint, nil when none is asked or open.
	Claim *ClaimState
	Hint  *HintState

	// Seed is the game's seed, shown once the game is over (it would
	// tell every deck before), when the game has one: not a game
	// resumed from a log that does not record it.
	Seed      uint64
	SeedShown bool
	// Closed is set once the host has stopped; Kicked once a newer
	// connection took this seat. The port then refuses every action.
	Closed bool
	Kicked bool

	// Bell counts the decisions of this seat that came after another
	// seat's move (not after the person's own move, Ready or takeback):
	// when it grows, the screen may ring the terminal's bell.
	Bell int

	// NoHints is set when the game gives no hints at all (Config.NoHints,
	// Config.NoHintsFor),
	// whose turn it is or not.
	NoHints bool
	// NoTakebacks is set when the game takes nothing back
	// (Config.Takebacks off: a duplicate board, a shared table).
	NoTakebacks bool

	// Watching is set in a spectator's snapshot (Host.Watch): Seat is
	// NoSeat, View is rules' view of no seat, and it may do nothing.
	Watching bool
	// Watchers is how many spectators watch; Private is set when the
	// game refuses them (and in the last snapshot of spectators let go
	// when it became private).
	Watchers int
	Private  bool
	// Open is, for a spectator, the deal shown once it is scored (between
	// deals and at the game's end): every card of it. Nil while a deal is
	// played, after a deal thrown in until the game is over (its hands
	// were never played), and in a seat's snapshot.
	Open *OpenDeal

	// Game numbers the games played at this host, from 1: "again"
	// starts the next. RematchOf is the checksum (SumLog) of the game
	// before it, "" for the first; the log's RematchTag says the same.
	Game      int
	RematchOf string
}

// SeatState is what everyone reads about who plays a seat.
type SeatState uint8

// The seat states.
const (
	SeatBot      SeatState = iota // a bot's seat
	SeatHere                      // the person is connected
	SeatAway                      // the person dropped: the seat waits for them
	SeatTakeover                  // a bot plays the seat of a person who did not come back
	SeatBack                      // the person is back and takes it once the bot's move for it lands
)

// SeatInfo is one seat as everyone sees it.
type SeatInfo struct {
	Name  string
	Human bool     // a person's seat
	Level ai.Level // the bot's level at a bot's seat, the stand-in's at a takeover
	State SeatState
	// Until is when a dropped person's seat goes to a bot (SeatAway);
	// at the game's end (SeatAway, SeatTakeover), zero or when the
	// others may start the next game with a bot in it, the person having
	// left a moment ago (Config.OverWait): till then their answer
	// (Again, No) stands as they left it.
	Until time.Time
	// Due is when the move clock (Config.MoveClock) gives the bot the
	// decision the game waits for from this seat's person, or marks
	// them ready between deals; zero when their clock is not running.
	Due time.Time
	// Idle says the move clock ran out on the person twice in a row: a
	// bot decides for them until they act or press a key.
	Idle bool
	// Ready says the seat is ready for the next deal: bots and absent
	// people always are.
	Ready bool
	// Again says the person wants another game once this one is over
	// (Port.Again); leaving takes it back once Config.OverWait is over.
	Again bool
	// AgainLeft says the person said again, then left, which took it
	// back: they say it anew if they come back.
	AgainLeft bool
	// No says the person, here at the game's end, wants no other game
	// (Port.NoAgain): the others may start it with a bot in their seat.
	No bool
}

// Waits is how long the seat still waits at now before Until, in whole
// seconds as a countdown shows it, and 0 once Until has passed. It is
// the one reckoning of a seat's wait, the waiting room's included
// (hall.SeatInfo.Waits).
func (i SeatInfo) Waits(now time.Time) time.Duration {
	return max(0, i.Until.Sub(now)).Round(time.Second)
}

// DealResult is a finished deal, public to every seat.
type DealResult struct {
	Dealer     rules.Seat
	Score      rules.Score
	Ending     rules.Ending
	Schmeisser rules.Seat
	Totals     [4]int // the game's totals by side after the deal
}

// By says who made a move.
type By uint8

// Who makes moves.
const (
	ByPerson   By = iota // the person at the seat
	ByBot                // the bot of a bot's seat
	ByTakeover           // a bot standing in for a person who dropped
	ByForced             // taken for the person: their only choice (seen as ByPerson by the others)
	ByClaim              // played for the side that claimed the rest
	ByChance             // a card drawn at random
)

// Mover is who made one step of a deal.
type Mover struct {
	Seat rules.Seat
	By   By
}

// Move is the last move made, public as every move is.
type Move struct {
	Seat   rules.Seat
	Action rules.Action
	By     By
	// TrickTo is who won the trick the move completed, NoSeat when it
	// completed none.
	TrickTo rules.Seat
}

// NoteKind says what happened to the game outside the moves.
type NoteKind uint8

// The notes.
const (
	NoteNone      NoteKind = iota
	NoteDealt              // a deal was dealt (Seat: the dealer)
	NoteClaimed            // Seat's side claimed the rest of the deal
	NoteTakeback           // Seat took back a decision
	NoteDropped            // Seat's person dropped
	NoteBack               // Seat's person is back
	NoteTakeover           // a bot took Seat's place
	NoteBotFailed          // Seat's bot failed; Text says how
	NoteError              // the host could not go on; Text says why
)

// Note is something that happened to the game that is not a move. Text
// says it in the third person ("Ann dropped"); a screen may say it in
// its own words from Kind and Seat.
type Note struct {
	Kind NoteKind
	Seat rules.Seat
	Text string
}

// SaveState says where the game's file stands.
type SaveState struct {
	// NoStore is set when the game is played without saving.
	NoStore bool
	// Pending is set while a change is not yet written.
	Pending bool
	// Err is why the last save failed, "" when it succeeded. On a server
	// it names no path of the server's.
	Err string
	// Filed is set once the finished game is filed in the history, at
	// Path (local games only). FileErr is why filing failed: it is tried
	// again until it succeeds.
	Filed   bool
	Path    string
	FileErr string
}

// Can says what a seat may do now.
type Can struct {
	Act   bool // it is this person's decision
	Ready bool // Ready goes on: the next deal, or the trick held on the table
	Undo  bool // a decision may be taken back
	Claim bool // the rest of the deal may be claimed
	Hint  bool // a hint may be asked
	Again bool // the game is over and "again" not yet said
	// NoAgain: the game is over, the person has not said no to another
	// (Port.NoAgain), and the others could go on without them.
	NoAgain bool
	// AgainWithBots: this person and everyone here said again, the game
	// is filed, and a person who played it is away: the next game may
	// start now with bots in their seats (Port.AgainWithBots).
	AgainWithBots bool
}

// ClaimState is a seat's claim: being checked, or its verdict.
type ClaimState struct {
	Pending bool
	// Verdict is the check's answer once known. It is worked out from
	// this seat's view alone: a refusal's counter-placement is a guess
	// the view allows, not the other hands.
	Verdict claim.Verdict
	// Err says why the claim could not be decided (the game moved on
	// while it was checked).
	Err error
}

// HintState is a seat's hint for the position of Gen: being worked
// out, or the hard bot's evaluation of the seat's decision.
type HintState struct {
	Gen     int
	Pending bool
	Eval    eval.Evaluation
	Err     error
}

// Who names the mover of step i of the deal shown as everyone reads it:
// "Ann", "Ann's bot", "Bot C"; "" for a card drawn at random.
func (s *Snapshot) Who(i int) string {
	if i < 0 || i >= len(s.Moves) {
		return ""
	}
	m := s.Moves[i]
	if int(m.Seat) >= len(s.Players) {
		return ""
	}
	switch m.By {
	case ByChance:
		return ""
	case ByTakeover:
		return s.Players[m.Seat].Name + "'s bot"
	}
	return s.Players[m.Seat].Name
}

// Place is a position of the game as its talk orders lines among the
// deal's words: game Game (Snapshot.Game, 0 before the first), during
// deal Deal (0 before the first), after Step of its steps; AfterDeal
// once the deal is over (between deals, and at the game's end), after
// every word of it.
type Place struct{ Game, Deal, Step int }

// AfterDeal is the Step of a Place after every step of its deal.
const AfterDeal = 1 << 30

// Place is where the snapshot stands.
func (s *Snapshot) Place() Place {
	return placeAt(s.Game, s.DealNo, len(s.View.History()), s.HasDeal && !s.Between && !s.Over)
}

// placeAt is the one rule for where a game stands, which Snapshot.Place
// and Host.Place both go by so that the two cannot disagree: game game,
// deal deal (0 before the first), after steps of its steps while the
// deal is in play, after every step (AfterDeal) once it is not.
func placeAt(game, deal, steps int, inPlay bool) Place {
	p := Place{Game: game, Deal: deal, Step: AfterDeal}
	if inPlay {
		p.Step = steps
	}
	return p
}
