package clubdb

import (
	"context"
	"fmt"
)

// The names the club's members go by, for a server that refuses a
// member's name to anyone else: it reads them all once (Names) and
// then learns each change from the writes (OnName), so that checking a
// name never waits for the database.

// Names returns the name of every player that has one, by key.
func (db *DB) Names(ctx context.Context) (map[string]string, error) {
	rows, err := db.rdb.QueryContext(ctx, `SELECT key, name FROM players WHERE name <> ''`)
	if err != nil {
		return nil, db.openErr(err)
	}
	defer rows.Close()
	names := map[string]string{}
	for rows.Next() {
		var key, name string
		if err := rows.Scan(&key, &name); err != nil {
			return nil, db.openErr(err)
		}
		names[key] = name
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("the players' names: %w", err)
	}
	return names, nil
}

// OnName has f told, after each commit that set a player's name, the
// key and the name its row holds now: a player seen (SeePlayer), one
// met renamed (NamePlayer), one met for the first time in a game
// (RecordGame). f runs on the goroutine of the write, once committed,
// before the write returns: it must be quick and never write. The
// import at Open is not told (Names reads what it wrote). nil tells
// nobody.
func (db *DB) OnName(f func(key, name string)) {
	if f == nil {
		db.onName.Store(nil)
		return
	}
	db.onName.Store(&f)
}

// named tells OnName's f of the names in ns (key, name pairs).
func (db *DB) named(ns []keyName) {
	if f := db.onName.Load(); f != nil {
		for _, n := range ns {
			(*f)(n.key, n.name)
		}
	}
}

// keyName is a player's key and the name their row holds.
type keyName struct{ key, name string }
