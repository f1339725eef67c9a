package club

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/clubdb"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/serve/rating"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// TestGameAgainstBotsIsRecorded: a game against bots alone, whose log
// names no key, is recorded for its owner (the history's player), and
// rates nobody.
func TestGameAgainstBotsIsRecorded(t *testing.T) {
	s, dir := openService(t)
	ctx := context.Background()
	l := tableLog(t, 5, person("", "Ann"), bot("normal"))
	l.Header.Extra = nil // a game alone: no tags
	rec := file(t, s, dir, "alone", l, testkit.KeyAnn)
	require.True(t, rec.New)
	assert.Empty(t, rec.Changes)
	games, err := s.DB().GamesOf(ctx, testkit.KeyAnn, 0, 10)
	require.NoError(t, err)
	require.Len(t, games, 1)
	assert.Equal(t, testkit.KeyAnn, games[0].Seats[0].Key)
	card, err := s.Card(ctx, testkit.KeyAnn)
	require.NoError(t, err)
	for _, st := range card {
		assert.False(t, st.Rated)
		assert.Equal(t, "1500 ±350", st.Shown.String(), "a newcomer")
	}
}

// TestCardAndLeaderboard: the lobby's figures: a player's rating in
// each pool with its uncertainty and the last change, and the
// leaderboard of those with enough games, best first.
func TestCardAndLeaderboard(t *testing.T) {
	s, dir := openService(t)
	ctx := context.Background()
	keys := []string{testkit.KeyAnn, testkit.KeyBob, testkit.KeyCy}
	names := []string{"Ann", "Bob", "Cy"}
	games := 0
	for seed := uint64(1); games < 3*s.MinGames(); seed++ {
		a, b := games%3, (games+1)%3
		l := tableLog(t, seed, person(keys[a], names[a]), person(keys[b], names[b]))
		file(t, s, dir, "g"+string(rune('a'+games)), l, "")
		games++
	}
	board, err := s.Leaderboard(ctx, 2, 10)
	require.NoError(t, err)
	require.Len(t, board, 3, "each played 2/3 of the games: enough")
	for i, line := range board {
		assert.Equal(t, i+1, line.Rank)
		assert.Equal(t, 2*s.MinGames(), line.Games)
		if i > 0 {
			prev := board[i-1]
			// Ranked by the conservative rating, which the shown figures
			// round.
			assert.GreaterOrEqual(t, float64(prev.Shown.Points-3*prev.Shown.PlusMinus)+2, float64(line.Shown.Points-3*line.Shown.PlusMinus))
		}
	}
	none, err := s.Leaderboard(ctx, 3, 10)
	require.NoError(t, err)
	assert.Empty(t, none, "nobody played at three")

	card, err := s.Card(ctx, testkit.KeyAnn)
	require.NoError(t, err)
	require.Len(t, card, 3)
	two := card[0]
	assert.Equal(t, 2, two.Seats)
	assert.True(t, two.Rated)
	assert.Equal(t, 2*s.MinGames(), two.Games)
	assert.Less(t, two.Shown.PlusMinus, 350)
	assert.Equal(t, two.Shown, two.Last.After, "the last change ends at the rating")
	assert.Equal(t, two.Last.After.Points-two.Last.Before.Points, two.Last.Points)
	assert.Equal(t, "TEST", two.Last.Table)
	assert.False(t, card[1].Rated)

	// A player with too few games is rated and not listed.
	l := tableLog(t, 99, person(testkit.KeyDan, "Dan"), person(testkit.KeyAnn, "Ann"))
	file(t, s, dir, "dan", l, "")
	board, err = s.Leaderboard(ctx, 2, 10)
	require.NoError(t, err)
	for _, line := range board {
		assert.NotEqual(t, testkit.KeyDan, line.Key)
	}
	verify(t, s)
}

