package clubdb

import (
	"context"
	"database/sql"
)

type scanner interface{ Scan(...any) error }

// collect reads every row of a query with scan and closes the rows. It
// takes the query's own error too, so a call site reads
// rows, err := st.QueryContext(…); out, err := collect(rows, err, scan).
func collect[T any](rows *sql.Rows, err error, scan func(scanner) (T, error)) ([]T, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// readAll runs the read statement st with args and reads every row
// with scan; an error names the database's file.
func readAll[T any](ctx context.Context, db *DB, st *sql.Stmt, scan func(scanner) (T, error), args ...any) ([]T, error) {
	rows, err := st.QueryContext(ctx, args...)
	out, err := collect(rows, err, scan)
	return out, db.openErr(err)
}

// scanOne reads a row of one column.
func scanOne[T any](sc scanner) (T, error) {
	var v T
	err := sc.Scan(&v)
	return v, err
}
