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
// tools/ferretdb.cjs): reading a stored document (Unmarshal) checks that it is valid JSON once,
// then splits it in one pass (objectFields, arrayItems) instead of decoding every level into a map
// of raw messages, which checked and copied each nested value again per level; it decodes each
// distinct schema once and keeps it (schemaCache), reads strings without the reflection of
// encoding/json when they hold no escape (plainJSONString), and numbers with strconv, as
// encoding/json does. The answers are the same, but for the wording of some errors and for a key
// given twice in one object (an error here; the released code kept the last). Decoding was about
// half of the server's CPU under the load bench. Everything else is v1.24.0 as released.

// Package sjson provides converters from/to jsonb with some extensions for built-in and `types` types.
//
// See contributing guidelines and documentation for package `types` for details.
//
// # Mapping
//
// SJSON uses schema to map values to data types.
// Schema is stored in the `$s` field of the document and contains information about the fields.
// A document with schema looks like this:
//
//	{
//	   "$s": {
//	     "$k": ["field1", "field2", ...],
//	     "p": {
//	       "field1": {<schema>},
//	       "field2": {<schema>},
//	       ...
//	   }
//	   "field1": <json representation>,
//	   "field2": <json representation>,
//	   ...
//	}
//
// Composite types
//
//	Alias      types package    sjson package        sjson schema                                             JSON representation
//
//	object     *types.Document  *sjson.documentType  {"t":"object", "$s": {"$k":[<keys>], "p":{<properties>}} JSON object
//	array      *types.Array     *sjson.arrayType     {"t":"array", "i": [<item 1>, <item 2>]}                 JSON array
//
// Scalar types
//
//	Alias      types package    sjson package         sjson schema                           JSON representation
//
//	double     float64          *sjson.doubleType     {"t":"double"}                         JSON number
//	string     string           *sjson.stringType     {"t":"string"}                         JSON string
//	binData    types.Binary     *sjson.binaryType     {"t":"binData",
//	                                                   "s":<subtype number>}                 "<base 64 string>"
//	objectId   types.ObjectID   *sjson.objectIDType   {"t":"objectId"}                       "<ObjectID as 24 character hex string>"
//	bool       bool             *sjson.boolType       {"t":"bool"}                           JSON true / false values
//	date       time.Time        *sjson.dateTimeType   {"t":"date"}                           milliseconds since epoch as JSON number
//	null       types.NullType   *sjson.nullType       {"t":"null"}                           JSON null
//	regex      types.Regex      *sjson.regexType      {"t":"regex",
//	                                                   "o": "<string w/o terminating 0x0>"}  "<string w/o terminating 0x0>"
//	int        int32            *sjson.int32Type      {"t":"int"}                            JSON number
//	timestamp  types.Timestamp  *sjson.timestampType  {"t":"timestamp"}                      JSON number
//	long       int64            *sjson.int64Type      {"t":"long"}                           JSON number
//
//nolint:lll // for readability
package sjson

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/AlekSi/pointer"

	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// sjsontype is a type that can be marshaled from/to sjson.
//
//sumtype:decl
type sjsontype interface {
	sjsontype() // seal for sumtype

	json.Marshaler
}

// checkConsumed returns error if decoder or reader have buffered or unread data.
func checkConsumed(dec *json.Decoder, r *bytes.Reader) error {
	if dr := dec.Buffered().(*bytes.Reader); dr.Len() != 0 {
		b, _ := io.ReadAll(dr)

		if l := len(b); l != 0 {
			return lazyerrors.Errorf("%d bytes remains in the decoder: %s", l, b)
		}
	}

	if l := r.Len(); l != 0 {
		b, _ := io.ReadAll(r)
		return lazyerrors.Errorf("%d bytes remains in the reader: %s", l, b)
	}

	return nil
}

