#include "bench/dynamite_audit_log.h"

#include <cstdint>
#include <iterator>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

#include "api/database.h"
#include "bench/audit_log_workload.h"

namespace dynamite {
namespace {

Item KeyOf(const AuditLogItem& item) {
  return Item{
      {std::string(kAuditLogPartitionKey), AttributeValue::S(item.pk)},
      {std::string(kAuditLogSortKey), AttributeValue::S(item.sk)},
  };
}

absl::Status CreateAuditLogTable(Database& db) {
  CreateTableRequest create{
      .table_name = std::string(kAuditLogTable),
      .key_schema = {{std::string(kAuditLogPartitionKey), KeySchemaRole::kHash},
                     {std::string(kAuditLogSortKey), KeySchemaRole::kRange}},
      .attribute_definitions = {{std::string(kAuditLogPartitionKey),
                                 KeyType::kS},
                                {std::string(kAuditLogSortKey), KeyType::kS}},
      .billing_mode = BillingMode::kPayPerRequest};
  return db.CreateTable(create).status();
}

// Runs `query`, then the pages after it, moving their items into `items`;
// returns the summed Count.
absl::StatusOr<int64_t> QueryAllPages(Database& db, QueryRequest query,
                                      std::vector<ItemPtr>& items) {
  int64_t count = 0;
  while (true) {
    absl::StatusOr<QueryResponse> page = db.Query(query);
    if (!page.ok()) return page.status();
    count += page->count;
    if (items.empty()) {
      items = std::move(page->items);
    } else {
      items.insert(items.end(), std::make_move_iterator(page->items.begin()),
                   std::make_move_iterator(page->items.end()));
    }
    if (!page->last_evaluated_key.has_value()) return count;
    query.exclusive_start_key = std::move(page->last_evaluated_key);
  }
}

constexpr absl::string_view kWindowCondition =
    "PK = :a AND SK BETWEEN :from AND :to";

// The Query of window.
QueryRequest WindowQuery(absl::string_view pk) {
  return QueryRequest{
      .table_name = std::string(kAuditLogTable),
      .key_condition_expression = std::string(kWindowCondition),
      .expression_attribute_values = ExpressionAttributeValues{
          {":a", AttributeValue::S(std::string(pk))},
          {":from", AttributeValue::S(std::string(kAuditLogWindowFrom))},
          {":to", AttributeValue::S(std::string(kAuditLogWindowTo))}}};
}

// The Query of filtered: window's with a FilterExpression, written whole as
// a caller writes it (adding :x to window's finished map would grow its
// vector, a cost of the benchmark's, not of the request).
QueryRequest FilteredQuery(absl::string_view pk, absl::string_view action) {
  return QueryRequest{
      .table_name = std::string(kAuditLogTable),
      .key_condition_expression = std::string(kWindowCondition),
      // ACTION is one of DynamoDB's reserved words, so the attribute goes
      // by a name placeholder, as it must against DynamoDB.
      .filter_expression = "#action = :x",
      .expression_attribute_names =
          ExpressionAttributeNames{{"#action", "action"}},
      .expression_attribute_values = ExpressionAttributeValues{
          {":a", AttributeValue::S(std::string(pk))},
          {":from", AttributeValue::S(std::string(kAuditLogWindowFrom))},
          {":to", AttributeValue::S(std::string(kAuditLogWindowTo))},
          {":x", AttributeValue::S(std::string(action))}}};
}

}  // namespace

Item AuditLogItemToItem(const AuditLogItem& item) {
  AttributeMap details{{"agent", AttributeValue::S(item.agent)},
                       {"region", AttributeValue::S(item.region)},
                       {"session", AttributeValue::S(item.session)}};
  if (item.detail_count >= 4) {
    details.emplace("bytes", AttributeValue::N(Number::FromInt(item.bytes)));
  }
  if (item.detail_count >= 5) {
    details.emplace("ok", AttributeValue::Bool(item.ok));
  }
  return Item{
      {std::string(kAuditLogPartitionKey), AttributeValue::S(item.pk)},
      {std::string(kAuditLogSortKey), AttributeValue::S(item.sk)},
      {"action", AttributeValue::S(item.action)},
      {"target", AttributeValue::S(item.target)},
      {"ip", AttributeValue::S(item.ip)},
      {"details", AttributeValue::M(std::move(details))},
  };
}

std::unique_ptr<Database> LoadAuditLogDatabase(
    const std::vector<AuditLogItem>& items) {
  auto db = std::make_unique<Database>();
  if (!CreateAuditLogTable(*db).ok()) return nullptr;
  for (const AuditLogItem& item : items) {
    if (!PutAuditLogItem(*db, item).ok()) return nullptr;
  }
  return db;
}

absl::Status PutAuditLogItem(Database& db, const AuditLogItem& item) {
  PutItemRequest put{.table_name = std::string(kAuditLogTable),
                     .item = AuditLogItemToItem(item)};
  return db.PutItem(std::move(put)).status();
}

absl::Status DeleteAuditLogItem(Database& db, const AuditLogItem& item) {
  DeleteItemRequest del{.table_name = std::string(kAuditLogTable),
                        .key = KeyOf(item)};
  return db.DeleteItem(del).status();
}

absl::StatusOr<QueryResponse> QueryRecent20(Database& db,
                                            absl::string_view pk) {
  QueryRequest query{
      .table_name = std::string(kAuditLogTable),
      .key_condition_expression = "PK = :a",
      .expression_attribute_values =
          ExpressionAttributeValues{{":a", AttributeValue::S(std::string(pk))}},
      .scan_index_forward = false,
      .limit = kAuditLogRecentLimit};
  return db.Query(query);
}

absl::StatusOr<int64_t> QueryWindow(Database& db, absl::string_view pk,
                                    std::vector<ItemPtr>& items) {
  return QueryAllPages(db, WindowQuery(pk), items);
}

absl::StatusOr<int64_t> QueryFiltered(Database& db, absl::string_view pk,
                                      absl::string_view action,
                                      std::vector<ItemPtr>& items) {
  return QueryAllPages(db, FilteredQuery(pk, action), items);
}

absl::StatusOr<int64_t> QueryMonthCount(Database& db, absl::string_view pk) {
  QueryRequest query{
      .table_name = std::string(kAuditLogTable),
      .key_condition_expression = "PK = :a AND begins_with(SK, :m)",
      .expression_attribute_values =
          ExpressionAttributeValues{
              {":a", AttributeValue::S(std::string(pk))},
              {":m", AttributeValue::S(std::string(kAuditLogMonthPrefix))}},
      .select = Select::kCount};
  std::vector<ItemPtr> none;
  return QueryAllPages(db, std::move(query), none);
}

}  // namespace dynamite
