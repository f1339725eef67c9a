package gamelog

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/klob/klob/rules"
)

// A shared table says in the log's header comments (Log.Comment) when a
// bot takes the seat of a person who dropped and did not come back in
// time, and when the person takes it back. The moves
// themselves are BotMovesTag's.
var (
	takeoverRE  = regexp.MustCompile(`^deal \d+: .* dropped; an? \S+ bot took seat ([A-D])$`)
	takenBackRE = regexp.MustCompile(`^deal \d+: .* took seat ([A-D]) back$`)
)

// TakeoverComment is the header comment of a bot of level taking seat s
// in deal from the person named name, who dropped: "deal 3: dan
// dropped; a normal bot took seat B".
func TakeoverComment(deal int, name, level string, s rules.Seat) string {
	article := "a"
	if level != "" && strings.ContainsRune("aeiou", rune(level[0])) {
		article = "an" // an easy bot
	}
	return fmt.Sprintf("deal %d: %s dropped; %s %s bot took seat %s", deal, name, article, level, s)
}

// TakenBackComment is the header comment of the person named name
// taking seat s back from its bot in deal (the one on the table, or the
// next between deals): "deal 4: dan took seat B back".
func TakenBackComment(deal int, name string, s rules.Seat) string {
	return fmt.Sprintf("deal %d: %s took seat %s back", deal, name, s)
}

// LeftAtEnd returns the seats a bot played at the end of the game
// because their person had dropped and not come back: the last of the
// header comments about each says a bot took it (TakeoverComment), none
// after that the person took it back (TakenBackComment). Seats in
// order; nil when none.
func (l *Log) LeftAtEnd() []rules.Seat {
	var bot [4]bool
	for _, c := range l.Comment {
		if m := takeoverRE.FindStringSubmatch(c); m != nil {
			bot[m[1][0]-'A'] = true
		} else if m := takenBackRE.FindStringSubmatch(c); m != nil {
			bot[m[1][0]-'A'] = false
		}
	}
	var out []rules.Seat
	for s := range rules.Seat(min(l.Header.Seats(), len(bot))) {
		if bot[s] {
			out = append(out, s)
		}
	}
	return out
}
