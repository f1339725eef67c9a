package gamelog

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/klob/klob/rules"
)

// Version is the format version this package writes and reads, the value
// of the [Klob] tag.
const Version = "1"

// Human is the level of a seat a person plays.
const Human = "human"

// Log is a game record: the header and, per deal, the deck and every
// step. It is everything a replay needs and nothing it can recompute.
// The zero Log is not valid: use FromGame, Parse or fill in a Header.
type Log struct {
	// Comment holds the comment lines before the first tag, without the
	// leading ';'. They are written back; other comments are dropped.
	Comment []string
	Header  Header
	// Deals lists the deals in order; the last one may be unfinished.
	Deals []Deal
}

// Deal is one deal of a log: the deck it was dealt from and every step
// taken so far. The dealer follows from Header.FirstDealer and the deal's
// place (the deal alternates every deal).
type Deal struct {
	Deck  rules.Deck
	Steps []rules.Step
	// Claim is the claim that ended the deal, nil when none was made.
	Claim *Claim
}

// Claim is a seat's claim of every remaining trick of a deal for its
// side (the seat, or with four players its team), made in the card
// play and checked before it was accepted: where it came, and how the
// cards after it were played.
type Claim struct {
	Seat rules.Seat
	// Step is the index in the deal's Steps of the first card played
	// after the claim: len(Steps) while none has been.
	Step int
	// PlayedOut is true when the program played the claiming side's
	// cards after the claim (each keeping every trick), false when the
	// players played them themselves.
	PlayedOut bool
}

// Header is the tag section of a log. The Result tag is not stored: it
// is recomputed from the deals when the log is written.
type Header struct {
	Event   string    // free text, "" when none
	Date    string    // YYYY-MM-DD, "" when unknown
	Time    string    // HH:MM:SS local time, "" when unknown
	Players [4]string // the players' names, by seat
	Levels  [4]string // Human or an ai level name ("normal"), by seat
	Options rules.Options
	// FirstDealer is the seat that won the cut and dealt deal 1.
	FirstDealer rules.Seat
	// Extra holds tags this version does not know, in the order read;
	// they are written after the standard tags.
	Extra []Tag
}

// Seats returns the number of seats, Options.NumPlayers().
func (h *Header) Seats() int { return h.Options.NumPlayers() }

// Name returns the name the log gives seat s (A to D), "" when none.
func (h *Header) Name(s rules.Seat) string {
	if s < 4 {
		return h.Players[s]
	}
	return ""
}

// Level returns the level of seat s (A to D): Human, a bot level, or "".
func (h *Header) Level(s rules.Seat) string {
	if s < 4 {
		return h.Levels[s]
	}
	return ""
}

// SetPlayer sets the name and level of seat s (A to D).
func (h *Header) SetPlayer(s rules.Seat, name, level string) {
	if s < 4 {
		h.Players[s], h.Levels[s] = name, level
	}
}

// HumanSeat returns the seat a person played, and false when the log
// does not have exactly one human seat.
func (h *Header) HumanSeat() (rules.Seat, bool) {
	seat := rules.NoSeat
	for s := range rules.Seat(h.Seats()) {
		if h.Level(s) == Human {
			if seat != rules.NoSeat {
				return rules.NoSeat, false
			}
			seat = s
		}
	}
	return seat, seat != rules.NoSeat
}

// keyTag names the extra tag of the SSH key that played a seat at a
// shared table: KeyA, KeyB, ...
const keyTag = "Key"

// Key returns the SSH key (its server-side id) of the person who played
// seat s at a shared table, "" for a bot's seat or a local game.
func (h *Header) Key(s rules.Seat) string { return h.Tag(keyTag + s.String()) }

// SetKey records the key of the person at seat s; "" removes it.
func (h *Header) SetKey(s rules.Seat, id string) { h.SetTag(keyTag+s.String(), id) }

// PersonSeat returns the seat the person with key id played: with id ""
// (a local game), the one human seat (HumanSeat); else the seat whose
// key is id. False when there is no such seat.
func (h *Header) PersonSeat(id string) (rules.Seat, bool) {
	if id == "" {
		return h.HumanSeat()
	}
	for s := range rules.Seat(h.Seats()) {
		if h.Key(s) == id {
			return s, true
		}
	}
	return rules.NoSeat, false
}

