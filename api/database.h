// Database: the embedded C++ API of Dynamite. Start here.
//
// One method per DynamoDB operation, each taking a typed request struct and
// returning absl::StatusOr of a typed response. Errors carry DynamoDB's error
// kind and exact message (common/errors.h). Every request is validated whole
// before any table is touched, so a failed request changes nothing.
//
//   dynamite::Database db;
//   dynamite::CreateTableRequest create{
//       .table_name = "Leaderboard",
//       .key_schema = {{"leaderboardId", dynamite::KeySchemaRole::kHash},
//                      {"rankKey", dynamite::KeySchemaRole::kRange}},
//       .attribute_definitions = {{"leaderboardId", dynamite::KeyType::kS},
//                                 {"rankKey", dynamite::KeyType::kS}},
//       .billing_mode = dynamite::BillingMode::kPayPerRequest};
//   auto created = db.CreateTable(create);
//   dynamite::PutItemRequest put{.table_name = "Leaderboard", .item = ...};
//   auto put_result = db.PutItem(std::move(put));
//   dynamite::QueryRequest query{
//       .table_name = "Leaderboard",
//       .key_condition_expression = "leaderboardId = :s",
//       .expression_attribute_values = dynamite::AttributeMap{
//           {":s", dynamite::AttributeValue::S("SEASON#2026-SPRING")}},
//       .limit = 10};
//   auto page = db.Query(query);  // page->items in rank order
//
// Thread safety: a Database may be shared by any number of threads. The
// catalog has its own lock (store/catalog.h); each table serialises its
// writes and lets reads run concurrently (store/table.h). Every write is a
// commit (store/commit.h), which may hold the locks of several tables at
// once (a transaction's): it takes them in one fixed order, so no two
// operations can deadlock. Reads hold one table's lock at a time.

#ifndef DYNAMITE_API_DATABASE_H_
#define DYNAMITE_API_DATABASE_H_

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include "absl/container/btree_map.h"
#include "absl/status/statusor.h"
#include "absl/time/time.h"

#include "api/backup_catalog.h"
#include "api/backup_requests.h"
#include "api/batch_requests.h"
#include "api/checkpoint_requests.h"
#include "api/control_plane_requests.h"
#include "api/item_requests.h"
#include "api/options.h"
#include "api/read_requests.h"
#include "api/stream_requests.h"
#include "api/table_requests.h"
#include "api/tag_requests.h"
#include "api/transact_requests.h"
#include "api/transaction_tokens.h"
#include "api/ttl_requests.h"
#include "api/write_result.h"
#include "common/mutex.h"
#include "common/periodic_thread.h"
#include "durability/file_system.h"
#include "durability/write_ahead_log.h"
#include "query/expression_cache.h"
#include "store/catalog.h"
#include "store/commit_observer.h"
#include "store/commit_sequencer.h"
#include "store/stream_store.h"

namespace dynamite {

// What Database::Open found on disk.
struct RecoveryReport {
  uint64_t commits_replayed = 0;
  // Bytes of a last commit that was being written when the process died:
  // never acknowledged, so dropped (durability/log_format.h).
  uint64_t torn_tail_bytes = 0;
  // The last commit the snapshot loaded includes; 0 if there was none.
  uint64_t snapshot_sequence = 0;
};

class Database {
 public:
  // An in-memory Database. REQUIRES: options.durability.directory is empty
  // (a durable one is made by Open()).
  explicit Database(DatabaseOptions options = {});
  // A Database that keeps its commits in options.durability.directory:
  // replays what is there (the tables, their items and indexes, as last
  // acknowledged), then logs every commit before acknowledging it
  // (durability/write_ahead_log.h). Without a directory, an in-memory one.
  // Errors: the directory cannot be read or written, or its log is
  // damaged before its tail (kInternal, naming the file and offset).
  // The snapshot, if there is one, is loaded first, and only the commits
  // logged after it are replayed (durability/snapshot.h).
  // Not yet kept: stream records (a stream starts again with a new, empty
  // shard).
  static absl::StatusOr<std::unique_ptr<Database>> Open(
      DatabaseOptions options);
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;
  // Stops the TTL sweeper, if any, before the tables go.
  ~Database();

  // An independent in-memory Database holding what this one holds now:
  // its tables (statuses, settings, items and indexes), their tags, TTL
  // and stream settings, and its backups. The fork shares the items and
  // partitions with this one and copies a partition only when either side
  // first writes to it (store/shared_partitions.h), so forking costs
  // O(tables + partitions), not O(items): a suite seeds one Database and
  // gives each test a fork of it. The fork is taken at one point between
  // two commits and numbers its commits on from there. It has this one's
  // options and clock (a ControlledClock is shared: it must outlive both),
  // never its durability: the fork is in memory. Its streams start empty
  // (a new shard each, records from the fork on); its transaction tokens
  // too, and tables still DELETING are not in it. Thread safety: may be
  // called concurrently with anything; writers wait while the tables'
  // maps are copied.
  std::unique_ptr<Database> Fork() const;

