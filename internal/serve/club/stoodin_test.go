package club

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/clubdb"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/serve/rating"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// TestStoodInGainsNothing: at two, three and four seats, a person who
// dropped from a game a bot then played to its end for them is rated by
// its result when it is a loss, as anyone, and gains nothing by a win;
// the people who played on lose nothing by the bot's win (at two, the
// loser took his seat back and played to the end), and the winners'
// partner is rated as if nobody had dropped. The database's check
// agrees.
func TestStoodInGainsNothing(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		l, g, newcomers := peopleGame(t, n, uint64(10+n))
		win := winner(t, l)
		// A winner and (above two seats) the last loser dropped;
		// bots played their seats to the end (the loser's taken back
		// once, then lost again).
		var won, lost rules.Seat = rules.NoSeat, rules.NoSeat
		for s := range rules.Seat(n) {
			switch {
			case rules.SideOfSeat(n, s) == win:
				if won == rules.NoSeat {
					won = s
				}
			case lost == rules.NoSeat || g.Seats[s].Total < g.Seats[lost].Total:
				lost = s
			}
		}
		l.Comment = []string{
			fmt.Sprintf("deal 1: %s dropped; a normal bot took seat %s", peopleNames[lost], lost),
			fmt.Sprintf("deal 2: %s took seat %s back", peopleNames[lost], lost),
			fmt.Sprintf("deal 2: %s dropped; a normal bot took seat %s", peopleNames[won], won),
		}
		if n > 2 {
			// At two the loser plays on: with both gone nobody is
			// rated (TestEveryoneLeftRatesNobody).
			l.Comment = append(l.Comment, fmt.Sprintf("deal 2: %s dropped; a normal bot took seat %s", peopleNames[lost], lost))
		}
		plain, err := RateStoodIn(rating.Default(), &g, newcomers, nil, nil)
		require.NoError(t, err)

		s, got := filedRatings(t, l, "stood")
		require.Len(t, got, n)
		newcomer := rating.Default().Newcomer()
		for i, p := range plain {
			switch rules.Seat(i) {
			case won:
				require.Greater(t, p.Mu, newcomer.Mu, "the win would raise %s", peopleNames[i])
				require.Equal(t, newcomer.Mu, got[p.Key].Mu, "%s gains nothing by the bot's win", peopleNames[i])
			case lost:
				if n == 2 {
					require.Equal(t, newcomer.Mu, got[p.Key].Mu, "%s, back at the end, loses nothing by the bot's win", peopleNames[i])
					break
				}
				require.Less(t, got[p.Key].Mu, newcomer.Mu, "%s's loss counts", peopleNames[i])
				require.Equal(t, p.Mu, got[p.Key].Mu, "%s falls as anyone", peopleNames[i])
			default:
				if rules.SideOfSeat(n, rules.Seat(i)) != win {
					require.GreaterOrEqual(t, got[p.Key].Mu, newcomer.Mu, "%s loses nothing by the bot's win", peopleNames[i])
					break
				}
				require.Equal(t, p.Mu, got[p.Key].Mu, "%s is rated as ever", peopleNames[i])
				require.Equal(t, p.Sigma, got[p.Key].Sigma)
			}
		}
		verify(t, s)
	})
}

// peopleKeys and peopleNames are the people of peopleGame, by seat.
var (
	peopleKeys  = []string{testkit.KeyAnn, testkit.KeyBob, testkit.KeyCy, testkit.KeyDan}
	peopleNames = []string{"ann", "bob", "cy", "dan"}
)

// peopleGame plays a whole game of n people and no bot from seed: its
// log, the game as the database reads it, and the people as newcomers,
// in seat order, as a RateFunc gets them.
func peopleGame(t *testing.T, n int, seed uint64) (*gamelog.Log, clubdb.Game, []clubdb.Rating) {
	t.Helper()
	var seats []seat
	var newcomers []clubdb.Rating
	for i := range n {
		seats = append(seats, person(peopleKeys[i], peopleNames[i]))
		newcomers = append(newcomers, clubdb.Rating{Key: peopleKeys[i], Seats: n})
	}
	l := tableLog(t, seed, seats...)
	g, err := clubdb.FromLog("x", mustText(t, l), "")
	require.NoError(t, err)
	return l, g, newcomers
}

func mustText(t *testing.T, l *gamelog.Log) []byte {
	t.Helper()
	data, err := l.MarshalText()
	require.NoError(t, err)
	return data
}

// TestEveryoneLeftRatesNobody: a game every person left, which bots
// played to its end (for a spectator), rates nobody, at every seat
// count, as the same game closed for want of anyone at the table does.
func TestEveryoneLeftRatesNobody(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		_, g, newcomers := peopleGame(t, n, uint64(20+n))
		all := make([]rules.Seat, n)
		for i := range n {
			all[i] = rules.Seat(i)
		}
		got, err := RateStoodIn(rating.Default(), &g, newcomers, all, all)
		require.NoError(t, err)
		require.Empty(t, got, "%d seats: everyone left, yet the game rates %v", n, got)
		// One person played on to the end: the game is rated.
		got, err = RateStoodIn(rating.Default(), &g, newcomers, all[1:], all[1:])
		require.NoError(t, err)
		require.Len(t, got, n, "%d seats", n)
	}
}

