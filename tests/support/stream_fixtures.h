// Shared set-up for tests that read a table's stream through the Database:
// a table with a KEYS_ONLY stream, and the keys its records hold.
//
// Thread safety: as the Database.

#ifndef DYNAMITE_TESTS_SUPPORT_STREAM_FIXTURES_H_
#define DYNAMITE_TESTS_SUPPORT_STREAM_FIXTURES_H_

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "tests/support/database_fixtures.h"
#include "tests/support/status_matchers.h"

namespace dynamite::testing {

// Creates table `name`, keyed by pk (S), with a KEYS_ONLY stream; returns
// the stream's ARN ("" on failure, which the test is told of).
inline std::string CreateStreamedTable(Database& db, const std::string& name) {
  CreateTableRequest request = TableRequest(name, KeyType::kS, {});
  request.stream_specification = StreamSpecification{
      .stream_enabled = true, .stream_view_type = StreamViewType::kKeysOnly};
  auto created = db.CreateTable(request);
  EXPECT_THAT(created, IsOk());
  return created.ok() ? created->table_description.latest_stream_arn : "";
}

// The pk of each record of the stream's only shard, from its trim horizon.
inline std::vector<std::string> StreamedKeys(Database& db,
                                             const std::string& arn) {
  std::vector<std::string> keys;
  auto stream = db.DescribeStream({.stream_arn = arn});
  EXPECT_THAT(stream, IsOk());
  if (!stream.ok()) return keys;
  EXPECT_THAT(stream->stream_description.shards, ::testing::SizeIs(1));
  if (stream->stream_description.shards.empty()) return keys;
  auto iterator = db.GetShardIterator(
      {.stream_arn = arn,
       .shard_id = stream->stream_description.shards.front().shard_id,
       .shard_iterator_type = ShardIteratorType::kTrimHorizon});
  EXPECT_THAT(iterator, IsOk());
  if (!iterator.ok()) return keys;
  auto records = db.GetRecords({.shard_iterator = iterator->shard_iterator});
  EXPECT_THAT(records, IsOk());
  if (!records.ok()) return keys;
  for (const StreamEvent& event : records->records) {
    keys.push_back(event.keys.at("pk").s());
  }
  return keys;
}

}  // namespace dynamite::testing

#endif  // DYNAMITE_TESTS_SUPPORT_STREAM_FIXTURES_H_
