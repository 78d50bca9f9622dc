#include "store/database_capture.h"

#include <algorithm>
#include <string>
#include <utility>

namespace dynamite {

// Catalog's and Table's friend: holds the capture's locks and copies.
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
    std::vector<const Table*> locked = tables;
    std::sort(locked.begin(), locked.end(), [](const Table* a, const Table* b) {
      return a->lock_order_ < b->lock_order_;
    });
    for (const Table* table : locked) table->mu_.ReaderLock();

    DatabaseCapture capture;
    capture.sequence = sequencer.next_sequence() - 1;
    capture.tables.reserve(tables.size());
    for (const Table* table : tables) {
      CapturedTable& captured = capture.tables.emplace_back();
      captured.definition = table->definition_;
      captured.items.reserve(static_cast<size_t>(table->item_count_));
      for (const auto& [partition_key, partition] : table->partitions_) {
        for (const PartitionEntry& entry : partition) {
          captured.items.push_back(
              {EncodedKey{partition_key, std::string(entry.key())},
               entry.item_ref()});
        }
      }
    }
    at_capture(capture.sequence);

    for (auto it = locked.rbegin(); it != locked.rend(); ++it) {
      (*it)->mu_.ReaderUnlock();
    }
    return capture;
  }
};

DatabaseCapture CaptureDatabase(
    const Catalog& catalog, const CommitSequencer& sequencer,
    absl::FunctionRef<void(uint64_t sequence)> at_capture) {
  return DatabaseCapturer::Capture(catalog, sequencer, at_capture);
}

}  // namespace dynamite