// TestLeaverIsRatedBesidesAStandIn: the person who stays to the end is
// not one who left, whatever share of their moves bots made: in a game
// of two people where bots made the winner's moves at first (they
// dropped, and took the seat back) and the loser left for good, the
// loser falls by the loss, the winner gains nothing by the bots' play,
// and the database's check agrees.
func TestLeaverIsRatedBesidesAStandIn(t *testing.T) {
	l, g, newcomers := peopleGame(t, 2, 31)
	won := rules.Seat(winner(t, l))
	lost := 1 - won
	// Every move of the winner's in deal 1 was a bot's: a quarter of
	// their moves or more.
	var moves []string
	for i, stp := range l.Deals[0].Steps {
		if stp.Seat == won {
			moves = append(moves, fmt.Sprintf("1:%d-%d", i, i))
		}
	}
	require.NotEmpty(t, moves)
	l.Header.SetTag(gamelog.BotMovesTag, strings.Join(moves, " "))
	l.Comment = []string{
		fmt.Sprintf("deal 1: %s dropped; a hard bot took seat %s", peopleNames[won], won),
		fmt.Sprintf("deal 2: %s took seat %s back", peopleNames[won], won),
		fmt.Sprintf("deal 2: %s dropped; a hard bot took seat %s", peopleNames[lost], lost),
	}
	require.Equal(t, []rules.Seat{rules.SeatA, rules.SeatB}, host.StoodIn(l), "bots played for both")
	plain, err := RateStoodIn(rating.Default(), &g, newcomers, nil, nil)
	require.NoError(t, err)

	s, got := filedRatings(t, l, "left")
	require.Len(t, got, 2, "the game that one person left and one played to its end is rated")
	newcomer := rating.Default().Newcomer()
	require.Equal(t, plain[lost].Mu, got[peopleKeys[lost]].Mu, "%s, who left, falls as anyone", peopleNames[lost])
	require.Less(t, got[peopleKeys[lost]].Mu, newcomer.Mu)
	require.Equal(t, newcomer.Mu, got[peopleKeys[won]].Mu, "%s gains nothing by the bots' play", peopleNames[won])
	verify(t, s)
}

// TestOldUnratedGameStaysUnrated: a game an older klob recorded and
// rated nobody (it counted a person whose bots made a quarter of their
// moves as one who had left) is not rated at a later start when games
// after it changed ratings: its rating would come after theirs, out of
// the order the check reads the logs in. The check finds nothing wrong.
func TestOldUnratedGameStaysUnrated(t *testing.T) {
	l, _, _ := peopleGame(t, 2, 31)
	won := rules.Seat(winner(t, l))
	var moves []string
	for i, stp := range l.Deals[0].Steps {
		if stp.Seat == won {
			moves = append(moves, fmt.Sprintf("1:%d-%d", i, i))
		}
	}
	l.Header.SetTag(gamelog.BotMovesTag, strings.Join(moves, " "))
	l.Comment = []string{fmt.Sprintf("deal 2: %s dropped; a hard bot took seat %s", peopleNames[1-won], 1-won)}

	s, dir := openService(t)
	ctx := context.Background()
	path := filepath.Join(dir, "old.klob")
	data := mustText(t, l)
	require.NoError(t, os.WriteFile(path, data, 0o600))
	g, err := clubdb.FromLog(path, data, "")
	require.NoError(t, err)
	_, err = s.DB().RecordGame(ctx, g, func([]clubdb.Rating) ([]clubdb.Rating, error) { return nil, nil })
	require.NoError(t, err, "recorded as the older klob did: rating nobody")
	later, _, _ := peopleGame(t, 2, 32)
	require.NotEmpty(t, file(t, s, dir, "later", later, "").Changes)
	require.NoError(t, s.Close())

	s = openAt(t, dir)
	rated, err := s.DB().RatedGames(ctx)
	require.NoError(t, err)
	require.Len(t, rated, 1, "only the later game changed ratings")
	verify(t, s)
}

// filedRatings files l, named name, with a new service and returns the
// service and the ratings the recording gave, by key.
func filedRatings(t *testing.T, l *gamelog.Log, name string) (*Service, map[string]clubdb.Rating) {
	t.Helper()
	s, dir := openService(t)
	rec := file(t, s, dir, name, l, "")
	got := map[string]clubdb.Rating{}
	for _, c := range rec.Changes {
		got[c.After.Key] = c.After
	}
	return s, got
}

// TestCardSaysWhyKept: the standing after a game whose winner left and
// whose bot won it tells each person, through Last.Why, why the game
// left their rating as it was.
func TestCardSaysWhyKept(t *testing.T) {
	l, _, _ := peopleGame(t, 2, 12)
	won := rules.Seat(winner(t, l))
	l.Comment = []string{fmt.Sprintf("deal 1: %s dropped; a normal bot took seat %s", peopleNames[won], won)}
	s, got := filedRatings(t, l, "left")
	require.Len(t, got, 2)
	for i, why := range map[rules.Seat]string{
		won:     "a bot played your seat at the end, and a bot's win raises no rating",
		1 - won: "a bot played " + peopleNames[won] + "'s seat at the end, and a bot's win costs nobody rating",
	} {
		card, err := s.Card(context.Background(), peopleKeys[i])
		require.NoError(t, err)
		st := card[0]
		require.Equal(t, 2, st.Seats)
		require.True(t, st.Rated, peopleNames[i])
		require.Zero(t, st.Last.Points, peopleNames[i])
		require.Equal(t, why, st.Last.Why, peopleNames[i])
	}
}
