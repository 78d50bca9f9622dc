// The batch operations of Database: BatchWriteItem and BatchGetItem
// (reference §8.2, §8.3). Each validates the whole batch in DynamoDB's order
// — parameter constraints, the request checks that need no table, then every
// table, then every key against its table's schema and the duplicate keys —
// before it reads or writes anything, so a rejected batch changes nothing.
// A valid BatchWriteItem then applies its writes one by one, each atomic
// as one commit each (store/commit.h); the batch as a whole is not atomic, as
// in DynamoDB.

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

#include "api/batch_requests.h"
#include "api/constraint.h"
#include "api/consumed_capacity.h"
#include "api/database.h"
#include "api/expression_attributes.h"
#include "api/item_collection.h"
#include "api/write_plan.h"
#include "common/constraint_error.h"
#include "common/errors.h"
#include "common/status_macros.h"
#include "query/legacy.h"
#include "query/placeholders.h"
#include "query/projection.h"

namespace dynamite {
namespace {

constexpr absl::string_view kDuplicateKeys =
    "Provided list of item keys contains duplicates";
// DynamoDB's answer to a WriteRequest without a PutRequest or DeleteRequest
// (dynalite validations/batchWriteItem.js, recorded against DynamoDB); a
// WriteRequest with both is the same malformed union and gets the same.
constexpr absl::string_view kNotOneWrite =
    "Supplied AttributeValue has more than one datatypes set, must contain "
    "exactly one of the supported datatypes";
constexpr absl::string_view kTableNameRules =
    "Map keys must satisfy constraint: [Member must have length less than or "
    "equal to 255, Member must have length greater than or equal to 3, Member "
    "must satisfy regular expression pattern: [a-zA-Z0-9_.-]+]";
constexpr absl::string_view kWriteListRules =
    "Map value must satisfy constraint: [Member must have length less than or "
    "equal to 25, Member must have length greater than or equal to 1]";
constexpr absl::string_view kAtLeastOne =
    "Member must have length greater than or equal to 1";

using ProjectionPaths = std::shared_ptr<const std::vector<DocumentPath>>;

// RequestItems as DynamoDB echoes it in a constraint message: Java's
// rendering of the map, "{Music=[...], Books=[]}". The members' own Java
// text (object identities) cannot be reproduced; `describe` abbreviates
// them, keeping an empty list's "[]".
template <typename Value, typename Describe>
std::string EchoRequestItems(const std::map<std::string, Value>& items,
                             Describe describe) {
  return absl::StrCat("{",
                      absl::StrJoin(items, ", ",
                                    [&](std::string* out, const auto& entry) {
                                      absl::StrAppend(out, entry.first, "=",
                                                      describe(entry.second));
                                    }),
                      "}");
}

// The constraint errors every batch reports first: RequestItems empty, or
// one violation (for the whole map) when any table name is invalid.
// Returns false when RequestItems is empty, with `violations` holding that
// one error.
template <typename Value>
bool RequestItemsViolations(const std::map<std::string, Value>& items,
                            absl::string_view echo,
                            std::vector<std::string>& violations) {
  if (items.empty()) {
    violations.push_back(
        ConstraintViolation("{}", "requestItems", kAtLeastOne));
    return false;
  }
  for (const auto& entry : items) {
    if (!ValidateTableName(entry.first, TableNameUse::kItemOperation).ok()) {
      violations.push_back(
          ConstraintViolation(echo, "requestItems", kTableNameRules));
      break;
    }
  }
  return true;
}

absl::Status CheckWriteConstraints(const BatchWriteItemRequest& request) {
  const auto& items = request.request_items;
  const std::string echo =
      EchoRequestItems(items, [](const std::vector<WriteRequest>& writes) {
        return writes.empty() ? "[]" : "[...]";
      });
  std::vector<std::string> violations;
  if (RequestItemsViolations(items, echo, violations)) {
    for (const auto& [name, writes] : items) {
      if (writes.empty() || writes.size() > kMaxBatchWriteRequests) {
        violations.push_back(
            ConstraintViolation(echo, "requestItems", kWriteListRules));
        break;
      }
    }
  }
  if (violations.empty()) return absl::OkStatus();
  return ConstraintError(violations);
}

// The checks that need no table: one of Put / Delete per WriteRequest, the
// items' attributes and size, and the 25 writes of the whole batch (one
// table's list is already within 25).
absl::Status CheckWrites(const BatchWriteItemRequest& request) {
  size_t total = 0;
  for (const auto& [name, writes] : request.request_items) {
    for (const WriteRequest& write : writes) {
      if (write.put_request.has_value() == write.delete_request.has_value()) {
        return ValidationError(kNotOneWrite);
      }
      if (write.put_request.has_value()) {
        DYNAMITE_RETURN_IF_ERROR(ValidateItemToPut(write.put_request->item));
      }
      if (++total > kMaxBatchWriteRequests) {
        return ValidationError(
            "Too many items requested for the BatchWriteItem call");
      }
    }
  }
  return absl::OkStatus();
}

// One prepared write (api/write_plan.h), with what the response reports
// it under.
struct PlannedWrite {
  std::variant<PreparedPut, PreparedDelete> write;
  const Item* keyed = nullptr;  // the PutRequest's item or DeleteRequest's Key
  const std::string* table_name = nullptr;