// TestOpenImportsAndRates: the state directory's games, filed before
// the database (or while a crash kept them from it), are imported at the
// start and rated then, once: a second start changes nothing.
func TestOpenImportsAndRates(t *testing.T) {
	dir := t.TempDir()
	hist := func(key string) string {
		d := filepath.Join(dir, clubdb.PlayersDir, key, "history")
		require.NoError(t, os.MkdirAll(d, 0o700))
		return d
	}
	logs := []*gamelog.Log{
		tableLog(t, 1, person(testkit.KeyAnn, "Ann"), person(testkit.KeyBob, "Bob")),
		tableLog(t, 2, person(testkit.KeyAnn, "Ann"), bot("hard"), person(testkit.KeyCy, "Cy")),
		tableLog(t, 3, person(testkit.KeyAnn, "Ann"), person(testkit.KeyBob, "Bob"), person(testkit.KeyCy, "Cy"), person(testkit.KeyDan, "Dan")),
		tableLog(t, 4, person(testkit.KeyAnn, "Ann"), bot("normal"), person(testkit.KeyBob, "Bob"), bot("normal")), // partners against bots
	}
	for i, l := range logs {
		data, err := l.MarshalText()
		require.NoError(t, err)
		// Every person's history holds the game: one game each.
		for _, tag := range l.Header.Extra {
			if len(tag.Name) == 4 && tag.Name[:3] == "Key" {
				require.NoError(t, os.WriteFile(filepath.Join(hist(tag.Value), "g"+string(rune('0'+i))+".klob"), data, 0o600))
			}
		}
	}
	s := openAt(t, dir)
	ctx := context.Background()
	c, err := s.DB().Counts(ctx)
	require.NoError(t, err)
	assert.Equal(t, 4, c.Games)
	assert.Equal(t, 4, c.Players)
	assertRated(t, s, 3, "the three games between sides of people")
	ann, err := s.DB().Rating(ctx, testkit.KeyAnn, 2)
	require.NoError(t, err)
	assert.Equal(t, 1, ann.Games)
	verify(t, s)
	before := dumpRatings(t, s)
	require.NoError(t, s.Close())

	again := openAt(t, dir)
	assert.Equal(t, before, dumpRatings(t, again), "a second start rates nothing again")
}

func dumpRatings(t *testing.T, s *Service) map[string][]clubdb.Rating {
	t.Helper()
	out := map[string][]clubdb.Rating{}
	for _, k := range []string{testkit.KeyAnn, testkit.KeyBob, testkit.KeyCy, testkit.KeyDan} {
		r, err := s.DB().Ratings(context.Background(), k)
		require.NoError(t, err)
		out[k] = r
	}
	return out
}

// TestRematchLinks: a game whose log names the game before it
// (RematchOf, the host's tag) is linked to it; one naming a game the
// database does not have is recorded without the link.
func TestRematchLinks(t *testing.T) {
	require.Equal(t, host.RematchTag, clubdb.TagRematchOf, "the host's tag is the one the database reads")
	s, dir := openService(t)
	ctx := context.Background()
	first := tableLog(t, 1, person(testkit.KeyAnn, "Ann"), person(testkit.KeyBob, "Bob"))
	r1 := file(t, s, dir, "first", first, "")
	sum, err := host.SumLog(first)
	require.NoError(t, err)
	second := tableLog(t, 2, person(testkit.KeyBob, "Bob"), person(testkit.KeyAnn, "Ann"))
	second.Header.Extra = append(second.Header.Extra, gamelog.Tag{Name: host.RematchTag, Value: sum})
	r2 := file(t, s, dir, "second", second, "")
	chain, err := s.DB().RematchChain(ctx, r2.ID)
	require.NoError(t, err)
	assert.Equal(t, []int64{r1.ID, r2.ID}, chain)
	assert.NotEmpty(t, r2.Changes, "a rematch is rated like any game")

	orphan := tableLog(t, 3, person(testkit.KeyBob, "Bob"), person(testkit.KeyAnn, "Ann"))
	orphan.Header.Extra = append(orphan.Header.Extra, gamelog.Tag{Name: host.RematchTag, Value: clubdb.SumLog([]byte("a game never filed"))})
	r3 := file(t, s, dir, "orphan", orphan, "")
	chain, err = s.DB().RematchChain(ctx, r3.ID)
	require.NoError(t, err)
	assert.Equal(t, []int64{r3.ID}, chain)
	assert.NotEmpty(t, r3.Changes)
	verify(t, s)
}

// TestVerifyFindsTampering: a rating that is not where the logs put it
// (written twice, lost, changed by hand) is reported.
func TestVerifyFindsTampering(t *testing.T) {
	s, dir := openService(t)
	for seed := uint64(1); seed <= 4; seed++ {
		file(t, s, dir, "g"+string(rune('0'+seed)), tableLog(t, seed, person(testkit.KeyAnn, "Ann"), person(testkit.KeyBob, "Bob")), "")
	}
	verify(t, s)
	path := s.DB().Path()
	require.NoError(t, s.Close())
	rawExec(t, path, `UPDATE ratings SET mu = mu + 0.5 WHERE player_key = ?`, testkit.KeyAnn)
	rawExec(t, path, `UPDATE rating_history SET mu = mu - 1 WHERE player_key = ? AND game_id = 2`, testkit.KeyBob)
	rawExec(t, path, `UPDATE rating_history SET mu_before = mu_before + 1 WHERE player_key = ? AND game_id = 3`, testkit.KeyAnn)
	s = openAt(t, dir)
	problems, err := s.Verify(context.Background(), readPath)
	require.NoError(t, err)
	joined := ""
	for _, p := range problems {
		joined += p + "\n"
	}
	assert.Contains(t, joined, testkit.KeyAnn+" at 2 players")
	assert.Contains(t, joined, "game 2: "+testkit.KeyBob+" has")
	assert.Contains(t, joined, "game 3: "+testkit.KeyAnn+" had", "a game starts from a rating the games before do not give")

	// A log that is not the game's any more.
	problems, err = s.Verify(context.Background(), func(clubdb.Game) ([]byte, error) { return nil, errors.New("gone") })
	require.NoError(t, err)
	assert.Len(t, problems, 4+2, "each game's log, and the ratings with no game")
}

