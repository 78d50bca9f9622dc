// The log record payload of one commit (durability/commit_codec.h): every
// kind of commit a Database makes round-trips through it as the observers
// see them, a table definition keeps every field, and a payload that is
// not one (cut short anywhere, another version, trailing bytes) is refused
// with a message, never misread.

#include "durability/commit_codec.h"

#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/time/time.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "common/errors.h"
#include "store/commit_observer.h"
#include "store/item.h"
#include "tests/support/database_fixtures.h"
#include "tests/support/encoding_observer.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::DecodeAll;
using ::dynamite::testing::EncodingObserver;
using ::dynamite::testing::IsOk;
using ::dynamite::testing::N;
using ::dynamite::testing::S;
using ::dynamite::testing::TableRequest;
using ::testing::HasSubstr;
using ::testing::SizeIs;

TEST(CommitCodecTest, EveryKindOfCommitRoundTrips) {
  Database db;
  EncodingObserver observer;
  db.AddCommitObserver(&observer);
  ASSERT_THAT(db.CreateTable(TableRequest("tbl", KeyType::kS, KeyType::kN)),
              IsOk());
  const Item first = {{"pk", S("a")}, {"sk", N("1")}, {"v", S("one")}};
  ASSERT_THAT(db.PutItem({.table_name = "tbl", .item = first}), IsOk());
  ASSERT_THAT(
      db.PutItem({.table_name = "tbl",
                  .item = {{"pk", S("a")}, {"sk", N("2")}, {"n", N("2.50")}}}),
      IsOk());
  ASSERT_THAT(db.DeleteItem({.table_name = "tbl",
                             .key = {{"pk", S("a")}, {"sk", N("2")}}}),
              IsOk());
  ASSERT_THAT(db.UpdateTable(
                  {.table_name = "tbl", .deletion_protection_enabled = true}),
              IsOk());
  ASSERT_THAT(db.UpdateTable(
                  {.table_name = "tbl", .deletion_protection_enabled = false}),
              IsOk());
  ASSERT_THAT(db.DeleteTable({.table_name = "tbl"}), IsOk());

  const std::vector<LoggedCommit> commits = DecodeAll(observer.payloads);
  ASSERT_THAT(commits, SizeIs(7));
  for (size_t i = 0; i < commits.size(); ++i) {
    EXPECT_EQ(commits[i].sequence, i + 1);
  }
  EXPECT_EQ(commits[0].kind, LoggedCommit::Kind::kCreateTable);
  EXPECT_EQ(commits[0].definition->name, "tbl");
  EXPECT_EQ(commits[0].definition->billing_mode, BillingMode::kPayPerRequest);

  ASSERT_EQ(commits[1].kind, LoggedCommit::Kind::kItems);
  ASSERT_THAT(commits[1].changes, SizeIs(1));
  const LoggedItemChange& put = commits[1].changes[0];
  EXPECT_EQ(put.table_name, "tbl");
  ASSERT_TRUE(put.new_image);
  EXPECT_EQ(put.new_image->Decode(), first);
  EXPECT_EQ(put.new_image->size(), ItemSize(first));

  // The number keeps its canonical form; the deletion has no image and
  // the same key as the put it deletes.
  EXPECT_EQ(commits[2].changes[0].new_image->Decode(),
            (Item{{"pk", S("a")}, {"sk", N("2")}, {"n", N("2.5")}}));
  ASSERT_THAT(commits[3].changes, SizeIs(1));
  EXPECT_FALSE(commits[3].changes[0].new_image);
  EXPECT_EQ(commits[3].changes[0].key, commits[2].changes[0].key);

  EXPECT_EQ(commits[4].kind, LoggedCommit::Kind::kRedefineTable);
  EXPECT_TRUE(commits[4].definition->deletion_protection);
  EXPECT_FALSE(commits[5].definition->deletion_protection);
  EXPECT_EQ(commits[6].kind, LoggedCommit::Kind::kDeleteTable);
}

TEST(CommitCodecTest, AConditionCheckIsLoggedAsKept) {
  Database db;
  EncodingObserver observer;
  db.AddCommitObserver(&observer);
  ASSERT_THAT(db.CreateTable(TableRequest("tbl", KeyType::kS, {})), IsOk());
  ASSERT_THAT(db.PutItem({.table_name = "tbl", .item = {{"pk", S("checked")}}}),
              IsOk());
  TransactWriteItemsRequest transaction;
  TransactWriteItem check;
  check.condition_check =
      ConditionCheck{.table_name = "tbl",
                     .key = {{"pk", S("checked")}},
                     .condition_expression = "attribute_exists(pk)"};
  TransactWriteItem put;
  put.put = TransactPut{.table_name = "tbl", .item = {{"pk", S("written")}}};
  transaction.transact_items = {check, put};
  ASSERT_THAT(db.TransactWriteItems(transaction), IsOk());

  const std::vector<LoggedCommit> commits = DecodeAll(observer.payloads);
  ASSERT_THAT(commits, SizeIs(3));
  ASSERT_THAT(commits[2].changes, SizeIs(2));
  EXPECT_TRUE(commits[2].changes[0].kept);
  EXPECT_FALSE(commits[2].changes[0].new_image);
  EXPECT_FALSE(commits[2].changes[1].kept);
  EXPECT_EQ(commits[2].changes[1].new_image->Decode(),
            (Item{{"pk", S("written")}}));
}

