// Copyright 2021 FerretDB Inc.
//
// Licensed under the Apache License, Version 2.0 (the "License");
// you may not use this file except in compliance with the License.
// You may obtain a copy of the License at
//
//     http://www.apache.org/licenses/LICENSE-2.0
//
// Unless required by applicable law or agreed to in writing, software
// distributed under the License is distributed on an "AS IS" BASIS,
// WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
// See the License for the specific language governing permissions and
// limitations under the License.
//
// Modified for the curator project's embedded server (laid over the released module by
// tools/ferretdb.cjs): Query and Explain push top-level string equalities, `$eq` and `$in` lists
// down to SQLite (prepareWhereClause below), not only a lone `_id` equality; the process's
// document writes take turns (writeMu); and Query reads its rows whole before it answers
// (readWhole), keeping each as its stored JSON until it is asked for. Everything else is v1.24.0
// as released.

package sqlite

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	sqlite3 "modernc.org/sqlite"
	sqlite3lib "modernc.org/sqlite/lib"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/handler/sjson"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/fsql"
	"github.com/FerretDB/FerretDB/internal/util/iterator"
	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// collection implements backends.Collection interface.
type collection struct {
	r      *metadata.Registry
	dbName string
	name   string
}

// newCollection creates a new Collection.
func newCollection(r *metadata.Registry, dbName, name string) backends.Collection {
	return backends.CollectionContract(&collection{
		r:      r,
		dbName: dbName,
		name:   name,
	})
}

// Query implements backends.Collection interface.
func (c *collection) Query(ctx context.Context, params *backends.QueryParams) (*backends.QueryResult, error) {
	db := c.r.DatabaseGetExisting(ctx, c.dbName)
	if db == nil {
		return &backends.QueryResult{
			Iter: newQueryIterator(ctx, nil, params.OnlyRecordIDs),
		}, nil
	}

	meta := c.r.CollectionGet(ctx, c.dbName, c.name)
	if meta == nil {
		return &backends.QueryResult{
			Iter: newQueryIterator(ctx, nil, params.OnlyRecordIDs),
		}, nil
	}

	q := prepareSelectClause(meta.TableName, params.Comment, meta.Capped(), params.OnlyRecordIDs)

	whereClause, args := prepareWhereClause(params.Filter)

	q += whereClause
	q += prepareOrderByClause(params.Sort)

	if params.Limit != 0 {
		q += ` LIMIT ?`
		args = append(args, params.Limit)
	}

	rows, err := db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, lazyerrors.Error(err)
	}

	iter, err := readWhole(ctx, rows, params.OnlyRecordIDs)
	if err != nil {
		return nil, err
	}

	return &backends.QueryResult{Iter: iter}, nil
}

// readWhole reads every row of a query, which gives its SQLite connection back to the pool, and
// iterates over the rows read. Released, a query's rows stay open, each holding one of the 100
// connections of its database's pool, until the client has fetched its last batch (a find with
// more than one batch of results keeps its cursor open between batches) or the whole command ends
// (each statement of an update). So 100 cursors waiting for their next batch starved every new
// query of that database, and with it, through the metadata lock those queries hold, every database
// of the process; the client's next batches queued behind those very queries in its own connection
// pool, so nothing ever moved again. Read whole, a connection is held only while a query runs.
//
// The rows are kept as stored (JSON bytes, which the garbage collector need not scan) and decoded
// one at a time as they are asked for, in batches as the client fetches them. Decoded up front, a
// read of a whole collection held every document as objects at once: a few reads of 30,000 audios
// side by side held gigabytes, and under the server's memory limit its collector then took most of
// its CPU (four such reads took 33 s instead of 12 s).
func readWhole(ctx context.Context, rows *fsql.Rows, onlyRecordIDs bool) (types.DocumentsIterator, error) {
	defer rows.Close()

	columns, err := rows.Columns()
	if err != nil {
		return nil, lazyerrors.Error(err)
	}

	var stored []storedRow

	for rows.Next() {
		var row storedRow
		var dest []any

		switch {
		case slices.Equal(columns, []string{metadata.RecordIDColumn, metadata.DefaultColumn}):
			dest = []any{&row.recordID, &row.json}
		case slices.Equal(columns, []string{metadata.RecordIDColumn}):
			dest = []any{&row.recordID}
		case slices.Equal(columns, []string{metadata.DefaultColumn}):
			dest = []any{&row.json}
		default:
			panic(fmt.Sprintf("cannot scan unknown columns: %v", columns))
		}

		if err = rows.Scan(dest...); err != nil {
			return nil, lazyerrors.Error(err)
		}

		stored = append(stored, row)
	}

	if err = rows.Err(); err != nil {
		return nil, lazyerrors.Error(err)
	}

	return &storedRows{ctx: ctx, rows: stored, onlyRecordIDs: onlyRecordIDs}, nil
}

