package hall

import (
	"fmt"
	"testing"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/testkit"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLabelTagsSharedNames: two connected keys under one name, or under
// names that look alike, are each shown with their key's tag; alone, a
// name is shown as it is.
func TestLabelTagsSharedNames(t *testing.T) {
	h, err := New(Config{})
	require.NoError(t, err)
	alice := Player{ID: "a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6", Name: "alice"}
	v := h.Visit(alice, nil)
	assert.Equal(t, "alice", h.Label(alice, nil))
	eve := Player{ID: "ffee00112233445566778899aabbccdd", Name: "аlice"} // a Cyrillic а
	ve := h.Visit(eve, nil)
	assert.Equal(t, "alice #a1b2c3d4e5f6", h.Label(alice, nil))
	assert.Equal(t, "аlice #ffee00112233", h.Label(eve, nil))
	for _, lookalike := range []string{"Alice", "ALICE", "al1ce", "a l i c e", "ａｌｉｃｅ", "аӏісе"} {
		ve.Rename(lookalike)
		assert.Equal(t, "alice #a1b2c3d4e5f6", h.Label(alice, nil), lookalike)
	}
	ve.Rename("bob")
	assert.Equal(t, "alice", h.Label(alice, nil))
	ve.Rename("alice")
	ve.Leave()
	assert.Equal(t, "alice", h.Label(alice, nil), "a key that left no longer counts")
	// Seats at a table count too; the same key twice does not.
	assert.Equal(t, "alice #a1b2c3d4e5f6", h.Label(alice, []Player{eve}))
	assert.Equal(t, "alice", h.Label(alice, []Player{alice}))
	h.Visit(alice, nil)
	assert.Equal(t, "alice", h.Label(alice, nil), "two connections of one key")
	v.Leave()
	// A guest is never tagged (and never counted).
	h.Visit(Player{Name: "alice"}, nil)
	assert.Equal(t, "alice", h.Label(alice, nil))
}

// TestLabelTagsGreekCapitals: a Greek capital that copies a Latin one
// its small letter does not (Nu is an N, nu a v) makes a look-alike
// too.
func TestLabelTagsGreekCapitals(t *testing.T) {
	h, err := New(Config{})
	require.NoError(t, err)
	for _, c := range [][2]string{{"Nancy", "Νancy"}, {"Hank", "Ηank"}, {"Yves", "Υves"}} {
		orig := Player{ID: "a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6", Name: c[0]}
		v := h.Visit(orig, nil)
		ve := h.Visit(Player{ID: "ffee00112233445566778899aabbccdd", Name: c[1]}, nil)
		assert.Equal(t, c[0]+" #a1b2c3d4e5f6", h.Label(orig, nil), c[1])
		v.Leave()
		ve.Leave()
	}
}

// TestKeyTag: a tag is 48 bits of the key's fingerprint, too many to
// find a key with another's tag by trying keys.
func TestKeyTag(t *testing.T) {
	assert.Equal(t, "0123456789ab", KeyTag("0123456789abcdef0123456789abcdef"))
	assert.Equal(t, "x", KeyTag("x"))
}

// TestGameElsewhere: a connection sees that another of its key has the
// game alone open, and asks it to let go, without waiting for it (the
// kick below blocks until the test lets it go, as a message to a
// program that writes to a stopped client would).
func TestGameElsewhere(t *testing.T) {
	h, err := New(Config{})
	require.NoError(t, err)
	kicked, release := make(chan struct{}), make(chan struct{})
	ann := Player{ID: "aa", Name: "ann"}
	a := h.Visit(ann, func() { <-release; close(kicked) })
	b := h.Visit(ann, nil)
	other := h.Visit(Player{ID: "bb", Name: "bob"}, nil)
	other.HoldGame(true)
	_, ok := b.GameElsewhere()
	assert.False(t, ok, "another key's game is not ann's")
	a.HoldGame(true)
	_, ok = b.GameElsewhere()
	assert.True(t, ok)
	_, ok = a.GameElsewhere()
	assert.False(t, ok, "its own hold is not elsewhere")
	b.TakeGame() // returns though the kick waits
	close(release)
	<-kicked
	a.HoldGame(false)
	_, ok = b.GameElsewhere()
	assert.False(t, ok)
}

// TestGameNamesTagOnlySeats: the names a game is played and logged
// under carry a key's tag only when two of its seats share a name: a
// namesake connected elsewhere in the hall at the start tags the lobby's
// lists, never the game's log for good.
func TestGameNamesTagOnlySeats(t *testing.T) {
	h := newHall(t, testConfig(t.TempDir(), &memHistory{}, clocktest.New(t0)))
	h.Visit(Player{ID: "x", Name: "Ann"}, nil) // another Ann, in the lobby
	tb := annOpens(t, h, 2, smallRules(), 1)
	ann, _ := annAndBob(t, tb)
	s := await(t, ann.port(), "the game", func(s host.Snapshot) bool { return len(s.Players) == 2 })
	assert.Equal(t, "Ann", s.Players[0].Name, "a namesake away from the table")

	tb = annOpens(t, h, 2, smallRules(), 2)
	ann = join(t, tb, "a", "Ann", 1)
	join(t, tb, "x", "Ann", 2)
	require.NoError(t, ann.conn.Start())
	s = await(t, ann.port(), "the game", func(s host.Snapshot) bool { return len(s.Players) == 2 })
	assert.Equal(t, "Ann #a", s.Players[0].Name, "two Anns at one table read apart")
	assert.Equal(t, "Ann #x", s.Players[1].Name)
}

// TestMemberNamesAreTheirs: a name a member of the club goes by, or one
// that looks like it in any case, is refused to another key's rename,
// even with the member away; the member keeps theirs, two members who
// shared one before keep it, and a member's rename frees the old name.
func TestMemberNamesAreTheirs(t *testing.T) {
	h, err := New(Config{})
	require.NoError(t, err)
	h.Member("aa", "Ann")
	h.Member("dd", "Dora")
	h.Member("d2", "dora") // two Doras from before

	eve := h.Visit(Player{ID: "ee", Name: "eve"}, nil)
	for _, n := range []string{"Ann", "ann", "ANN", "Аnn", "A n n"} { // a Cyrillic А
		err := eve.Rename(n)
		var taken *TakenError
		require.ErrorAs(t, err, &taken, n)
		want := `"Ann" is the name of another member of this club: choose another`
		if n != "Ann" {
			want = fmt.Sprintf(`%q looks like "Ann", the name of another member of this club: choose another`, n)
		}
		assert.Equal(t, want, err.Error())
		assert.Equal(t, "eve", h.Label(Player{ID: "ee", Name: "eve"}, nil))
	}
	require.Error(t, h.NameFree("", "ann"), "a guest neither")
	require.NoError(t, eve.Rename("Anna"))

	ann := h.Visit(Player{ID: "aa", Name: "Ann"}, nil)
	require.NoError(t, ann.Rename("ANN"), "the member's own name, in other letters")
	require.NoError(t, h.NameFree("dd", "Dora"))
	require.NoError(t, h.NameFree("d2", "Dora"))
	require.Error(t, h.NameFree("ee", "Dora"))

	require.NoError(t, ann.Rename("Annette"))
	require.NoError(t, eve.Rename("Ann"), "Ann is free once its member goes by another name")
	require.Error(t, eve.Rename("Annette"), "and the member's new name is theirs")
	h.Member("ee", "Ann") // eve's name, once the club has met her
	require.Error(t, h.NameFree("aa", "Ann"))

	// Names of symbols alone are told apart by their symbols.
	h.Member("hh", "♥♥")
	require.Error(t, h.NameFree("ee", "♥ ♥"))
	require.NoError(t, h.NameFree("ee", "★"))
}

// TestNamesOfPeopleHereAreTheirs: a person the club does not count
// yet holds their name as a member does while they hold a seat at a
// table (their first game, not filed), connected or not: nobody else
// renames to it or a look-alike, a member nor a guest, and another key
// coming in under it is told (NameFree); while connected, nobody
// renames to their name. A guest may not take a member's name either.
// The person keeps their own.
func TestNamesOfPeopleHereAreTheirs(t *testing.T) {
	h := newHall(t, testConfig(t.TempDir(), &memHistory{}, clocktest.New(t0)))
	h.Member("ee", "eve")
	h.Member("bb", "bob")
	eve := h.Visit(Player{ID: "ee", Name: "eve"}, nil)
	guest := h.Visit(Player{Name: "guest"}, nil)
	annHere := h.Visit(Player{ID: "a", Name: "Ann"}, nil)
	tb := annOpens(t, h, 2, smallRules(), 1)
	ann := join(t, tb, "a", "Ann", 1)

	for _, v := range []*Visit{eve, guest} {
		for _, n := range []string{"Ann", "ann", "Аnn"} { // a Cyrillic А
			err := v.Rename(n)
			var taken *TakenError
			require.ErrorAs(t, err, &taken, n)
			assert.True(t, taken.Here)
			want := `"Ann" is the name of another player here: choose another`
			if n != "Ann" {
				want = fmt.Sprintf(`%q looks like "Ann", the name of another player here: choose another`, n)
			}
			assert.Equal(t, want, err.Error())
		}
	}
	require.Error(t, h.NameFree("xx", "ann"), "another key coming in under it")
	assert.ErrorContains(t, guest.Rename("Bob"), `"Bob" looks like "bob", the name of another member of this club`)

	// Away from the table and the hall, her seat holds the name.
	annHere.Leave()
	ann.conn.Drop()
	require.Error(t, eve.Rename("ann"))
	// Her own name stays hers, in any letters.
	require.NoError(t, h.NameFree("a", "ANN"))
	annBack := h.Visit(Player{ID: "a", Name: "Ann"}, nil)
	require.NoError(t, annBack.Rename("ANN"))

	// Connected, with no seat: nobody renames to the name; once gone,
	// it is free.
	cid := h.Visit(Player{ID: "c", Name: "cid"}, nil)
	require.Error(t, eve.Rename("Cid"))
	require.NoError(t, h.NameFree("xx", "cid"), "another key coming in under it is tagged (Label)")
	cid.Leave()
	require.NoError(t, eve.Rename("Cid"))
}

// BenchmarkLabel is one Label with 200 keys connected, as a lobby's list
// asks it for every seat of every table at each refresh.
func BenchmarkLabel(b *testing.B) {
	h, err := New(Config{})
	require.NoError(b, err)
	for i := range 200 {
		h.Visit(Player{ID: fmt.Sprintf("%032x", i+1), Name: fmt.Sprintf("player %d", i)}, nil)
	}
	p := Player{ID: fmt.Sprintf("%032x", 1000), Name: "Ann"}
	for b.Loop() {
		h.Label(p, nil)
	}
}

// TestRenameReachesEveryVisitOfTheKey: a rename from one connection of
// a key reaches its others: they go by the new name (Name), a table
// opened or joined from them seats the person under it, the hall counts
// one name for the key, and a restart reads the tables' seats so.
func TestRenameReachesEveryVisitOfTheKey(t *testing.T) {
	d := newOnDisk(t)
	h := d.hall(t)
	cid := Player{ID: "c1c1c1c1c1c1aaaaaaaaaaaaaaaaaaaa", Name: "cid"}
	first, second := h.Visit(cid, nil), h.Visit(cid, nil)
	defer first.Leave()
	defer second.Leave()
	tb, err := h.Open(cid, Options{Seats: 3, Rules: smallRules(), Level: "random", Seed: 1})
	require.NoError(t, err)

	require.NoError(t, second.Rename("cidney"))
	assert.Equal(t, "cidney", first.Name(), "the first connection goes by the new name")
	assert.Equal(t, "cidney", second.Name())
	assert.Equal(t, "cidney", h.List(cid.ID)[0].Names[0], "the waiting seat")

	// The first connection's lobby came under "cid": a table it opens,
	// or its seat it comes back to, is under the key's name now.
	other, err := h.Open(cid, Options{Seats: 3, Rules: smallRules(), Level: "random", Seed: 2})
	require.NoError(t, err)
	_, err = tb.Join(cid)
	require.NoError(t, err)
	for _, in := range h.List(cid.ID) {
		assert.Equal(t, "cidney", in.Names[0], in.Code)
	}
	// Nobody else may take the old name from a connection of the key
	// (it is free), nor is the key counted under it.
	eve := Player{ID: "e5e5e5e5e5e5dddddddddddddddddddd", Name: "cid"}
	ve := h.Visit(eve, nil)
	defer ve.Leave()
	assert.Equal(t, "cid", h.Label(eve, nil), "no key connected goes by cid now")

	h.Close()
	h2 := d.hall(t)
	for _, code := range []string{tb.Code(), other.Code()} {
		back, err := h2.Find(code)
		require.NoError(t, err)
		assert.Equal(t, "cidney", back.info(cid.ID).Names[0], "a restart reads the new name at %s", code)
	}
}

// TestNoRenameDuringAGame: a key playing a game under way keeps its
// name, which the game's log and screens hold, until the game is over:
// a rename from any of its connections is refused and says why.
func TestNoRenameDuringAGame(t *testing.T) {
	h := newHall(t, testConfig(t.TempDir(), &memHistory{}, clocktest.New(t0)))
	v := h.Visit(Player{ID: "a", Name: "Ann"}, nil)
	defer v.Leave()
	tb := annOpens(t, h, 2, smallRules(), 1)
	annAndBob(t, tb)
	err := v.Rename("Anna")
	var inPlay *InPlayError
	require.ErrorAs(t, err, &inPlay)
	assert.Equal(t, "you play as Ann at table "+tb.Code()+": rename once that game is over", err.Error())
	assert.Equal(t, "Ann", v.Name())
	assert.Equal(t, "Ann", h.List("a")[0].Names[0])
}

// TestRenameAtGameOverReachesTheNextGame: a key renamed once its game
// is over, before "again", plays the next game under the new name, in
// the list too, while the game over stays filed under the old one.
func TestRenameAtGameOverReachesTheNextGame(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			h := newHall(t, testConfig(t.TempDir(), &memHistory{}, clocktest.New(t0)))
			v := h.Visit(Player{ID: "a", Name: "Ann"}, nil)
			defer v.Leave()
			tb := annOpens(t, h, n, smallRules(), 3)
			ann, bob := annAndBob(t, tb)
			newCrowd(t, ann, bob).toFiled()
			over := ann.port().Snapshot()
			require.NoError(t, v.Rename("Anna"))
			assert.Equal(t, "Anna", h.List("a")[0].Names[0], "the list names the seat anew")
			assert.Equal(t, "Ann", ann.port().Snapshot().Players[0].Name, "the game over keeps its names")
			require.NoError(t, ann.port().Again(over.Gen))
			require.NoError(t, bob.port().Again(bob.port().Snapshot().Gen))
			next := await(t, ann.port(), "the next game", func(s host.Snapshot) bool { return s.Gen > over.Gen && !s.Over })
			assert.Equal(t, "Anna", next.Players[0].Name)
			assert.Equal(t, "Bob", next.Players[1].Name)
		})
	}
}

