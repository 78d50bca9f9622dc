// StreamStore: the change records of every table stream of a Database
// (DynamoDB Streams), kept as the commits that made them are observed.
//
// The store is a CommitObserver (store/commit_observer.h): a table commit
// that enables a stream (CreateTable or UpdateTable with a
// StreamSpecification) opens a stream with one open shard; every item
// commit on the table then appends one record per change that wrote
// something, in commit order, under the commit's locks, so the records of a
// shard are in the order the changes became visible. A change that left the
// item as it was (a PutItem of an identical item, a DeleteItem of a missing
// one, a transaction's ConditionCheck) appends nothing, as in DynamoDB.
// Disabling the stream, or deleting the table, closes its shard: the stream
// stays readable, DISABLED, until its records age out.
//
// A record holds the packed items the table stored (shared, never copied):
// a stream costs its writers an append and a reference count, and a reader
// decodes the images it is given (api/stream_ops.cc).
//
// Shards: a shard is closed, with an EndingSequenceNumber, and a child
// opened, after StreamOptions::shard_max_records records, or when a record
// arrives shard_max_age after the shard opened, so that consumers that
// follow lineage are exercised. Trimming: records older than `retention` (by
// the Database's clock) are trimmed, oldest first, and so are the oldest
// records of every stream while the retained records' SizeBytes exceed
// max_retained_bytes; a shard that is closed and empty of records after
// trimming, and a disabled stream with no shards left, are forgotten.
//
// Sequence numbers are one counter for the whole store, so they increase
// within a shard, across a stream's shards and across streams.
//
// Time: a record, and a shard, are dated by the commit that made them (the
// sequencer's clock, store/commit_observer.h), so that a replayed commit
// makes the record it first made; trimming goes by the store's clock.
// Export() and Import() carry the store across a restart in a snapshot.
//
// Thread safety: all methods may be called concurrently. One Mutex guards
// the store; it is taken inside the commit's callbacks, under the commit's
// locks and the sequencer's (so it is the innermost lock), and by readers,
// who never hold a table's lock while reading the stream.

#ifndef DYNAMITE_STORE_STREAM_STORE_H_
#define DYNAMITE_STORE_STREAM_STORE_H_

#include <atomic>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/container/flat_hash_map.h"
#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "absl/types/span.h"

#include "common/clock.h"
#include "common/mutex.h"
#include "store/commit_observer.h"
#include "store/key.h"
#include "store/packed_item.h"
#include "store/stream_options.h"
#include "store/table_definition.h"

namespace dynamite {

enum class StreamEventName { kInsert, kModify, kRemove };

// One record: a change to one item.
struct StreamRecord {
  uint64_t sequence_number = 0;
  StreamEventName event_name = StreamEventName::kInsert;
  absl::Time created;
  // The item before the change (null for an INSERT) and after it (null for
  // a REMOVE), as the table stored them. Both are kept whatever the view
  // type: the keys come from one of them, and they are shared with the
  // table, so keeping them costs a reference each.
  PackedItemRef old_image;
  PackedItemRef new_image;
  // A REMOVE by the TTL sweeper, not by a request: DynamoDB gives its
  // record the service's userIdentity.
  bool by_time_to_live = false;
  // DynamoDB's SizeBytes: the key attributes' size and the size of each
  // image the view type carries.
  int64_t size_bytes = 0;
};

struct StreamShardInfo {
  std::string shard_id;
  std::string parent_shard_id;  // empty for a stream's first shard
  uint64_t starting_sequence_number = 0;
  // Set once the shard is closed.
  std::optional<uint64_t> ending_sequence_number;
};

// What DescribeStream and ListStreams report of a stream.
struct StreamInfo {
  std::string arn;
  std::string label;
  std::string table_name;
  KeySchema key_schema;
  StreamViewType view_type = StreamViewType::kKeysOnly;
  bool enabled = false;
  absl::Time created;
  // Oldest first.
  std::vector<StreamShardInfo> shards;
};

// A batch of records read from a shard.
struct StreamBatch {
  std::vector<StreamRecord> records;
  // The last sequence number the reader has now consumed: the next read
  // starts after it.
  uint64_t after = 0;
  // The shard is closed and nothing is left after `after`.
  bool shard_ended = false;
  // The stream's, to read the records with.
  KeySchema key_schema;
  StreamViewType view_type = StreamViewType::kKeysOnly;
};

// The whole store as plain values, for a snapshot
// (durability/stream_state_codec.h).
struct StreamShardState {
  StreamShardInfo info;
  absl::Time opened;
  std::vector<StreamRecord> records;  // retained, oldest first
  uint64_t trimmed_through = 0;
  uint64_t last_sequence_number = 0;
  int64_t appended = 0;
};
struct StreamState {
  StreamInfo info;                       // its `shards` unused
  std::vector<StreamShardState> shards;  // oldest first
};
struct StreamStoreState {
  std::vector<StreamState> streams;  // in no particular order
  uint64_t next_sequence_number = 1;
  uint64_t shards_opened = 0;
  int64_t trimmed_records = 0;
};

// Totals of the retained records, for reporting.
struct StreamStoreStats {
  int64_t streams = 0;
  int64_t records = 0;
  int64_t retained_bytes = 0;   // their SizeBytes
  int64_t trimmed_records = 0;  // since the store was made
};

class StreamStore final : public CommitObserver {
 public:
  // `clock` must outlive the store.
  StreamStore(const Clock& clock, StreamOptions options);
  StreamStore(const StreamStore&) = delete;
  StreamStore& operator=(const StreamStore&) = delete;
  ~StreamStore() override;

