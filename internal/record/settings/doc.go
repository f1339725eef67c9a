// Package settings keeps the player's preferences for the game screen
// between runs: how fast the bot plays, what happens after each trick,
// how the hand is sorted and whether the bell rings on the player's
// turn. The setup screen offers them and saves
// them here, with the last game started (its bots' level and rules),
// which the next setup opens on.
//
// The file is $KLOB_CONFIG_DIR/settings, else $XDG_CONFIG_HOME/klob/settings,
// else ~/.config/klob/settings: plain "key = value" lines that a person
// may edit, with # comments:
//
//	# Klob settings
//	pace = normal        # the bot's speed: slow, normal, fast, instant
//	after_trick = pause  # after each trick: pause, or key (wait for a key)
//	sort = strength      # the hand: strength (trick order) or suit (A K Q J 10 9 8 7)
//	bell = on            # the terminal's bell when it becomes your turn: on or off
//	level = hard         # the bots of the last game
//	rules = bottom_card=on,...,target=300,players=3  # its rules, as -rules reads them
//
// A missing file means the defaults. A line that cannot be read is an
// error naming the file and line; the other lines still count, and the
// file is not written over until the player saves new settings, which
// first moves it aside as settings.bad. A file that is not text (a
// binary file) is one such error, and none of it counts. A file that
// cannot be opened (the player may not read it) means the defaults too,
// but it is not damaged: it is left as it is, and settings are not saved
// over it.
package settings