// TestRefusesDamagedAndNewer: the service opens no database clubdb
// refuses, and leaves the file as it was.
func TestRefusesDamagedAndNewer(t *testing.T) {
	dir := t.TempDir()
	path := Path(dir)
	junk := []byte("SQLite format 3\x00 but not really a database at all, only junk: the club's file was overwritten")
	junk = append(junk, make([]byte, 4096)...)
	require.NoError(t, os.WriteFile(path, junk, 0o600))
	var damaged *clubdb.DamagedError
	require.ErrorAs(t, openRefused(t, dir), &damaged)

	dir2 := t.TempDir()
	s := openAt(t, dir2)
	require.NoError(t, s.Close())
	rawExec(t, Path(dir2), `PRAGMA user_version = 99`)
	var newer *clubdb.NewerError
	require.ErrorAs(t, openRefused(t, dir2), &newer)
}

// openRefused opens the club of dir, which Open must refuse, giving no
// service, and returns the refusal; the database's file is left byte
// for byte as it was.
func openRefused(t *testing.T, dir string) error {
	t.Helper()
	before, err := os.ReadFile(Path(dir))
	require.NoError(t, err)
	s, err := Open(context.Background(), dir, Options{})
	require.Error(t, err)
	require.Nil(t, s)
	after, rerr := os.ReadFile(Path(dir))
	require.NoError(t, rerr)
	assert.Equal(t, before, after, "the file is left as it was")
	return err
}

// TestWriteLatencies: each record's time is kept for the server's
// figures.
func TestWriteLatencies(t *testing.T) {
	s, dir := openService(t)
	q, n := s.WriteLatencies(0.5, 0.99)
	assert.Equal(t, 0, n)
	assert.Equal(t, []time.Duration{0, 0}, q)
	file(t, s, dir, "g", tableLog(t, 1, person(testkit.KeyAnn, "Ann"), person(testkit.KeyBob, "Bob")), "")
	q, n = s.WriteLatencies(0.5, 0.99)
	assert.Equal(t, 1, n)
	assert.Positive(t, q[1])
	// The database's own part is positive and within the whole.
	d, n := s.DBWriteLatencies(0.5, 0.99)
	assert.Equal(t, 1, n)
	assert.Positive(t, d[1])
	assert.LessOrEqual(t, d[1], q[1])
}

// TestReadFailuresLogged: when the database fails under a read, the
// lobby shows only that the rating or the leaderboard cannot be read
// now; the server's log keeps the database's own words.
func TestReadFailuresLogged(t *testing.T) {
	logs := &testkit.LogLines{}
	s := openWith(t, t.TempDir(), Options{Logf: logs.Logf})
	require.NoError(t, s.Close())

	_, cardErr := s.Card(context.Background(), "SHA256:ann")
	_, boardErr := s.Leaderboard(context.Background(), 3, 10)
	require.Error(t, cardErr)
	require.Error(t, boardErr)
	all := logs.String()
	assert.Contains(t, all, "club: a player's rating could not be read: "+cardErr.Error())
	assert.Contains(t, all, "club: the leaderboard of 3 players could not be read: "+boardErr.Error())
}

