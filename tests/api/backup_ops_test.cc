// On-demand backups (api/backup_ops.cc): a backup is the table as it stood
// when it was taken, whatever is written after; a restore makes a new
// table of it, indexes included; and the messages for what is refused.

#include <memory>
#include <string>
#include <vector>

#include "absl/time/time.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "common/errors.h"
#include "tests/support/database_fixtures.h"
#include "tests/support/manual_clock.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;
using ::dynamite::testing::ManualClock;
using ::dynamite::testing::S;
using ::dynamite::testing::TableRequest;
using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::MatchesRegex;
using ::testing::SizeIs;

constexpr ErrorKind kValidation = ErrorKind::kValidation;

class BackupOpsTest : public ::testing::Test {
 protected:
  BackupOpsTest() {
    DatabaseOptions options;
    options.controlled_clock = &clock_;
    db_ = std::make_unique<Database>(options);
    CreateTableRequest request = TableRequest("orders", KeyType::kS, {});
    request.attribute_definitions.push_back({"owner", KeyType::kS});
    GlobalSecondaryIndex gsi;
    gsi.index_name = "byOwner";
    gsi.key_schema = {{"owner", KeySchemaRole::kHash}};
    gsi.projection.projection_type = ProjectionType::kAll;
    request.global_secondary_indexes = {gsi};
    EXPECT_THAT(db_->CreateTable(request), IsOk());
  }

  void Put(const std::string& table, const std::string& pk,
           const std::string& owner) {
    ASSERT_THAT(
        db_->PutItem({.table_name = table,
                      .item = Item{{"pk", S(pk)}, {"owner", S(owner)}}}),
        IsOk());
  }
  std::string Backup(const std::string& name, const std::string& table) {
    auto created =
        db_->CreateBackup({.table_name = table, .backup_name = name});
    EXPECT_THAT(created, IsOk());
    return created.ok() ? created->backup_details.backup_arn : "";
  }
  absl::StatusOr<RestoreTableFromBackupResponse> Restore(
      const std::string& target, const std::string& arn) {
    return db_->RestoreTableFromBackup(
        {.target_table_name = target, .backup_arn = arn});
  }
  std::vector<std::string> OwnersOf(const std::string& table,
                                    const std::string& owner) {
    auto queried =
        db_->Query({.table_name = table,
                    .index_name = "byOwner",
                    .key_condition_expression = "#o = :o",
                    .expression_attribute_names = {{{"#o", "owner"}}},
                    .expression_attribute_values = {{{":o", S(owner)}}}});
    EXPECT_THAT(queried, IsOk());
    std::vector<std::string> keys;
    if (!queried.ok()) return keys;
    for (const ItemPtr& item : queried->items) {
      keys.push_back(item->at("pk").s());
    }
    return keys;
  }

