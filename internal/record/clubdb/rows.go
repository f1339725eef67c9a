package clubdb

import "database/sql"

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

// scanOne reads a row of one column.
func scanOne[T any](sc scanner) (T, error) {
	var v T
	err := sc.Scan(&v)
	return v, err
}
