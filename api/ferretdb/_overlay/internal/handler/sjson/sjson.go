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
// tools/ferretdb.cjs): reading a stored document (Unmarshal) decodes each distinct schema once and
// keeps it (schemaCache), reads strings without the reflection of encoding/json when they hold no
// escape (plainJSONString), and decodes objects, arrays, numbers, booleans and dates with
// json.Unmarshal instead of a json.Decoder (and its read buffer) for every value. The answers are
// the same (an error's wording aside); decoding was about half of the server's CPU under the load
// bench. Everything else is v1.24.0 as released.

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
	var v map[string]json.RawMessage
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, lazyerrors.Error(err)
	}

	// decode schema from the $s field of the document
	jsch, ok := v["$s"]
	if !ok {
		return nil, lazyerrors.Errorf("schema is not set")
	}

	sch, err := schemaCache.get(jsch)
	if err != nil {
		return nil, lazyerrors.Error(err)
	}

	delete(v, "$s")

	// decode data from the rest of the document using the schema
	if len(sch.Keys) != len(v) {
		return nil, lazyerrors.Errorf(
			"sjson.Unmarshal: the data must have the same number of schema keys and document fields (keys: %d, fields: %d)",
			len(sch.Keys), len(v),
		)
	}

	return documentOfFields(v, sch, "sjson.Unmarshal")
}

// documentOfFields decodes the fields of a document, already split, by its schema, in the schema's
// key order; `where` names the caller in the error for a key the fields lack.
func documentOfFields(fields map[string]json.RawMessage, sch *schema, where string) (*types.Document, error) {
	d := must.NotFail(types.NewDocument())

	for _, key := range sch.Keys {
		b, ok := fields[key]
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
	var rawMessages map[string]json.RawMessage
	if err := json.Unmarshal(data, &rawMessages); err != nil {
		return nil, lazyerrors.Error(err)
	}

	if len(rawMessages) == 0 {
		return must.NotFail(types.NewDocument()), nil
	}

	if sch == nil {
		return nil, lazyerrors.Errorf("document schema is nil for non-empty document")
	}

	if len(sch.Keys) != len(rawMessages) {
		return nil, lazyerrors.Errorf("sjson.documentType.UnmarshalJSON: %d elements in $k in the schema, %d in the document",
			len(sch.Keys), len(rawMessages),
		)
	}

	return documentOfFields(rawMessages, sch, "sjson.documentType.UnmarshalJSON")
}

// unmarshalArray decodes an array value by its items' schemas, as arrayType.UnmarshalJSONWithSchema does.
func unmarshalArray(data []byte, schemas []*elem) (*types.Array, error) {
	var rawMessages []json.RawMessage
	if err := json.Unmarshal(data, &rawMessages); err != nil {
		return nil, lazyerrors.Error(err)
	}

	if len(rawMessages) > 0 && schemas == nil {
		return nil, lazyerrors.Errorf("sjson.arrayType.UnmarshalJSON: array schema is nil for non-empty array")
	}

	if len(schemas) != len(rawMessages) {
		return nil, lazyerrors.Errorf("sjson.arrayType.UnmarshalJSON: %d elements in schema, %d in total",
			len(schemas), len(rawMessages),
		)
	}

	ta := types.MakeArray(len(rawMessages))

	for i, el := range rawMessages {
		v, err := unmarshalSingleValue(el, schemas[i])
		if err != nil {
			return nil, lazyerrors.Error(err)
		}

		ta.Append(v)
	}

	return ta, nil
}

// jsonValue decodes a value stored as a plain JSON number or boolean into a T.
func jsonValue[T float64 | bool | int32 | int64](data []byte) (any, error) {
	var v T
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, lazyerrors.Error(err)
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
		return jsonValue[float64](data)
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
		return jsonValue[bool](data)
	case elemTypeDate:
		var ms int64
		if err := json.Unmarshal(data, &ms); err != nil {
			return nil, lazyerrors.Error(err)
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
		return jsonValue[int32](data)
	case elemTypeTimestamp:
		var t timestampType
		err = t.UnmarshalJSON(data)
		res = &t
	case elemTypeLong:
		return jsonValue[int64](data)
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
