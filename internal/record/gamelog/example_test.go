package gamelog_test

import (
	"fmt"
	"time"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

// Record a game in progress after an action, read the save back and
// resume it.
func Example() {
	g := rules.NewGame(rules.DefaultOptions(), rules.SeatB) // B won the cut
	g.StartDeal(rules.NewDeck())                            // a fixed deck: clubs 7 upwards
	g.Apply(rules.Action{Kind: rules.Take})                 // A takes the upcard's suit

	h := gamelog.Header{Event: "Casual game", Players: [4]string{"You", "Bot"},
		Levels: [4]string{gamelog.Human, "normal"}}
	h.SetStart(time.Date(2026, 11, 29, 14, 31, 5, 0, time.UTC))
	text, err := gamelog.FromGame(h, g).MarshalText()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(text))

	l, err := gamelog.Parse("save.klob", text)
	if err != nil {
		fmt.Println(err)
		return
	}
	resumed, _ := l.Game()
	fmt.Println("resumed:", resumed.Deal().Phase(), "phase,", resumed.Deal().Turn(), "to move")
	// Output:
	// [Klob "1"]
	// [Event "Casual game"]
	// [Date "2026-11-29"]
	// [Time "14:31:05"]
	// [PlayerA "You"]
	// [PlayerB "Bot"]
	// [LevelA "human"]
	// [LevelB "normal"]
	// [BottomCard "on"]
	// [SequenceRank "value"]
	// [MeldsNeedTrick "on"]
	// [LastTrick "10"]
	// [Target "500"]
	// [FirstDealer "B"]
	// [Result "*"]
	//
	// deal 1
	// dealer B
	// deck 7C 8C 9C TC JC QC KC AC 7D 8D 9D TD JD QD KD AD 7H 8H 9H TH JH QH KH AH 7S 8S 9S TS JS QS KS AS
	// hand A 7C 8C 9C KC AC 7D
	// hand B TC JC QC 8D 9D TD
	// upcard JD
	// A: take
	// trump D maker A
	// hand A 7C 8C 9C KC AC 7D QD KD AD
	// hand B TC JC QC 8D 9D TD 7H 8H 9H
	// bottom AS
	//
	// end *
	// resumed: dix phase, A to move
}

// A log with an illegal card: the error says where and why.
func ExampleParse() {
	text := `[Klob "1"]
[Event ""]
[Date ""]
[Time ""]
[PlayerA "You"]
[PlayerB "Bot"]
[LevelA "human"]
[LevelB "normal"]
[BottomCard "on"]
[SequenceRank "value"]
[MeldsNeedTrick "on"]
[LastTrick "10"]
[Target "500"]
[FirstDealer "B"]
[Result "*"]

deal 1
dealer B
deck 7C 8C 9C TC JC QC KC AC 7D 8D 9D TD JD QD KD AD 7H 8H 9H TH JH QH KH AH 7S 8S 9S TS JS QS KS AS
hand A 7C 8C 9C KC AC 7D
hand B TC JC QC 8D 9D TD
upcard JD
A: take
trump D maker A
hand A 7C 8C 9C KC AC 7D QD KD AD
hand B TC JC QC 8D 9D TD 7H 8H 9H
bottom AS
A: no-exchange
B: no-exchange
A: no-sequence
B: no-sequence
sequence-right none
trick 1 A 7C B 7H won A

end *
`
	_, err := gamelog.Parse("game.klob", []byte(text))
	fmt.Println(err)
	// Output:
	// game.klob:33:16: deal 1: trick 1: 7H does not follow clubs (TC JC QC in hand)
}
