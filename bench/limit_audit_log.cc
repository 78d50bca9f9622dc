#include "bench/limit_audit_log.h"

#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/string_view.h"

#include "bench/audit_log_workload.h"

namespace dynamite {

LimitAuditLog LimitAuditLog::Load(const std::vector<AuditLogItem>& items) {
  LimitAuditLog table;
  for (const AuditLogItem& item : items) table.Put(item);
  return table;
}

LimitAuditLog::Entry LimitAuditLog::EntryOf(const AuditLogItem& item) {
  return Entry{item.action,       item.target, item.ip,
               item.detail_count, item.agent,  item.region,
               item.session,      item.bytes,  item.ok};
}

void LimitAuditLog::CopyRow(absl::string_view pk, const std::string& sk,
                            const Entry& entry,
                            std::vector<AuditLogItem>& out) {
  out.push_back(AuditLogItem{.pk = std::string(pk),
                             .sk = sk,
                             .action = entry.action,
                             .target = entry.target,
                             .ip = entry.ip,
                             .detail_count = entry.detail_count,
                             .agent = entry.agent,
                             .region = entry.region,
                             .session = entry.session,
                             .bytes = entry.bytes,
                             .ok = entry.ok});
}

void LimitAuditLog::Put(const AuditLogItem& item) {
  partitions_[item.pk].insert_or_assign(item.sk, EntryOf(item));
}

void LimitAuditLog::Erase(const AuditLogItem& item) {
  auto found = partitions_.find(item.pk);
  if (found != partitions_.end()) found->second.erase(item.sk);
}

const LimitAuditLog::Partition* LimitAuditLog::Find(
    absl::string_view pk) const {
  auto found = partitions_.find(pk);
  return found == partitions_.end() ? nullptr : &found->second;
}

void LimitAuditLog::Newest(absl::string_view pk, int limit,
                           std::vector<AuditLogItem>& out) const {
  const Partition* partition = Find(pk);
  if (partition == nullptr) return;
  auto it = partition->rbegin();
  for (int i = 0; i < limit && it != partition->rend(); ++i, ++it) {
    CopyRow(pk, it->first, it->second, out);
  }
}

void LimitAuditLog::Between(absl::string_view pk, absl::string_view from,
                            absl::string_view to,
                            std::vector<AuditLogItem>& out) const {
  const Partition* partition = Find(pk);
  if (partition == nullptr) return;
  for (auto it = partition->lower_bound(from);
       it != partition->end() && it->first <= to; ++it) {
    CopyRow(pk, it->first, it->second, out);
  }
}

void LimitAuditLog::BetweenWithAction(absl::string_view pk,
                                      absl::string_view from,
                                      absl::string_view to,
                                      absl::string_view action,
                                      std::vector<AuditLogItem>& out) const {
  const Partition* partition = Find(pk);
  if (partition == nullptr) return;
  for (auto it = partition->lower_bound(from);
       it != partition->end() && it->first <= to; ++it) {
    if (it->second.action == action) CopyRow(pk, it->first, it->second, out);
  }
}

int64_t LimitAuditLog::CountWithPrefix(absl::string_view pk,
                                       absl::string_view prefix) const {
  const Partition* partition = Find(pk);
  if (partition == nullptr) return 0;
  int64_t count = 0;
  for (auto it = partition->lower_bound(prefix);
       it != partition->end() && absl::StartsWith(it->first, prefix); ++it) {
    ++count;
  }
  return count;
}

int64_t LimitAuditLog::size() const {
  int64_t count = 0;
  for (const auto& [pk, partition] : partitions_) {
    count += static_cast<int64_t>(partition.size());
  }
  return count;
}

}  // namespace dynamite
