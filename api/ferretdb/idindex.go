package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"regexp"
	"time"

	_ "modernc.org/sqlite" // the SQLite driver FerretDB itself uses
)

// FerretDB v1.24's SQLite backend pushes a lone `_id` equality down to SQLite as
// `_ferretdb_sjson->'$._id' = ?` (in find, update, findAndModify and delete), but builds its own
// `_id_` index on `_ferretdb_sjson->"_id"`, an expression SQLite cannot match to that one: every
// point read or write by `_id` scans the whole table. The same holds for the indexes a client
// creates: FerretDB builds them on `_ferretdb_sjson->"field"` and never filters with them.
//
// Our build of the backend (_overlay/internal/backends/sqlite/collection.go) also pushes down
// top-level string equalities as `(_ferretdb_sjson->'$.f' = ? OR json_type(_ferretdb_sjson, '$.f') = 'array')`.
// This pass gives every collection table an index on the `_id` expression, and, for the leading
// field of every index the client declared (Mongoose creates them from the schemas), an index on
// each of the two terms, so those become index lookups instead of table scans.

const pushdownSuffix = "_pushdown"

// plainField matches the field names the backend pushes down (no quoting needed in a JSON path).
var plainField = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// wantedIndex is one SQLite expression index of a collection table.
type wantedIndex struct {
	name, table, expression string
	field                   string // the document field it serves; empty for `_id`
}

// keepIDIndexes indexes every collection table of the SQLite files in dir now, then again every
// interval (for collections and indexes created since), until ctx is done.
func keepIDIndexes(ctx context.Context, dir string, interval time.Duration, logger *slog.Logger) {
	ticker := time.NewTicker(interval)
	defer ticker.Stop()

	for {
		files, _ := filepath.Glob(filepath.Join(dir, "*.sqlite"))
		for _, file := range files {
			if err := indexFile(ctx, file); err != nil && ctx.Err() == nil {
				logger.Debug("pushdown index pass failed", "file", file, "error", err)
			}
		}

		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
	}
}

// indexFile creates the missing pushdown indexes of one database file.
func indexFile(ctx context.Context, file string) error {
	// mode=rw: never create a file FerretDB has just dropped.
	db, err := sql.Open("sqlite", "file:"+file+"?mode=rw&_pragma=busy_timeout(10000)")
	if err != nil {
		return err
	}
	defer db.Close()

	missing, err := missingIndexes(ctx, db)
	if err != nil {
		return err
	}

	for _, index := range missing {
		q := fmt.Sprintf(`CREATE INDEX IF NOT EXISTS %q ON %q (%s)`, index.name, index.table, index.expression)
		if _, err := db.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("%s: %w", index.name, err)
		}
	}

	return nil
}

// missingIndexes lists the pushdown indexes that FerretDB's collection tables lack.
func missingIndexes(ctx context.Context, db *sql.DB) ([]wantedIndex, error) {
	rows, err := db.QueryContext(ctx, `
		SELECT c.table_name, c.settings FROM _ferretdb_collections c
		JOIN sqlite_master t ON t.type = 'table' AND t.name = c.table_name`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()

	var wanted []wantedIndex
	for rows.Next() {
		var table, settings string
		if err := rows.Scan(&table, &settings); err != nil {
			return nil, err
		}
		wanted = append(wanted, tableIndexes(table, settings)...)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}

	existing := map[string]bool{}
	names, err := db.QueryContext(ctx, `SELECT name FROM sqlite_master WHERE type = 'index'`)
	if err != nil {
		return nil, err
	}
	defer names.Close()
	for names.Next() {
		var name string
		if err := names.Scan(&name); err != nil {
			return nil, err
		}
		existing[name] = true
	}
	if err := names.Err(); err != nil {
		return nil, err
	}

	var missing []wantedIndex
	for _, index := range wanted {
		if existing[index.name] {
			continue
		}
		if index.field != "" {
			key := index.table + "." + index.field
			pushed, known := pushedDownFields[key]
			if !known {
				if pushed, err = holdsPushedDownValues(ctx, db, index.table, index.field); err != nil {
					return nil, err
				}
				pushedDownFields[key] = pushed
			}
			if !pushed {
				continue
			}
		}
		missing = append(missing, index)
	}
	return missing, nil
}

// pushedDownFields remembers, per "table.field", whether the field holds values the backend
// pushes down, so each field is looked at once (its two indexes share the answer). Table names
// carry a random suffix, so a dropped and re-created collection is looked at afresh.
var pushedDownFields = map[string]bool{}

// holdsPushedDownValues tells whether a field's values are of a kind the backend pushes down
// (strings, or arrays that may hold them), judged by the first document that has the field set.
// A field no document has yet counts as pushed down: its index is cheap to build now. Indexing
// numbers, dates or booleans would only slow every write (and building them on a large table
// blocks writes for as long as it takes).
func holdsPushedDownValues(ctx context.Context, db *sql.DB, table, field string) (bool, error) {
	q := fmt.Sprintf(
		`SELECT json_type(_ferretdb_sjson, '$.%[1]s') FROM %[2]q WHERE json_type(_ferretdb_sjson, '$.%[1]s') NOT IN ('null') LIMIT 1`,
		field, table,
	)
	var kind string
	switch err := db.QueryRowContext(ctx, q).Scan(&kind); {
	case errors.Is(err, sql.ErrNoRows):
		return true, nil
	case err != nil:
		return false, err
	default:
		return kind == "text" || kind == "array", nil
	}
}

// tableIndexes is the pushdown indexes one table should have: `_id`, then the two terms for the
// leading field of each declared index (see _overlay/internal/backends/sqlite/collection.go).
func tableIndexes(table, settings string) []wantedIndex {
	indexes := []wantedIndex{{name: table + "__id_pushdown", table: table, expression: `_ferretdb_sjson->'$._id'`}}

	var parsed struct {
		Indexes []struct {
			Key []struct {
				Field string `json:"field"`
			} `json:"key"`
		} `json:"indexes"`
	}
	if err := json.Unmarshal([]byte(settings), &parsed); err != nil {
		return indexes
	}

	seen := map[string]bool{"_id": true}
	for _, declared := range parsed.Indexes {
		if len(declared.Key) == 0 {
			continue
		}
		field := declared.Key[0].Field
		if seen[field] || !plainField.MatchString(field) {
			continue
		}
		seen[field] = true
		indexes = append(indexes,
			wantedIndex{name: table + "_" + field + pushdownSuffix, table: table, field: field, expression: fmt.Sprintf(`_ferretdb_sjson->'$.%s'`, field)},
			wantedIndex{name: table + "_" + field + pushdownSuffix + "_type", table: table, field: field, expression: fmt.Sprintf(`json_type(_ferretdb_sjson, '$.%s')`, field)},
		)
	}
	return indexes
}