// fromSJSON converts sjsontype value to matching built-in or types' package value.
func fromSJSON(v sjsontype) any {
	switch v := v.(type) {
	case *documentType:
		return pointer.To(types.Document(*v))
	case *arrayType:
		return pointer.To(types.Array(*v))
	case *doubleType:
		return float64(*v)
	case *stringType:
		return string(*v)
	case *binaryType:
		return types.Binary(*v)
	case *objectIDType:
		return types.ObjectID(*v)
	case *boolType:
		return bool(*v)
	case *dateTimeType:
		return time.Time(*v)
	case *nullType:
		return types.Null
	case *regexType:
		return types.Regex(*v)
	case *int32Type:
		return int32(*v)
	case *timestampType:
		return types.Timestamp(*v)
	case *int64Type:
		return int64(*v)
	}

	panic(fmt.Sprintf("not reached: %T", v)) // for sumtype to work
}

// toSJSON converts built-in or types' package value to sjsontype value.
func toSJSON(v any) sjsontype {
	switch v := v.(type) {
	case *types.Document:
		return pointer.To(documentType(*v))
	case *types.Array:
		return pointer.To(arrayType(*v))
	case float64:
		return pointer.To(doubleType(v))
	case string:
		return pointer.To(stringType(v))
	case types.Binary:
		return pointer.To(binaryType(v))
	case types.ObjectID:
		return pointer.To(objectIDType(v))
	case bool:
		return pointer.To(boolType(v))
	case time.Time:
		return pointer.To(dateTimeType(v))
	case types.NullType:
		return pointer.To(nullType(v))
	case types.Regex:
		return pointer.To(regexType(v))
	case int32:
		return pointer.To(int32Type(v))
	case types.Timestamp:
		return pointer.To(timestampType(v))
	case int64:
		return pointer.To(int64Type(v))
	}

	panic(fmt.Sprintf("not reached: %T", v)) // for sumtype to work
}

// Unmarshal decodes the top-level document.
// It decodes document's schema from the `$s` field and uses it to decode the data of the document.
func Unmarshal(data []byte) (*types.Document, error) {
	if !json.Valid(data) || !opensWith(data, '{') {
		// Not a JSON object: encoding/json says what is wrong, in the released wording. JSON null
		// decodes to no fields, so to no schema, as released.
		var v map[string]json.RawMessage
		if err := json.Unmarshal(data, &v); err != nil {
			return nil, lazyerrors.Error(err)
		}

		return nil, lazyerrors.Errorf("schema is not set")
	}

	fields := objectFields(data, make([]field, 0, 32))

	// decode schema from the $s field of the document
	at := -1

	for i := range fields {
		if fields[i].key == "$s" {
			at = i
		}
	}

	if at < 0 {
		return nil, lazyerrors.Errorf("schema is not set")
	}

	sch, err := schemaCache.get(fields[at].value)
	if err != nil {
		return nil, lazyerrors.Error(err)
	}

	fields = append(fields[:at], fields[at+1:]...)

	// decode data from the rest of the document using the schema
	if len(sch.Keys) != len(fields) {
		return nil, lazyerrors.Errorf(
			"sjson.Unmarshal: the data must have the same number of schema keys and document fields (keys: %d, fields: %d)",
			len(sch.Keys), len(fields),
		)
	}

	return documentOfFields(fields, sch, "sjson.Unmarshal")
}

// documentOfFields decodes the fields of a document, already split, by its schema, in the schema's
// key order; `where` names the caller in the error for a key the fields lack.
func documentOfFields(fields []field, sch *schema, where string) (*types.Document, error) {
	d := must.NotFail(types.NewDocument())

	for i, key := range sch.Keys {
		b, ok := valueOf(fields, i, key)
		if !ok {
			return nil, lazyerrors.Errorf("%s: missing key %q", where, key)
		}

		v, err := unmarshalSingleValue(b, sch.Properties[key])
		if err != nil {
			return nil, lazyerrors.Error(err)
		}

		d.Set(key, v)
	}

	return d, nil
}

// field is one member of a JSON object: its key, decoded, and its value's JSON.
type field struct {
	key   string
	value []byte
}

