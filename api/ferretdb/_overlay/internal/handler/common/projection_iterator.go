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
// tools/ferretdb.cjs): a find without a projection answers the documents as read. As released,
// ProjectionIterator projected every document by the empty projection, which deep-copies it twice
// (ProjectDocument) to answer the same fields in the same order (_id first, as every document keeps
// it): about a tenth of the server's CPU under the load bench. And a projection of top-level fields
// only (`{a: 1, b: 1}`, `{_id: 0, c: 0}`) is applied in one pass over the document: as released,
// ProjectDocument deep-copies the document and, per included field, the projection so far
// (setBySourceOrder), which made a 32-field projection of the catalog's audios three times as slow
// as reading them whole. Same fields, same order. Everything else is v1.24.0 as released.

package common

import (
	"strings"

	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/iterator"
	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
)

// ProjectionIterator returns an iterator that projects documents returned by the underlying iterator.
// It will be added to the given closer.
//
// Next method returns the next projected document.
//
// Close method closes the underlying iterator.
func ProjectionIterator(iter types.DocumentsIterator, closer *iterator.MultiCloser, projection, filter *types.Document) (types.DocumentsIterator, error) { //nolint:lll // for readability
	projectionValidated, inclusion, err := ValidateProjection(projection)
	if err != nil {
		return nil, lazyerrors.Error(err)
	}

	// No projection: every field, in the document's order. The documents are the backend's own
	// (decoded for this query), so there is nothing to copy them from.
	if projectionValidated.Len() == 0 && !inclusion {
		return iter, nil
	}

	res := &projectionIterator{
		iter:       iter,
		projection: projectionValidated,
		filter:     filter,
		inclusion:  inclusion,
		topLevel:   topLevelFields(projectionValidated),
	}
	closer.Add(res)

	return res, nil
}

// projectionIterator is returned by ProjectionIterator.
type projectionIterator struct {
	iter       types.DocumentsIterator
	projection *types.Document
	filter     *types.Document // filter is used by positional operator to get first matching array element.
	inclusion  bool
	// topLevel is the projection's fields other than _id when every one is a top-level name
	// included or excluded by a boolean (nil otherwise: ProjectDocument applies the projection).
	topLevel map[string]struct{}
}

// topLevelFields returns the projection's fields other than _id if every field is a top-level name
// with a boolean value (ValidateProjection turns 0 and 1 into booleans); nil otherwise.
func topLevelFields(projection *types.Document) map[string]struct{} {
	fields := make(map[string]struct{}, projection.Len())
	values := projection.Values()

	for i, key := range projection.Keys() {
		if _, ok := values[i].(bool); !ok || strings.ContainsAny(key, ".$") {
			return nil
		}

		if key != "_id" {
			fields[key] = struct{}{}
		}
	}

	return fields
}

// projectTopLevel answers what ProjectDocument answers for a projection of top-level fields:
// _id first unless the projection excludes it, then the document's fields, in its order, that an
// inclusion names or an exclusion does not. The values are the document's own, as the document
// is the backend's, decoded for this query alone.
func (iter *projectionIterator) projectTopLevel(doc *types.Document) *types.Document {
	keys, values := doc.Keys(), doc.Values()
	projected := types.MakeDocument(len(keys))
	projected.SetRecordID(doc.RecordID())

	if v, err := iter.projection.Get("_id"); err != nil || v.(bool) {
		if id, err := doc.Get("_id"); err == nil {
			projected.Set("_id", id)
		}
	}

	for i, key := range keys {
		if key == "_id" {
			continue
		}

		if _, named := iter.topLevel[key]; named == iter.inclusion {
			projected.Set(key, values[i])
		}
	}

	return projected
}

// Next implements iterator.Interface. See ProjectionIterator for details.
func (iter *projectionIterator) Next() (struct{}, *types.Document, error) {
	var unused struct{}

	_, doc, err := iter.iter.Next()
	if err != nil {
		return unused, nil, lazyerrors.Error(err)
	}

	if iter.topLevel != nil {
		return unused, iter.projectTopLevel(doc), nil
	}

	projected, err := ProjectDocument(doc, iter.projection, iter.filter, iter.inclusion)
	if err != nil {
		return unused, nil, lazyerrors.Error(err)
	}

	return unused, projected, nil
}

// Close implements iterator.Interface. See ProjectionIterator for details.
func (iter *projectionIterator) Close() {
	iter.iter.Close()
}

// check interfaces
var (
	_ types.DocumentsIterator = (*projectionIterator)(nil)
)
