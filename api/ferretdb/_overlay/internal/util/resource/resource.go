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
// tools/ferretdb.cjs): Track and Untrack keep no record. As released, every tracked object (each
// iterator of every query) was added to a pprof profile with its stack and given a finalizer that
// panics when it is collected untracked: a leak detector for FerretDB's own tests, which cost the
// server about 8 % of its CPU and more garbage-collection work under load. The API is unchanged.

// Package resource provides the lifetime-tracking API of FerretDB's objects, as a no-op.
package resource

// Token should be a field of a tracked object.
//
// The underlying type is not struct{} because (from the Go spec)
// "Two distinct zero-size variables may have the same address in memory",
// and they do.
type Token byte

// NewToken returns a new Token.
func NewToken() *Token {
	return new(Token)
}

// Track would track the lifetime of an object until Untrack is called on it; it keeps no record.
func Track(obj any, token *Token) {}

// Untrack would stop tracking the lifetime of an object; it keeps no record.
func Untrack(obj any, token *Token) {}
