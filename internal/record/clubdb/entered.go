package clubdb

import (
	"context"
	"fmt"
)

// MaxEnteredList bounds what EnteredTournaments returns.
const MaxEnteredList = 100

// EnteredTournaments returns the tournaments the player entered that
// have ended, the last to end first, at most limit (1 to
// MaxEnteredList): where a player finds the standings of the
// tournaments they played once they open.
func (db *DB) EnteredTournaments(ctx context.Context, key string, limit int) ([]Tournament, error) {
	if limit < 1 || limit > MaxEnteredList {
		return nil, fmt.Errorf("entered tournaments: a limit of %d (want 1 to %d)", limit, MaxEnteredList)
	}
	rows, err := db.rdb.QueryContext(ctx, `SELECT `+tournamentCols+` FROM tournament_entries e
		JOIN tournaments t ON t.id = e.tournament_id
		WHERE e.player_key = ? AND t.ends <= ? ORDER BY t.ends DESC, t.code LIMIT ?`, key, ms(db.now()), limit)
	out, err := collect(rows, err, scanTournament)
	return out, db.openErr(err)
}