  ManualClock clock_{absl::FromUnixSeconds(1'800'000'000)};
  std::unique_ptr<Database> db_;
};

TEST_F(BackupOpsTest, CreateBackupDescribesWhatItTook) {
  Put("orders", "o-1", "ann");
  Put("orders", "o-2", "bob");
  auto created =
      db_->CreateBackup({.table_name = "orders", .backup_name = "nightly"});
  ASSERT_THAT(created, IsOk());
  const BackupDetails& details = created->backup_details;
  EXPECT_THAT(details.backup_arn,
              MatchesRegex("arn:aws:dynamodb:ddblocal:000000000000:table/"
                           "orders/backup/01800000000000-[0-9a-f]{8}"));
  EXPECT_EQ(details.backup_name, "nightly");
  // CREATING in CreateBackup's answer, AVAILABLE from then on.
  EXPECT_EQ(details.backup_status, "CREATING");
  EXPECT_EQ(details.backup_type, "USER");
  EXPECT_EQ(details.backup_creation_date_time, clock_.Now());
  EXPECT_GT(details.backup_size_bytes, 0);

  auto described = db_->DescribeBackup({.backup_arn = details.backup_arn});
  ASSERT_THAT(described, IsOk());
  const BackupDescription& d = described->backup_description;
  EXPECT_EQ(d.backup_details.backup_arn, details.backup_arn);
  EXPECT_EQ(d.backup_details.backup_status, "AVAILABLE");
  EXPECT_EQ(d.source_table_details.table_name, "orders");
  EXPECT_EQ(d.source_table_details.item_count, 2);
  EXPECT_EQ(d.source_table_details.billing_mode, BillingMode::kPayPerRequest);
  ASSERT_THAT(d.source_table_feature_details.global_secondary_indexes,
              SizeIs(1));
  EXPECT_EQ(
      d.source_table_feature_details.global_secondary_indexes[0].index_name,
      "byOwner");
}

TEST_F(BackupOpsTest, ABackupKeepsTheTableAsItWasWhenTaken) {
  Put("orders", "o-1", "ann");
  Put("orders", "o-2", "ann");
  const std::string arn = Backup("before", "orders");
  // Writes after the backup change the table, not the backup.
  Put("orders", "o-1", "bob");
  ASSERT_THAT(
      db_->DeleteItem({.table_name = "orders", .key = Item{{"pk", S("o-2")}}}),
      IsOk());
  Put("orders", "o-3", "ann");

  auto restored = Restore("orders_before", arn);
  ASSERT_THAT(restored, IsOk());
  const TableDescription& table = restored->table_description;
  EXPECT_EQ(table.table_name, "orders_before");
  EXPECT_EQ(table.table_status, "ACTIVE");
  EXPECT_EQ(table.item_count, 2);
  ASSERT_TRUE(table.restore_summary.has_value());
  EXPECT_EQ(table.restore_summary->backup_arn, arn);
  EXPECT_EQ(table.restore_summary->table_arn,
            "arn:aws:dynamodb:ddblocal:000000000000:table/orders");
  ASSERT_THAT(table.global_secondary_indexes, SizeIs(1));
  EXPECT_EQ(table.global_secondary_indexes[0].index_arn,
            "arn:aws:dynamodb:ddblocal:000000000000:table/orders_before/"
            "index/byOwner");
  // The restored index holds what the backup held.
  EXPECT_THAT(OwnersOf("orders_before", "ann"), ElementsAre("o-1", "o-2"));
  EXPECT_THAT(OwnersOf("orders_before", "bob"), IsEmpty());
  EXPECT_THAT(OwnersOf("orders", "ann"), ElementsAre("o-3"));
  // DescribeTable shows the RestoreSummary only while the restore is in
  // progress; this one was done when it answered.
  auto described = db_->DescribeTable({.table_name = "orders_before"});
  ASSERT_THAT(described, IsOk());
  EXPECT_FALSE(described->table.restore_summary.has_value());
  // And the restored table is a table like any other.
  Put("orders_before", "o-9", "bob");
  EXPECT_THAT(OwnersOf("orders_before", "bob"), ElementsAre("o-9"));
}

TEST_F(BackupOpsTest, RestoreOverridesTheBillingMode) {
  const std::string arn = Backup("empty", "orders");
  auto restored = db_->RestoreTableFromBackup(
      {.target_table_name = "orders_p",
       .backup_arn = arn,
       .billing_mode_override = BillingMode::kProvisioned,
       .provisioned_throughput_override = ProvisionedThroughput{5, 6}});
  ASSERT_THAT(restored, IsOk());
  const TableDescription& table = restored->table_description;
  EXPECT_EQ(table.billing_mode, BillingMode::kProvisioned);
  EXPECT_EQ(table.provisioned_throughput.read_capacity_units, 5);
  EXPECT_EQ(table.global_secondary_indexes[0]
                .provisioned_throughput.write_capacity_units,
            6);
}

TEST_F(BackupOpsTest, ListBackupsFiltersAndPages) {
  ASSERT_THAT(db_->CreateTable(TableRequest("audit", KeyType::kS, {})), IsOk());
  const std::string first = Backup("one", "orders");
  clock_.Advance(absl::Seconds(10));
  const std::string second = Backup("two", "audit");
  clock_.Advance(absl::Seconds(10));
  const std::string third = Backup("three", "orders");

  auto all = db_->ListBackups({});
  ASSERT_THAT(all, IsOk());
  ASSERT_THAT(all->backup_summaries, SizeIs(3));
  EXPECT_EQ(all->backup_summaries[0].backup_arn, first);
  EXPECT_EQ(all->backup_summaries[2].backup_arn, third);
  EXPECT_FALSE(all->last_evaluated_backup_arn.has_value());

  auto orders = db_->ListBackups({.table_name = "orders"});
  ASSERT_THAT(orders, IsOk());
  ASSERT_THAT(orders->backup_summaries, SizeIs(2));
  EXPECT_EQ(orders->backup_summaries[1].backup_name, "three");

  auto page = db_->ListBackups({.limit = 2});
  ASSERT_THAT(page, IsOk());
  ASSERT_THAT(page->backup_summaries, SizeIs(2));
  EXPECT_EQ(page->last_evaluated_backup_arn, second);
  auto rest = db_->ListBackups(
      {.limit = 2,
       .exclusive_start_backup_arn = page->last_evaluated_backup_arn});
  ASSERT_THAT(rest, IsOk());
  ASSERT_THAT(rest->backup_summaries, SizeIs(1));
  EXPECT_EQ(rest->backup_summaries[0].backup_arn, third);
  // Backups of a table by its ARN; of an unknown table, none.
  auto by_arn = db_->ListBackups(
      {.table_name = "arn:aws:dynamodb:ddblocal:000000000000:table/orders"});
  ASSERT_THAT(by_arn, IsOk());
  EXPECT_THAT(by_arn->backup_summaries, SizeIs(2));
  auto unknown = db_->ListBackups({.table_name = "nobody"});
  ASSERT_THAT(unknown, IsOk());
  EXPECT_THAT(unknown->backup_summaries, IsEmpty());
  EXPECT_THAT(
      db_->ListBackups(
          {.time_range_lower_bound = absl::FromUnixSeconds(1'800'000'020),
           .time_range_upper_bound = absl::FromUnixSeconds(1'800'000'005)}),
      IsError(kValidation,
              "Time range lower bound must be less than or equal to upper "
              "bound"));

  auto ranged = db_->ListBackups(
      {.time_range_lower_bound = absl::FromUnixSeconds(1'800'000'005),
       .time_range_upper_bound = absl::FromUnixSeconds(1'800'000'020)});
  ASSERT_THAT(ranged, IsOk());
  ASSERT_THAT(ranged->backup_summaries, SizeIs(1));
  EXPECT_EQ(ranged->backup_summaries[0].backup_arn, second);

  // A deleted backup's ARN still marks its place.
  ASSERT_THAT(db_->DeleteBackup({.backup_arn = second}), IsOk());
  auto after_deleted = db_->ListBackups({.exclusive_start_backup_arn = second});
  ASSERT_THAT(after_deleted, IsOk());
  ASSERT_THAT(after_deleted->backup_summaries, SizeIs(1));
  EXPECT_EQ(after_deleted->backup_summaries[0].backup_arn, third);
  auto system = db_->ListBackups({.backup_type = "SYSTEM"});
  ASSERT_THAT(system, IsOk());
  EXPECT_THAT(system->backup_summaries, IsEmpty());
}

TEST_F(BackupOpsTest, DeleteBackupAnswersItDeletedAndForgetsIt) {
  const std::string arn = Backup("gone", "orders");
  auto deleted = db_->DeleteBackup({.backup_arn = arn});
  ASSERT_THAT(deleted, IsOk());
  EXPECT_EQ(deleted->backup_description.backup_details.backup_status,
            "DELETED");
  const std::string not_found = "Backup not found: " + arn;
  EXPECT_THAT(db_->DescribeBackup({.backup_arn = arn}),
              IsError(ErrorKind::kBackupNotFound, not_found));
  EXPECT_THAT(db_->DeleteBackup({.backup_arn = arn}),
              IsError(ErrorKind::kBackupNotFound, not_found));
  EXPECT_THAT(Restore("again", arn),
              IsError(ErrorKind::kBackupNotFound, not_found));
  auto listed = db_->ListBackups({});
  ASSERT_THAT(listed, IsOk());
  EXPECT_THAT(listed->backup_summaries, IsEmpty());
}

TEST_F(BackupOpsTest, RefusesWhatDynamoDbRefuses) {
  EXPECT_THAT(db_->CreateBackup({}),
              IsError(kValidation,
                      "2 validation errors detected: Value null at "
                      "'tableName' failed to satisfy constraint: Member must "
                      "not be null; Value null at 'backupName' failed to "
                      "satisfy constraint: Member must not be null"));
  EXPECT_THAT(db_->CreateBackup({.table_name = "orders", .backup_name = "b!"}),
              IsError(kValidation,
                      "2 validation errors detected: Value 'b!' at "
                      "'backupName' failed to satisfy constraint: Member "
                      "must satisfy regular expression pattern: "
                      "[a-zA-Z0-9_.-]+; Value 'b!' at 'backupName' failed to "
                      "satisfy constraint: Member must have length greater "
                      "than or equal to 3"));
  EXPECT_THAT(db_->CreateBackup({.table_name = "nope", .backup_name = "bak"}),
              IsError(ErrorKind::kTableNotFound, "Table not found: nope"));
  for (const std::string arn :
       {"", "arn:short",
        "arn:aws:dynamodb:ddblocal:000000000000:table/orders"}) {
    EXPECT_THAT(db_->DescribeBackup({.backup_arn = arn}),
                IsError(kValidation, "Invalid Backup ARN"));
  }
  EXPECT_THAT(db_->ListBackups({.limit = 0}),
              IsError(kValidation,
                      "1 validation error detected: Value '0' at 'limit' "
                      "failed to satisfy constraint: Member must have value "
                      "greater than or equal to 1"));
  const std::string arn = Backup("bak", "orders");
  EXPECT_THAT(Restore("orders", arn), IsError(ErrorKind::kTableAlreadyExists,
                                              "Table already exists: orders"));
  EXPECT_THAT(db_->RestoreTableFromBackup({.backup_arn = arn}),
              IsError(kValidation,
                      "1 validation error detected: Value null at "
                      "'targetTableName' failed to satisfy constraint: "
                      "Member must not be null"));
  EXPECT_THAT(Restore("", arn),
              IsError(kValidation,
                      "TableName must be at least 3 characters long and at "
                      "most 255 characters long"));
  EXPECT_THAT(
      db_->RestoreTableFromBackup(
          {.target_table_name = "copy",
           .backup_arn = arn,
           .provisioned_throughput_override = ProvisionedThroughput{1, 1}}),
      IsError(kValidation,
              "Invalid Request: Cannot override ProvisionedThroughput unless "
              "BillingMode is "
              "PROVISIONED"));
  EXPECT_THAT(db_->RestoreTableFromBackup(
                  {.target_table_name = "copy",
                   .backup_arn = arn,
                   .billing_mode_override = BillingMode::kProvisioned}),
              IsError(kValidation,
                      "Invalid Request: Must override ProvisionedThroughput "
                      "if BillingMode is "
                      "overridden to PROVISIONED"));
  // Nothing was made by the refusals.
  auto tables = db_->ListTables({});
  ASSERT_THAT(tables, IsOk());
  EXPECT_THAT(tables->table_names, ElementsAre("orders"));
}

}  // namespace
}  // namespace dynamite
