// Readers of DynamoDB's legacy request parameters (query/legacy.h) from a
// request body, reporting DynamoDB's type errors (stage 1) and enum
// constraint errors (stage 3) through a RequestReader:
//
//   KeyConditions / QueryFilter / ScanFilter
//       {"a": {"ComparisonOperator": "EQ", "AttributeValueList": [...]}}
//   Expected
//       {"a": {"Value": ..., "Exists": bool, "ComparisonOperator": ...,
//              "AttributeValueList": [...]}}
//   AttributeUpdates   {"a": {"Action": "PUT|ADD|DELETE", "Value": ...}}
//   AttributesToGet    ["a", ...]
//   ConditionalOperator "AND" | "OR"
//
// A map entry whose value is JSON null is skipped, as DynamoDB ignores null
// members. Enum errors name the member by its path, e.g.
// "queryFilter.a.member.comparisonOperator" (dynalite test/query.js,
// recorded against DynamoDB); a Condition without a ComparisonOperator is
// "Value null at '<path>' ...: Member must not be null".
//
// Thread safety: used with one RequestReader on one thread.

#ifndef DYNAMITE_WIRE_LEGACY_JSON_H_
#define DYNAMITE_WIRE_LEGACY_JSON_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"

#include "query/legacy.h"
#include "wire/request_reader.h"

namespace dynamite {

// KeyConditions, QueryFilter or ScanFilter: the top-level member `name`,
// whose constraint path is `path` ("keyConditions", ...).
std::optional<LegacyConditions> ReadLegacyConditions(RequestReader& reader,
                                                     absl::string_view name,
                                                     absl::string_view path);

std::optional<ExpectedAttributeValues> ReadExpected(RequestReader& reader);

std::optional<AttributeValueUpdates> ReadAttributeUpdates(
    RequestReader& reader);

std::optional<std::vector<std::string>> ReadAttributesToGet(
    RequestReader& reader);

std::optional<ConditionalOperator> ReadConditionalOperator(
    RequestReader& reader);

}  // namespace dynamite

#endif  // DYNAMITE_WIRE_LEGACY_JSON_H_
