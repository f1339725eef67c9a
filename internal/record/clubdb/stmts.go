package clubdb

import (
	"context"
	"database/sql"
	"fmt"
)

// writeStmts are the writer's statements, prepared once on its
// connection.
type writeStmts struct {
	list []*sql.Stmt

	begin, commit, rollback               *sql.Stmt
	savepoint, release, rollbackTo        *sql.Stmt
	seePlayer, playerInGame, playerExists *sql.Stmt
	namePlayer                            *sql.Stmt
	importPlayer                          *sql.Stmt
	gameBySum, insertGame, setGamePath    *sql.Stmt
	setRematch, insertSeat                *sql.Stmt
	gameRated, rating, putRating          *sql.Stmt
	insertHistory, setMeta, meta          *sql.Stmt
	lastRated                             *sql.Stmt
	tournamentByCode, insertTournament    *sql.Stmt
	putPar, pars, enter, entered          *sql.Stmt
	board, startBoard, finishBoard        *sql.Stmt
	endTournament                         *sql.Stmt
}

func (w *writeStmts) prepare(ctx context.Context, conn *sql.Conn) error {
	return prepareAll(&w.list, func(q string) (*sql.Stmt, error) { return conn.PrepareContext(ctx, q) }, []stmtDef{
		// The writer's transaction, and a savepoint per request in it.
		{&w.begin, `BEGIN IMMEDIATE`},
		{&w.commit, `COMMIT`},
		{&w.rollback, `ROLLBACK`},
		{&w.savepoint, `SAVEPOINT w`},
		{&w.release, `RELEASE w`},
		{&w.rollbackTo, `ROLLBACK TO w`},
		// The name is the one the player chose: set here only.
		{&w.seePlayer, `INSERT INTO players (key, name, first_seen, last_seen) VALUES (?1, ?2, ?3, ?3)
			ON CONFLICT (key) DO UPDATE SET name = excluded.name, last_seen = max(last_seen, excluded.last_seen)`},
		// A player already met changes their name, or comes back.
		{&w.namePlayer, `UPDATE players SET name = ?2, last_seen = max(last_seen, ?3) WHERE key = ?1`},
		// A player met in a game: their name is the seat's only when
		// the database has none yet.
		{&w.playerInGame, `INSERT INTO players (key, name, first_seen, last_seen) VALUES (?1, ?2, ?3, ?3)
			ON CONFLICT (key) DO UPDATE SET
				first_seen = min(first_seen, excluded.first_seen),
				last_seen = max(last_seen, excluded.last_seen),
				name = CASE WHEN name = '' THEN excluded.name ELSE name END
			RETURNING name`},
		// A player the import found, first and last seen in games ?3 and
		// ?4 (NULL when no game read says), or else at ?5, which only a
		// new player takes. Their name is kept when the database has one.
		{&w.importPlayer, `INSERT INTO players (key, name, first_seen, last_seen) VALUES (?1, ?2, coalesce(?3, ?5), coalesce(?4, ?5))
			ON CONFLICT (key) DO UPDATE SET
				first_seen = CASE WHEN ?3 IS NULL THEN first_seen ELSE min(first_seen, ?3) END,
				last_seen = CASE WHEN ?4 IS NULL THEN last_seen ELSE max(last_seen, ?4) END,
				name = CASE WHEN name = '' THEN excluded.name ELSE name END`},
		{&w.playerExists, `SELECT EXISTS (SELECT 1 FROM players WHERE key = ?)`},
		{&w.gameBySum, `SELECT id, log_path, rematch_of FROM games WHERE log_sha256 = ?`},
		{&w.insertGame, `INSERT INTO games (log_sha256, log_path, table_code, seats, rules, started, recorded, deals, winner, practice)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`},
		{&w.setGamePath, `UPDATE games SET log_path = ? WHERE id = ?`},
		{&w.setRematch, `UPDATE games SET rematch_of = ? WHERE id = ? AND rematch_of IS NULL`},
		{&w.insertSeat, `INSERT INTO game_seats (game_id, seat, player_key, name, level, total) VALUES (?, ?, ?, ?, ?, ?)`},
		{&w.gameRated, `SELECT EXISTS (SELECT 1 FROM rating_history WHERE game_id = ?)`},
		{&w.rating, `SELECT mu, sigma, games FROM ratings WHERE player_key = ? AND seats = ?`},
		{&w.putRating, `INSERT INTO ratings (player_key, seats, mu, sigma, games, last_game) VALUES (?1, ?2, ?3, ?4, 1, ?5)
			ON CONFLICT (player_key, seats) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, games = games + 1, last_game = excluded.last_game`},
		{&w.insertHistory, `INSERT INTO rating_history (game_id, player_key, seats, mu_before, sigma_before, mu, sigma) VALUES (?, ?, ?, ?, ?, ?, ?)`},
		{&w.setMeta, `INSERT INTO meta (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = excluded.value`},
		{&w.meta, `SELECT value FROM meta WHERE key = ?`},
		{&w.lastRated, `SELECT coalesce(max(game_id), 0) FROM rating_history`},
		{&w.tournamentByCode, `SELECT id, boards, ends FROM tournaments WHERE code = ?`},
		{&w.insertTournament, `INSERT INTO tournaments (code, creator_key, seats, rules, bot_level, boards, board_seed, created, ends)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`},
		{&w.endTournament, `UPDATE tournaments SET ends = ?3 WHERE id = ?1 AND creator_key = ?2 AND ends > ?3`},
		{&w.putPar, `INSERT INTO tournament_pars (tournament_id, board, par) VALUES (?, ?, ?)`},
		{&w.pars, `SELECT par FROM tournament_pars WHERE tournament_id = ? ORDER BY board`},
		{&w.enter, `INSERT INTO tournament_entries (tournament_id, player_key, entered) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`},
		{&w.entered, `SELECT EXISTS (SELECT 1 FROM tournament_entries WHERE tournament_id = ? AND player_key = ?)`},
		{&w.board, `SELECT log_path, result, log_sha256 FROM tournament_boards WHERE tournament_id = ? AND player_key = ? AND board = ?`},
		{&w.startBoard, `INSERT INTO tournament_boards (tournament_id, player_key, board, log_path, started) VALUES (?, ?, ?, ?, ?)`},
		{&w.finishBoard, `UPDATE tournament_boards SET result = ?, log_path = ?, log_sha256 = ?, finished = ?
			WHERE tournament_id = ? AND player_key = ? AND board = ? AND result IS NULL`},
	})
}

