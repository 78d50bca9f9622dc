#include "bench/sqlite_audit_log.h"

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

#include "bench/audit_log_workload.h"
#include "bench/sqlite_database.h"

#include <sqlite3.h>

namespace dynamite {
namespace {

constexpr const char* kCreateTable =
    "CREATE TABLE audit_log ("
    "pk TEXT NOT NULL, sk TEXT NOT NULL, action TEXT NOT NULL, "
    "target TEXT NOT NULL, ip TEXT NOT NULL, agent TEXT NOT NULL, "
    "region TEXT NOT NULL, session TEXT NOT NULL, bytes INTEGER, ok INTEGER, "
    "PRIMARY KEY (pk, sk)) WITHOUT ROWID";

constexpr const char* kPut =
    "INSERT OR REPLACE INTO audit_log "
    "(pk, sk, action, target, ip, agent, region, session, bytes, ok) "
    "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)";
constexpr const char* kDelete =
    "DELETE FROM audit_log WHERE pk = ?1 AND sk = ?2";
// Every read returns these columns, which ReadRows expects in this order.
constexpr const char* kNewest =
    "SELECT sk, action, target, ip, agent, region, session, bytes, ok "
    "FROM audit_log WHERE pk = ?1 ORDER BY sk DESC LIMIT ?2";
constexpr const char* kBetween =
    "SELECT sk, action, target, ip, agent, region, session, bytes, ok "
    "FROM audit_log WHERE pk = ?1 AND sk BETWEEN ?2 AND ?3 ORDER BY sk";
constexpr const char* kBetweenWithAction =
    "SELECT sk, action, target, ip, agent, region, session, bytes, ok "
    "FROM audit_log WHERE pk = ?1 AND sk BETWEEN ?2 AND ?3 AND action = ?4 "
    "ORDER BY sk";
constexpr const char* kCountRange =
    "SELECT COUNT(*) FROM audit_log WHERE pk = ?1 AND sk >= ?2 AND sk < ?3";
constexpr const char* kCount = "SELECT COUNT(*) FROM audit_log";

// The least string greater than every string that begins with `prefix`:
// the prefix with its last byte below 0xff incremented and the bytes after
// it dropped. REQUIRES: `prefix` has a byte below 0xff (the workload's
// prefixes are ASCII).
std::string PrefixEnd(absl::string_view prefix) {
  std::string end(prefix);
  while (!end.empty() && static_cast<unsigned char>(end.back()) == 0xff) {
    end.pop_back();
  }
  if (!end.empty()) end.back() = static_cast<char>(end.back() + 1);
  return end;
}

}  // namespace

absl::StatusOr<std::unique_ptr<SqliteAuditLog>> SqliteAuditLog::Open() {
  absl::StatusOr<std::unique_ptr<SqliteDatabase>> db =
      SqliteDatabase::Open(kCreateTable);
  if (!db.ok()) return db.status();
  std::unique_ptr<SqliteAuditLog> table(new SqliteAuditLog(*std::move(db)));
  if (absl::Status status = table->Prepare(); !status.ok()) return status;
  return table;
}

absl::Status SqliteAuditLog::Prepare() {
  return db_->Prepare({{kPut, &put_},
                       {kDelete, &delete_},
                       {kNewest, &newest_},
                       {kBetween, &between_},
                       {kBetweenWithAction, &between_with_action_},
                       {kCountRange, &count_range_},
                       {kCount, &count_}});
}

absl::Status SqliteAuditLog::ReadRows(sqlite3_stmt* stmt, absl::string_view pk,
                                      std::vector<AuditLogItem>& out) {
  return db_->StepRows(stmt, [&out, pk](sqlite3_stmt* row) {
    AuditLogItem& item = out.emplace_back();
    item.pk = std::string(pk);
    item.sk = ColumnText(row, 0);
    item.action = ColumnText(row, 1);
    item.target = ColumnText(row, 2);
    item.ip = ColumnText(row, 3);
    item.agent = ColumnText(row, 4);
    item.region = ColumnText(row, 5);
    item.session = ColumnText(row, 6);
    item.detail_count = 3;
    if (sqlite3_column_type(row, 7) != SQLITE_NULL) {
      item.bytes = sqlite3_column_int64(row, 7);
      item.detail_count = 4;
    }
    if (sqlite3_column_type(row, 8) != SQLITE_NULL) {
      item.ok = sqlite3_column_int(row, 8) != 0;
      item.detail_count = 5;
    }
  });
}

absl::Status SqliteAuditLog::Put(const AuditLogItem& item) {
  const bool bound =
      BindText(put_, 1, item.pk) == SQLITE_OK &&
      BindText(put_, 2, item.sk) == SQLITE_OK &&
      BindText(put_, 3, item.action) == SQLITE_OK &&
      BindText(put_, 4, item.target) == SQLITE_OK &&
      BindText(put_, 5, item.ip) == SQLITE_OK &&
      BindText(put_, 6, item.agent) == SQLITE_OK &&
      BindText(put_, 7, item.region) == SQLITE_OK &&
      BindText(put_, 8, item.session) == SQLITE_OK &&
      (item.detail_count >= 4 ? sqlite3_bind_int64(put_, 9, item.bytes)
                              : sqlite3_bind_null(put_, 9)) == SQLITE_OK &&
      (item.detail_count >= 5 ? sqlite3_bind_int(put_, 10, item.ok ? 1 : 0)
                              : sqlite3_bind_null(put_, 10)) == SQLITE_OK;
  if (!bound) return db_->Error("bind");
  return db_->StepDone(put_);
}

absl::Status SqliteAuditLog::Load(const std::vector<AuditLogItem>& items) {
  return db_->InTransaction([this, &items]() {
    for (const AuditLogItem& item : items) {
      if (absl::Status status = Put(item); !status.ok()) return status;
    }
    return absl::OkStatus();
  });
}

absl::Status SqliteAuditLog::Delete(const AuditLogItem& item) {
  if (BindText(delete_, 1, item.pk) != SQLITE_OK ||
      BindText(delete_, 2, item.sk) != SQLITE_OK) {
    return db_->Error("bind");
  }
  return db_->StepDone(delete_);
}

absl::Status SqliteAuditLog::Newest(absl::string_view pk, int limit,
                                    std::vector<AuditLogItem>& out) {
  if (BindText(newest_, 1, pk) != SQLITE_OK ||
      sqlite3_bind_int(newest_, 2, limit) != SQLITE_OK) {
    return db_->Error("bind");
  }
  return ReadRows(newest_, pk, out);
}

absl::Status SqliteAuditLog::Between(absl::string_view pk,
                                     absl::string_view from,
                                     absl::string_view to,
                                     std::vector<AuditLogItem>& out) {
  if (BindText(between_, 1, pk) != SQLITE_OK ||
      BindText(between_, 2, from) != SQLITE_OK ||
      BindText(between_, 3, to) != SQLITE_OK) {
    return db_->Error("bind");
  }
  return ReadRows(between_, pk, out);
}

absl::Status SqliteAuditLog::BetweenWithAction(absl::string_view pk,
                                               absl::string_view from,
                                               absl::string_view to,
                                               absl::string_view action,
                                               std::vector<AuditLogItem>& out) {
  if (BindText(between_with_action_, 1, pk) != SQLITE_OK ||
      BindText(between_with_action_, 2, from) != SQLITE_OK ||
      BindText(between_with_action_, 3, to) != SQLITE_OK ||
      BindText(between_with_action_, 4, action) != SQLITE_OK) {
    return db_->Error("bind");
  }
  return ReadRows(between_with_action_, pk, out);
}

absl::StatusOr<int64_t> SqliteAuditLog::CountWithPrefix(
    absl::string_view pk, absl::string_view prefix) {
  // Built per call, as the limit baseline's walk tests the prefix per call.
  const std::string end = PrefixEnd(prefix);
  if (BindText(count_range_, 1, pk) != SQLITE_OK ||
      BindText(count_range_, 2, prefix) != SQLITE_OK ||
      BindText(count_range_, 3, end) != SQLITE_OK) {
    return db_->Error("bind");
  }
  return db_->StepCount(count_range_);
}

absl::StatusOr<int64_t> SqliteAuditLog::Count() {
  return db_->StepCount(count_);
}

}  // namespace dynamite