// storedRow is one row of a query as SQLite answered it.
type storedRow struct {
	recordID int64
	json     []byte
}

// storedRows iterates over the rows readWhole read, decoding each document as it is asked for.
type storedRows struct {
	ctx           context.Context
	m             sync.Mutex
	rows          []storedRow
	onlyRecordIDs bool
}

// Next implements iterator.Interface.
func (iter *storedRows) Next() (struct{}, *types.Document, error) {
	iter.m.Lock()
	defer iter.m.Unlock()

	var unused struct{}

	if iter.rows == nil {
		return unused, nil, iterator.ErrIteratorDone
	}

	if err := context.Cause(iter.ctx); err != nil {
		iter.rows = nil
		return unused, nil, lazyerrors.Error(err)
	}

	if len(iter.rows) == 0 {
		iter.rows = nil
		return unused, nil, lazyerrors.Error(iterator.ErrIteratorDone)
	}

	row := iter.rows[0]
	iter.rows[0] = storedRow{} // the bytes are garbage once decoded
	iter.rows = iter.rows[1:]

	doc := must.NotFail(types.NewDocument())

	if !iter.onlyRecordIDs {
		var err error
		if doc, err = sjson.Unmarshal(row.json); err != nil {
			iter.rows = nil
			return unused, nil, lazyerrors.Error(err)
		}
	}

	doc.SetRecordID(row.recordID)

	return unused, doc, nil
}

// Close implements iterator.Interface.
func (iter *storedRows) Close() {
	iter.m.Lock()
	defer iter.m.Unlock()

	iter.rows = nil
}

// check interfaces
var (
	_ types.DocumentsIterator = (*storedRows)(nil)
)

// InsertAll implements backends.Collection interface.
func (c *collection) InsertAll(ctx context.Context, params *backends.InsertAllParams) (*backends.InsertAllResult, error) {
	writeMu.Lock()
	defer writeMu.Unlock()

	if _, err := c.r.CollectionCreate(ctx, &metadata.CollectionCreateParams{DBName: c.dbName, Name: c.name}); err != nil {
		return nil, lazyerrors.Error(err)
	}

	db := c.r.DatabaseGetExisting(ctx, c.dbName)
	meta := c.r.CollectionGet(ctx, c.dbName, c.name)

	err := db.InTransaction(ctx, func(tx *fsql.Tx) error {
		batchSize := c.r.BatchSize
		if batchSize < 1 {
			panic("batch-size should be greater or equal to 1")
		}

		var batch []*types.Document
		docs := params.Docs

		for len(docs) > 0 {
			i := min(batchSize, len(docs))
			batch, docs = docs[:i], docs[i:]

			q, args, err := prepareInsertStatement(meta.TableName, meta.Capped(), batch)
			if err != nil {
				return lazyerrors.Error(err)
			}

			if _, err = tx.ExecContext(ctx, q, args...); err != nil {
				var se *sqlite3.Error
				if errors.As(err, &se) && se.Code() == sqlite3lib.SQLITE_CONSTRAINT_UNIQUE {
					return backends.NewError(backends.ErrorCodeInsertDuplicateID, err)
				}

				return lazyerrors.Error(err)
			}
		}

		return nil
	})
	if err != nil {
		return nil, err
	}

	return new(backends.InsertAllResult), nil
}

