package duplicate_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/klob/klob/internal/play/duplicate"
	"github.com/klob/klob/rules"
)

// playBoard plays a board with a stand-in for the bots: each seat draws
// its actions from a generator seeded by Board.BotSeed (a real bot takes
// that seed in its ai.Config), so what happens on a board depends only
// on the board and on the person's actions.
func playBoard(s *duplicate.BoardSet, b duplicate.Board, person func(rules.Deal) rules.Action) rules.Deal {
	t := b.Deal(s.Options)
	gens := map[rules.Seat]*rand.Rand{}
	chance := b.Chance()
	for seat := t.Turn(); seat != rules.NoSeat; seat = t.Turn() {
		l := t.Legal()
		var a rules.Action
		switch {
		case seat == rules.ChanceSeat:
			a = l[chance.IntN(len(l))]
		case seat == s.Seat:
			a = person(t)
		default:
			if gens[seat] == nil {
				gens[seat] = rand.New(rand.NewPCG(b.BotSeed(seat), 0))
			}
			a = l[gens[seat].IntN(len(l))]
		}
		if err := t.ApplyAs(seat, a); err != nil {
			panic(err)
		}
	}
	return t
}

// Two friends play the daily boards of one day at three players, write
// their result files, and one imports the other's to see the
// matchpoints.
func Example() {
	date, _ := duplicate.ParseDate("2026-12-01")
	set, _ := duplicate.Daily(date, 3)
	var files []*duplicate.ResultFile
	for k, name := range []string{"Ann", "Bob"} {
		r := rand.New(rand.NewPCG(uint64(k), 0)) // each friend's own taste
		person := func(t rules.Deal) rules.Action { l := t.Legal(); return l[r.IntN(len(l))] }
		f := &duplicate.ResultFile{Date: date, Players: 3, Set: set.ID, Name: name, Version: "v1.0.0"}
		for _, b := range set.Boards {
			t := playBoard(set, b, person)
			f.Boards = append(f.Boards, duplicate.RecordBoard(b.Number, &t, set.Seat))
		}
		text, _ := f.MarshalText()
		shared, _ := duplicate.ParseResultFile(text) // sent to a friend
		files = append(files, shared)
	}
	st, err := duplicate.Compare(set, files)
	if err != nil {
		panic(err)
	}
	for _, row := range st.Rows {
		fmt.Printf("%d %s %.2f%%:", row.Rank, row.Name, row.Percent)
		for _, b := range row.Boards {
			fmt.Printf(" %+g", b.Result)
		}
		fmt.Println()
	}
	// Output:
	// 1 Bob 75.00%: +22.5 +7.5 +117 -38 +40.5 +16 +62.5 -45.5
	// 2 Ann 25.00%: -2 -70 +174.5 +11.5 +21 -77 -23 -84.5
}