// valueOf returns the value of key among fields, looking first at position i: documents are stored
// with their fields in the order of their schema's keys.
func valueOf(fields []field, i int, key string) ([]byte, bool) {
	if i < len(fields) && fields[i].key == key {
		return fields[i].value, true
	}

	for _, f := range fields {
		if f.key == key {
			return f.value, true
		}
	}

	return nil, false
}

// The scanner below splits JSON that is known to be valid (json.Valid was true for the whole
// stored document) in one pass, instead of decoding each level into a map of raw messages, which
// validated and copied every nested value once more per level.

// opensWith reports whether valid JSON data is a value that starts with c ('{' an object, '[' an array).
func opensWith(data []byte, c byte) bool {
	i := skipSpace(data, 0)
	return i < len(data) && data[i] == c
}

// skipSpace returns the index of the first byte at or after i that is not JSON white space.
func skipSpace(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}

	return i
}

// stringEnd returns the index just past the string literal that starts at data[i].
func stringEnd(data []byte, i int) int {
	for i++; i < len(data); i++ {
		switch data[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}

	return i
}

// valueEnd returns the index just past the JSON value that starts at data[i].
func valueEnd(data []byte, i int) int {
	switch data[i] {
	case '"':
		return stringEnd(data, i)
	case '{', '[':
		depth := 0

		for ; i < len(data); i++ {
			switch data[i] {
			case '"':
				i = stringEnd(data, i) - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return i + 1
				}
			}
		}

		return i
	default: // a number, true, false or null
		for i < len(data) && data[i] != ',' && data[i] != '}' && data[i] != ']' &&
			data[i] != ' ' && data[i] != '\t' && data[i] != '\n' && data[i] != '\r' {
			i++
		}

		return i
	}
}

// jsonKey decodes a string literal (an object's key).
func jsonKey(data []byte) string {
	if s, ok := plainJSONString(data); ok {
		return s
	}

	var s string
	must.NoError(json.Unmarshal(data, &s)) // valid JSON: a string literal decodes

	return s
}

// objectFields appends the members of the valid JSON object data to fields, in their order.
func objectFields(data []byte, fields []field) []field {
	i := skipSpace(data, skipSpace(data, 0)+1) // past '{'

	for i < len(data) && data[i] == '"' {
		keyEnd := stringEnd(data, i)
		key := jsonKey(data[i:keyEnd])
		start := skipSpace(data, skipSpace(data, keyEnd)+1) // past ':'
		end := valueEnd(data, start)
		fields = append(fields, field{key: key, value: data[start:end]})
		i = skipSpace(data, end)

		if i < len(data) && data[i] == ',' {
			i = skipSpace(data, i+1)
		}
	}

	return fields
}

// arrayItems appends the items of the valid JSON array data to items, in their order.
func arrayItems(data []byte, items [][]byte) [][]byte {
	i := skipSpace(data, skipSpace(data, 0)+1) // past '['

	for i < len(data) && data[i] != ']' {
		end := valueEnd(data, i)
		items = append(items, data[i:end])
		i = skipSpace(data, end)

		if i < len(data) && data[i] == ',' {
			i = skipSpace(data, i+1)
		}
	}

	return items
}

// schemaCacheSize and schemaCacheBytes bound the decoded schemas kept (their number, and the length
// of their JSON: an array's schema grows with it); the cache starts afresh when either is reached.
const (
	schemaCacheSize  = 4096
	schemaCacheBytes = 16 << 20
)

// schemaCache holds decoded schemas by their JSON: the documents of a collection share a few
// shapes, and decoding a schema (reflection over nested structs) cost as much as the data. Decoded
// schemas are only read, so one may serve concurrent readers.
var schemaCache = decodedSchemas{byJSON: make(map[string]*schema)}

type decodedSchemas struct {
	mu     sync.Mutex
	byJSON map[string]*schema
	bytes  int
}

