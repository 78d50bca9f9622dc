// The stream store's record in a snapshot (durability/stream_state_codec.h):
// it decodes to what was encoded, and a cut or damaged one is an error,
// never a partial store.

#include "durability/stream_state_codec.h"

#include <string>

#include "absl/time/time.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "common/errors.h"
#include "store/item.h"
#include "store/packed_item.h"
#include "tests/support/database_fixtures.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::ErrorKindIs;
using ::dynamite::testing::IsOk;

PackedItemRef Image(const std::string& pk) {
  const Item item{{"pk", testing::S(pk)}};
  return PackedItem::Pack(item, ItemSize(item));
}

StreamStoreState SampleState() {
  StreamStoreState state;
  state.next_sequence_number = 42;
  state.shards_opened = 2;
  state.trimmed_records = 7;
  StreamState& stream = state.streams.emplace_back();
  stream.info.arn = "arn:aws:dynamodb:ddblocal:000000000000:table/t/stream/L";
  stream.info.label = "L";
  stream.info.table_name = "t";
  stream.info.key_schema.partition_key = {"pk", KeyType::kS};
  stream.info.key_schema.sort_key = KeyAttribute{"sk", KeyType::kN};
  stream.info.view_type = StreamViewType::kNewAndOldImages;
  stream.info.enabled = true;
  stream.info.created = absl::FromUnixSeconds(1767225600);
  StreamShardState& closed = stream.shards.emplace_back();
  closed.info = {.shard_id = "shardId-1",
                 .starting_sequence_number = 1,
                 .ending_sequence_number = 40};
  closed.opened = absl::FromUnixSeconds(1767225601);
  closed.trimmed_through = 38;
  closed.last_sequence_number = 40;
  closed.appended = 40;
  closed.records.push_back({.sequence_number = 39,
                            .event_name = StreamEventName::kModify,
                            .created = absl::FromUnixMillis(1767225602123),
                            .old_image = Image("a"),
                            .new_image = Image("b"),
                            .size_bytes = 9});
  closed.records.push_back({.sequence_number = 40,
                            .event_name = StreamEventName::kRemove,
                            .created = absl::FromUnixSeconds(1767225603),
                            .old_image = Image("b"),
                            .by_time_to_live = true,
                            .size_bytes = 5});
  StreamShardState& open = stream.shards.emplace_back();
  open.info = {.shard_id = "shardId-2",
               .parent_shard_id = "shardId-1",
               .starting_sequence_number = 41};
  open.opened = absl::FromUnixSeconds(1767225604);
  return state;
}

TEST(StreamStateCodecTest, DecodesWhatWasEncoded) {
  std::string payload;
  EncodeStreamState(SampleState(), payload);
  EXPECT_TRUE(IsStreamStateRecord(payload));
  auto decoded = DecodeStreamState(payload);
  ASSERT_THAT(decoded, IsOk());
  // Encoding the decoded state gives the same bytes: every field came back.
  std::string again;
  EncodeStreamState(*decoded, again);
  EXPECT_EQ(again, payload);
  ASSERT_EQ(decoded->streams.size(), 1u);
  const StreamState& stream = decoded->streams[0];
  ASSERT_EQ(stream.shards.size(), 2u);
  const StreamRecord& modify = stream.shards[0].records[0];
  EXPECT_EQ(modify.created, absl::FromUnixMillis(1767225602123));
  ASSERT_TRUE(modify.new_image);
  EXPECT_EQ(modify.new_image->Find("pk")->s(), "b");
  EXPECT_FALSE(stream.shards[0].records[1].new_image);
  EXPECT_TRUE(stream.shards[0].records[1].by_time_to_live);
  EXPECT_EQ(stream.shards[1].info.parent_shard_id, "shardId-1");
  EXPECT_FALSE(stream.shards[1].info.ending_sequence_number.has_value());
}

TEST(StreamStateCodecTest, ACutOrPaddedRecordIsRefused) {
  std::string payload;
  EncodeStreamState(SampleState(), payload);
  for (size_t cut : {payload.size() - 1, payload.size() / 2, size_t{20}}) {
    EXPECT_THAT(DecodeStreamState(payload.substr(0, cut)),
                ErrorKindIs(ErrorKind::kInternal))
        << cut;
  }
  EXPECT_THAT(DecodeStreamState(payload + "x"),
              ErrorKindIs(ErrorKind::kInternal));
  EXPECT_FALSE(IsStreamStateRecord("dynamite snapshot end"));
}

}  // namespace
}  // namespace dynamite
