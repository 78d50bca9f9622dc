// DynamoDB JSON <-> the tagging operations: TagResource, UntagResource,
// ListTagsOfResource (api/tag_requests.h), and the Tags list CreateTable
// shares with TagResource.
//
// Requests: {"ResourceArn": "...", "Tags": [{"Key": "k", "Value": "v"}]},
// {"ResourceArn": "...", "TagKeys": ["k"]}, {"ResourceArn": "...",
// "NextToken": "..."}. Responses: TagResource and UntagResource answer an
// empty body (not {}); ListTagsOfResource {"Tags": [{"Key": ..., "Value":
// ...}]} (no NextToken: one page holds every tag).
//
// A Tag without its Key or Value is refused here, with DynamoDB's "The Tag
// Key provided is invalid, Key: null" / "The Tag Value provided is
// invalid, Value: null"; every other rule is the api's (api/tag_rules.h).
//
// Thread safety: pure functions.

#ifndef DYNAMITE_WIRE_TAG_JSON_H_
#define DYNAMITE_WIRE_TAG_JSON_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

#include "api/tag_requests.h"
#include "wire/json.h"
#include "wire/request_reader.h"

namespace dynamite {

// A Tags list (`member` nullptr when absent: std::nullopt).
std::optional<std::vector<Tag>> ReadTags(RequestReader& reader,
                                         const JsonValue* member);

// REQUIRES for the decoders: body.IsObject().
absl::StatusOr<TagResourceRequest> DecodeTagResourceRequest(
    const JsonValue& body);
absl::StatusOr<UntagResourceRequest> DecodeUntagResourceRequest(
    const JsonValue& body);
absl::StatusOr<ListTagsOfResourceRequest> DecodeListTagsOfResourceRequest(
    const JsonValue& body);

std::string EncodeTagResourceResponse(const TagResourceResponse& response);
std::string EncodeUntagResourceResponse(const UntagResourceResponse& response);
std::string EncodeListTagsOfResourceResponse(
    const ListTagsOfResourceResponse& response);

}  // namespace dynamite

#endif  // DYNAMITE_WIRE_TAG_JSON_H_