// get returns the schema encoded as data, decoding it (strictly, as the released code does) on a miss.
func (c *decodedSchemas) get(data []byte) (*schema, error) {
	c.mu.Lock()
	sch, ok := c.byJSON[string(data)]
	c.mu.Unlock()

	if ok {
		return sch, nil
	}

	sch = new(schema)
	r := bytes.NewReader(data)
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()

	if err := dec.Decode(sch); err != nil {
		return nil, lazyerrors.Error(err)
	}

	if err := checkConsumed(dec, r); err != nil {
		return nil, lazyerrors.Error(err)
	}

	c.mu.Lock()
	if len(c.byJSON) >= schemaCacheSize || c.bytes+len(data) > schemaCacheBytes {
		c.byJSON = make(map[string]*schema)
		c.bytes = 0
	}
	c.byJSON[string(data)] = sch
	c.bytes += len(data)
	c.mu.Unlock()

	return sch, nil
}

// plainJSONString returns the value of a JSON string literal holding no escape, control character
// or invalid UTF-8 (what encoding/json would decode to the same bytes), and false for any other data.
func plainJSONString(data []byte) (string, bool) {
	if len(data) < 2 || data[0] != '"' || data[len(data)-1] != '"' {
		return "", false
	}

	inner := data[1 : len(data)-1]
	for _, c := range inner {
		if c < 0x20 || c == '"' || c == '\\' {
			return "", false
		}
	}

	if !utf8.Valid(inner) {
		return "", false
	}

	return string(inner), true
}

// unmarshalDocument decodes an object value by its schema, as documentType.UnmarshalJSONWithSchema does.
func unmarshalDocument(data []byte, sch *schema) (*types.Document, error) {
	if !opensWith(data, '{') {
		return nil, lazyerrors.Errorf("sjson.documentType.UnmarshalJSON: expected an object, got %.20s", data)
	}

	fields := objectFields(data, make([]field, 0, 8))
	if len(fields) == 0 {
		return must.NotFail(types.NewDocument()), nil
	}

	if sch == nil {
		return nil, lazyerrors.Errorf("document schema is nil for non-empty document")
	}

	if len(sch.Keys) != len(fields) {
		return nil, lazyerrors.Errorf("sjson.documentType.UnmarshalJSON: %d elements in $k in the schema, %d in the document",
			len(sch.Keys), len(fields),
		)
	}

	return documentOfFields(fields, sch, "sjson.documentType.UnmarshalJSON")
}

// unmarshalArray decodes an array value by its items' schemas, as arrayType.UnmarshalJSONWithSchema does.
func unmarshalArray(data []byte, schemas []*elem) (*types.Array, error) {
	if !opensWith(data, '[') {
		return nil, lazyerrors.Errorf("sjson.arrayType.UnmarshalJSON: expected an array, got %.20s", data)
	}

	items := arrayItems(data, make([][]byte, 0, len(schemas)))

	if len(items) > 0 && schemas == nil {
		return nil, lazyerrors.Errorf("sjson.arrayType.UnmarshalJSON: array schema is nil for non-empty array")
	}

	if len(schemas) != len(items) {
		return nil, lazyerrors.Errorf("sjson.arrayType.UnmarshalJSON: %d elements in schema, %d in total",
			len(schemas), len(items),
		)
	}

	ta := types.MakeArray(len(items))

	for i, el := range items {
		v, err := unmarshalSingleValue(el, schemas[i])
		if err != nil {
			return nil, lazyerrors.Error(err)
		}

		ta.Append(v)
	}

	return ta, nil
}

// numberOrError answers a number parsed with strconv (as encoding/json parses it, the whole document
// having been checked to be valid JSON), or says which stored value it could not parse.
func numberOrError[T float64 | int32 | int64](v T, err error, data []byte) (any, error) {
	if err != nil {
		return nil, lazyerrors.Errorf("sjson: cannot decode %q as %T: %v", data, v, err)
	}

	return v, nil
}

// valueOrError returns a decoded document or array as a value, or the error that stopped it.
func valueOrError[T *types.Document | *types.Array](v T, err error) (any, error) {
	if err != nil {
		return nil, lazyerrors.Error(err)
	}

	return v, nil
}