func (w *writeStmts) close() { closeAll(w.list) }

// readStmts are the read pool's statements.
type readStmts struct {
	list []*sql.Stmt

	player, playerCount, gameCount       *sql.Stmt
	game, gameBySum, seats, gamesOf      *sql.Stmt
	rating, ratingsOf, history, board    *sql.Stmt
	chainBack, chainForward              *sql.Stmt
	tournament, tournaments, pars        *sql.Stmt
	entries, boardsOf, boardsAll, seedOf *sql.Stmt
}

// gameCols are the columns a Game is read from, in scanGame's order.
const gameCols = `g.id, g.log_sha256, g.log_path, g.table_code, g.seats, g.rules, g.started, g.recorded, g.deals, g.winner, g.practice,
	(SELECT p.log_sha256 FROM games p WHERE p.id = g.rematch_of)`

// tournamentCols are the columns a Tournament is read from, in
// scanTournament's order; never the board seed.
const tournamentCols = `t.id, t.code, coalesce(t.creator_key, ''), t.seats, t.rules, t.bot_level, t.boards, t.created, t.ends,
	(SELECT count(*) FROM tournament_entries e WHERE e.tournament_id = t.id)`

// boardsSQL selects a tournament's boards, in scanBoard's order.
const boardsSQL = `SELECT player_key, board, log_path, started, result, coalesce(log_sha256, ''), finished FROM tournament_boards
	WHERE tournament_id = ?`