// A definition with every field away from its default.
TableDefinition EveryField() {
  TableDefinition def;
  def.name = "orders";
  def.key_schema.partition_key = {"id", KeyType::kB};
  def.key_schema.sort_key = KeyAttribute{"at", KeyType::kN};
  def.attribute_definitions = {
      {"id", KeyType::kB}, {"at", KeyType::kN}, {"owner", KeyType::kS}};
  def.billing_mode = BillingMode::kProvisioned;
  def.read_capacity_units = 7;
  def.write_capacity_units = 9;
  def.creation_time = absl::FromUnixNanos(1767225600123456789);
  def.table_id = "3f0e-table-id";
  def.arn = "arn:aws:dynamodb:ddblocal:000000000000:table/orders";
  IndexDefinition gsi;
  gsi.name = "byOwner";
  gsi.kind = IndexKind::kGlobal;
  gsi.hash_keys = {{"owner", KeyType::kS}, {"id", KeyType::kB}};
  gsi.range_keys = {{"at", KeyType::kN}};
  gsi.projection = ProjectionType::kInclude;
  gsi.non_key_attributes = {"total", "status"};
  gsi.read_capacity_units = 3;
  gsi.write_capacity_units = 4;
  gsi.arn = def.arn + "/index/byOwner";
  gsi.backfilled_at = absl::FromUnixSeconds(1767225700);
  gsi.on_demand_throughput = {700, std::nullopt};
  gsi.warm_throughput = {13000, 5000};
  gsi.warm_throughput_updating_until = absl::FromUnixSeconds(1767225701);
  IndexDefinition lsi;
  lsi.name = "byAt";
  lsi.kind = IndexKind::kLocal;
  lsi.hash_keys = {{"id", KeyType::kB}};
  lsi.range_keys = {{"owner", KeyType::kS}};
  lsi.projection = ProjectionType::kKeysOnly;
  def.indexes = {gsi, lsi};
  def.item_collection_limit_bytes = 12345;
  def.stream = StreamDefinition{.enabled = false,
                                .view_type = StreamViewType::kNewAndOldImages,
                                .created = absl::FromUnixSeconds(1767225601),
                                .label = "2026-01-01T00:00:01.000",
                                .arn = def.arn + "/stream/label"};
  def.time_to_live =
      TimeToLiveDefinition{.enabled = true,
                           .attribute_name = "expiresAt",
                           .modified = absl::FromUnixSeconds(1767225602)};
  def.deletion_protection = true;
  def.table_class = TableClass::kStandardInfrequentAccess;
  def.table_class_updated = absl::FromUnixSeconds(1767225603);
  def.kms_master_key_arn = "arn:aws:kms:ddblocal:000000000000:key/k";
  def.point_in_time_recovery = true;
  def.point_in_time_recovery_since = absl::FromUnixSeconds(1767225604);
  def.recovery_period_in_days = 7;
  def.on_demand_throughput = {std::nullopt, 500};
  def.warm_throughput = {30000, 10000};
  def.warm_throughput_updating_until = absl::InfiniteFuture();
  def.transient_status = TableStatus::kUpdating;
  def.transient_until = absl::FromUnixSeconds(1767225605);
  def.tags = {{"env", "test"}, {"team", ""}};
  IndexDefinition deleting;
  deleting.name = "byGone";
  deleting.hash_keys = {{"gone", KeyType::kS}};
  def.deleting_indexes = {deleting};
  def.restored_from =
      RestoreSource{.backup_arn = def.arn + "/backup/01767225600000-0a1b2c3d",
                    .table_arn = def.arn,
                    .restored = absl::FromUnixSeconds(1767225606)};
  return def;
}

