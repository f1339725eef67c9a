package clubdb

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// request is one write: fn runs inside a transaction on the writer's
// connection, and its error (or the commit's) comes back on done.
type request struct {
	ctx  context.Context
	fn   func(*wtx) error
	done chan error
	took time.Duration // the writer's time on the batch that held it, set before done
}

// maxBatch bounds the writes one transaction commits together; as
// many can wait in the queue, so that all the writers waiting when a
// commit ends go into the next one.
const maxBatch = 256

// write runs fn on the writer's connection and returns once its
// transaction has committed (nil) or failed. A context that ends before
// a commit takes the request stops it; once taken, the request runs
// and write reports how it ended, so nil always means committed.
func (db *DB) write(ctx context.Context, fn func(*wtx) error) error {
	_, err := db.writeTimed(ctx, fn)
	return err
}

// writeTimed is write that also returns the time the writer spent on
// the transaction that held fn (from its begin to its commit): the
// database's own time, without the wait for the writer's turn.
func (db *DB) writeTimed(ctx context.Context, fn func(*wtx) error) (time.Duration, error) {
	r := &request{ctx: ctx, fn: fn, done: make(chan error, 1)}
	db.mu.RLock()
	if db.closed {
		db.mu.RUnlock()
		return 0, ErrClosed
	}
	select {
	case db.reqs <- r:
	case <-ctx.Done():
		db.mu.RUnlock()
		return 0, ctx.Err()
	}
	db.mu.RUnlock()
	db.serve()
	err := <-r.done
	return r.took, err
}

// serve commits the queued writes unless another caller is committing:
// the caller that finds the writer's connection free takes every write
// waiting (up to maxBatch at a time) and commits them in one
// transaction, each inside its own savepoint, so one commit serves all
// that queued and a request that fails is rolled back alone. A caller
// that finds it taken leaves its write to the one holding it, who looks
// at the queue again after letting go. The write runs on the caller's
// goroutine: under load, handing it to a writer goroutine and back cost
// two waits for a core, the whole tail of a write's time.
func (db *DB) serve() {
	for len(db.reqs) > 0 && db.wmu.TryLock() {
		for batch := db.take(); len(batch) > 0; batch = db.take() {
			db.commit(batch)
			db.ck.committed()
		}
		if db.drained != nil {
			db.drained()
		}
		db.wmu.Unlock()
	}
}

// take returns the writes waiting, up to maxBatch; the caller holds wmu.
func (db *DB) take() []*request {
	var batch []*request
	for len(batch) < maxBatch {
		select {
		case r := <-db.reqs:
			batch = append(batch, r)
		default:
			return batch
		}
	}
	return batch
}

// commit runs a batch of requests in one transaction and answers each.
func (db *DB) commit(batch []*request) {
	ctx := context.Background()
	errs := make([]error, len(batch))
	fail := func(err error) {
		for i := range errs {
			if errs[i] == nil {
				errs[i] = err
			}
		}
	}
	exec := func(st *sql.Stmt) error {
		_, err := st.ExecContext(ctx)
		return err
	}
	w := &db.ws
	// abort fails the requests not answered yet and rolls all back.
	abort := func(err error) {
		fail(sqlErr(db.path, err))
		_ = exec(w.rollback)
	}
	start := time.Now()
	defer func() {
		took := time.Since(start)
		for i, r := range batch {
			r.took = took
			r.done <- errs[i]
		}
	}()
	if err := exec(w.begin); err != nil {
		fail(sqlErr(db.path, err))
		return
	}
	for i, r := range batch {
		if err := r.ctx.Err(); err != nil {
			errs[i] = err
			continue
		}
		if err := exec(w.savepoint); err != nil {
			abort(err)
			return
		}
		if errs[i] = run(r.fn, &wtx{ctx: ctx, db: db}); errs[i] != nil {
			if err := exec(w.rollbackTo); err != nil {
				abort(err)
				return
			}
		}
		if err := exec(w.release); err != nil {
			abort(err)
			return
		}
	}
	if err := exec(w.commit); err != nil {
		_ = exec(w.rollback)
		// Nothing of the batch was kept: every request fails, including
		// those that had failed on their own (their error stays).
		fail(fmt.Errorf("the club database %s: commit: %w", db.path, err))
	}
}

// run calls fn, turning a panic (in a caller's rating function) into an
// error so the batch goes on.
func run(fn func(*wtx) error, tx *wtx) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("a write failed: %v", p)
		}
	}()
	return fn(tx)
}

// wtx is a write in progress: the writer's prepared statements, inside
// the transaction.
type wtx struct {
	ctx context.Context
	db  *DB
	// named are the players' names the write set, told once committed
	// (OnName).
	named []keyName
}

func (tx *wtx) exec(st *sql.Stmt, args ...any) (sql.Result, error) {
	return st.ExecContext(tx.ctx, args...)
}

func (tx *wtx) row(st *sql.Stmt, args ...any) *sql.Row {
	return st.QueryRowContext(tx.ctx, args...)
}

func (tx *wtx) s() *writeStmts { return &tx.db.ws }

// checkpointEvery is the commits between two checkpoints: a game's
// record writes a few dozen pages, so the log stays near SQLite's own
// threshold of 1000 pages.
const checkpointEvery = 16

// checkpointer copies the write-ahead log into the database on its own
// goroutine and connection (a passive checkpoint: it never blocks the
// writer or the readers), every checkpointEvery commits. The last
// connection to close checkpoints whatever is left.
type checkpointer struct {
	db      *sql.DB
	commits int           // the writer's, since the last request
	wake    chan struct{} // a checkpoint is due
	done    chan struct{} // closed when the goroutine has stopped
	runs    atomic.Int64  // checkpoints made, for the tests
	once    sync.Once
}

func newCheckpointer(ctx context.Context, path string) (*checkpointer, error) {
	sdb, err := sql.Open("sqlite", dsn(path, false))
	if err != nil {
		return nil, err
	}
	sdb.SetMaxOpenConns(1)
	if err := sdb.PingContext(ctx); err != nil {
		sdb.Close()
		return nil, err
	}
	c := &checkpointer{db: sdb, wake: make(chan struct{}, 1), done: make(chan struct{})}
	go c.run()
	return c, nil
}

// committed counts a commit of the writer's and wakes the checkpointer
// when one is due; it never waits (a checkpoint under way takes the
// next turn's pages with it).
func (c *checkpointer) committed() {
	if c.commits++; c.commits < checkpointEvery {
		return
	}
	c.commits = 0
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

func (c *checkpointer) run() {
	defer close(c.done)
	for range c.wake {
		// A failed checkpoint leaves the log as it is, to be copied by
		// the next one or by the last close: nothing is lost.
		if _, err := c.db.Exec("PRAGMA wal_checkpoint(PASSIVE)"); err == nil {
			c.runs.Add(1)
		}
	}
}

// stop ends the goroutine once its checkpoint under way is done; only
// after the last commit (a commit is what wakes it).
func (c *checkpointer) stop() {
	c.once.Do(func() {
		close(c.wake)
		<-c.done
	})
}

func (c *checkpointer) close() error {
	c.stop()
	return c.db.Close()
}
