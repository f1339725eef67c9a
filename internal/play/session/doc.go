// Package session owns one game of Klob from the first deal to the
// last: everything about a game that is neither a rule (package rules),
// nor a screen (package tui), nor its saving. internal/play/host runs a
// Session for local and shared play, and saves and files its Log; the
// tests drive it directly.
//
// # What a Session decides
//
//   - New game and resume. New draws the first dealer from the seed and
//     makes the bots; Resume reads the players, their levels, the rules
//     and the seed back from a game log.
//   - The seed stream. Deal n is shuffled from its own stream of the
//     game's seed (Deck), so a resumed game deals what it would have
//     dealt; NextSeed derives the seed of the next game of a sitting.
//     CheckSeed says whether a seed deals a log; Resume trusts a log's
//     Seed tag only then, and goes on from a seed derived from the log
//     when it cannot (SeedKnown false).
//   - Who sits where. Each seat holds a Player: a person, or a bot of a
//     level. Any seat may be either; nothing assumes the person is seat A.
//   - The forced moves. Advance takes, for a person, every move outside
//     the card play that is their only choice, and keeps the reason
//     ("you hold no sequence") for the screens to show (Forced).
//
// # Driving a Session
//
// internal/play/host is the one game loop over a Session, for local
// and shared play; screens talk to a host's seat Port, not to a
// Session. By hand, for the seat it serves:
//
//	err := s.Advance()           // forced moves of the people
//	seat, ok := s.ToMove()       // !ok: the deal (or game) is over: StartDeal
//	v := s.View(seat)            // only that seat's knowledge
//	err = s.Apply(seat, action)  // checked: it must be seat's turn
//
// A bot's decision is a Thinker: Think returns one for the bot to move,
// holding only the bot and its seat's View, so it can run in a tea.Cmd
// or a server goroutine with a context deadline; its answer goes back
// through BotMove, which drops an answer to a position the game has left
// (ErrStale) and stands in for a failing bot (*BotError).
//
// # Concurrency
//
// A Session is not safe for concurrent use. One goroutine calls its
// methods: the host's loop, which serialises its players' actions. What
// it hands out is the exception, made to run elsewhere: a Thinker.Think
// (a bot's search) and a ClaimCheck.Run (a claim's check). Their answers
// come back to the Session's goroutine: BotMove for a bot's, and
// ClaimChecked for a claim's.
//
// # Boards
//
// Config.Board makes the game one fixed deal, a duplicate board: its
// deck and dealer, over when the deal is (Over; the rules' game may go
// on), the bots seeded per seat by the board and bounded by their work,
// the chance steps from the board's one generator (see Board).
//
// # Three and four players
//
// Options.Players sets the table (Config.Players has that many seats,
// each a person or a bot). The Session drives the one rules.Game API for
// every seat count:
//
//   - View(seat) is one seat's knowledge at any table (a partner's
//     hand hidden like an opponent's); Deal the deal, to read.
//   - Bots are ai.Bots for every seat count (Config.NewBot, ai.New by
//     default). A Thinker holds the bot and its seat's View; Think,
//     BotMove and the stand-in for a failing bot work the same way.
//   - Chance steps (the card a shlomo declarer draws from its left) are
//     drawn by the Session after every change, uniformly among the legal
//     draws, each from its own stream of the seed (Chance: deal and step),
//     so ToMove never returns rules.ChanceSeat, and a resumed game draws
//     what it would have drawn. The log records every draw and every
//     card given, so a replay needs no seed.
//   - The first dealer is drawn from the seed among the seats
//     (FirstDealerOf); the deal then passes to the left.
//   - Forced moves work as for two.
//   - A claim is the claimer's side's (with four, the partner's cards
//     are played out too), checked at every seat count (ai/claim).
package session