  // Checkpoints (api/checkpoint_ops.cc; api/checkpoint_requests.h): a
  // named fork of this Database, kept as it was taken (it never sweeps
  // expired items), that RestoreCheckpoint puts back in place of every
  // table at once, so a suite seeds once, checkpoints, and restores before
  // each test; over the wire too (DynamiteControl's CreateCheckpoint,
  // RestoreCheckpoint, DeleteCheckpoint). Each costs O(tables +
  // partitions), as Fork() does. CreateCheckpoint replaces a checkpoint of
  // the same name. RestoreCheckpoint deletes every table (as DeleteTable,
  // at once: requests already running on one fail as they would) and
  // creates the checkpoint's, with their items, indexes, settings and ARNs
  // (streams open afresh, as Fork's do), and puts back the checkpoint's
  // backups; commit observers hear of the tables deleted and created, not
  // of their items. Errors (ValidationException): an empty name or one
  // over 255 characters; a durable Database (whose log would not hold the
  // restored items). An unknown name is ResourceNotFoundException
  // "Checkpoint not found: <name>".
  absl::StatusOr<CheckpointResponse> CreateCheckpoint(
      const CheckpointRequest& request);
  absl::StatusOr<CheckpointResponse> RestoreCheckpoint(
      const CheckpointRequest& request);
  absl::StatusOr<CheckpointResponse> DeleteCheckpoint(
      const CheckpointRequest& request);

  // Tells `observer` of every commit from now on: each item write and each
  // table change, numbered without gaps, in order, under the commit's locks
  // (store/commit_observer.h says what an observer may do there).
  // REQUIRES: `observer` outlives the Database.
  void AddCommitObserver(CommitObserver* observer);

  // Table operations (api/table_ops.cc).
  absl::StatusOr<CreateTableResponse> CreateTable(
      const CreateTableRequest& request);
  absl::StatusOr<DescribeTableResponse> DescribeTable(
      const DescribeTableRequest& request);
  // UpdateTable (api/update_table_ops.cc): billing and throughput, and a
  // GSI created (built from the items stored before it returns) or deleted.
  absl::StatusOr<UpdateTableResponse> UpdateTable(
      const UpdateTableRequest& request);
  absl::StatusOr<ListTablesResponse> ListTables(
      const ListTablesRequest& request);
  absl::StatusOr<DeleteTableResponse> DeleteTable(
      const DeleteTableRequest& request);

  // Tags (api/tag_ops.cc; api/tag_requests.h): TagResource, UntagResource
  // and ListTagsOfResource on a table's TableArn, with DynamoDB's limits
  // (50 tags, keys of 1..128 and values of 0..256 characters, the aws:
  // prefix reserved) and messages. A change is visible as soon as it
  // returns.
  absl::StatusOr<TagResourceResponse> TagResource(
      const TagResourceRequest& request);
  absl::StatusOr<UntagResourceResponse> UntagResource(
      const UntagResourceRequest& request);
  absl::StatusOr<ListTagsOfResourceResponse> ListTagsOfResource(
      const ListTagsOfResourceRequest& request);

  // On-demand backups (api/backup_ops.cc; api/backup_requests.h): a
  // backup is a copy-on-write view of one table at one commit, kept in
  // memory for the Database's life; a restore makes a new table of it,
  // indexes included, through the commit point.
  absl::StatusOr<CreateBackupResponse> CreateBackup(
      const CreateBackupRequest& request);
  absl::StatusOr<DescribeBackupResponse> DescribeBackup(
      const DescribeBackupRequest& request);
  absl::StatusOr<ListBackupsResponse> ListBackups(
      const ListBackupsRequest& request);
  absl::StatusOr<DeleteBackupResponse> DeleteBackup(
      const DeleteBackupRequest& request);
  absl::StatusOr<RestoreTableFromBackupResponse> RestoreTableFromBackup(
      const RestoreTableFromBackupRequest& request);

  // The control plane around a table (api/control_plane_ops.cc;
  // api/control_plane_requests.h): DynamoDB's default limits, its
  // endpoint, point-in-time recovery's setting (kept, described, never
  // restored from) and contributor insights (always DISABLED).
  absl::StatusOr<DescribeLimitsResponse> DescribeLimits(
      const DescribeLimitsRequest& request);
  absl::StatusOr<DescribeEndpointsResponse> DescribeEndpoints(
      const DescribeEndpointsRequest& request);
  absl::StatusOr<DescribeContinuousBackupsResponse> DescribeContinuousBackups(
      const DescribeContinuousBackupsRequest& request);
  absl::StatusOr<UpdateContinuousBackupsResponse> UpdateContinuousBackups(
      const UpdateContinuousBackupsRequest& request);
  absl::StatusOr<DescribeContributorInsightsResponse>
  DescribeContributorInsights(
      const DescribeContributorInsightsRequest& request);

