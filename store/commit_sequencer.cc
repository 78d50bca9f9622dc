#include "store/commit_sequencer.h"

#include "common/check.h"
#include "store/commit.h"

namespace dynamite {

CommitSequencer& CommitSequencer::Unowned() {
  static CommitSequencer* const unowned = new CommitSequencer();
  return *unowned;
}

void CommitSequencer::AddObserver(CommitObserver* observer) {
  MutexLock lock(&mu_);
  observers_.push_back(observer);
}

void CommitSequencer::SetDurability(CommitDurability* durability) {
  durability_.store(durability, std::memory_order_release);
}

absl::Status CommitSequencer::CheckWritable() const {
  const CommitDurability* durability =
      durability_.load(std::memory_order_acquire);
  return durability == nullptr ? absl::OkStatus() : durability->CheckWritable();
}

absl::Status CommitSequencer::AwaitDurable(uint64_t sequence) {
  CommitDurability* durability = durability_.load(std::memory_order_acquire);
  return durability == nullptr ? absl::OkStatus()
                               : durability->AwaitDurable(sequence);
}

void CommitSequencer::SetClock(const Clock* clock) {
  MutexLock lock(&mu_);
  clock_ = clock;
}

const Clock* CommitSequencer::clock() const {
  MutexLock lock(&mu_);
  return clock_;
}

uint64_t CommitSequencer::PublishItems(absl::Span<ChangeRecord> records) {
  MutexLock lock(&mu_);
  const uint64_t sequence = next_sequence_++;
  for (ChangeRecord& record : records) record.sequence = sequence;
  if (observers_.empty()) return sequence;
  const absl::Time committed = clock_->Now();
  for (CommitObserver* observer : observers_) {
    observer->OnItemCommit(sequence, committed, records);
  }
  return sequence;
}

uint64_t CommitSequencer::PublishTable(TableChangeRecord& record) {
  MutexLock lock(&mu_);
  record.sequence = next_sequence_++;
  record.committed = clock_->Now();
  for (CommitObserver* observer : observers_) observer->OnTableCommit(record);
  return record.sequence;
}

void CommitSequencer::ResumeAfter(uint64_t sequence) {
  MutexLock lock(&mu_);
  DYNAMITE_CHECK(observers_.empty());
  DYNAMITE_CHECK(sequence + 1 >= next_sequence_);
  next_sequence_ = sequence + 1;
}

uint64_t CommitSequencer::next_sequence() const {
  MutexLock lock(&mu_);
  return next_sequence_;
}

}  // namespace dynamite
