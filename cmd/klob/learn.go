package main

import (
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui"
)

// runLearn is the guided first game; at its end the player may start a
// real game (klob play, with the same -players and -ascii).
func runLearn(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("learn", "usage: klob learn [-players 2|3|4] [-ascii]\n"+
		"A guided first game of Klaberjass, step by step: for two players three fixed\n"+
		"deals against the bot; for three or four one fixed deal with bots at the\n"+
		"other seats (at four, the bot opposite you is your partner).")
	players := fs.Int("players", 2, "the game to learn: 2, 3 or 4 players")
	fs.saysRange("players", playersRange)
	asciiFlag := fs.asciiFlag("draw suits as letters (C D H S) and boxes with + - |")
	if err := fs.parseNone(args, stdout, stderr); err != nil {
		return parseExit(err)
	}
	if !rules.ValidPlayers(*players) {
		return fs.fail(stderr, "%s", playersRange(fmt.Sprint(*players)))
	}
	ascii := asciiFlag.in(os.Getenv)
	var playAfter bool
	app, err := tui.NewLearn(tui.LearnConfig{ASCII: ascii, Players: *players, PlayAfter: &playAfter})
	if err != nil {
		return failed(stderr, "learn", err)
	}
	if code := runApp("learn", app, stdout, stderr); code != 0 || !playAfter {
		return code
	}
	var playArgs []string
	if *players != 2 {
		playArgs = append(playArgs, "-players", fmt.Sprint(*players))
	}
	if asciiFlag.set || ascii {
		// The game goes on as the lesson drew: -ascii=false too.
		playArgs = append(playArgs, "-ascii="+strconv.FormatBool(ascii))
	}
	return runPlay(playArgs, stdout, stderr)
}