// TestAnotherUserNameKeepsTheKeysName: one key connected under two SSH
// user names, never renamed, goes by the name of its first connection:
// the second's lobby reads it, a table opened from either is opened
// under it (the server's log too), and coming back to the table from a
// connection under the other name, the only one left, does not rename
// the seat before the other players; the game starts under it (a
// rename the person chooses reaches the seat, as before). At every
// seat count.
func TestAnotherUserNameKeepsTheKeysName(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		const key = "c1d0c1d0c1d0c1d0c1d0c1d0c1d0c1d0"
		logs := &testkit.LogLines{}
		cfg := testConfig(t.TempDir(), &memHistory{}, clocktest.New(t0))
		cfg.Logf = logs.Logf
		h := newHall(t, cfg)
		v1 := h.Visit(Player{ID: key, Name: "ucid1"}, nil)
		v8 := h.Visit(Player{ID: key, Name: "ucid8"}, nil)
		assert.Equal(t, "ucid1", v8.Name(), "the second connection goes by the key's name")

		tb, err := h.Open(Player{ID: key, Name: "ucid8"}, Options{Seats: n, Rules: smallRules(), Level: ai.Random, Seed: 5})
		require.NoError(t, err)
		assert.Contains(t, logs.String(), `table `+tb.Code()+` opened by "ucid1" #`+KeyTag(key))
		assert.NotContains(t, logs.String(), `"ucid8"`)
		first := join(t, tb, key, "ucid1", 1)
		bob := join(t, tb, "b", "Bob", 2)
		assert.Equal(t, "ucid1", bob.conn.Waiting().Seats[0].Name)

		// Only the connection under the other name is left, and comes
		// back to the table.
		first.conn.Drop()
		v1.Leave()
		v8.Leave()
		v8 = h.Visit(Player{ID: key, Name: "ucid8"}, nil)
		defer v8.Leave()
		back := join(t, tb, key, v8.Name(), 3)
		assert.Equal(t, "ucid1", bob.conn.Waiting().Seats[0].Name, "the seat keeps its name before the others")
		require.NoError(t, back.conn.Start())
		s := await(t, bob.port(), "the game", func(s host.Snapshot) bool { return s.Players[0].Name != "" })
		assert.Equal(t, "ucid1", s.Players[0].Name, "the game knows the seat by its name")
		assert.NotContains(t, logs.String(), `"ucid8"`, "the server's log names one name")
	})
}

// Named says the name a key goes by in its connections, while one is
// connected: the name its next connection takes, whatever its login.
func TestNamedIsTheKeysConnectedName(t *testing.T) {
	const key = "c1d0c1d0c1d0c1d0c1d0c1d0c1d0c1d0"
	h := newHall(t, testConfig(t.TempDir(), &memHistory{}, clocktest.New(t0)))
	_, ok := h.Named(key)
	assert.False(t, ok, "a key not connected has no name here")
	_, ok = h.Named("")
	assert.False(t, ok, "nor has a guest")
	v := h.Visit(Player{ID: key, Name: "ucid1"}, nil)
	name, ok := h.Named(key)
	assert.True(t, ok)
	assert.Equal(t, "ucid1", name)
	require.NoError(t, v.Rename("cid"))
	name, _ = h.Named(key)
	assert.Equal(t, "cid", name, "a rename is the key's name")
	assert.Equal(t, name, h.Visit(Player{ID: key, Name: "ucid8"}, nil).Name(), "the name the next connection takes")
	v.Leave()
}
