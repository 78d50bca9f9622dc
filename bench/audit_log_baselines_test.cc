// The baselines of workload A answer its operations as Dynamite does: for
// the same data set and the same picks, the limit baseline
// (bench/limit_audit_log.h) and the sqlite baseline
// (bench/sqlite_audit_log.h) return the same rows, in the same order, as
// the Queries of bench/dynamite_audit_log.h through api::Database, and
// count the same months. So the three columns of audit_log_bench measure
// the same work.

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "bench/audit_log_workload.h"
#include "bench/dynamite_audit_log.h"
#include "bench/limit_audit_log.h"
#include "bench/sqlite_audit_log.h"

namespace dynamite {

// Failures show events as their keys and attributes.
void PrintTo(const AuditLogItem& item, std::ostream* os) {
  *os << "{" << item.pk << " " << item.sk << " " << item.action << " "
      << item.target << " " << item.ip << " details:" << item.detail_count
      << " " << item.agent << " " << item.region << " " << item.session << " "
      << item.bytes << " " << item.ok << "}";
}

namespace {

// Enough that hot actors have events on the window's day (the hottest
// about 1,200 a year).
constexpr int64_t kItems = 20'000;

// The audit log event an item returned by Dynamite holds.
AuditLogItem EventOf(const Item& item) {
  AuditLogItem event;
  event.pk = item.at("PK").s();
  event.sk = item.at("SK").s();
  event.action = item.at("action").s();
  event.target = item.at("target").s();
  event.ip = item.at("ip").s();
  const AttributeMap& details = item.at("details").m();
  event.agent = details.at("agent").s();
  event.region = details.at("region").s();
  event.session = details.at("session").s();
  event.detail_count = static_cast<int>(details.size());
  if (auto bytes = details.find("bytes"); bytes != details.end()) {
    event.bytes = std::stoll(bytes->second.n().ToString());
  }
  if (auto ok = details.find("ok"); ok != details.end()) {
    event.ok = ok->second.boolean();
  }
  return event;
}

std::vector<AuditLogItem> EventsOf(const std::vector<ItemPtr>& items) {
  std::vector<AuditLogItem> events;
  for (const ItemPtr& item : items) events.push_back(EventOf(*item));
  return events;
}

// An event of `pk` at `sk`, its other attributes those of `like`.
AuditLogItem EventAt(const AuditLogItem& like, std::string pk, std::string sk) {
  AuditLogItem event = like;
  event.pk = std::move(pk);
  event.sk = std::move(sk);
  return event;
}

class AuditLogBaselinesTest : public testing::Test {
 protected:
  void SetUp() override {
    data_ = &AuditLogDataSetFor(kItems);
    dynamite_ = LoadAuditLogDatabase(data_->items);
    ASSERT_NE(dynamite_, nullptr);
    limit_ = LimitAuditLog::Load(data_->items);
    absl::StatusOr<std::unique_ptr<SqliteAuditLog>> opened =
        SqliteAuditLog::Open();
    ASSERT_TRUE(opened.ok()) << opened.status();
    sqlite_ = *std::move(opened);
    ASSERT_TRUE(sqlite_->Load(data_->items).ok());
  }

  // Puts `event` into all three stores.
  void PutEverywhere(const AuditLogItem& event) {
    ASSERT_TRUE(PutAuditLogItem(*dynamite_, event).ok());
    limit_.Put(event);
    ASSERT_TRUE(sqlite_->Put(event).ok());
  }

  // Expects the three stores to return the same window (and, if `action`
  // is not empty, filtered) rows for `pk`; returns Dynamite's.
  std::vector<AuditLogItem> ExpectSameWindow(const std::string& pk,
                                             const std::string& action) {
    std::vector<ItemPtr> items;
    absl::StatusOr<int64_t> count =
        action.empty() ? QueryWindow(*dynamite_, pk, items)
                       : QueryFiltered(*dynamite_, pk, action, items);
    EXPECT_TRUE(count.ok()) << count.status();
    std::vector<AuditLogItem> expected = EventsOf(items);
    EXPECT_EQ(count.value_or(-1), static_cast<int64_t>(expected.size()));
    std::vector<AuditLogItem> limit_rows;
    std::vector<AuditLogItem> sqlite_rows;
    if (action.empty()) {
      limit_.Between(pk, kAuditLogWindowFrom, kAuditLogWindowTo, limit_rows);
      EXPECT_TRUE(
          sqlite_
              ->Between(pk, kAuditLogWindowFrom, kAuditLogWindowTo, sqlite_rows)
              .ok());
    } else {
      limit_.BetweenWithAction(pk, kAuditLogWindowFrom, kAuditLogWindowTo,
                               action, limit_rows);
      EXPECT_TRUE(sqlite_
                      ->BetweenWithAction(pk, kAuditLogWindowFrom,
                                          kAuditLogWindowTo, action,
                                          sqlite_rows)
                      .ok());
    }
    EXPECT_EQ(limit_rows, expected) << pk << " " << action;
    EXPECT_EQ(sqlite_rows, expected) << pk << " " << action;
    return expected;
  }

