// Request and response structs of the tagging operations: TagResource,
// UntagResource, ListTagsOfResource. Field names follow DynamoDB's
// parameters (ResourceArn -> resource_arn). A resource is a table, named
// by its TableArn (DescribeTable's table_arn); the rules are in
// api/tag_rules.h, the storage in store/tag_set.h.
//
//   db.TagResource({.resource_arn = arn,
//                   .tags = std::vector<Tag>{{"env", "prod"}}});
//   auto listed = db.ListTagsOfResource({.resource_arn = arn});
//   // listed->tags == {{"env", "prod"}}
//   db.UntagResource({.resource_arn = arn,
//                     .tag_keys = std::vector<std::string>{"env"}});
//
// The parameters DynamoDB requires are optional here so that a missing one
// is reported with DynamoDB's message, in DynamoDB's order.
//
// Thread safety: plain structs.

#ifndef DYNAMITE_API_TAG_REQUESTS_H_
#define DYNAMITE_API_TAG_REQUESTS_H_

#include <optional>
#include <string>
#include <vector>

#include "store/tag_set.h"

namespace dynamite {

struct TagResourceRequest {
  std::optional<std::string> resource_arn;
  std::optional<std::vector<Tag>> tags;
};
// TagResource answers an empty body.
struct TagResourceResponse {};

struct UntagResourceRequest {
  std::optional<std::string> resource_arn;
  std::optional<std::vector<std::string>> tag_keys;
};
// UntagResource answers an empty body.
struct UntagResourceResponse {};

struct ListTagsOfResourceRequest {
  std::optional<std::string> resource_arn;
  // Accepted and ignored: every listing fits one page (a table holds at
  // most 50 tags), so Dynamite never returns a NextToken.
  std::optional<std::string> next_token;
};
struct ListTagsOfResourceResponse {
  // In byte order of their keys (see api/tag_rules.h).
  std::vector<Tag> tags;
};

}  // namespace dynamite

#endif  // DYNAMITE_API_TAG_REQUESTS_H_
