#include "bench/audit_log_workload.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/time.h"

namespace dynamite {
namespace {

// 2026-01-01T00:00:00Z and the milliseconds in 2026.
constexpr int64_t kYearStartMillis = 1'767'225'600'000;
constexpr int64_t kYearMillis = int64_t{365} * 24 * 3600 * 1000;

constexpr std::array<absl::string_view, 8> kActions = {
    "login", "logout", "read", "update", "delete", "share", "export", "grant"};
constexpr std::array<absl::string_view, 4> kAgents = {"web", "ios", "android",
                                                      "cli"};
constexpr std::array<absl::string_view, 4> kRegions = {
    "eu-west-1", "us-east-1", "ap-south-1", "sa-east-1"};

// The Zipf distribution's cumulative weights, scaled to 2^53.
std::vector<uint64_t> BuildZipfTable() {
  std::vector<double> weights(kAuditLogActors);
  double total = 0;
  for (int rank = 1; rank <= kAuditLogActors; ++rank) {
    weights[rank - 1] = 1.0 / std::pow(rank, kAuditLogZipfExponent);
    total += weights[rank - 1];
  }
  std::vector<uint64_t> cumulative(kAuditLogActors);
  double sum = 0;
  for (int i = 0; i < kAuditLogActors; ++i) {
    sum += weights[i];
    cumulative[i] = static_cast<uint64_t>(sum / total * 0x1p53);
  }
  cumulative.back() = uint64_t{1} << 53;
  return cumulative;
}

}  // namespace

int AuditLogActorForDraw(uint64_t draw) {
  static const std::vector<uint64_t> table = BuildZipfTable();
  const uint64_t point = draw >> 11;  // 53 bits, < 2^53
  return static_cast<int>(std::upper_bound(table.begin(), table.end(), point) -
                          table.begin()) +
         1;
}

AuditLogGenerator::AuditLogGenerator(uint64_t seed) : random_(seed) {}

AuditLogItem AuditLogGenerator::Next() {
  AuditLogItem item;
  const int actor = AuditLogActorForDraw(random_.Next());
  const int64_t millis =
      kYearStartMillis + static_cast<int64_t>(random_.Uniform(kYearMillis));
  item.pk = absl::StrCat("ACTOR#u_", actor);
  item.sk = absl::StrCat(
      "EVT#",
      absl::FormatTime("%Y-%m-%dT%H:%M:%E3SZ", absl::FromUnixMillis(millis),
                       absl::UTCTimeZone()),
      absl::StrFormat("#%04d", count_ % 10'000));
  item.action = std::string(kActions[random_.Uniform(kActions.size())]);
  item.target = absl::StrCat("doc_", random_.Uniform(100'000));
  item.ip = absl::StrCat("10.", random_.Uniform(256), ".", random_.Uniform(256),
                         ".", random_.Uniform(256));
  item.detail_count = 3 + static_cast<int>(random_.Uniform(3));
  item.agent = std::string(kAgents[random_.Uniform(kAgents.size())]);
  item.region = std::string(kRegions[random_.Uniform(kRegions.size())]);
  item.session = absl::StrFormat("s_%08x", random_.Next() & 0xffffffff);
  item.bytes = static_cast<int64_t>(random_.Uniform(1'000'000));
  item.ok = random_.Uniform(10) != 0;
  // Fields past detail_count are no part of the item: give them their
  // defaults, so that equal items compare equal (the draws stay, so the
  // stream is unchanged).
  if (item.detail_count < 4) item.bytes = 0;
  if (item.detail_count < 5) item.ok = true;
  ++count_;
  return item;
}

const AuditLogDataSet& AuditLogDataSetFor(int64_t item_count) {
  static auto* const cache =
      new std::map<int64_t, std::unique_ptr<AuditLogDataSet>>();
  std::unique_ptr<AuditLogDataSet>& data = (*cache)[item_count];
  if (data != nullptr) return *data;
  data = std::make_unique<AuditLogDataSet>();
  std::vector<AuditLogItem> stream =
      GenerateAuditLog(item_count + kAuditLogAppendBatch);
  // A key collides only in the rare case the header describes; one pass
  // over the load drops the appends that would.
  absl::flat_hash_set<std::string> append_keys;
  for (auto it = stream.begin() + item_count; it != stream.end(); ++it) {
    append_keys.insert(absl::StrCat(it->pk, "\n", it->sk));
  }
  absl::flat_hash_set<std::string> taken;
  for (int64_t i = 0; i < item_count; ++i) {
    const AuditLogItem& item = stream[static_cast<size_t>(i)];
    std::string key = absl::StrCat(item.pk, "\n", item.sk);
    if (append_keys.contains(key)) taken.insert(std::move(key));
  }
  for (auto it = stream.begin() + item_count; it != stream.end(); ++it) {
    if (taken.insert(absl::StrCat(it->pk, "\n", it->sk)).second) {
      data->appends.push_back(std::move(*it));
    }
  }
  stream.resize(static_cast<size_t>(item_count));
  data->items = std::move(stream);
  data->picks = LeaderboardPicks(item_count, kAuditLogPickCount);
  return *data;
}

std::vector<AuditLogItem> GenerateAuditLog(int64_t count, uint64_t seed) {
  AuditLogGenerator generator(seed);
  std::vector<AuditLogItem> items;
  items.reserve(count);
  for (int64_t i = 0; i < count; ++i) items.push_back(generator.Next());
  return items;
}

}  // namespace dynamite
