// Package gamelog reads and writes Klob game logs: one plain-text format
// for the autosave of a game in progress, the archive of finished games,
// the input of the replay viewer and analysis, and test fixtures.
// FORMAT.md beside this file describes the format line by line.
//
// A log is modelled on chess PGN and bridge PBN: tag pairs first
// ([Klob "1"], the event, the date, both players and their levels, every
// rule option, who dealt first, the result), then one block per deal: the
// full 32-card deck order, every action in order (bids, the schmeiss
// answer, the dix exchange, each word of the sequence dialogue, one line
// per trick with bella marked, the sequences shown) and the deal's score
// breakdown and running totals, then an end line. A deal a player
// ended by claiming the remaining tricks has a claim line: who claimed,
// before which card, and whether the program played the cards out. Comments start with ';'
// and are kept out of the game.
//
// # What is stored and what is checked
//
// A Log holds only what cannot be recomputed: the Header, and per deal
// the deck, the steps and a claim. Everything else in the text (hands, upcard,
// trump and maker, the sequence right, trick winners, shown sequences,
// the breakdown, totals, the result) is written by MarshalText from a
// replay through package rules, and checked by Parse against its own
// replay: the replay is the checksum. Parse refuses an illegal action
// with the engine's reason and a wrong stated value with both values,
// as an *Error that says where: "game.klob:41:12: deal 3: trick 3: 9S
// does not follow hearts (QH in hand)". Parse never panics.
//
// An unfinished game is a valid log (end line "end *"): that is the save
// format. MarshalText writes one canonical form, so
// MarshalText(Parse(x)) == x for every log the writer produced.
//
// # Using it
//
//   - Recording a live game: FromGame(header, game) after every action,
//     then MarshalText (or store.SaveCurrent, which does both).
//   - Resuming: Parse (or store.LoadCurrent), then Log.Game for the
//     rules.Game in the state it was saved in.
//   - Replaying: Log.Replay gives per deal the deck, dealer, steps and
//     recomputed score, and ReplayDeal.At rebuilds the rules.Deal after
//     any number of steps.
//
// # Three and four players
//
// One format and one writer serve every seat count (rules.Game plays
// them all): the [Players] tag and the house-variant tags say which game
// it is, seats C and D get their name and level tags, a chance step (the
// card a shlomo declarer draws) is an input line "chance: draw C", the
// cards given in the shlomo and cleopatra exchanges are action lines
// like any other (the log holds the whole deck), a pass at the
// declarations is written "no-shlomo" or "no-cleopatra" (an older log's
// "pass" there still reads), tricks have a card per
// player, and the score has a line per seat and, with four, per team.
// Header.Name, Level and SetPlayer read and set any seat;
// Replay.Totals, ReplayDeal.Before, After and Score, and ReplayDeal.At
// give the totals, breakdowns and deals at any table. FORMAT.md has the lines.
//
// # Choices
//
//   - Cards are written in the engine's notation (TC for the ten of
//     clubs); the reader also takes 10C.
//   - Comments before the first tag are part of the Log (Log.Comment) and
//     written back; comments anywhere else are dropped.
//   - The reader tolerates CR LF line ends, a UTF-8 byte-order mark,
//     extra blank lines, repeated spaces and tags in any order; the
//     writer uses LF, single spaces and the fixed tag order.
//   - A log may stop (end line "end *") wherever the game can stand: after
//     the tags, after a deal, or inside a deal after an action and the
//     lines derived from it, even with one card of a trick played.
//   - A log written by a later format version ([Klob "2"]) is refused.
package gamelog