  const EncodedKey& key() const {
    return std::visit([](const auto& w) -> const EncodedKey& { return w.key; },
                      write);
  }
};

absl::StatusOr<PlannedWrite> PlanWrite(const std::string& table_name,
                                       const std::shared_ptr<Table>& table,
                                       const WriteRequest& write) {
  if (write.put_request.has_value()) {
    DYNAMITE_ASSIGN_OR_RETURN(PreparedPut put,
                              PreparePut(*write.put_request, table));
    return PlannedWrite{std::move(put), &write.put_request->item, &table_name};
  }
  DYNAMITE_ASSIGN_OR_RETURN(PreparedDelete del,
                            PrepareDelete(*write.delete_request, table));
  return PlannedWrite{std::move(del), &write.delete_request->key, &table_name};
}

// The table's share of the batch, prepared and checked for duplicates.
// Keys compare encoded, so numbers compare by value ("1" and "1.0" are the
// same item, reference §2.4). A list holds at most 25 writes: a linear scan
// is cheaper than a set.
absl::Status PlanTableWrites(const std::string& table_name,
                             const std::shared_ptr<Table>& table,
                             const std::vector<WriteRequest>& writes,
                             std::vector<PlannedWrite>& plan) {
  const size_t first = plan.size();
  for (const WriteRequest& write : writes) {
    DYNAMITE_ASSIGN_OR_RETURN(PlannedWrite planned,
                              PlanWrite(table_name, table, write));
    for (size_t i = first; i < plan.size(); ++i) {
      if (plan[i].key() == planned.key()) {
        return ValidationError(kDuplicateKeys);
      }
    }
    plan.push_back(std::move(planned));
  }
  return absl::OkStatus();
}

absl::Status CheckGetConstraints(const BatchGetItemRequest& request) {
  const auto& items = request.request_items;
  const std::string echo = EchoRequestItems(
      items, [](const KeysAndAttributes&) { return "KeysAndAttributes"; });
  std::vector<std::string> violations;
  if (RequestItemsViolations(items, echo, violations)) {
    for (const auto& [name, read] : items) {
      const std::string path = absl::StrCat("requestItems.", name, ".member.");
      if (read.keys.empty()) {
        violations.push_back(
            ConstraintViolation("[]", absl::StrCat(path, "keys"), kAtLeastOne));
      } else if (read.keys.size() > kMaxBatchGetKeys) {
        violations.push_back(ConstraintViolation(
            "[...]", absl::StrCat(path, "keys"),
            "Member must have length less than or equal to 100"));
      }
      if (read.attributes_to_get.has_value() &&
          read.attributes_to_get->empty()) {
        violations.push_back(ConstraintViolation(
            "[]", absl::StrCat(path, "attributesToGet"), kAtLeastOne));
      }
    }
  }
  if (violations.empty()) return absl::OkStatus();
  return ConstraintError(violations);
}

// One table's projection, as GetItem checks it (api/item_ops.cc): the mix
// of AttributesToGet and ProjectionExpression, the names map, then the
// projection and its placeholders. nullptr when there is no projection.
absl::StatusOr<ProjectionPaths> CompileReadProjection(
    const KeysAndAttributes& read, ExpressionCache& cache) {
  DYNAMITE_RETURN_IF_ERROR(RejectMixedParameters(
      {{"AttributesToGet", read.attributes_to_get.has_value()}},
      {{"ProjectionExpression", read.projection_expression.has_value()}}));
  DYNAMITE_RETURN_IF_ERROR(ValidateExpressionAttributes(
      read.expression_attribute_names, std::nullopt,
      {{"ProjectionExpression", read.projection_expression.has_value()}}));
  if (read.attributes_to_get.has_value()) {
    DYNAMITE_ASSIGN_OR_RETURN(
        std::vector<DocumentPath> paths,
        TranslateAttributesToGet(*read.attributes_to_get));
    return std::make_shared<const std::vector<DocumentPath>>(std::move(paths));
  }
  if (!read.projection_expression.has_value()) return nullptr;
  Placeholders placeholders =
      MakePlaceholders(read.expression_attribute_names, std::nullopt);
  DYNAMITE_ASSIGN_OR_RETURN(
      ProjectionPaths paths,
      cache.CompileProjection(*read.projection_expression, placeholders));
  DYNAMITE_RETURN_IF_ERROR(placeholders.CheckAllUsed());
  return paths;
}

// The keys of one table, before any table is looked up: no key twice
// (compared as given, numbers by value), and the running total of the batch
// within 100. A table holds at most 100 keys: a linear scan will do.
absl::Status CheckReadKeys(const std::vector<Item>& keys, size_t& total) {
  for (size_t i = 0; i < keys.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (keys[j] == keys[i]) return ValidationError(kDuplicateKeys);
    }
    if (++total > kMaxBatchGetKeys) {
      return ValidationError(
          "Too many items requested for the BatchGetItem call");
    }
  }
  return absl::OkStatus();
}

// One validated table read.
struct PlannedRead {
  const std::string* table_name = nullptr;
  const KeysAndAttributes* read = nullptr;
  std::shared_ptr<Table> table;
  ProjectionPaths projection;
  std::vector<EncodedKey> keys;
};

}  // namespace

