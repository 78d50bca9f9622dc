// DatabaseOptions: how a Database is set up.
//
// Thread safety: a plain struct, read once by the Database constructor.

#ifndef DYNAMITE_API_OPTIONS_H_
#define DYNAMITE_API_OPTIONS_H_

#include <cstdint>
#include <string>

#include "absl/time/time.h"

#include "common/clock.h"
#include "common/controlled_clock.h"
#include "durability/durability_options.h"
#include "store/stream_options.h"
#include "store/table_definition.h"

namespace dynamite {

struct DatabaseOptions {
  // Region and account that appear in table ARNs. Default: DynamoDB Local's
  // ("ddblocal", "000000000000"), so ARNs look like the ones local tools see.
  std::string region = "ddblocal";
  std::string account_id = "000000000000";

  // Source of time for CreationDateTime and stream records. Not owned; must
  // outlive the Database. Default (nullptr): the system clock.
  const Clock* clock = nullptr;
  // Instead of `clock`: a clock the Database's user moves forward
  // (Database::AdvanceClock; `dynamite serve --manual-clock`). Not owned;
  // must outlive the Database. At most one of the two may be set.
  ControlledClock* controlled_clock = nullptr;

  // Time to live: how often a background thread deletes the expired items
  // of the tables with TTL enabled (common/periodic_thread.h), in real time.
  // Zero (the default): no thread; items are deleted only by
  // Database::SweepExpiredItems(), so an embedding test decides when.
  // `dynamite serve` sweeps every second.
  absl::Duration time_to_live_sweep_interval = absl::ZeroDuration();
  // DynamoDB refuses an UpdateTimeToLive within an hour of the last change
  // to the table's TTL; a shorter interval (zero: none) lets a test that
  // must toggle TTL do so.
  absl::Duration time_to_live_change_interval = absl::Hours(1);

  // Table statuses (api/table_status.h): zero (the default) makes every
  // CreateTable, UpdateTable and DeleteTable complete at once, the table
  // ACTIVE (or gone) in its answer, for fast tests. A positive delay makes
  // the table CREATING, UPDATING (and a GSI it adds CREATING) or DELETING
  // for that long by `clock`, as DynamoDB's tables are for seconds or
  // minutes, so that code which waits for ACTIVE (SDK waiters) is
  // exercised. The change itself is still made at once: a CREATING table
  // refuses items because DynamoDB's does, not because it is not ready.
  // `dynamite serve --delay-transient-statuses`.
  absl::Duration transient_status_delay = absl::ZeroDuration();

  // The item-collection limit of tables with LSIs: DynamoDB's 10 GB, or a
  // smaller one so that a test can reach it
  // (ItemCollectionSizeLimitExceededException).
  int64_t item_collection_limit_bytes = kMaxItemCollectionBytes;

  // DynamoDB Streams: when shards roll over, how long records are kept
  // (24 hours by `clock`), and the cap on the retained records' total
  // size (store/stream_store.h).
  StreamOptions streams;
  // Where the commits are kept on disk, and when a write is acknowledged
  // (durability/durability_options.h). Default: in memory only. A Database
  // with a directory is made by Database::Open, which recovers it.
  DurabilityOptions durability;
};

}  // namespace dynamite

#endif  // DYNAMITE_API_OPTIONS_H_
