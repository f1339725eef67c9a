package analysis

import (
	"slices"
	"strings"
	"unicode"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

// noun is how a report names a seat or a side in a sentence. A seat the
// log names "You" (the person's seat in a local game) is the reader:
// "you deal", never "You deals".
type noun struct {
	text   string
	plural bool // "you" or a team: the verb takes its plural form
}

// verb writes the noun as the subject of a verb in the present, given
// as "deals", "deal": "Ann deals", "you deal", "Ann and Cy deal".
func (n noun) verb(one, many string) string {
	if n.plural {
		return n.text + " " + many
	}
	return n.text + " " + one
}

// names are the words a report uses for the seats and sides of a game.
type names struct {
	players int
	seat    [4]noun
	side    [4]noun
	label   [4]string // the seat with its letter and level, for the title
}

// sides returns the number of sides: the players, or two teams of four.
func (nm *names) sides() int { return rules.SidesAt(nm.players) }

// YouSeat returns the seat a report says "you": the one seat the log
// names "you" in any case (a local game's person, unnamed), and no seat
// when none or two are. Any other name, a person's own included, is
// said as the log gives it, whoever reads the report: the replay asks
// this so that it names the seats as klob analyze does.
func YouSeat(h *gamelog.Header) (rules.Seat, bool) {
	seat := rules.NoSeat
	for s := range rules.Seat(h.Seats()) {
		if strings.EqualFold(h.PlayerName(s), "you") {
			if seat != rules.NoSeat {
				return rules.NoSeat, false
			}
			seat = s
		}
	}
	return seat, seat != rules.NoSeat
}

// namesOf names the seats as the log does, the names as given (a name
// is never capitalised or changed). A seat without a name is "player
// A"; names two seats share get the seat letter, "Bot (B)"; a seat named
// "you" is the second person, unless two seats are. With four players a
// side is its two players, "Ann and Cy".
func namesOf(h *gamelog.Header) names {
	nm := names{players: h.Seats()}
	count := map[string]int{}
	for s := range rules.Seat(nm.players) {
		count[strings.ToLower(h.PlayerName(s))]++
	}
	you, _ := YouSeat(h)
	for s := range rules.Seat(nm.players) {
		given := h.PlayerName(s)
		n := noun{text: given}
		switch {
		case s == you:
			n = noun{text: "you", plural: true}
		case strings.EqualFold(given, "you"):
			n.text = "player " + s.String()
		case count[strings.ToLower(given)] > 1:
			n.text = given + " (" + s.String() + ")"
		}
		nm.seat[s] = n
		// The title names the seat as the log does, as klob verify
		// does: "You (A, human)", though a sentence says "you deal".
		nm.label[s] = seatLabel(given, s.String(), h.Level(s))
	}
	nm.nameSides()
	return nm
}

// nameSides names each side after its seats: the seat, or with four
// players its two seats, "Ann and Cy".
func (nm *names) nameSides() {
	for x := range nm.sides() {
		seats := rules.SeatsOfSide(nm.players, x)
		if len(seats) == 1 {
			nm.side[x] = nm.seat[seats[0]]
			continue
		}
		var texts []string
		for _, s := range seats {
			texts = append(texts, nm.seat[s].text)
		}
		nm.side[x] = noun{text: strings.Join(texts, " and "), plural: true}
	}
}

// lettersOf names the seats and sides by their letters, "A" and "AC",
// as the JSON report keys them.
func lettersOf(players int) names {
	nm := names{players: players}
	for s := range rules.Seat(players) {
		nm.seat[s] = noun{text: s.String()}
	}
	for x := range nm.sides() {
		nm.side[x] = noun{text: rules.SideName(players, x), plural: rules.PlaysInTeams(players)}
	}
	return nm
}

// seatLabel names a seat for a report's title: the name, its seat
// letter and level, "West (B, normal)", leaving out what the name says
// already: a match log names its seats "hard (A)" and "normal (B1)",
// which read "hard (A)" and "normal (B1) in seat B".
func seatLabel(name, seat, level string) string {
	words := strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return !unicode.IsLetter(r) })
	lv := ""
	if level != "" && !slices.Contains(words, strings.ToLower(level)) {
		lv = ", " + level
	}
	switch {
	case strings.HasSuffix(name, "("+seat+")"):
		return strings.TrimSuffix(name, ")") + lv + ")"
	case strings.HasSuffix(name, ")"):
		return name + " in seat " + seat + lv
	}
	return name + " (" + seat + lv + ")"
}