absl::StatusOr<BatchWriteItemResponse> Database::BatchWriteItem(
    BatchWriteItemRequest request) {
  DYNAMITE_RETURN_IF_ERROR(CheckWriteConstraints(request));
  DYNAMITE_RETURN_IF_ERROR(CheckWrites(request));
  std::vector<std::shared_ptr<Table>> tables;
  for (const auto& [name, writes] : request.request_items) {
    DYNAMITE_ASSIGN_OR_RETURN(tables.emplace_back(),
                              catalog_.FindForItems(name, kTableNotFound));
  }
  std::vector<PlannedWrite> plan;
  size_t t = 0;
  for (const auto& [name, writes] : request.request_items) {
    DYNAMITE_RETURN_IF_ERROR(PlanTableWrites(name, tables[t++], writes, plan));
  }

  // Each request is its own commit: the batch as a whole is not atomic, as
  // in DynamoDB. A commit can fail only on the item-collection limit of a
  // table with LSIs, or if an UpdateTable added an index since the check
  // above and the item breaks its key types.
  BatchWriteItemResponse response;
  // Each write is charged on its own (reference §10.2).
  CapacityMeter meter(request.return_consumed_capacity);
  // The commits are made durable together, after the last (one fsync for
  // the batch with SyncMode::kAlways, not one per request); a refusal or a
  // failed commit answers at once, as the writes before it are applied
  // either way.
  uint64_t last_sequence = 0;
  for (const PlannedWrite& planned : plan) {
    CommitResult commit = std::visit(
        [](const auto& write) {
          return CommitOne(write, AwaitDurability::kDeferred);
        },
        planned.write);
    if (!commit.status.ok()) return commit.status;
    const ChangeRecord& record = commit.records.front();
    last_sequence = record.sequence;
    if (meter.enabled()) {
      meter.AddWrite(*record.table->definition(), record,
                     /*transactional=*/false);
    }
    if (std::optional<ItemCollectionMetrics> metrics =
            CollectionMetrics(request.return_item_collection_metrics,
                              *record.table, *planned.keyed)) {
      response.item_collection_metrics[*planned.table_name].push_back(
          *std::move(metrics));
    }
  }
  if (last_sequence != 0) {
    DYNAMITE_RETURN_IF_ERROR(sequencer_.AwaitDurable(last_sequence));
  }
  response.consumed_capacity = meter.Report();
  return response;
}

absl::StatusOr<BatchGetItemResponse> Database::BatchGetItem(
    const BatchGetItemRequest& request) {
  DYNAMITE_RETURN_IF_ERROR(CheckGetConstraints(request));
  std::vector<PlannedRead> plan;
  size_t total = 0;
  for (const auto& [name, read] : request.request_items) {
    PlannedRead& planned = plan.emplace_back();
    planned.table_name = &name;
    planned.read = &read;
    DYNAMITE_ASSIGN_OR_RETURN(planned.projection,
                              CompileReadProjection(read, expressions_));
    DYNAMITE_RETURN_IF_ERROR(CheckReadKeys(read.keys, total));
  }
  for (PlannedRead& planned : plan) {
    DYNAMITE_ASSIGN_OR_RETURN(
        planned.table,
        catalog_.FindForItems(*planned.table_name, kTableNotFound));
  }
  for (PlannedRead& planned : plan) {
    for (const Item& key : planned.read->keys) {
      DYNAMITE_ASSIGN_OR_RETURN(planned.keys.emplace_back(),
                                ExtractKey(planned.table->schema(), key));
    }
  }

  BatchGetItemResponse response;
  // Each key is charged as a GetItem of its own: its item's whole size
  // rounded to 4 KB blocks, a missing item one block (reference §10.2).
  CapacityMeter meter(request.return_consumed_capacity);
  for (const PlannedRead& planned : plan) {
    std::vector<ItemPtr>& found = response.responses[*planned.table_name];
    const ReadMode mode =
        planned.read->consistent_read ? ReadMode::kStrong : ReadMode::kEventual;
    for (const EncodedKey& key : planned.keys) {
      ItemPtr item = planned.table->Get(key);
      if (meter.enabled()) {
        meter.AddTableRead(*planned.table_name,
                           ReadUnits(ImageSize(item), mode));
      }
      if (item == nullptr) continue;
      // Projected outside the table's lock: the snapshot is immutable.
      if (planned.projection != nullptr) {
        item = MakeUnpackedItemPtr(
            ProjectItem(*item.packed(), *planned.projection));
      }
      found.push_back(std::move(item));
    }
  }
  response.consumed_capacity = meter.Report();
  return response;
}

}  // namespace dynamite