func (r *readStmts) prepare(ctx context.Context, db *sql.DB) error {
	return prepareAll(&r.list, func(q string) (*sql.Stmt, error) { return db.PrepareContext(ctx, q) }, []stmtDef{
		{&r.player, `SELECT key, name, first_seen, last_seen FROM players WHERE key = ?`},
		{&r.playerCount, `SELECT count(*) FROM players`},
		{&r.gameCount, `SELECT count(*) FROM games`},
		{&r.game, `SELECT ` + gameCols + ` FROM games g WHERE g.id = ?`},
		{&r.gameBySum, `SELECT ` + gameCols + ` FROM games g WHERE g.log_sha256 = ?`},
		{&r.seats, `SELECT seat, coalesce(player_key, ''), name, level, total FROM game_seats WHERE game_id = ? ORDER BY seat`},
		{&r.gamesOf, `SELECT ` + gameCols + ` FROM game_seats s JOIN games g ON g.id = s.game_id
			WHERE s.player_key = ? AND g.id < ? ORDER BY g.id DESC LIMIT ?`},
		{&r.rating, `SELECT mu, sigma, games FROM ratings WHERE player_key = ? AND seats = ?`},
		{&r.ratingsOf, `SELECT seats, mu, sigma, games FROM ratings WHERE player_key = ? ORDER BY seats`},
		// n counts the player's rated games in the pool up to each.
		{&r.history, `SELECT * FROM (
				SELECT h.game_id, g.log_sha256, coalesce(g.started, g.recorded), h.mu_before, h.sigma_before, h.mu, h.sigma,
					row_number() OVER (ORDER BY h.game_id) AS n
				FROM rating_history h JOIN games g ON g.id = h.game_id
				WHERE h.player_key = ? AND h.seats = ?)
			ORDER BY game_id DESC LIMIT ?`},
		{&r.board, `SELECT r.player_key, p.name, r.mu, r.sigma, r.games FROM ratings r JOIN players p ON p.key = r.player_key
			WHERE r.seats = ? AND r.games >= ? ORDER BY r.mu - ? * r.sigma DESC, r.player_key LIMIT ?`},
		{&r.chainBack, `WITH RECURSIVE back(id, prev, n) AS (
				SELECT id, rematch_of, 0 FROM games WHERE id = ?
				UNION ALL SELECT g.id, g.rematch_of, back.n + 1 FROM games g JOIN back ON g.id = back.prev WHERE back.n < 100000)
			SELECT id FROM back ORDER BY n DESC`},
		{&r.chainForward, `WITH RECURSIVE fwd(id, n) AS (
				SELECT id, 0 FROM games WHERE rematch_of = ?
				UNION ALL SELECT g.id, fwd.n + 1 FROM games g JOIN fwd ON g.rematch_of = fwd.id WHERE fwd.n < 100000)
			SELECT id FROM fwd ORDER BY n`},
		{&r.tournament, `SELECT ` + tournamentCols + ` FROM tournaments t WHERE t.code = ?`},
		{&r.tournaments, `SELECT ` + tournamentCols + ` FROM tournaments t WHERE t.ends > ? ORDER BY t.ends, t.code`},
		{&r.pars, `SELECT par FROM tournament_pars WHERE tournament_id = ? ORDER BY board`},
		{&r.entries, `SELECT e.player_key, p.name, e.entered FROM tournament_entries e JOIN players p ON p.key = e.player_key
			WHERE e.tournament_id = ? ORDER BY e.entered, e.player_key`},
		{&r.boardsOf, boardsSQL + ` AND player_key = ? ORDER BY board`},
		{&r.boardsAll, boardsSQL + ` ORDER BY board, player_key`},
		{&r.seedOf, `SELECT board_seed FROM tournaments WHERE code = ?`},
	})
}

func (r *readStmts) close() { closeAll(r.list) }

type stmtDef struct {
	dst **sql.Stmt
	sql string
}

func prepareAll(list *[]*sql.Stmt, prep func(string) (*sql.Stmt, error), defs []stmtDef) error {
	for _, d := range defs {
		st, err := prep(d.sql)
		if err != nil {
			// SQLite's words only: the statement's text is no help to
			// whoever reads the error.
			return fmt.Errorf("preparing klob's statements: %w", err)
		}
		*d.dst = st
		*list = append(*list, st)
	}
	return nil
}

func closeAll(list []*sql.Stmt) {
	for _, st := range list {
		st.Close()
	}
}