// TestRecordLogged: a table's game the club records is logged once, its
// result and each rating it changed, every person by name and key tag
// (as the lobby tags them); recording it again logs nothing.
func TestRecordLogged(t *testing.T) {
	logs := &testkit.LogLines{}
	dir := t.TempDir()
	s := openWith(t, dir, Options{Logf: logs.Logf})
	const ann, bob = "a1a1a1a1a1a1ffffffffffffffffffff", "b2b2b2b2b2b2eeeeeeeeeeeeeeeeeeee"
	l := tableLog(t, 7, person(ann, "ann"), person(bob, "bob"), bot("random"))
	rec := file(t, s, dir, "g", l, "")
	file(t, s, dir, "g", l, "")
	g, err := l.Game()
	require.NoError(t, err)
	tot := g.Totals()
	win := rules.SideName(3, g.Winner())
	all := logs.String()
	assert.Contains(t, all, fmt.Sprintf(`club: table TEST's game recorded as game %d, won by %s: A "ann" #a1a1a1a1a1a1 %d, B "bob" #b2b2b2b2b2b2 %d, C bot %d`,
		rec.ID, win, tot[0], tot[1], tot[2]))
	assert.Contains(t, all, fmt.Sprintf(`club: game %d rated "ann" #a1a1a1a1a1a1 at 3 seats: unrated -> `, rec.ID))
	assert.Contains(t, all, fmt.Sprintf(`club: game %d rated "bob" #b2b2b2b2b2b2 at 3 seats: unrated -> `, rec.ID))
	assert.Equal(t, 1, strings.Count(all, "recorded as game"), "logged once")
}

// TestCardNamesTheRematch: the last change of a game "again" started
// says which game it followed, so that it is told from that game, which
// has the same table code.
func TestCardNamesTheRematch(t *testing.T) {
	s, dir := openService(t)
	first := tableLog(t, 1, person(testkit.KeyAnn, "Ann"), person(testkit.KeyBob, "Bob"))
	file(t, s, dir, "first", first, "")
	card, err := s.Card(context.Background(), testkit.KeyAnn)
	require.NoError(t, err)
	assert.Equal(t, "", card[0].Last.RematchOf)
	second := tableLog(t, 2, person(testkit.KeyAnn, "Ann"), person(testkit.KeyBob, "Bob"))
	second.Header.SetTag(clubdb.TagRematchOf, clubdb.SumLog(mustText(t, first)))
	file(t, s, dir, "second", second, "")
	card, err = s.Card(context.Background(), testkit.KeyAnn)
	require.NoError(t, err)
	assert.Equal(t, "TEST", card[0].Last.Table)
	assert.Equal(t, clubdb.SumLog(mustText(t, first)), card[0].Last.RematchOf)
}

// TestCardSaysThePlaceAndTheChance: the last change in a pool says
// where the player's side finished (1 won) and the chance the model
// gave it of winning, from the ratings at the table before the game:
// the people's as they stood then, a bot's published one. The second
// game of each pool starts from the ratings the first left. At every
// seat count.
func TestCardSaysThePlaceAndTheChance(t *testing.T) {
	cfg := rating.Default()
	for _, seats := range [][]seat{
		{person(testkit.KeyAnn, "Ann"), person(testkit.KeyBob, "Bob")},
		{person(testkit.KeyAnn, "Ann"), bot("hard"), person(testkit.KeyBob, "Bob")},
		{person(testkit.KeyAnn, "Ann"), person(testkit.KeyBob, "Bob"), person(testkit.KeyCy, "Cy"), bot("easy")},
	} {
		n := len(seats)
		t.Run(fmt.Sprintf("%d seats", n), func(t *testing.T) {
			s, dir := openService(t)
			ctx := context.Background()
			for game := range 2 {
				// The sides as the model takes them, from the ratings now.
				sides := make([]rating.Side, rules.SidesAt(n))
				for i, st := range seats {
					p := rating.Player{Rating: cfg.Newcomer()}
					if st.key == "" {
						r, ok := Bot(st.level, n)
						require.True(t, ok)
						p = rating.Player{Rating: r, Fixed: true}
					} else if r, err := s.DB().Rating(ctx, st.key, n); err == nil && r.Rated {
						p.Rating = rating.Rating{Mu: r.Mu, Sigma: r.Sigma}
					}
					side := rules.SideOfSeat(n, rules.Seat(i))
					sides[side].Players = append(sides[side].Players, p)
				}
				chances, err := cfg.WinChances(sides)
				require.NoError(t, err)

				l := tableLog(t, uint64(200+10*n+game), seats...)
				file(t, s, dir, fmt.Sprintf("g%d", game), l, "")
				win := winner(t, l)
				for i, st := range seats {
					if st.key == "" {
						continue
					}
					card, err := s.Card(ctx, st.key)
					require.NoError(t, err)
					last, ok := poolOf(card, n)
					require.True(t, ok)
					side := rules.SideOfSeat(n, rules.Seat(i))
					assert.Equal(t, side == win, last.Last.Place == 1, "game %d, %s: place %d, the winner side %d", game, st.name, last.Last.Place, win)
					assert.GreaterOrEqual(t, last.Last.Place, 1)
					assert.LessOrEqual(t, last.Last.Place, rules.SidesAt(n))
					assert.InDelta(t, chances[side], last.Last.Chance, 1e-12, "game %d, %s", game, st.name)
				}
			}
		})
	}
}

