package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// fit-bids prints a weight table entry for the seat count asked, writes
// the outcome table with -play solved, and refuses bad flags.
func TestFitBids(t *testing.T) {
	var out, errb bytes.Buffer
	require.Equal(t, 0, run([]string{"fit-bids", "-players", "3", "-decks", "4", "-quiet"}, &out, &errb), errb.String())
	require.Contains(t, out.String(), "\t3: {\n\t\tTake: {")
	file := filepath.Join(t.TempDir(), "outcomes.go")
	out.Reset()
	require.Equal(t, 0, run([]string{"fit-bids", "-play", "solved", "-decks", "4", "-quiet", "-outcomes", file}, &out, &errb), errb.String())
	require.Contains(t, out.String(), "\t\tMake: {")
	src, err := os.ReadFile(file)
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(string(src), "package eval"))
	require.Contains(t, string(src), "var dealOutcomes = []dealOutcome{")
	// At three and four players the table comes from the rule's deals.
	for _, c := range []struct{ players, name string }{{"3", "dealOutcomesThree"}, {"4", "dealOutcomesFour"}} {
		require.Equal(t, 0, run([]string{"fit-bids", "-players", c.players, "-decks", "4", "-quiet", "-outcomes", file}, &out, &errb), errb.String())
		src, err := os.ReadFile(file)
		require.NoError(t, err)
		require.Contains(t, string(src), "fit-bids -players "+c.players+" -decks 4 -seed 1 -outcomes FILE")
		require.Contains(t, string(src), "var "+c.name+" = []dealOutcome{")
	}
	for _, args := range [][]string{
		{"-players", "5"},
		{"-players", "3", "-play", "solved"},
		{"-play", "guess"},
		{"-outcomes", file},
		{"-decks", "0"},
		{"extra"},
	} {
		errb.Reset()
		require.Equal(t, 2, run(append([]string{"fit-bids"}, args...), &out, &errb), "%v", args)
		require.Contains(t, errb.String(), "klob-lab fit-bids:")
	}
}
