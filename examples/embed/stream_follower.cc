// Embeds Dynamite and follows a table's stream: a thread reads the change
// records (GetRecords, and WaitForStreamRecords at the head instead of
// polling) while the main thread puts, updates and deletes one player's
// score. Prints one line per record, in commit order:
//   INSERT p_ana score=10
//   MODIFY p_ana score 10 -> 25
//   REMOVE p_ana score was 25

#include <cstdio>
#include <string>
#include <thread>

#include "absl/time/time.h"

#include "api/database.h"

namespace {

// The score in an image ("?" when the view type leaves it out).
std::string ScoreOf(const dynamite::AttributeMap& image) {
  auto it = image.find("score");
  return it == image.end() ? "?" : it->second.n().ToString();
}

// Prints `expected` records of the stream's first shard, waiting for each.
bool Follow(dynamite::Database& db, const std::string& stream_arn,
            size_t expected) {
  auto described = db.DescribeStream({.stream_arn = stream_arn});
  if (!described.ok()) return false;
  auto iterator = db.GetShardIterator(
      {.stream_arn = stream_arn,
       .shard_id = described->stream_description.shards.front().shard_id,
       .shard_iterator_type = dynamite::ShardIteratorType::kTrimHorizon});
  if (!iterator.ok()) return false;
  std::string position = iterator->shard_iterator;
  size_t seen = 0;
  while (seen < expected) {
    auto page = db.GetRecords({.shard_iterator = position});
    if (!page.ok() || !page->next_shard_iterator.has_value()) return false;
    position = *page->next_shard_iterator;
    for (const dynamite::StreamEvent& record : page->records) {
      const std::string player = record.keys.at("playerId").s();
      switch (record.event_name) {
        case dynamite::StreamEventType::kInsert:
          std::printf("INSERT %s score=%s\n", player.c_str(),
                      ScoreOf(*record.new_image).c_str());
          break;
        case dynamite::StreamEventType::kModify:
          std::printf("MODIFY %s score %s -> %s\n", player.c_str(),
                      ScoreOf(*record.old_image).c_str(),
                      ScoreOf(*record.new_image).c_str());
          break;
        case dynamite::StreamEventType::kRemove:
          std::printf("REMOVE %s score was %s\n", player.c_str(),
                      ScoreOf(*record.old_image).c_str());
          break;
      }
      ++seen;
    }
    // At the head: sleep until a commit appends; a second without one
    // means the writer failed.
    if (page->records.empty()) {
      auto appended = db.WaitForStreamRecords(position, absl::Seconds(1));
      if (!appended.ok() || !*appended) return false;
    }
  }
  return true;
}

}  // namespace

int main() {
  dynamite::Database db;

  dynamite::CreateTableRequest create;
  create.table_name = "Scores";
  create.key_schema = {{"playerId", dynamite::KeySchemaRole::kHash}};
  create.attribute_definitions = {{"playerId", dynamite::KeyType::kS}};
  create.billing_mode = dynamite::BillingMode::kPayPerRequest;
  create.stream_specification = dynamite::StreamSpecification{
      .stream_enabled = true,
      .stream_view_type = dynamite::StreamViewType::kNewAndOldImages};
  auto created = db.CreateTable(create);
  if (!created.ok()) {
    std::fprintf(stderr, "%s\n", created.status().ToString().c_str());
    return 1;
  }
  const std::string stream_arn = created->table_description.latest_stream_arn;

  bool followed = false;
  std::thread follower([&] { followed = Follow(db, stream_arn, 3); });

  const dynamite::Item key = {
      {"playerId", dynamite::AttributeValue::S("p_ana")}};
  dynamite::PutItemRequest put{.table_name = "Scores", .item = key};
  put.item.emplace("score",
                   dynamite::AttributeValue::N(dynamite::Number::FromInt(10)));
  dynamite::UpdateItemRequest update{
      .table_name = "Scores",
      .key = key,
      .update_expression = "ADD score :bonus",
      .expression_attribute_values = dynamite::AttributeMap{
          {":bonus",
           dynamite::AttributeValue::N(dynamite::Number::FromInt(15))}}};
  dynamite::DeleteItemRequest remove{.table_name = "Scores", .key = key};
  const bool written = db.PutItem(std::move(put)).ok() &&
                       db.UpdateItem(update).ok() && db.DeleteItem(remove).ok();
  follower.join();
  if (!written || !followed) {
    std::fprintf(stderr, "the writes or the stream failed\n");
    return 1;
  }
  return 0;
}