// UpdateAll implements backends.Collection interface.
func (c *collection) UpdateAll(ctx context.Context, params *backends.UpdateAllParams) (*backends.UpdateAllResult, error) {
	writeMu.Lock()
	defer writeMu.Unlock()

	var res backends.UpdateAllResult
	db := c.r.DatabaseGetExisting(ctx, c.dbName)
	if db == nil {
		return &res, nil
	}

	meta := c.r.CollectionGet(ctx, c.dbName, c.name)
	if meta == nil {
		return &res, nil
	}

	q := fmt.Sprintf(`UPDATE %q SET %s = ? WHERE %s = ?`, meta.TableName, metadata.DefaultColumn, metadata.IDColumn)

	err := db.InTransaction(ctx, func(tx *fsql.Tx) error {
		for _, doc := range params.Docs {
			b, err := sjson.Marshal(doc)
			if err != nil {
				return lazyerrors.Error(err)
			}

			id, _ := doc.Get("_id")
			must.NotBeZero(id)

			arg := string(must.NotFail(sjson.MarshalSingleValue(id)))

			r, err := tx.ExecContext(ctx, q, string(b), arg)
			if err != nil {
				return lazyerrors.Error(err)
			}

			ra, err := r.RowsAffected()
			if err != nil {
				return lazyerrors.Error(err)
			}

			res.Updated += int32(ra)
		}

		return nil
	})
	if err != nil {
		return nil, lazyerrors.Error(err)
	}

	return &res, nil
}

// DeleteAll implements backends.Collection interface.
func (c *collection) DeleteAll(ctx context.Context, params *backends.DeleteAllParams) (*backends.DeleteAllResult, error) {
	writeMu.Lock()
	defer writeMu.Unlock()

	db := c.r.DatabaseGetExisting(ctx, c.dbName)
	if db == nil {
		return &backends.DeleteAllResult{Deleted: 0}, nil
	}

	meta := c.r.CollectionGet(ctx, c.dbName, c.name)
	if meta == nil {
		return &backends.DeleteAllResult{Deleted: 0}, nil
	}

	// TODO https://github.com/FerretDB/FerretDB/issues/3888

	var column string
	var placeholders []string
	var args []any

	if params.RecordIDs == nil {
		placeholders = make([]string, len(params.IDs))
		args = make([]any, len(params.IDs))

		for i, id := range params.IDs {
			placeholders[i] = "?"
			args[i] = string(must.NotFail(sjson.MarshalSingleValue(id)))
		}

		column = metadata.IDColumn
	} else {
		placeholders = make([]string, len(params.RecordIDs))
		args = make([]any, len(params.RecordIDs))

		for i, id := range params.RecordIDs {
			placeholders[i] = "?"
			args[i] = id
		}

		column = metadata.RecordIDColumn
	}

	q := fmt.Sprintf(`DELETE FROM %q WHERE %s IN (%s)`, meta.TableName, column, strings.Join(placeholders, ", "))

	res, err := db.ExecContext(ctx, q, args...)
	if err != nil {
		return nil, lazyerrors.Error(err)
	}

	ra, err := res.RowsAffected()
	if err != nil {
		return nil, lazyerrors.Error(err)
	}

	return &backends.DeleteAllResult{
		Deleted: int32(ra),
	}, nil
}