  // Time to live (api/ttl_ops.cc; api/ttl_requests.h): UpdateTimeToLive
  // and DescribeTimeToLive with DynamoDB's rules and messages; a change
  // applies at once (ENABLED or DISABLED, never ENABLING).
  absl::StatusOr<UpdateTimeToLiveResponse> UpdateTimeToLive(
      const UpdateTimeToLiveRequest& request);
  absl::StatusOr<DescribeTimeToLiveResponse> DescribeTimeToLive(
      const DescribeTimeToLiveRequest& request);
  // Deletes every item that has expired by the Database's clock, in the
  // tables with TTL enabled, now. Each deletion is a commit of its own
  // (indexes updated; a stream REMOVE record whose userIdentity is the
  // DynamoDB service's) and consumes no capacity. An item written again
  // before its deletion (no longer expired) is left alone.
  SweepResult SweepExpiredItems();

  // Moves the Database's clock (DatabaseOptions::controlled_clock)
  // forward by `by` and returns the new time. Errors: no controlled clock,
  // or a negative `by` (ValidationException).
  absl::StatusOr<absl::Time> AdvanceClock(absl::Duration by);

  // Item operations (api/item_ops.cc; UpdateItem in api/update_ops.cc).
  // The writes return a WriteResult (api/write_result.h): a StatusOr that
  // also carries the item a failed ConditionExpression was checked against.
  // PutItem takes the request by value: pass a temporary or
  // std::move(request) to avoid copying it (a request passed as an lvalue
  // is copied whole). The table stores the item packed (one copy of its
  // bytes, made by the commit), whichever way it was passed.
  WriteResult<PutItemResponse> PutItem(PutItemRequest request);
  absl::StatusOr<GetItemResponse> GetItem(const GetItemRequest& request);
  WriteResult<UpdateItemResponse> UpdateItem(const UpdateItemRequest& request);
  WriteResult<DeleteItemResponse> DeleteItem(const DeleteItemRequest& request);

  // Batches (api/batch_ops.cc): validated whole before anything is read or
  // written; Unprocessed* always come back empty. BatchWriteItem takes its
  // request by value, as PutItem does: std::move(request) avoids copying
  // it.
  absl::StatusOr<BatchWriteItemResponse> BatchWriteItem(
      BatchWriteItemRequest request);
  absl::StatusOr<BatchGetItemResponse> BatchGetItem(
      const BatchGetItemRequest& request);

  // Transactions (api/transact_ops.cc; api/transact_requests.h).
  // TransactWriteItems is one commit of all its actions: a failed
  // condition cancels it whole, with one CancellationReason per action.
  // TransactGetItems reads every item from one snapshot of its tables.
  TransactWriteResult TransactWriteItems(
      const TransactWriteItemsRequest& request);
  absl::StatusOr<TransactGetItemsResponse> TransactGetItems(
      const TransactGetItemsRequest& request);

  // Reads (api/read_ops.cc).
  absl::StatusOr<QueryResponse> Query(const QueryRequest& request);
  // Scan (api/scan_ops.cc).
  absl::StatusOr<ScanResponse> Scan(const ScanRequest& request);

  // DynamoDB Streams (api/stream_ops.cc; api/stream_requests.h): the
  // change records of the tables whose StreamSpecification enables a
  // stream, read as DynamoDB Streams' API reads them. A shard iterator is
  // valid for 15 minutes by the Database's clock.
  absl::StatusOr<ListStreamsResponse> ListStreams(
      const ListStreamsRequest& request);
  absl::StatusOr<DescribeStreamResponse> DescribeStream(
      const DescribeStreamRequest& request);
  absl::StatusOr<GetShardIteratorResponse> GetShardIterator(
      const GetShardIteratorRequest& request);
  absl::StatusOr<GetRecordsResponse> GetRecords(
      const GetRecordsRequest& request);
  // Waits, without polling, until the shard `shard_iterator` reads has a
  // record the iterator has not read, or has been closed, or `timeout`
  // (real time) has passed; returns false on the timeout. A reader that
  // follows a stream calls it when GetRecords returns no records:
  //   while (running) {
  //     auto page = db.GetRecords({.shard_iterator = iterator});
  //     ... handle page->records; iterator = *page->next_shard_iterator ...
  //     if (page->records.empty()) db.WaitForStreamRecords(iterator, 1s);
  //   }
  // Errors: a malformed iterator (ValidationException).
  absl::StatusOr<bool> WaitForStreamRecords(absl::string_view shard_iterator,
                                            absl::Duration timeout) const;
  // The retained stream records: how many, and their total SizeBytes
  // (capped by DatabaseOptions::streams).
  StreamStoreStats stream_stats() const { return streams_.stats(); }