// poolOf is the standing of card in the pool of seats.
func poolOf(card []Standing, seats int) (Standing, bool) {
	for _, st := range card {
		if st.Seats == seats {
			return st, true
		}
	}
	return Standing{}, false
}

// TestStoodInLoses: at two, three and four seats, a person who
// dropped from a game a bot then played to its end for them is rated
// as having lost it, whatever the bot made of it, and the others on
// that result: the winner left and (above two seats) the last loser
// too, the loser having taken his seat back once. The side of one who
// left ranks below every other, those who left tie, and the changes of
// the people, all newcomers, add up to zero. The database's check
// agrees.
func TestStoodInLoses(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		l, g, newcomers := peopleGame(t, n, uint64(10+n))
		win := winner(t, l)
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
		gone := []rules.Seat{won}
		if n > 2 {
			// At two the loser plays on: with both gone nobody is
			// rated (TestEveryoneLeftRatesNobody).
			l.Comment = append(l.Comment, fmt.Sprintf("deal 2: %s dropped; a normal bot took seat %s", peopleNames[lost], lost))
			gone = append(gone, lost)
		}
		slices.Sort(gone)
		want, err := RateStoodIn(rating.Default(), &g, newcomers, gone, gone)
		require.NoError(t, err)

		s, got := filedRatings(t, l, "stood")
		require.Len(t, got, n)
		newcomer := rating.Default().Newcomer()
		sum := 0.0
		for i, w := range want {
			require.Equal(t, [2]float64{w.Mu, w.Sigma}, [2]float64{got[w.Key].Mu, got[w.Key].Sigma}, "%s is rated as the log's leavers lost", peopleNames[i])
			sum += got[w.Key].Mu - newcomer.Mu
			side := rules.SideOfSeat(n, rules.Seat(i))
			if !slices.ContainsFunc(gone, func(s rules.Seat) bool { return rules.SideOfSeat(n, s) == side }) {
				require.Greater(t, got[w.Key].Mu, got[peopleKeys[won]].Mu, "%s ranks above %s, who left", peopleNames[i], peopleNames[won])
			}
			if n == 4 {
				// A leaver on each side: the sides tie.
				require.InDelta(t, newcomer.Mu, got[w.Key].Mu, 1e-9, "%s ties", peopleNames[i])
			}
		}
		require.InDelta(t, 0, sum, 1e-9, "the changes balance")
		if n == 2 {
			require.Greater(t, got[peopleKeys[lost]].Mu, newcomer.Mu, "%s, back at the end, wins the game %s left", peopleNames[lost], peopleNames[won])
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
// one who left loses to the one who idled, as the board says: both are
// rated as by the game played out, and the database's check agrees.
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
	require.Equal(t, [2]float64{plain[won].Mu, plain[won].Sigma}, [2]float64{got[peopleKeys[won]].Mu, got[peopleKeys[won]].Sigma},
		"%s, who idled, wins against one who left", peopleNames[won])
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

// TestCardSaysWhyForfeit: the standing after a game whose winner left
// and whose bot won it tells each person, through Last, the place the
// game rated them at (the one who left lost it) and, through Last.Why,
// why that is not the board's.
func TestCardSaysWhyForfeit(t *testing.T) {
	l, _, _ := peopleGame(t, 2, 12)
	won := rules.Seat(winner(t, l))
	l.Comment = []string{fmt.Sprintf("deal 1: %s dropped; a normal bot took seat %s", peopleNames[won], won)}
	s, got := filedRatings(t, l, "left")
	require.Len(t, got, 2)
	for i, want := range map[rules.Seat]struct {
		why   string
		place int
	}{
		won:     {"a bot played your seat at the end, so the game is rated as your loss", 2},
		1 - won: {"a bot played " + peopleNames[won] + "'s seat at the end, so the game is rated as " + peopleNames[won] + "'s loss", 1},
	} {
		card, err := s.Card(context.Background(), peopleKeys[i])
		require.NoError(t, err)
		st := card[0]
		require.Equal(t, 2, st.Seats)
		require.True(t, st.Rated, peopleNames[i])
		require.Equal(t, want.place, st.Last.Place, peopleNames[i])
		require.Equal(t, want.place == 1, st.Last.Points > 0, "%s: %+d", peopleNames[i], st.Last.Points)
		require.Equal(t, want.why, st.Last.Why, peopleNames[i])
	}
}