  const AuditLogDataSet* data_ = nullptr;
  std::unique_ptr<Database> dynamite_;
  LimitAuditLog limit_;
  std::unique_ptr<SqliteAuditLog> sqlite_;
};

TEST_F(AuditLogBaselinesTest, LoadsStoreTheSameItems) {
  absl::StatusOr<int64_t> sqlite_count = sqlite_->Count();
  ASSERT_TRUE(sqlite_count.ok()) << sqlite_count.status();
  EXPECT_EQ(*sqlite_count, limit_.size());
  // Keys collide so rarely that a load stores (almost) every item.
  EXPECT_GT(limit_.size(), kItems - 10);
  // Dynamite's count: a Scan, Select COUNT, page after 1 MB page.
  ScanRequest scan{.table_name = "AuditLog", .select = Select::kCount};
  int64_t dynamite_count = 0;
  while (true) {
    absl::StatusOr<ScanResponse> page = dynamite_->Scan(scan);
    ASSERT_TRUE(page.ok()) << page.status();
    dynamite_count += page->count;
    if (!page->last_evaluated_key.has_value()) break;
    scan.exclusive_start_key = std::move(page->last_evaluated_key);
  }
  EXPECT_EQ(dynamite_count, limit_.size());
}

TEST_F(AuditLogBaselinesTest, Recent20MatchesDynamiteForEveryPick) {
  for (int64_t i = 0; i < kAuditLogPickCount; ++i) {
    const std::string& pk = AuditLogPick(*data_, i).pk;
    absl::StatusOr<QueryResponse> page = QueryRecent20(*dynamite_, pk);
    ASSERT_TRUE(page.ok()) << page.status();
    const std::vector<AuditLogItem> expected = EventsOf(page->items);
    ASSERT_FALSE(expected.empty()) << pk;  // a pick's actor has an event
    std::vector<AuditLogItem> limit_rows;
    limit_.Newest(pk, kAuditLogRecentLimit, limit_rows);
    std::vector<AuditLogItem> sqlite_rows;
    ASSERT_TRUE(sqlite_->Newest(pk, kAuditLogRecentLimit, sqlite_rows).ok());
    ASSERT_EQ(limit_rows, expected) << pk;
    ASSERT_EQ(sqlite_rows, expected) << pk;
  }
}

TEST_F(AuditLogBaselinesTest, WindowAndFilteredMatchDynamiteForEveryPick) {
  int64_t window_rows = 0;
  int64_t filtered_rows = 0;
  for (int64_t i = 0; i < kAuditLogPickCount; ++i) {
    const AuditLogItem& pick = AuditLogPick(*data_, i);
    window_rows += static_cast<int64_t>(ExpectSameWindow(pick.pk, "").size());
    filtered_rows +=
        static_cast<int64_t>(ExpectSameWindow(pick.pk, pick.action).size());
    if (HasFailure()) return;
  }
  // Not vacuous: the hot actors have events that day, some of the action.
  EXPECT_GT(window_rows, kAuditLogPickCount / 4);
  EXPECT_GT(filtered_rows, 0);
  EXPECT_LT(filtered_rows, window_rows);
}

TEST_F(AuditLogBaselinesTest, MonthMatchesDynamiteForEveryPick) {
  int64_t counted = 0;
  for (int64_t i = 0; i < kAuditLogPickCount; ++i) {
    const std::string& pk = AuditLogPick(*data_, i).pk;
    absl::StatusOr<int64_t> expected = QueryMonthCount(*dynamite_, pk);
    ASSERT_TRUE(expected.ok()) << expected.status();
    absl::StatusOr<int64_t> sqlite_count =
        sqlite_->CountWithPrefix(pk, kAuditLogMonthPrefix);
    ASSERT_TRUE(sqlite_count.ok()) << sqlite_count.status();
    ASSERT_EQ(limit_.CountWithPrefix(pk, kAuditLogMonthPrefix), *expected)
        << pk;
    ASSERT_EQ(*sqlite_count, *expected) << pk;
    counted += *expected;
  }
  EXPECT_GT(counted, kAuditLogPickCount);
}

// The window's bounds take the day's first and last millisecond, past the
// sequence suffix, and nothing of the days around it.
TEST_F(AuditLogBaselinesTest, WindowTakesTheWholeDayAndNoMore) {
  const std::string pk = "ACTOR#u_edges";
  const AuditLogItem& like = data_->items.front();
  for (const char* sk : {"EVT#2026-06-22T23:59:59.999Z#9999",
                         "EVT#2026-06-23T00:00:00.000Z#0000",
                         "EVT#2026-06-23T12:00:00.000Z#0042",
                         "EVT#2026-06-23T23:59:59.999Z#9999",
                         "EVT#2026-06-24T00:00:00.000Z#0000"}) {
    PutEverywhere(EventAt(like, pk, sk));
  }
  std::vector<AuditLogItem> window = ExpectSameWindow(pk, "");
  ASSERT_EQ(window.size(), 3u);
  EXPECT_EQ(window.front().sk, "EVT#2026-06-23T00:00:00.000Z#0000");
  EXPECT_EQ(window.back().sk, "EVT#2026-06-23T23:59:59.999Z#9999");
  EXPECT_EQ(ExpectSameWindow(pk, like.action).size(), 3u);
}

// An actor's month over Dynamite's 1 MB page: the count follows every page.
TEST_F(AuditLogBaselinesTest, MonthCountsPastOnePage) {
  const std::string pk = "ACTOR#u_busy";
  constexpr int kEvents = 8'000;  // about 1.6 MB
  for (int i = 0; i < kEvents; ++i) {
    PutEverywhere(
        EventAt(data_->items[static_cast<size_t>(i)], pk,
                absl::StrFormat("EVT#2026-06-%02dT00:00:%02d.%03dZ#0000",
                                1 + i % 30, i / 1000, i % 1000)));
  }
  absl::StatusOr<int64_t> count = QueryMonthCount(*dynamite_, pk);
  ASSERT_TRUE(count.ok()) << count.status();
  EXPECT_EQ(*count, kEvents);
  EXPECT_EQ(limit_.CountWithPrefix(pk, kAuditLogMonthPrefix), kEvents);
  absl::StatusOr<int64_t> sqlite_count =
      sqlite_->CountWithPrefix(pk, kAuditLogMonthPrefix);
  ASSERT_TRUE(sqlite_count.ok()) << sqlite_count.status();
  EXPECT_EQ(*sqlite_count, kEvents);
}

TEST_F(AuditLogBaselinesTest, AppendsAreNewAndUndoRestoresTheLoad) {
  // Collisions with the load are so rare that (almost) every append stays.
  ASSERT_GT(data_->appends.size(),
            static_cast<size_t>(kAuditLogAppendBatch) - 10);
  const int64_t loaded = limit_.size();
  for (const AuditLogItem& event : data_->appends) PutEverywhere(event);
  EXPECT_EQ(limit_.size(),
            loaded + static_cast<int64_t>(data_->appends.size()));
  absl::StatusOr<int64_t> sqlite_count = sqlite_->Count();
  ASSERT_TRUE(sqlite_count.ok()) << sqlite_count.status();
  EXPECT_EQ(*sqlite_count, limit_.size());
  // With the appends in place, recent20 still agrees.
  for (size_t j = 0; j < data_->appends.size(); j += 97) {
    const std::string& pk = data_->appends[j].pk;
    absl::StatusOr<QueryResponse> page = QueryRecent20(*dynamite_, pk);
    ASSERT_TRUE(page.ok()) << page.status();
    std::vector<AuditLogItem> limit_rows;
    limit_.Newest(pk, kAuditLogRecentLimit, limit_rows);
    ASSERT_EQ(limit_rows, EventsOf(page->items)) << pk;
  }
  for (const AuditLogItem& event : data_->appends) {
    ASSERT_TRUE(DeleteAuditLogItem(*dynamite_, event).ok());
    limit_.Erase(event);
    ASSERT_TRUE(sqlite_->Delete(event).ok());
  }
  EXPECT_EQ(limit_.size(), loaded);
  sqlite_count = sqlite_->Count();
  ASSERT_TRUE(sqlite_count.ok()) << sqlite_count.status();
  EXPECT_EQ(*sqlite_count, loaded);
}

}  // namespace
}  // namespace dynamite
