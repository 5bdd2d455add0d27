package main

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"path/filepath"
	"time"

	_ "modernc.org/sqlite" // the SQLite driver FerretDB itself uses
)

// FerretDB v1.24's SQLite backend pushes a lone `_id` equality down to SQLite as
// `_ferretdb_sjson->'$._id' = ?` (in find, update, findAndModify and delete), but builds its own
// `_id_` index on `_ferretdb_sjson->"_id"`, an expression SQLite cannot match to that one: every
// point read or write by `_id` scans the whole table. This adds an index on the pushed-down
// expression to every collection table, so those become index lookups.

const (
	idExpression  = `_ferretdb_sjson->'$._id'`
	idIndexSuffix = "__id_pushdown"
)

// keepIDIndexes indexes every collection table of the SQLite files in dir now, then again every
// interval (for collections created since), until ctx is done.
func keepIDIndexes(ctx context.Context, dir string, interval time.Duration, logger *slog.Logger) {
	ticker := time.NewTicker(interval)
	defer ticker.Stop()

	for {
		files, _ := filepath.Glob(filepath.Join(dir, "*.sqlite"))
		for _, file := range files {
			if err := indexFile(ctx, file); err != nil && ctx.Err() == nil {
				logger.Debug("id index pass failed", "file", file, "error", err)
			}
		}

		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
	}
}

// indexFile creates the missing `_id` pushdown indexes of one database file.
func indexFile(ctx context.Context, file string) error {
	// mode=rw: never create a file FerretDB has just dropped.
	db, err := sql.Open("sqlite", "file:"+file+"?mode=rw&_pragma=busy_timeout(10000)")
	if err != nil {
		return err
	}
	defer db.Close()

	missing, err := tablesWithoutIDIndex(ctx, db)
	if err != nil {
		return err
	}

	for _, table := range missing {
		q := fmt.Sprintf(`CREATE INDEX IF NOT EXISTS %q ON %q (%s)`, table+idIndexSuffix, table, idExpression)
		if _, err := db.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("%s: %w", table, err)
		}
	}

	return nil
}

// tablesWithoutIDIndex lists FerretDB's collection tables that lack the pushdown index.
func tablesWithoutIDIndex(ctx context.Context, db *sql.DB) ([]string, error) {
	rows, err := db.QueryContext(ctx, `
		SELECT c.table_name FROM _ferretdb_collections c
		JOIN sqlite_master t ON t.type = 'table' AND t.name = c.table_name
		WHERE NOT EXISTS (SELECT 1 FROM sqlite_master i WHERE i.type = 'index' AND i.name = c.table_name || ?)`,
		idIndexSuffix,
	)
	if err != nil {
		return nil, err
	}
	defer rows.Close()

	var tables []string
	for rows.Next() {
		var table string
		if err := rows.Scan(&table); err != nil {
			return nil, err
		}
		tables = append(tables, table)
	}

	return tables, rows.Err()
}
