package hall

import (
	"fmt"
	"testing"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/testkit"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLogNamesKeys: the server's log says who did what by name and key
// tag, as the lobby shows the tag, not by a name alone that anyone may
// take: Carl renaming himself Ann, then opening a table, is logged as
// Carl's key; so are who took which seat, moved, left, and who watches.
// So does the game: bob dropping from it and coming back is logged as
// a coming back to the waiting room is. No line holds the table's seed.
func TestLogNamesKeys(t *testing.T) {
	const carl, bob, di, eve = "c0ffee0123456789abcdef0123456789", "b0b0b0b0b0b0ffffffffffffffffffff", "d1d1d1d1d1d1eeeeeeeeeeeeeeeeeeee", "e5e5e5e5e5e5dddddddddddddddddddd"
	logs := &testkit.LogLines{}
	cfg := testConfig(t.TempDir(), &memHistory{}, clocktest.New(t0))
	cfg.Logf = logs.Logf
	h := newHall(t, cfg)
	v := h.Visit(Player{ID: carl, Name: "carl"}, func() {})
	defer v.Leave()
	v.Rename("ann")
	const seed = 987654321
	tb, err := h.Open(Player{ID: carl, Name: "ann"}, Options{Seats: 4, Rules: smallRules(), Level: ai.Random, Seed: seed})
	require.NoError(t, err)
	ann := join(t, tb, carl, "ann", 1)
	b := join(t, tb, bob, "bob", 2)
	require.NoError(t, b.conn.Move())
	d := join(t, tb, di, "di", 3)
	d.leave()
	require.NoError(t, ann.conn.Start())
	w, err := tb.Watch(Player{ID: eve, Name: "eve"})
	require.NoError(t, err)
	defer w.Leave()
	b.leave() // the game's host logs it before Leave returns
	join(t, tb, bob, "bob", 4)

	got := logs.String()
	code := tb.Code()
	for _, want := range []string{
		`"carl" #c0ffee012345 renamed themselves "ann"`,
		`table ` + code + ` opened by "ann" #c0ffee012345 (4 seats, random bots)`,
		`table ` + code + `: "bob" #b0b0b0b0b0b0 took seat B`,
		`table ` + code + `: "bob" #b0b0b0b0b0b0 moved to seat C`,
		`table ` + code + `: "di" #d1d1d1d1d1d1 took seat B`,
		`table ` + code + `: "di" #d1d1d1d1d1d1 left seat B`,
		`table ` + code + `: game started: A "ann" #c0ffee012345, B bot (random), C "bob" #b0b0b0b0b0b0, D bot (random)`,
		`table ` + code + `: "eve" #e5e5e5e5e5e5 watches`,
		`table ` + code + `: "bob" #b0b0b0b0b0b0 dropped from seat C`,
		`table ` + code + `: "bob" #b0b0b0b0b0b0 is back at seat C`,
	} {
		assert.Contains(t, got, want)
	}
	assert.NotContains(t, got, fmt.Sprint(seed), "no line tells the seed")
	assert.NotContains(t, got, "is back at seat A", "the host sitting down at the table they opened is no coming back")
}