  const RecoveryReport& recovery() const { return recovery_; }

  // Writes a snapshot of the whole database (durability/snapshot.h) and
  // deletes the log it makes unnecessary, so that the next open loads it
  // and replays only what follows. Commits wait while the tables are
  // captured (references to their items are copied; the file is written
  // after). A durable Database also snapshots by itself once the log has
  // grown by DurabilityOptions::snapshot_log_bytes. Errors: an in-memory
  // Database (kValidation); the files cannot be written (kInternal, the
  // previous snapshot stays in force; a failed rotation of the log
  // refuses later writes, as a failed log write does).
  absl::Status Snapshot();

 private:
  struct Unstarted {};
  // Builds the members, nothing more: Start() begins observing commits
  // and sweeping, once Recover() has replayed the log (api/open_database.cc).
  Database(DatabaseOptions options, Unstarted);
  absl::Status Recover();
  void Start();

  // The ARN of the table `name` in this Database's region and account.
  std::string TableArn(absl::string_view name) const;
  // A TableId for a table created at `created`, unique in the Database.
  std::string NewTableId(absl::Time created);

  // The table a tagging operation's ResourceArn `arn` names; the errors
  // of api/tag_rules.h TableNameOfArn(), or kResourceNotFound.
  absl::StatusOr<std::shared_ptr<Table>> FindTaggedTable(
      const std::string& arn) const;

  // A durable Database's backups on disk (api/backup_files.cc;
  // durability/backup_file.h): written when made, removed when deleted,
  // loaded by Recover(). No-ops in memory.
  absl::Status KeepBackupFile(const Backup& backup, uint64_t serial);
  absl::Status RemoveBackupFile(const Backup& backup);
  absl::Status LoadBackupFiles();

  // Opens a new shard of the stream of every table that has one enabled,
  // as at the table's creation (api/database_fork.cc): for a fork's
  // tables, whose records are not carried over (a recovered Database's
  // are, through its snapshot and log). REQUIRES: before Start(), so no
  // commit goes unrecorded.
  void OpenStreamsAfresh();

  // Fork() with `options` (Fork's, or a checkpoint's that never sweeps).
  std::unique_ptr<Database> ForkWith(DatabaseOptions options) const;
  // What a checkpoint request names, or its error (api/checkpoint_ops.cc).
  absl::StatusOr<std::shared_ptr<Database>> FindCheckpoint(
      const CheckpointRequest& request) const;

  // A new stream of the table `table_arn`, enabled, labelled with the
  // current time (made unique; api/stream_ops.cc).
  StreamDefinition NewStream(absl::string_view table_arn,
                             StreamViewType view_type);

  const DatabaseOptions options_;
  const Clock* const clock_;
  ControlledClock* const controlled_clock_;
  // The stream records, an observer of every commit (declared before the
  // sequencer that calls it).
  StreamStore streams_;
  // The commits on disk, when options_.durability has a directory: an
  // observer of every commit and what each waits for (declared before the
  // sequencer that calls it).
  std::unique_ptr<WriteAheadLog> log_;
  FileSystem* files_ = nullptr;  // a durable Database's
  RecoveryReport recovery_;
  // One Snapshot() at a time.
  Mutex snapshot_mu_;
  // Numbers the commits of every table in catalog_ (declared before it:
  // the catalog's tables refer to it).
  CommitSequencer sequencer_;
  Catalog catalog_;
  // Parsed expressions shared by all requests (query/expression_cache.h).
  ExpressionCache expressions_;
  std::atomic<uint64_t> tables_created_{0};  // seeds TableIds
  // Set by Recover(), which makes the stream store observe the replay, so
  // that Start() does not add it again.
  bool observing_streams_ = false;
  // The creation time of the latest stream, in Unix milliseconds: each new
  // stream's label is later than every earlier one's (NewStream()).
  std::atomic<int64_t> last_stream_millis_{0};
  // The ClientRequestTokens of recent transactions.
  TransactionTokens transaction_tokens_;
  // On-demand backups (api/backup_ops.cc), and how many were made (seeds
  // their ARNs).
  BackupCatalog backups_;
  std::atomic<uint64_t> backups_created_{0};
  // CreateCheckpoint's forks, by name.
  mutable Mutex checkpoints_mu_;
  absl::btree_map<std::string, std::shared_ptr<Database>> checkpoints_
      ABSL_GUARDED_BY(checkpoints_mu_);
  // Declared last, so that they stop before anything they use goes.
  std::unique_ptr<PeriodicThread> sweeper_;
  std::unique_ptr<PeriodicThread> snapshotter_;
};

}  // namespace dynamite

#endif  // DYNAMITE_API_DATABASE_H_