  // CommitObserver.
  void OnItemCommit(uint64_t sequence, absl::Time committed,
                    absl::Span<const ChangeRecord> records) override
      ABSL_LOCKS_EXCLUDED(mu_);
  void OnTableCommit(const TableChangeRecord& record) override
      ABSL_LOCKS_EXCLUDED(mu_);

  // The streams, newest first, those of `table_name` only when it is
  // non-empty; without their shards.
  std::vector<StreamInfo> List(absl::string_view table_name) const
      ABSL_LOCKS_EXCLUDED(mu_);
  // One stream, or ResourceNotFoundException.
  absl::StatusOr<StreamInfo> Describe(absl::string_view arn) const
      ABSL_LOCKS_EXCLUDED(mu_);

  // The position a new iterator of `type` starts at: the sequence number
  // after which its first read begins. Errors: an unknown stream or shard
  // (ResourceNotFoundException); a sequence number outside the shard
  // (ValidationException).
  enum class Start { kTrimHorizon, kLatest, kAtSequence, kAfterSequence };
  absl::StatusOr<uint64_t> StartPosition(absl::string_view arn,
                                         absl::string_view shard_id,
                                         Start start,
                                         uint64_t sequence_number) const
      ABSL_LOCKS_EXCLUDED(mu_);

  // Up to `limit` records of the shard after sequence number `after`.
  // Errors: an unknown stream or shard (ResourceNotFoundException); records
  // after `after` already trimmed (TrimmedDataAccessException).
  absl::StatusOr<StreamBatch> Read(absl::string_view arn,
                                   absl::string_view shard_id, uint64_t after,
                                   size_t limit) ABSL_LOCKS_EXCLUDED(mu_);

  // Blocks until the shard has a record after sequence number `after`, or
  // is closed, or is gone, or `timeout` (real time) has passed; returns
  // false only on the timeout. For readers that follow a stream without
  // polling: Read() tells them what there is.
  bool WaitForRecords(absl::string_view arn, absl::string_view shard_id,
                      uint64_t after, absl::Duration timeout) const
      ABSL_LOCKS_EXCLUDED(mu_);

  StreamStoreStats stats() const ABSL_LOCKS_EXCLUDED(mu_);

  // Everything the store holds, for a snapshot. Taken at a commit point
  // (between two commits), it is the streams as of that commit.
  StreamStoreState Export() const ABSL_LOCKS_EXCLUDED(mu_);
  // Puts back what Export() gave into a store that holds nothing yet; an
  // enabled stream's table is table_of(its table name). kInternal, naming
  // the stream, if that is null or already has an enabled stream.
  absl::Status Import(
      StreamStoreState state,
      absl::FunctionRef<const Table*(absl::string_view)> table_of)
      ABSL_LOCKS_EXCLUDED(mu_);

 private:
  struct Shard;
  struct Stream;

  // Stream of `arn`, or ResourceNotFoundException.
  absl::StatusOr<const Stream*> FindStream(absl::string_view arn) const
      ABSL_SHARED_LOCKS_REQUIRED(mu_);
  void OpenStream(const TableChangeRecord& record)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // Opens a shard at `now`, the time of the commit that needs it.
  void CloseStream(Stream& stream) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  void Append(Stream& stream, StreamRecord record)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  void OpenShard(Stream& stream, absl::Time now)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // Trims by age and by size, and forgets what is left empty.
  void Trim() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  static StreamInfo InfoOf(const Stream& stream);

  const Clock& clock_;
  const StreamOptions options_;

  mutable Mutex mu_;
  // Every stream still readable, by ARN.
  absl::flat_hash_map<std::string, std::unique_ptr<Stream>> streams_
      ABSL_GUARDED_BY(mu_);
  // The enabled stream of each table that has one.
  absl::flat_hash_map<const Table*, Stream*> enabled_ ABSL_GUARDED_BY(mu_);
  uint64_t next_sequence_number_ ABSL_GUARDED_BY(mu_) = 1;
  uint64_t shards_opened_ ABSL_GUARDED_BY(mu_) = 0;
  int64_t retained_bytes_ ABSL_GUARDED_BY(mu_) = 0;
  int64_t retained_records_ ABSL_GUARDED_BY(mu_) = 0;
  int64_t trimmed_records_ ABSL_GUARDED_BY(mu_) = 0;
  absl::Time last_trim_ ABSL_GUARDED_BY(mu_) = absl::InfinitePast();
  // Signalled when records are appended or a shard is closed.
  mutable absl::CondVar appended_;
  // Whether any table has an enabled stream: read by every item commit,
  // which with none does not take the lock.
  std::atomic<bool> any_enabled_{false};
};

}  // namespace dynamite

#endif  // DYNAMITE_STORE_STREAM_STORE_H_