// unmarshalSingleValue decodes the given sjson-encoded data element by the given schema.
func unmarshalSingleValue(data json.RawMessage, sch *elem) (any, error) {
	if bytes.Equal(data, []byte("null")) {
		return fromSJSON(new(nullType)), nil
	}

	if sch == nil {
		return nil, lazyerrors.Errorf("schema is not set")
	}

	var res sjsontype
	var err error

	switch sch.Type {
	case elemTypeObject:
		if sch.Schema == nil {
			return nil, lazyerrors.Errorf("sjson.unmarshalSingleValue: schema is not set")
		}

		return valueOrError(unmarshalDocument(data, sch.Schema))
	case elemTypeArray:
		if sch.Items == nil {
			return nil, lazyerrors.Errorf("sjson.unmarshalSingleValue: schema's items are not set")
		}

		return valueOrError(unmarshalArray(data, sch.Items))
	case elemTypeDouble:
		f, err := strconv.ParseFloat(string(data), 64)
		return numberOrError(f, err, data)
	case elemTypeString:
		if str, ok := plainJSONString(data); ok {
			return str, nil
		}

		var s stringType
		err = s.UnmarshalJSON(data)
		res = &s
	case elemTypeBinData:
		var b binaryType
		err = b.UnmarshalJSONWithSchema(data, sch)
		res = &b
	case elemTypeObjectID:
		var o objectIDType
		err = o.UnmarshalJSON(data)
		res = &o
	case elemTypeBool:
		switch string(data) {
		case "true":
			return true, nil
		case "false":
			return false, nil
		}

		return nil, lazyerrors.Errorf("sjson: cannot decode %q as a bool", data)
	case elemTypeDate:
		ms, err := strconv.ParseInt(string(data), 10, 64)
		if err != nil {
			return numberOrError(ms, err, data)
		}

		// Use .UTC().
		// TODO https://github.com/FerretDB/FerretDB/issues/43
		return time.UnixMilli(ms), nil
	case elemTypeNull:
		return nil, lazyerrors.Errorf("sjson.unmarshalSingleValue: expected null, got %s", data)
	case elemTypeRegex:
		var r regexType
		err = r.UnmarshalJSONWithSchema(data, sch)
		res = &r
	case elemTypeInt:
		n, err := strconv.ParseInt(string(data), 10, 32)
		return numberOrError(int32(n), err, data)
	case elemTypeTimestamp:
		var t timestampType
		err = t.UnmarshalJSON(data)
		res = &t
	case elemTypeLong:
		n, err := strconv.ParseInt(string(data), 10, 64)
		return numberOrError(n, err, data)
	default:
		return nil, lazyerrors.Errorf("sjson.unmarshalSingleValue: unhandled type %q", sch.Type)
	}

	if err != nil {
		return nil, lazyerrors.Error(err)
	}

	return fromSJSON(res), nil
}

// Marshal encodes given document fields and set its schema in the field $s.
// Use it when you need to encode a document with schema, for example, when you want to store it in a database.
func Marshal(d *types.Document) ([]byte, error) {
	if d == nil {
		panic("v is nil")
	}

	schema, err := marshalSchemaForDoc(d)
	if err != nil {
		return nil, err
	}

	var buf bytes.Buffer

	buf.WriteString(`{"$s":`)
	buf.Write(schema)

	keys := d.Keys()
	values := d.Values()

	for i, key := range keys {
		buf.WriteByte(',')
		buf.WriteString(`"`)
		buf.WriteString(key)
		buf.WriteString(`":`)

		b, err := toSJSON(values[i]).MarshalJSON()
		if err != nil {
			return nil, lazyerrors.Error(err)
		}

		buf.Write(b)
	}

	buf.WriteByte('}')

	return buf.Bytes(), nil
}

// MarshalSingleValue encodes given built-in or types' package value into sjson.
// Use it when you need to encode a single value, for example in a where clause.
func MarshalSingleValue(v any) ([]byte, error) {
	if v == nil {
		panic("v is nil")
	}

	b, err := toSJSON(v).MarshalJSON()
	if err != nil {
		return nil, lazyerrors.Error(err)
	}

	return b, nil
}
