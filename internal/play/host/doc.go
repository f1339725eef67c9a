// Package host runs one game of Klob for whoever plays it: `klob play`
// runs one in-process for a person against bots, `klob serve` one per
// shared game, with 2, 3 or 4 seats and a person or a bot in any seat.
// Screens see the game only through a seat's Port.
//
// # What a Host does
//
// A Host owns an internal/play/session.Session (the rules.Game, the
// seats, the seed streams, the forced moves, takebacks, claims and
// chance draws) and is its one game loop (moveOn): it takes the
// people's forced moves, deals the next deal once every person here is
// ready (bots and absent people count as ready; the game's first deal
// waits for nobody), asks the bot to move for its decision, and
// otherwise waits for a person. Nothing moves while nobody is at the
// game. A game others share or watch (Game.AskAll: klob serve's
// tables) takes no forced move: a person is asked a declaration with
// one legal answer like any other, told why it is the only one
// (Snapshot.Only), so that how long the game waits for them tells
// nobody what they hold.
//
// # Goroutines
//
//   - The loop: one goroutine owns the game; every Port call is an event
//     on it, and answers once the seats' snapshots show its effect. It
//     never waits for a bot, a disk or a reader.
//   - Bots think on goroutines of their own, off the loop, with a
//     context bounded by Config.Think, in a slot of Config.Slots (shared
//     by every game of a server). Their answer comes back as an event;
//     one for a position the game has left (a takeback) is dropped. A bot
//     is asked one decision at a time. The move shows no sooner than
//     Config.Pace after the last one (TrickPace after a trick), on the
//     host's Clock.
//   - Hints and claims' checks run the same way, waiting behind every
//     bot for a slot; one hint per seat at a time, dropped (and stopped)
//     when closed or when the game moves on. A hint is the game
//     analysis's evaluation of the decision (analysis.Evaluate, its
//     samples and seed), so it ranks and grades the options as the
//     analysis of the game will; with Slots it runs on one core.
//   - Saves go to a writer goroutine: coalesced (the newest change
//     replaces one not yet written), in order, never under anything a
//     Port call waits for, so a stuck file system stalls neither the
//     game nor any other. The finished game is saved once more and then
//     filed; a failed filing is tried again, and the snapshot says the
//     game is not yet filed.
//   - Timers (the pace, a dropped person's grace, the move clock, the
//     retries) run on the Clock, so tests drive time with a
//     clocktest.Manual.
//
// # Seats
//
// Seat connects a person and returns the Port; a newer connection takes
// the seat from an older one. Leave makes the seat wait Config.Grace for
// its person, then a bot of Config.TakeoverLevel plays it; the person
// who comes back plays it again at once, from the seat's next decision
// (a move the bot is making for it lands first); the bot's moves are
// not theirs to take back. Config.Grace is one
// allowance a deal: the drops of a person in one deal share it, so
// dropping and coming back again and again cannot hold the others up
// longer than one grace. A grace runs only while a person is at a seat
// (a spectator alone has nobody to play with, and bots taking the seats
// over for spectators would play the people's game without them): after
// a restart, or once every person left, each person away gets the rest
// of their grace from when a person next comes. The takeovers are
// recorded in the log's header comments and the moves the
// stand-in made in its TakeoverTag, so Resume brings both back.
//
// # The move clock
//
// With Config.MoveClock a person here who holds the others up is played
// for: when the game waits for their decision (a bid, a card, a
// declaration, a card to give) or, between deals, for their Ready, and
// another person sits at the game (connected, not idle), their clock
// runs. When it runs out the stand-in bot of Config.TakeoverLevel makes
// that one decision (recorded as a takeover's move: ByTakeover, the
// log's TakeoverTag) or marks them ready; the person keeps the seat and
// reads what the bot did (Snapshot.Clocked), and the next decision has
// a fresh clock. A person who drops stops their clock, and coming back
// to the same decision they find it where it stood. A decision made,
// taken back or no longer waited for stops its clock; a claim being
// checked stops it too (a refused claim gives a fresh one). After two run-outs in a row the seat is idle
// (SeatInfo.Idle): the bot makes each of its decisions at once and it
// counts as ready between deals, until the person acts or presses a
// key (Port.Here). A person alone with bots, or with people all idle or
// away, is never hurried; nor is "again" at the end, which holds nobody.
// Everyone sees a running clock's end (SeatInfo.Due). A decision with
// one answer (Game.AskAll) is on the clock as any other, and its
// run-out, the bot giving that answer, counts towards going idle as
// any other: neither the wait nor the seat's going idle tells the
// others anything of what the person holds, and the person sees the
// countdown of what counts against them.
//
// # What a seat sees
//
// A Snapshot is built from the seat's own rules.View and public facts:
// names and states of the seats, totals by side, the finished deals'
// scores, who made each move (as it was then: a later takeover does not
// relabel earlier moves), the last move as this seat's view shows it (a
// card given face down between two others stays hidden), why a move of
// this seat was forced (never another's: that would tell what it does
// not hold), the save state (on a server without the server's paths),
// and what the seat may do now. The seed is shown once the game is
// over.
//
// # Boards
//
// With Config.Board the game is one fixed deal, a duplicate board
// (klob daily; a club's tournament): the board's deck and dealer, the
// game over when the deal is (Snapshot.Over, no winner), each bot made
// on the board's seed of its seat and bounded by its work (no deadline
// from Config.Think), the chance steps drawn in order from the board's
// generator. The bots' play then depends only on the board and on the
// people's actions, so a board played here is the deal
// duplicate.BoardSet.Play plays with the same actions, and a board
// resumed from its log goes on as it would have. Config.NoHints refuses
// hints (on a board the hint would be the bot that sets par). A board is
// played once: there is no "again" (ErrBoardOnce). A board others may
// still play should be private: a spectator sees a scored deal whole.
//
// # Spectators
//
// Watch gives a spectator a Port of its own: its Snapshot (Watching,
// Seat NoSeat) is rules' view of no seat and the public facts (the
// bids, the cards played, the tricks, the scores; the talk is the
// chat's), never a hidden card while a deal is played; once a deal is
// scored, the whole of it opens (Snapshot.Open: the deck, every step,
// what each seat held). A deal thrown in opens only when the game is
// over, which in a game of several deals (never ended by one thrown
// in) is never, and a board's one deal at its end: its hands were
// never played, the players never see them, and
// one who saw them could tell a player whether a schmeiss came from a
// strong hand or a weak one. A spectator can do nothing (ErrWatching).
// Every seat's Snapshot counts the spectators. A private game
// (Config.Private, SetPrivate) refuses them. The bots play on for a
// spectator while every person is away, unless Config.StandStill: a
// shared table, paused then, stands still until one comes back. The spectators share one
// snapshot per change and are ticked like the seats, never waited for:
// one that stops reading holds its last snapshot and one tick, nothing
// more.
//
// # Again
//
// Once the game is over each person here may say "again" (Port.Again,
// carrying the Gen seen); everyone sees who has (SeatInfo.Again), and a
// person who leaves takes theirs back, once Config.OverWait is over:
// until then the seat and the answer stay theirs, so a connection cut
// for a moment costs them nothing (SeatInfo.Until says till when). When every person who played the
// game is here and has said it, and the game is filed, the next game
// starts at the same host (nobody is put in a game, rated and filed in
// their history, that they did not ask for): the same seats (people
// and bots) and rules, the first dealer one seat on from the last game's, a
// fresh secret seed (Config.NewSeed), its log's RematchTag naming the
// game before by SumLog, the checksum of its log as filed. The ports and
// spectators stay; Gen goes on rising and Snapshot.Game counts the
// games.
//
// A person who played and is away at the end (left, or dropped) holds
// the others only as long as they choose: once the game is filed and
// every person here has said again, any of them may start the next game
// at once with a bot (Config.AgainBot) in each seat of a person away
// (Port.AgainWithBots, offered in Can.AgainWithBots; ErrOverWait while
// one who left is within Config.OverWait); until then the
// person away may come back to their seat and say again. Any person who
// said again may, not only one of them: the one who left may be the one
// who opened the table, and nobody here is put in a game they did not
// ask for.
//
// A person here who wants no other game says so (Port.NoAgain, which
// takes back their again, as Again takes back the no): the others read
// it (SeatInfo.No) and may go on as for a person away, a bot in that
// seat; the person's port is then let go, closed.
//
// # The bell
//
// Snapshot.Bell counts the decisions of a seat that came after another
// seat's move (or a deal another person started): a screen that sees it
// grow may ring the terminal's bell. A decision that follows the
// person's own move, Ready or takeback rings nothing.
//
// # Typed ahead, taken back
//
// Act and Ready carry the Snapshot.Gen the person saw: a key typed
// ahead never lands on a deal, a result or a decision the person has not
// seen. Undo takes back the seat's last decision and everything after
// it, but never past the point where the seat saw new cards (the rest
// of the deal, the bottom card, a shown sequence, another seat's card)
// or heard another seat tell of its hidden cards (a value announced, a
// top card or length, "same"; rules.View.Told): once seen, a card
// cannot be unseen, nor a word unheard, so the decision stands. Bids,
// passes and "good" tell nothing of the cards: they do not stop it.
package host
