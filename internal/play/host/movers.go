package host

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"

	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

// TakeoverTag is the log tag that lists the moves bots made for people
// (gamelog.BotMovesTag), so a resumed game still says who made each
// move.
const TakeoverTag = gamelog.BotMovesTag

// writeMovers writes the takeover moves of movers for TakeoverTag.
func writeMovers(movers map[int][]By) string {
	var parts []string
	for _, d := range slices.Sorted(maps.Keys(movers)) {
		ms := movers[d]
		for i := 0; i < len(ms); i++ {
			if ms[i] != ByTakeover {
				continue
			}
			j := i
			for j+1 < len(ms) && (ms[j+1] == ByTakeover || ms[j+1] == ByChance) {
				j++
			}
			for ms[j] != ByTakeover {
				j--
			}
			parts = append(parts, fmt.Sprintf("%d:%d-%d", d, i, j))
			i = j
		}
	}
	return strings.Join(parts, " ")
}

// readMovers rebuilds who made each step of a saved game: chance, a
// bot's seat, the takeovers the log's TakeoverTag lists, the cards
// played out for a claim the log holds, the moves the session took for
// the person (their only choice, which the resumed session finds again
// in every deal), the person otherwise.
func readMovers(l *gamelog.Log, s *session.Session) map[int][]By {
	takeover := l.Header.BotMoves()
	out := map[int][]By{}
	for di, d := range l.Deals {
		no := di + 1
		ms := make([]By, len(d.Steps))
		for i, stp := range d.Steps {
			switch {
			case stp.Seat == rules.ChanceSeat:
				ms[i] = ByChance
			case claimed(s, no, i):
				ms[i] = ByClaim // a bot partner's card too, as before the save
			case !s.Human(stp.Seat):
				ms[i] = ByBot
			case takeover.Has(no, i):
				ms[i] = ByTakeover
			default:
				if _, forced := s.Forced(no, i); forced {
					ms[i] = ByForced
				}
			}
		}
		out[no] = ms
	}
	return out
}

// claimed reports whether the session played step of deal for a claim.
func claimed(s *session.Session, deal, step int) bool {
	why, ok := s.Forced(deal, step)
	return ok && why == "claimed"
}

// StoodIn returns the seats of the people whom a bot played for in the
// game logged in l: each dropped, and a bot took the seat (the header
// comments say so) with no deal after it that gave it back; or bots
// made at least a quarter of their moves (TakeoverTag), as when the
// move clock ran out on them again and again. The club rates the game
// as such a person's loss (neither leaving nor idling escapes one),
// and everyone else on that result.
func StoodIn(l *gamelog.Log) []rules.Seat {
	n := l.Header.Seats()
	moves, byBot := make([]int, n), make([]int, n)
	takeover := l.Header.BotMoves()
	for di, d := range l.Deals {
		for i, stp := range d.Steps {
			if int(stp.Seat) >= n {
				continue // chance
			}
			moves[stp.Seat]++
			if takeover.Has(di+1, i) {
				byBot[stp.Seat]++
			}
		}
	}
	left := l.LeftAtEnd()
	var out []rules.Seat
	for s := range rules.Seat(n) {
		if slices.Contains(left, s) || (byBot[s] > 0 && 4*byBot[s] >= moves[s]) {
			out = append(out, s)
		}
	}
	return out
}

// LeftAtEnd returns the seats of StoodIn that a bot played at the
// game's end because their person had dropped and not come back (the
// header comments say so, gamelog.Log.LeftAtEnd): those who had left.
// A person whose bots made a quarter of the moves but who was at the
// table at the end is not among them.
func LeftAtEnd(l *gamelog.Log) []rules.Seat { return l.LeftAtEnd() }

// resumeBarriers says how far back each seat may take back a decision
// in a resumed game: it replays the deal on the table and marks, for
// each seat, the step after the last one that showed it new cards or
// told it of another seat's hidden cards.
func resumeBarriers(l *gamelog.Log, s *session.Session) []mark {
	n := s.Game().Players()
	if len(l.Deals) == 0 {
		return make([]mark, n)
	}
	last := len(l.Deals) - 1
	// If the replay fails: nothing before the resume.
	end := slices.Repeat([]mark{{last + 1, len(l.Deals[last].Steps)}}, n)
	start := *l
	start.Deals = append([]gamelog.Deal(nil), l.Deals...)
	start.Deals[last].Steps = nil
	g, err := start.Game()
	if err != nil || g.NeedDeal() {
		return end
	}
	out, seen := make([]mark, n), make([]rules.CardSet, n)
	for i := range n {
		v := g.View(rules.Seat(i))
		seen[i], out[i] = seenBy(&v), mark{last + 1, 0}
	}
	for k, stp := range l.Deals[last].Steps {
		if err := g.ApplyAs(stp.Seat, stp.Action); err != nil {
			return end
		}
		for i := range n {
			if g.NeedDeal() || g.Over() {
				break
			}
			v := g.View(rules.Seat(i))
			if now := seenBy(&v); now&^seen[i] != 0 {
				seen[i], out[i] = now, mark{last + 1, k + 1}
			}
			out[i] = toldBy(&v, last+1, out[i])
		}
	}
	return out
}

// pathRE finds what looks like a file path in an error's text.
var pathRE = regexp.MustCompile(`(?:[A-Za-z]:)?[/\\][^\s:"']+`)

// publicError is an error as a server tells its players: what failed,
// never where on the server.
func publicError(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Op + ": " + pe.Err.Error()
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Op + ": " + le.Err.Error()
	}
	return pathRE.ReplaceAllString(err.Error(), "…")
}
