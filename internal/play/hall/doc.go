// Package hall keeps the tables of `klob serve` where several people
// play one game: a table holds the rules.Game on the server, and each
// seat's connection is told only what that seat's rules.View shows.
//
// # A table's life
//
// A host opens a table (seat count, rules, the level of the bots for
// the seats nobody takes) and gets a short code. Others join by the code
// or from Hall.List. The host starts the game; empty seats are then
// given bots. Between deals every connected person says they are ready;
// bots and absent players count as ready. A table nobody is connected
// to for Config.Abandon (after a restart too) is closed, its game, ended
// or not, filed into every person's history: abandoned tables do not
// hold the hall's places (Config.MaxTables).
//
// # The game
//
// Once the host starts, the table's game is an internal/play/session.Session,
// called under the table's lock only: it draws the first dealer and
// every deck from the table's seed, checks that each action comes from
// the seat to move, takes the people's forced moves, runs the bots of
// the seats nobody took (their thinking off the lock, paced by
// Config.Pace) and orders the autosaves. The table adds the seats'
// comings and goings and the bots that play for people who dropped.
//
// # Hidden cards
//
// Conn.Snapshot builds an Update from the seat's own View, the public
// totals and scores, the names and a note of the last action (every
// action is public: a card played, a bid said). Nothing in an Update is
// derived from another seat's hand.
//
// # Dropped players
//
// When a connection goes, its seat waits Config.Grace (shown to all as
// a countdown). Joining again with the same key returns to the seat; a
// newer connection of the same key takes the seat from an older one.
// After the grace a bot of the table's level plays the seat; the game
// log's header comments record it. The player who comes back takes the
// seat again at the next deal. Bots play only while at least one person
// is at the table, so a table nobody is at waits (after a server restart
// too).
//
// # Files
//
// Every open table is a game log (internal/record/gamelog format) in
// Config.Dir/<code>/, written after every action through internal/record/store
// (temp file, fsync, rename). Its extra tags keep what the format does
// not: the table code (Table), the seed (Seed), seat count (Seats), the
// bots' level (BotLevel), the host's and each seat's player key (Host,
// KeyA, KeyB). New reads them back, so a restart (even kill -9) brings
// every open table back, waiting for its players. A finished game is
// filed into each person's history (Config.History), and the table's
// directory is removed only once every history holds it: when a history
// cannot be written (a full disk), the table's log keeps the game and
// whose history holds it already (the Filed tag), the seats read that
// the game is not filed yet, and the filing is tried again (after
// Config.Refile, doubling), after a restart too.
//
// # Three and four seats
//
// A table has 2, 3 or 4 seats (Options.Seats sets the rules' players
// option). At three and four the session plays the one rules.Game with
// table bots (Config.NewTableBot) in the empty seats and for people who
// dropped; an Update then carries the seat's rules.View, where a
// partner's hand is hidden like an opponent's, and the totals by side
// (a seat, or a team of four). Everything else (the drops, the
// takeovers, the logs, the restart, the history) is the same at every
// seat count.
//
// A restart brings back the takeovers too: a seat whose last header
// comment says a bot took it is played by a bot again (no new wait),
// until its person comes back and a deal starts.
package hall