TEST(CommitCodecTest, ATableDefinitionKeepsEveryField) {
  auto original = std::make_shared<const TableDefinition>(EveryField());
  std::string payload;
  EncodeTableCommit({.kind = TableChangeRecord::Kind::kRedefine,
                     .definition = original,
                     .sequence = 42},
                    payload);
  absl::StatusOr<LoggedCommit> commit = DecodeCommit(payload);
  ASSERT_THAT(commit, IsOk());
  EXPECT_EQ(commit->kind, LoggedCommit::Kind::kRedefineTable);
  EXPECT_EQ(commit->sequence, 42u);
  const TableDefinition& def = *commit->definition;
  EXPECT_EQ(def.name, "orders");
  EXPECT_EQ(def.key_schema.sort_key, (KeyAttribute{"at", KeyType::kN}));
  EXPECT_EQ(def.attribute_definitions, original->attribute_definitions);
  EXPECT_EQ(def.creation_time, original->creation_time);
  ASSERT_THAT(def.indexes, SizeIs(2));
  EXPECT_EQ(def.indexes[0].hash_keys, original->indexes[0].hash_keys);
  EXPECT_EQ(def.indexes[0].non_key_attributes,
            original->indexes[0].non_key_attributes);
  EXPECT_EQ(def.indexes[0].backfilled_at, original->indexes[0].backfilled_at);
  EXPECT_EQ(def.indexes[0].on_demand_throughput.max_read_request_units, 700);
  EXPECT_EQ(def.indexes[0].on_demand_throughput.max_write_request_units,
            std::nullopt);
  EXPECT_EQ(def.indexes[0].warm_throughput.read_units_per_second, 13000);
  EXPECT_EQ(def.indexes[0].warm_throughput.write_units_per_second, 5000);
  EXPECT_EQ(def.indexes[0].warm_throughput_updating_until,
            original->indexes[0].warm_throughput_updating_until);
  EXPECT_EQ(def.indexes[1].kind, IndexKind::kLocal);
  EXPECT_EQ(def.indexes[1].backfilled_at, absl::InfinitePast());
  ASSERT_THAT(def.deleting_indexes, SizeIs(1));
  EXPECT_EQ(def.deleting_indexes[0].name, "byGone");
  EXPECT_EQ(def.deleting_indexes[0].hash_keys,
            original->deleting_indexes[0].hash_keys);
  ASSERT_TRUE(def.restored_from.has_value());
  EXPECT_EQ(def.restored_from->backup_arn, original->restored_from->backup_arn);
  EXPECT_EQ(def.restored_from->restored, original->restored_from->restored);
  EXPECT_EQ(def.stream->label, original->stream->label);
  EXPECT_EQ(def.time_to_live->attribute_name, "expiresAt");
  EXPECT_EQ(def.table_class, TableClass::kStandardInfrequentAccess);
  EXPECT_EQ(def.kms_master_key_arn, original->kms_master_key_arn);
  EXPECT_EQ(def.on_demand_throughput.max_read_request_units, std::nullopt);
  EXPECT_EQ(def.on_demand_throughput.max_write_request_units, 500);
  EXPECT_EQ(def.warm_throughput.read_units_per_second, 30000);
  EXPECT_EQ(def.warm_throughput_updating_until, absl::InfiniteFuture());
  EXPECT_EQ(def.transient_status, TableStatus::kUpdating);
  EXPECT_EQ(def.transient_until, original->transient_until);
  EXPECT_EQ(def.tags, original->tags);
  // And every field the encoder writes comes back: re-encoding the decoded
  // definition gives the same bytes.
  std::string again;
  EncodeTableDefinition(def, again);
  std::string first;
  EncodeTableDefinition(*original, first);
  EXPECT_EQ(again, first);
}

TEST(CommitCodecTest, APayloadCutShortAnywhereIsRefused) {
  std::string payload;
  EncodeTableCommit(
      {.kind = TableChangeRecord::Kind::kCreate,
       .definition = std::make_shared<const TableDefinition>(EveryField()),
       .sequence = 3},
      payload);
  for (size_t size = 0; size < payload.size(); ++size) {
    absl::StatusOr<LoggedCommit> commit =
        DecodeCommit(absl::string_view(payload).substr(0, size));
    ASSERT_FALSE(commit.ok()) << size;
    EXPECT_EQ(ErrorKindOf(commit.status()), ErrorKind::kInternal);
    EXPECT_THAT(commit.status().message(),
                HasSubstr("cannot decode the commit record: "))
        << size;
  }
}

TEST(CommitCodecTest, AnotherVersionOrTrailingBytesAreRefused) {
  std::string payload;
  EncodeItemCommit(1, absl::InfinitePast(), {},
                   payload);  // (Replay refuses an empty one.)
  std::string newer = payload;
  newer[0] = kCommitFormatVersion + 1;
  absl::StatusOr<LoggedCommit> commit = DecodeCommit(newer);
  ASSERT_FALSE(commit.ok());
  EXPECT_EQ(commit.status().message(),
            absl::StrCat("the commit record is of format version ",
                         kCommitFormatVersion + 1,
                         "; this build reads version ", kCommitFormatVersion));
  commit = DecodeCommit(payload + "x");
  ASSERT_FALSE(commit.ok());
  EXPECT_EQ(commit.status().message(),
            "cannot decode the commit record: malformed record: bytes are "
            "left after the commit");
  EXPECT_THAT(DecodeCommit(payload), IsOk());
}

}  // namespace
}  // namespace dynamite
