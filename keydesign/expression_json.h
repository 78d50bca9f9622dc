// The DynamoDB JSON request fragment of built expressions, ready to paste
// into an SDK call or an AWS CLI --cli-input-json file:
//
//   {"TableName": "Events",
//    "KeyConditionExpression": "pk = :v0 AND sk BETWEEN :v1 AND :v2",
//    "ExpressionAttributeNames": {"#n0": "status"},
//    "ExpressionAttributeValues": {":v0": {"S": "USER#1"}, ...}}
//
// Members come in a fixed order (TableName, KeyConditionExpression,
// FilterExpression, ConditionExpression, UpdateExpression,
// ExpressionAttributeNames, ExpressionAttributeValues); an absent
// expression, and an empty names or values map, is left out, because
// DynamoDB rejects empty maps (reference §7.2). Written with wire/'s JSON
// writer and value encoder, so strings are escaped and values encoded
// exactly as a DynamoDB response would encode them.
//
// Thread safety: pure functions.

#ifndef DYNAMITE_KEYDESIGN_EXPRESSION_JSON_H_
#define DYNAMITE_KEYDESIGN_EXPRESSION_JSON_H_

#include <string>

#include "absl/strings/string_view.h"

#include "keydesign/expression_builder.h"

namespace dynamite {

// The compact JSON object of `expressions`, with "TableName" first unless
// `table_name` is empty.
std::string ExpressionsToJson(const BuiltExpressions& expressions,
                              absl::string_view table_name);

}  // namespace dynamite

#endif  // DYNAMITE_KEYDESIGN_EXPRESSION_JSON_H_
