package clubdb

import (
	"context"
	"database/sql"
	"fmt"
	"maps"
	"slices"
)

// shapeSQL lists a schema's tables with their columns (a table with no
// column readable gives one row, its column NULL) and its indexes with
// their tables, SQLite's own objects (sqlite_*) left out: the names
// klob's statements use.
const shapeSQL = `
	SELECT m.type, m.name, p.name FROM sqlite_schema m LEFT JOIN pragma_table_info(m.name) p
	WHERE m.type = 'table' AND substr(m.name, 1, 7) <> 'sqlite_'
	UNION ALL
	SELECT type, name, tbl_name FROM sqlite_schema WHERE type = 'index' AND substr(name, 1, 7) <> 'sqlite_'`

// shape is what of a schema klob's statements rely on: its tables and
// their columns, and its indexes (the unique ones keep a game's log
// and a rematch one of a kind).
type shape struct {
	tables  map[string][]string // a table's columns
	indexes map[string]string   // an index's table
}

// readShape reads the shape of the schema on conn.
func readShape(ctx context.Context, conn *sql.Conn) (shape, error) {
	s := shape{tables: map[string][]string{}, indexes: map[string]string{}}
	rows, err := conn.QueryContext(ctx, shapeSQL)
	if err != nil {
		return s, err
	}
	defer rows.Close()
	for rows.Next() {
		var typ, name string
		var col sql.NullString // a column, or an index's table
		if err := rows.Scan(&typ, &name, &col); err != nil {
			return s, err
		}
		switch {
		case typ == "index":
			s.indexes[name] = col.String
		case col.Valid:
			s.tables[name] = append(s.tables[name], col.String)
		default:
			s.tables[name] = nil // there, its columns unreadable
		}
	}
	return s, rows.Err()
}

// wantShape is the shape the first version steps of migrations make,
// read off a database in memory they are applied to.
func wantShape(ctx context.Context, version int) (shape, error) {
	mem, err := sql.Open("sqlite", "file::memory:")
	if err != nil {
		return shape{}, err
	}
	defer mem.Close()
	conn, err := mem.Conn(ctx)
	if err != nil {
		return shape{}, err
	}
	defer conn.Close()
	for k := 1; k <= version; k++ {
		if _, err := conn.ExecContext(ctx, migrations[k-1]); err != nil {
			return shape{}, fmt.Errorf("schema step %d: %w", k, err)
		}
	}
	return readShape(ctx, conn)
}

// schemaProblems compares the schema on conn with the one the
// migrations make at version (1 to Version): a table, a column or an
// index that is missing, one line each ("table games is missing").
// What is there besides is no problem: klob's statements do not see
// it. A database in this state was changed by hand or by another
// program; klob's statements on it would fail with SQLite's words.
func schemaProblems(ctx context.Context, conn *sql.Conn, version int) ([]string, error) {
	if version < 1 || version > len(migrations) {
		return nil, nil
	}
	want, err := wantShape(ctx, version)
	if err != nil {
		return nil, err
	}
	got, err := readShape(ctx, conn)
	if err != nil {
		return nil, err
	}
	var problems []string
	for _, table := range slices.Sorted(maps.Keys(want.tables)) {
		cols, ok := got.tables[table]
		if !ok {
			problems = append(problems, fmt.Sprintf("table %s is missing", table))
			continue
		}
		for _, c := range want.tables[table] {
			if !slices.Contains(cols, c) {
				problems = append(problems, fmt.Sprintf("column %s of table %s is missing", c, table))
			}
		}
	}
	for _, index := range slices.Sorted(maps.Keys(want.indexes)) {
		// The indexes of a missing table are said by its line.
		_, there := got.indexes[index]
		if _, table := got.tables[want.indexes[index]]; !there && table {
			problems = append(problems, fmt.Sprintf("index %s is missing", index))
		}
	}
	return problems, nil
}