// PlayerName returns the name of the player at seat s, "player A" when
// the log names none.
func (h *Header) PlayerName(s rules.Seat) string {
	if n := h.Name(s); n != "" {
		return n
	}
	return "player " + s.String()
}

// PlayerLabel returns the player at seat s with the seat and the level,
// for reports: "Ann (A, human)", or "player B (B)" without a level. A
// level that is the name is not said again: a match log names its bots
// by their level, "hard (A)", not "hard (A, hard)".
func (h *Header) PlayerLabel(s rules.Seat) string {
	name := h.PlayerName(s)
	if lv := h.Level(s); lv != "" && !NameIsLevel(name, lv) {
		return fmt.Sprintf("%s (%s, %s)", name, s, lv)
	}
	return fmt.Sprintf("%s (%s)", name, s)
}

// NameIsLevel reports whether a player's name is its level, in any case
// ("hard", "Normal"), as klob match names its bots: the level need not
// be said after it.
func NameIsLevel(name, level string) bool {
	return level != "" && strings.EqualFold(strings.TrimSpace(name), level)
}

// Tag is one tag pair, [Name "Value"].
type Tag struct {
	Name, Value string
}

// PracticeTag is the tag of a practice game: one whose seed the player
// chose (klob -seed). Each deal's deck follows from the seed and the
// deal number, so such a game can be dealt again, cards known, anywhere:
// it is practice, not a game of chance. The value says why.
const PracticeTag = "Practice"

// PracticeValue is the value klob writes in the Practice tag.
const PracticeValue = "seed chosen by the player"

// Practice reports whether the game is marked practice.
func (h *Header) Practice() bool {
	return slices.ContainsFunc(h.Extra, func(t Tag) bool { return t.Name == PracticeTag })
}