// Explain implements backends.Collection interface.
func (c *collection) Explain(ctx context.Context, params *backends.ExplainParams) (*backends.ExplainResult, error) {
	db := c.r.DatabaseGetExisting(ctx, c.dbName)
	if db == nil {
		return &backends.ExplainResult{
			QueryPlanner: must.NotFail(types.NewDocument()),
		}, nil
	}

	meta := c.r.CollectionGet(ctx, c.dbName, c.name)
	if meta == nil {
		return &backends.ExplainResult{
			QueryPlanner: must.NotFail(types.NewDocument()),
		}, nil
	}

	selectClause := prepareSelectClause(meta.TableName, "", meta.Capped(), false)

	whereClause, args := prepareWhereClause(params.Filter)
	filterPushdown := whereClause != ""

	orderByClause := prepareOrderByClause(params.Sort)
	sortPushdown := orderByClause != ""

	q := `EXPLAIN QUERY PLAN ` + selectClause + whereClause + orderByClause

	var limitPushdown bool

	if params.Limit != 0 {
		q += ` LIMIT ?`
		args = append(args, params.Limit)
		limitPushdown = true
	}

	rows, err := db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, lazyerrors.Error(err)
	}

	defer rows.Close()

	queryPlan, err := types.NewArray()
	if err != nil {
		return nil, lazyerrors.Error(err)
	}

	for rows.Next() {
		var id int32
		var parent int32
		var notused int32
		var detail string

		// SQLite query plan can be interpreted as a tree.
		// Each row of query plan represents a node of this tree,
		// it contains node id, parent id, auxiliary integer field, and a description.
		// See https://www.sqlite.org/eqp.html for further details.
		if err := rows.Scan(&id, &parent, &notused, &detail); err != nil {
			return nil, lazyerrors.Error(err)
		}

		queryPlan.Append(fmt.Sprintf("id=%d parent=%d notused=%d detail=%s", id, parent, notused, detail))
	}

	return &backends.ExplainResult{
		QueryPlanner:   must.NotFail(types.NewDocument("Plan", queryPlan)),
		FilterPushdown: filterPushdown,
		SortPushdown:   sortPushdown,
		LimitPushdown:  limitPushdown,
	}, nil
}

// Stats implements backends.Collection interface.
func (c *collection) Stats(ctx context.Context, params *backends.CollectionStatsParams) (*backends.CollectionStatsResult, error) {
	db := c.r.DatabaseGetExisting(ctx, c.dbName)
	if db == nil {
		return nil, backends.NewError(
			backends.ErrorCodeCollectionDoesNotExist,
			lazyerrors.Errorf("no ns %s.%s", c.dbName, c.name),
		)
	}

	coll := c.r.CollectionGet(ctx, c.dbName, c.name)
	if coll == nil {
		return nil, backends.NewError(
			backends.ErrorCodeCollectionDoesNotExist,
			lazyerrors.Errorf("no ns %s.%s", c.dbName, c.name),
		)
	}
	stats, err := collectionsStats(ctx, db, []*metadata.Collection{coll}, params.Refresh)
	if err != nil {
		return nil, lazyerrors.Error(err)
	}

	placeholders := make([]string, 0, len(coll.Settings.Indexes))
	args := make([]any, 0, len(coll.Settings.Indexes))
	indexMap := map[string]string{}

	for _, index := range coll.Settings.Indexes {
		placeholders = append(placeholders, "?")
		args = append(args, coll.TableName+"_"+index.Name)
		indexMap[coll.TableName+"_"+index.Name] = index.Name
	}

	q := fmt.Sprintf(`
		SELECT
			name,
			pgsize
		FROM dbstat
		WHERE name IN (%s) AND aggregate = TRUE`,
		strings.Join(placeholders, ", "),
	)

	rows, err := db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, lazyerrors.Error(err)
	}

	defer rows.Close()

	indexSizes := make([]backends.IndexSize, len(indexMap))
	var i int

	for rows.Next() {
		var name string
		var size int64

		if err = rows.Scan(&name, &size); err != nil {
			return nil, lazyerrors.Error(err)
		}

		indexName, ok := indexMap[name]
		if !ok {
			// new index have been created since fetching metadata
			continue
		}

		indexSizes[i] = backends.IndexSize{
			Name: indexName,
			Size: size,
		}
		i++
	}

	if rows.Err() != nil {
		return nil, lazyerrors.Error(rows.Err())
	}

	return &backends.CollectionStatsResult{
		CountDocuments:  stats.countDocuments,
		SizeTotal:       stats.sizeTables + stats.sizeIndexes,
		SizeIndexes:     stats.sizeIndexes,
		SizeCollection:  stats.sizeTables,
		IndexSizes:      indexSizes,
		SizeFreeStorage: stats.sizeFreeStorage,
	}, nil
}

