#include "store/database_capture.h"

#include <string>
#include <utility>

#include "store/tables_read_lock.h"

namespace dynamite {

// Catalog's and Table's friend: copies under the capture's locks.
class DatabaseCapturer {
 public:
  static DatabaseCapture Capture(
      const Catalog& catalog, const CommitSequencer& sequencer,
      absl::FunctionRef<void(uint64_t sequence)> at_capture)
      ABSL_NO_THREAD_SAFETY_ANALYSIS {
    ReaderMutexLock catalog_lock(&catalog.mu_);
    std::vector<const Table*> tables;
    tables.reserve(catalog.tables_.size());
    for (const auto& [name, entry] : catalog.tables_) {
      tables.push_back(entry.table.get());
    }
    const TablesReadLock lock(tables);

    DatabaseCapture capture;
    capture.sequence = sequencer.next_sequence() - 1;
    capture.tables.reserve(tables.size());
    for (const Table* table : tables) capture.tables.push_back(Copy(*table));
    at_capture(capture.sequence);

    return capture;
  }

  static CapturedTable CaptureOne(const Table& table) {
    ReaderMutexLock lock(&table.mu_);
    return Copy(table);
  }

 private:
  // REQUIRES: the table's lock is held.
  static CapturedTable Copy(const Table& table) ABSL_NO_THREAD_SAFETY_ANALYSIS {
    CapturedTable captured;
    captured.definition = table.definition_;
    captured.items.reserve(static_cast<size_t>(table.item_count_));
    table.partitions_.ForEach(
        [&](const std::string& partition_key, const Partition& partition) {
          for (const PartitionEntry& entry : partition) {
            captured.items.push_back(
                {EncodedKey{partition_key, std::string(entry.key())},
                 entry.item_ref()});
          }
        });
    return captured;
  }
};

DatabaseCapture CaptureDatabase(
    const Catalog& catalog, const CommitSequencer& sequencer,
    absl::FunctionRef<void(uint64_t sequence)> at_capture) {
  return DatabaseCapturer::Capture(catalog, sequencer, at_capture);
}

CapturedTable CaptureTable(const Table& table) {
  return DatabaseCapturer::CaptureOne(table);
}

}  // namespace dynamite
