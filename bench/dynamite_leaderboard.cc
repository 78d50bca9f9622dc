#include "bench/dynamite_leaderboard.h"

#include <string>

#include "store/number.h"

namespace dynamite {

Item LeaderboardItemToItem(const LeaderboardItem& item) {
  return Item{
      {std::string(kLeaderboardPartitionKey),
       AttributeValue::S(item.leaderboard_id)},
      {std::string(kLeaderboardSortKey), AttributeValue::S(item.rank_key)},
      {"playerId", AttributeValue::S(item.player_id)},
      {"score", AttributeValue::N(Number::FromInt(item.score))},
      {"ts", AttributeValue::N(Number::FromInt(item.ts))},
      {"name", AttributeValue::S(item.name)},
  };
}

Item LeaderboardKeyToItem(const LeaderboardItem& item) {
  return Item{
      {std::string(kLeaderboardPartitionKey),
       AttributeValue::S(item.leaderboard_id)},
      {std::string(kLeaderboardSortKey), AttributeValue::S(item.rank_key)},
  };
}

absl::Status CreateLeaderboardTable(Database& db) {
  CreateTableRequest create{
      .table_name = std::string(kLeaderboardTable),
      .key_schema = {{std::string(kLeaderboardPartitionKey),
                      KeySchemaRole::kHash},
                     {std::string(kLeaderboardSortKey), KeySchemaRole::kRange}},
      .attribute_definitions = {{std::string(kLeaderboardPartitionKey),
                                 KeyType::kS},
                                {std::string(kLeaderboardSortKey),
                                 KeyType::kS}},
      .billing_mode = BillingMode::kPayPerRequest};
  return db.CreateTable(create).status();
}

const std::vector<LeaderboardItem>& LeaderboardPool() {
  static const auto* pool = new std::vector<LeaderboardItem>(
      GenerateLeaderboard(kLeaderboardPoolSize));
  return *pool;
}

}  // namespace dynamite
