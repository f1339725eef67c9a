// Package hall is the registry of the shared games of `klob serve`:
// their codes, the list the lobby shows, the waiting room before a game
// starts, joining by code, the seats reserved by key, and the tables
// that a restart brings back. Each game, once started, runs in an
// internal/play/host.Host; people play it only through their seat's
// host.Port, which the lobby hands to the table screen.
//
// # A table's life
//
// A person opens a table (seat count, rules, the level of the bots for
// the seats nobody takes) and gets a short code; they are its host.
// Others join by the code or from Hall.List, each seat reserved by the
// person's key (in the table's log at once, so a restart keeps it). In
// the waiting room (Conn.Waiting) everyone sees who sat down and who is
// here; a person leaving frees their seat, the host leaving closes the
// table (a server stopping cuts connections without anyone leaving:
// Hall.Stopping). The host starts the game (Conn.Start): bots of the table's
// level take the free seats, and every Conn here gets its seat's Port.
// A person who comes back later (the same key) gets their seat's Port
// again, a newer connection taking it from an older one.
//
// # The game
//
// The host.Host deals, plays the bots (off the host's lock, in the
// server's one host.Slots, Config.Slots, behind which hints wait), takes
// the forced moves, waits between deals until every person here is
// ready, gives a dropped person's seat Config.Grace before a bot plays
// it (the person takes it back as they come), plays a person's
// decision or says their Ready when Config.MoveClock runs out while
// another person is at the game (host doc, the move clock), and builds
// each seat's Snapshot from that seat's rules.View alone. Shared games take
// no takebacks and no claims (a claim would play a partner's cards).
//
// # Files
//
// Every table is a game log (internal/record/gamelog format) in
// Config.Dir/<code>/. Its extra tags keep what the format does not: the
// table code (Table), the seed (Seed), the seat count (Seats), the
// bots' level (BotLevel), the host's and each seat's key (Host, KeyA,
// KeyB...). The waiting room's writes go to goroutines of their own,
// the game's to its host's writer: none runs under a lock that a
// screen's Update takes, and one mutex keeps them in order. New reads
// the logs back, so a restart (even kill -9) brings every table back:
// a waiting room with its seats reserved, a game resumed in a host (the
// bots that had taken dropped seats play them again), waiting for its
// people. A grace (Config.Grace) runs only while one of the table's
// people sits at it (a spectator alone does not count: bots would take
// the seats over and play the people's game for spectators): after a
// restart each person away gets a whole grace from when the first of
// the table's people comes back, not from the restart. A waiting room
// nobody comes back to closes after Config.Abandon, its people told
// why when they come.
//
// What a person away is told when they next come (Hall.Notice: their
// table closed, filed or damaged at a restart, a name changed by the
// server) is kept in Config.Dir/notices, so restarts before they come
// lose none: a header line, then a person's key id and the text a
// line, quoted. It is written whole (durable), off the hall's lock and
// in order, each write taking the notices as they stand; Close writes
// the last. A notices file that cannot be read is moved aside, never
// written over, and the hall starts without the notices it held.
//
// A finished game is filed into each person's history
// (Config.History), every copy the same bytes, and recorded in the
// club's database (Config.Record, which rates it), and the table's
// log is removed only once every history and the database hold it.
// While its people may still say "again", the table's directory keeps
// only their keys, written (durably) before the log goes: a restart,
// which does not bring that offer back, tells each of them (when they
// come) that the table ended and where the game went; a crash before
// the log went brings the table back instead. When a history cannot be written (a full disk), the
// table's log keeps the game and whose history holds it already (the
// Filed tag), the players read that the game is not filed yet and why
// (without the server's paths), and the filing is tried again (after
// Config.Refile, doubling), after a restart too: that table comes back
// with its game's end and the offer to play again, and those of its
// people who do not come to it before it is filed and goes read then
// where the game went. When the table's log
// cannot be written either, the game is only in memory until a try
// lands: the server's log says so once, for the operator to free space.
//
// A table nobody is connected to for Config.Abandon is closed, its game,
// ended or not, filed into every person's history (the Closed tag tells
// a restart to go on filing it rather than reopen it): abandoned tables
// do not hold the hall's places (Config.MaxTables). When the table became
// empty is kept in its directory (the file empty), so that the clock
// runs on across a restart: a server restarted more often than Abandon
// still closes a table nobody comes to, at the time it would have.
//
// # The club
//
// Anyone with a key may watch a started table (Table.Watch, the list of
// Watchable; Paused lists those whose people are all away, which stand
// still until one comes back), unless its host made it private
// (Options.Private, then Conn.SetPrivate, written at once, during the
// game too: the Private tag keeps it across a restart): the
// spectator's Port is the game's public view (host.Host.Watch), never
// a hidden card of a deal being played. Each table has a chat room of the
// server's one chat.Hub (Config.Chat), closed when the table goes; its
// lines never go into the table's log, nor anywhere else: a restart
// brings a table back without its talk, which then begins by saying
// that what was said before is not kept. Quiet names the table where a
// person holds a seat, or which they watch, whose rated deal of three
// or four is being played: they talk nowhere meanwhile, even when they
// all left the table in the middle of the deal (it waits for them), until
// the deal or the game ends or the table is abandoned. Who of the
// spectators saw the deal played (the Watched tag, kept by the game's
// saves) stays quiet after a restart too. "Again" at the
// end of a game starts the next at the same table: its files take the
// new game. The people still there may start it without one who left,
// or who said no to it (host.Port.NoAgain: their connection is let go
// as it starts), a bot of the table's level in that seat (host doc,
// Again): from then
// the seat is the bot's, the person's key leaves the table's tags (the
// game is neither filed in their history nor rated for them), and they
// read why when they next come. A finished game's table stays listed for its people
// (Info.Over) while any of them is at it, so that one who stepped out
// to the lobby may come back and say again too. Looking a table up by
// its code (Lookup) is rate-limited per address and per key (guess.go),
// so codes cannot be tried in bulk. Opening a table, and taking a free
// seat at one not started (JoinFrom), are paced per address and per key
// too (pace.go), and their log lines bounded per address (quietlog),
// so that opening and leaving in a loop neither floods the log nor
// redraws a host's screen at the client's pace.
//
// # Names
//
// A person's name is checked and NFKC-normalised (names.Normal); two
// keys under names that look alike are told apart by a short tag of the
// key (Label), in the list, the waiting room and the game. A name a
// member of the club goes by (Hall.Member, told by the server from its
// database), or a person holding a seat at a table, is refused to every
// other key and to guests (NameFree), away or not; a rename is refused
// the name of another key connected too. Hall.Visit keeps who is
// connected, and lets one connection of a key take the game played
// alone over from another. A key goes by one name: a connection under
// another (another SSH user name) takes the name of the key's
// connections here, and a seat keeps its name when its person comes
// back under another; only a rename (Visit.Rename) changes it, which
// reaches the seats the person holds in waiting rooms, while a game
// under way keeps the names it started with. A person who connects again goes back to the
// table they came to last (Hall.SeatOf).
package hall
