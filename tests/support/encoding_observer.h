// EncodingObserver: encodes each commit into a log record payload inside
// the commit's callback, as the write-ahead log will
// (durability/commit_codec.h), and keeps the payloads.

#ifndef DYNAMITE_TESTS_SUPPORT_ENCODING_OBSERVER_H_
#define DYNAMITE_TESTS_SUPPORT_ENCODING_OBSERVER_H_

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "durability/commit_codec.h"
#include "store/commit_observer.h"
#include "store/table.h"
#include "tests/support/status_matchers.h"

namespace dynamite::testing {

class EncodingObserver : public CommitObserver {
 public:
  void OnItemCommit(uint64_t sequence, absl::Time committed,
                    absl::Span<const ChangeRecord> records) override {
    payloads.emplace_back();
    EncodeItemCommit(sequence, committed, records, payloads.back());
  }
  void OnTableCommit(const TableChangeRecord& record) override {
    payloads.emplace_back();
    EncodeTableCommit(record, payloads.back());
    const std::string& name = record.definition->name;
    if (record.kind == TableChangeRecord::Kind::kCreate) {
      live_tables[name] = record.table;
    } else if (record.kind == TableChangeRecord::Kind::kDelete) {
      live_tables.erase(name);
    }
  }

  std::vector<std::string> payloads;
  // The source's tables by name, as the commits left them (a table lives
  // as long as its Database keeps it: until DeleteTable).
  std::map<std::string, const Table*> live_tables;
};

// Decodes every payload, expecting each to decode.
inline std::vector<LoggedCommit> DecodeAll(
    const std::vector<std::string>& payloads) {
  std::vector<LoggedCommit> commits;
  for (const std::string& payload : payloads) {
    absl::StatusOr<LoggedCommit> commit = DecodeCommit(payload);
    EXPECT_THAT(commit, IsOk());
    if (commit.ok()) commits.push_back(*std::move(commit));
  }
  return commits;
}

}  // namespace dynamite::testing

#endif  // DYNAMITE_TESTS_SUPPORT_ENCODING_OBSERVER_H_