// Compact implements backends.Collection interface.
func (c *collection) Compact(ctx context.Context, params *backends.CompactParams) (*backends.CompactResult, error) {
	db := c.r.DatabaseGetExisting(ctx, c.dbName)
	if db == nil {
		return nil, backends.NewError(
			backends.ErrorCodeDatabaseDoesNotExist,
			lazyerrors.Errorf("no ns %s.%s", c.dbName, c.name),
		)
	}

	coll := c.r.CollectionGet(ctx, c.dbName, c.name)
	if coll == nil {
		return nil, backends.NewError(
			backends.ErrorCodeCollectionDoesNotExist,
			lazyerrors.Errorf("no ns %s.%s", c.dbName, c.name),
		)
	}

	q := `PRAGMA incremental_vacuum`
	if params != nil && params.Full {
		q = `VACUUM`
	}

	if _, err := db.ExecContext(ctx, q); err != nil {
		return nil, lazyerrors.Error(err)
	}

	return new(backends.CompactResult), nil
}

// ListIndexes implements backends.Collection interface.
func (c *collection) ListIndexes(ctx context.Context, params *backends.ListIndexesParams) (*backends.ListIndexesResult, error) {
	db := c.r.DatabaseGetExisting(ctx, c.dbName)
	if db == nil {
		return nil, backends.NewError(
			backends.ErrorCodeCollectionDoesNotExist,
			lazyerrors.Errorf("no ns %s.%s", c.dbName, c.name),
		)
	}

	coll := c.r.CollectionGet(ctx, c.dbName, c.name)
	if coll == nil {
		return nil, backends.NewError(
			backends.ErrorCodeCollectionDoesNotExist,
			lazyerrors.Errorf("no ns %s.%s", c.dbName, c.name),
		)
	}

	res := backends.ListIndexesResult{
		Indexes: make([]backends.IndexInfo, len(coll.Settings.Indexes)),
	}

	for i, index := range coll.Settings.Indexes {
		res.Indexes[i] = backends.IndexInfo{
			Name:   index.Name,
			Unique: index.Unique,
			Key:    make([]backends.IndexKeyPair, len(index.Key)),
		}

		for j, key := range index.Key {
			res.Indexes[i].Key[j] = backends.IndexKeyPair{
				Field:      key.Field,
				Descending: key.Descending,
			}
		}
	}

	sort.Slice(res.Indexes, func(i, j int) bool {
		return res.Indexes[i].Name < res.Indexes[j].Name
	})

	return &res, nil
}

// CreateIndexes implements backends.Collection interface.
func (c *collection) CreateIndexes(ctx context.Context, params *backends.CreateIndexesParams) (*backends.CreateIndexesResult, error) { //nolint:lll // for readability
	indexes := make([]metadata.IndexInfo, len(params.Indexes))
	for i, index := range params.Indexes {
		indexes[i] = metadata.IndexInfo{
			Name:   index.Name,
			Key:    make([]metadata.IndexKeyPair, len(index.Key)),
			Unique: index.Unique,
		}

		for j, key := range index.Key {
			indexes[i].Key[j] = metadata.IndexKeyPair{
				Field:      key.Field,
				Descending: key.Descending,
			}
		}
	}

	err := c.r.IndexesCreate(ctx, c.dbName, c.name, indexes)
	if err != nil {
		return nil, lazyerrors.Error(err)
	}

	return new(backends.CreateIndexesResult), nil
}

// DropIndexes implements backends.Collection interface.
func (c *collection) DropIndexes(ctx context.Context, params *backends.DropIndexesParams) (*backends.DropIndexesResult, error) {
	err := c.r.IndexesDrop(ctx, c.dbName, c.name, params.Indexes)
	if err != nil {
		return nil, lazyerrors.Error(err)
	}

	return new(backends.DropIndexesResult), nil
}