// Tag returns the value of the extra tag name, "" when h has none (a
// log holds a tag once: the reader and the writer refuse it twice).
func (h *Header) Tag(name string) string {
	for _, t := range h.Extra {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// SetTag sets the extra tag name to v, adding it after the others when
// h has none; v "" removes it. A removal builds a new Extra instead of
// shifting the array a copy of the header may share.
func (h *Header) SetTag(name, v string) {
	for i, t := range h.Extra {
		if t.Name == name {
			if v == "" {
				h.Extra = append(h.Extra[:i:i], h.Extra[i+1:]...)
			} else {
				h.Extra[i].Value = v
			}
			return
		}
	}
	if v != "" {
		h.Extra = append(h.Extra, Tag{Name: name, Value: v})
	}
}

// SetPractice marks the game practice (once).
func (h *Header) SetPractice() {
	if !h.Practice() {
		h.Extra = append(h.Extra, Tag{Name: PracticeTag, Value: PracticeValue})
	}
}

// AbandonedTag marks a game filed in the history before it ended (a
// new game was started instead, or its table closed): it will never go
// on, so it is no longer a game in play whose hidden cards and
// analysis stay sealed.
const AbandonedTag = "Abandoned"

// abandonedValue is the value klob writes in the Abandoned tag.
const abandonedValue = "filed before the end"

// Abandoned reports whether the game is marked abandoned.
func (h *Header) Abandoned() bool { return h.Tag(AbandonedTag) != "" }

// SetAbandoned marks the game abandoned.
func (h *Header) SetAbandoned() { h.SetTag(AbandonedTag, abandonedValue) }

// SetStart sets Date and Time from t, in t's location.
func (h *Header) SetStart(t time.Time) {
	h.Date = t.Format(dateLayout)
	h.Time = t.Format(timeLayout)
}

// Start returns the date and time the game started, in loc (time.Local
// when nil), and false when the Date tag is empty. A missing Time is
// midnight.
func (h *Header) Start(loc *time.Location) (time.Time, bool) {
	if loc == nil {
		loc = time.Local
	}
	if h.Date == "" {
		return time.Time{}, false
	}
	s, layout := h.Date, dateLayout
	if h.Time != "" {
		s, layout = h.Date+" "+h.Time, dateLayout+" "+timeLayout
	}
	t, err := time.ParseInLocation(layout, s, loc)
	if err != nil {
		return time.Time{}, false
	}
	return t, true
}

const (
	dateLayout = "2006-01-02"
	timeLayout = "15:04:05"
)

// Result returns the game's result as the Result tag writes it: the
// winning side ("A", "B", "C", or a team "AC" or "BD" with four
// players), "*" while the game goes on.
func Result(g *rules.Game) string {
	if g.Over() {
		return rules.SideName(g.Players(), g.Winner())
	}
	return "*"
}

// Game replays the log through the rules engine and returns the game in
// the state the log ends in: ready for the next action, or for the next
// deck when the last deal is complete. It fails with an *Error (no line,
// only the deal and step) if a step is illegal.
func (l *Log) Game() (*rules.Game, error) { return l.replay(nil, nil) }

// replay is Game, calling dealt once deal no has started and stepped
// after each step, given the mark taken before it (either may be nil).
func (l *Log) replay(dealt func(no int, g *rules.Game),
	stepped func(g *rules.Game, st rules.Step, before mark)) (*rules.Game, error) {
	g := rules.NewGame(l.Header.Options, l.Header.FirstDealer)
	for i, dl := range l.Deals {
		no := i + 1
		fail := func(kind error, format string, args ...any) error {
			return &Error{Msg: fmt.Sprintf("deal %d: ", no) + fmt.Sprintf(format, args...), Err: kind}
		}
		if g.Over() {
			return nil, fail(ErrMismatch, "the game was over after deal %d (%s won)", i, Result(g))
		}
		if err := checkDeck(dl.Deck); err != nil {
			return nil, fail(ErrSyntax, "deck: %v", err)
		}
		if err := g.StartDeal(dl.Deck); err != nil {
			return nil, fail(ErrMismatch, "%v", err)
		}
		if dealt != nil {
			dealt(no, g)
		}
		if c := dl.Claim; c != nil && (int(c.Seat) >= g.Players() || c.Step < 0 || c.Step > len(dl.Steps)) {
			return nil, fail(ErrMismatch, "the claim: no seat %s or step %d of %d", c.Seat, c.Step+1, len(dl.Steps))
		}
		for j, st := range dl.Steps {
			if dealOver(g) {
				return nil, fail(ErrMismatch, "step %d (%s): the deal is over", j+1, st)
			}
			if c := dl.Claim; c != nil && c.Step == j && g.Deal().Phase() != rules.PhasePlay {
				return nil, fail(ErrMismatch, "the claim before step %d: a claim comes in the card play", j+1)
			}
			before := markOf(g)
			if err := g.ApplyAs(st.Seat, st.Action); err != nil {
				if t, ok := notTurn(err); ok {
					return nil, fail(ErrMismatch, "step %d (%s): it is %s's turn", j+1, st, t)
				}
				return nil, fail(err, "step %d: %s: %v", j+1, st, err)
			}
			if err := claimHolds(g, dl.Claim, j, before); err != nil {
				return nil, fail(ErrMismatch, "step %d (%s): %v", j+1, st, err)
			}
			if stepped != nil {
				stepped(g, st, before)
			}
		}
		if c := dl.Claim; c != nil && c.Step == len(dl.Steps) && (dealOver(g) || g.Deal().Phase() != rules.PhasePlay) {
			return nil, fail(ErrMismatch, "the claim after the last step: a claim comes in the card play")
		}
		if i < len(l.Deals)-1 && !dealOver(g) {
			return nil, fail(ErrMismatch, "the deal is not finished but deal %d follows", no+1)
		}
	}
	return g, nil
}

// claimHolds checks a claim c played out (nil: none) against step j
// of its deal, just applied to g from before: a trick completed from
// the claim on goes to the claimer's side, as the claim said.
func claimHolds(g *rules.Game, c *Claim, j int, before mark) error {
	d := g.Deal()
	if c == nil || !c.PlayedOut || j < c.Step || d.Play().Tricks == before.tricks {
		return nil
	}
	if w := d.LastTrickWinner(); g.SideOf(w) != g.SideOf(c.Seat) {
		return fmt.Errorf("trick %d went to %s, but %s claimed every remaining trick and they were played out", before.tricks+1, w, c.Seat)
	}
	return nil
}

// dealOver reports whether the game's last deal is over: it waits for
// the next deck, or the game is over.
func dealOver(g *rules.Game) bool { return g.NeedDeal() || g.Over() }
