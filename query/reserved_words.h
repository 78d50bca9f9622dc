// DynamoDB's reserved words: names that may not appear unescaped in an
// expression.
//
// The list is the 573 words of the AWS Developer Guide page "Reserved words
// in DynamoDB" (identical, word for word, to the copies in dynalite's
// validations/index.js, moto's parsing/reserved_keywords.txt and Dynamoid's
// RESERVED_WORDS). It is stored upper-case and sorted, and a lookup is a
// binary search. Matching is case-insensitive: `name`, `Name` and `NAME` are
// all reserved. REMOVE is not on the list; NAME, DATA, STATUS, SIZE, COUNT,
// VALUE, USER, DATE, YEAR, KEY, TTL, DELETE, SET and ADD are.
//
// Thread safety: the list is immutable static data; all functions may be
// called concurrently.

#ifndef DYNAMITE_QUERY_RESERVED_WORDS_H_
#define DYNAMITE_QUERY_RESERVED_WORDS_H_

#include "absl/strings/string_view.h"
#include "absl/types/span.h"

namespace dynamite {

// True if `word` is a DynamoDB reserved word, ignoring ASCII case.
bool IsReservedWord(absl::string_view word);

// Every reserved word, upper-case, in ascending byte order. The views point
// at static storage and never dangle.
absl::Span<const absl::string_view> AllReservedWords();

}  // namespace dynamite

#endif  // DYNAMITE_QUERY_RESERVED_WORDS_H_
