// Embeds Dynamite: creates a leaderboard table, stores four scores under
// inverted, zero-padded sort keys, and reads the top three with one Query.

#include <cstdio>
#include <string>
#include <utility>

#include "absl/strings/str_format.h"

#include "api/database.h"

int main() {
  dynamite::Database db;

  dynamite::CreateTableRequest create;
  create.table_name = "Leaderboard";
  create.key_schema = {{"leaderboardId", dynamite::KeySchemaRole::kHash},
                       {"rankKey", dynamite::KeySchemaRole::kRange}};
  create.attribute_definitions = {{"leaderboardId", dynamite::KeyType::kS},
                                  {"rankKey", dynamite::KeyType::kS}};
  create.billing_mode = dynamite::BillingMode::kPayPerRequest;
  if (auto created = db.CreateTable(create); !created.ok()) {
    std::fprintf(stderr, "%s\n", created.status().ToString().c_str());
    return 1;
  }

  const struct {
    const char* player;
    int score;
  } scores[] = {{"p_ana", 10}, {"p_bea", 1500}, {"p_cleo", 240}, {"p_dan", 9}};
  for (const auto& [player, score] : scores) {
    dynamite::PutItemRequest put;
    put.table_name = "Leaderboard";
    put.item = {
        {"leaderboardId", dynamite::AttributeValue::S("SEASON#2026-SPRING")},
        // Best score first: 9999999999 - score, padded to ten digits.
        {"rankKey", dynamite::AttributeValue::S(absl::StrFormat(
                        "%010d#%s", 9999999999LL - score, player))},
        {"playerId", dynamite::AttributeValue::S(player)},
        {"score",
         dynamite::AttributeValue::N(dynamite::Number::FromInt(score))},
    };
    // By value: std::move hands the item to the table without a copy.
    if (auto put_result = db.PutItem(std::move(put)); !put_result.ok()) {
      std::fprintf(stderr, "%s\n", put_result.status().ToString().c_str());
      return 1;
    }
  }

  dynamite::QueryRequest query;
  query.table_name = "Leaderboard";
  query.key_condition_expression = "leaderboardId = :s";
  query.expression_attribute_values = dynamite::AttributeMap{
      {":s", dynamite::AttributeValue::S("SEASON#2026-SPRING")}};
  query.limit = 3;
  absl::StatusOr<dynamite::QueryResponse> page = db.Query(query);
  if (!page.ok()) {
    std::fprintf(stderr, "%s\n", page.status().ToString().c_str());
    return 1;
  }
  for (const dynamite::ItemPtr& item : page->items) {
    std::printf("%s %s\n", item->at("playerId").s().c_str(),
                item->at("score").n().ToString().c_str());
  }
  return 0;
}