// check interfaces
var (
	_ backends.Collection = (*collection)(nil)
)

// writeMu runs the document writes of this process one at a time. SQLite allows one writer per
// file anyway; left to SQLite, concurrent writers wait in its busy handler, which sleeps and
// retries (up to 100 ms a try) with no order, so under load some writes waited for many seconds
// while others went first. A Go mutex hands the write lock over at once and roughly in turn.
var writeMu sync.Mutex

// plainFieldName matches the top-level field names whose SQLite JSON path needs no quoting.
var plainFieldName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// prepareWhereClause returns a WHERE clause that selects a superset of the documents matching filter:
// the handler filters every returned document again, so it may only ever drop documents that cannot
// match. It keeps each top-level condition on a plain field name that is an equality with a string,
// `{$eq: string}` or `{$in: [strings]}` (for `_id`, ObjectIDs too):
//
//   - `_id` as the upstream code does: `_ferretdb_sjson->'$._id' = ?` (an `_id` is never an array);
//   - any other field as `(_ferretdb_sjson->'$.f' IN (?…) OR json_type(_ferretdb_sjson, '$.f') = 'array')`,
//     since `{f: "x"}` also matches an array holding "x". With expression indexes on both terms
//     (api/ferretdb/idindex.go creates them for the fields the client indexed) SQLite answers it
//     with a multi-index OR lookup instead of a scan of the table.
//
// Other operators, dotted paths and every other value type are left to the handler.
func prepareWhereClause(filter *types.Document) (string, []any) {
	if filter == nil {
		return "", nil
	}

	var conds []string
	var args []any

	for _, k := range filter.Keys() {
		if !plainFieldName.MatchString(k) {
			continue
		}

		v, err := filter.Get(k)
		if err != nil {
			continue
		}

		values := equalityValues(v, k == "_id")
		if len(values) == 0 {
			continue
		}

		placeholders := strings.TrimSuffix(strings.Repeat("?, ", len(values)), ", ")
		for _, value := range values {
			args = append(args, string(must.NotFail(sjson.MarshalSingleValue(value))))
		}

		if k == "_id" {
			conds = append(conds, fmt.Sprintf(`%s IN (%s)`, metadata.IDColumn, placeholders))
			continue
		}

		conds = append(conds, fmt.Sprintf(
			`(%[1]s->'$.%[2]s' IN (%[3]s) OR json_type(%[1]s, '$.%[2]s') = 'array')`,
			metadata.DefaultColumn, k, placeholders,
		))
	}

	if len(conds) == 0 {
		return "", nil
	}

	return ` WHERE ` + strings.Join(conds, ` AND `), args
}

// equalityValues returns the values a filter condition requires the field to equal one of
// (`v`, `{$eq: v}` or `{$in: [v…]}`), or nil when the condition is anything else. Values are
// strings, or ObjectIDs when objectIDs is set; at most 1000, below SQLite's parameter limit.
func equalityValues(condition any, objectIDs bool) []any {
	usable := func(v any) bool {
		switch v.(type) {
		case string:
			return true
		case types.ObjectID:
			return objectIDs
		default:
			return false
		}
	}

	if usable(condition) {
		return []any{condition}
	}

	doc, ok := condition.(*types.Document)
	if !ok || doc.Len() != 1 {
		return nil
	}

	switch op := doc.Keys()[0]; op {
	case "$eq":
		v := must.NotFail(doc.Get(op))
		if usable(v) {
			return []any{v}
		}
	case "$in":
		arr, ok := must.NotFail(doc.Get(op)).(*types.Array)
		if !ok || arr.Len() == 0 || arr.Len() > 1000 {
			return nil
		}

		values := make([]any, 0, arr.Len())
		for i := 0; i < arr.Len(); i++ {
			v := must.NotFail(arr.Get(i))
			if !usable(v) {
				return nil
			}
			values = append(values, v)
		}

		return values
	}

	return nil
}
