#include "store/stream_store.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "common/check.h"
#include "common/errors.h"
#include "store/commit.h"
#include "store/packed_value.h"

namespace dynamite {

struct StreamStore::Shard {
  StreamShardInfo info;
  absl::Time opened;
  // Retained records, oldest first.
  std::deque<StreamRecord> records;
  // The highest sequence number trimmed from this shard (0: none yet).
  uint64_t trimmed_through = 0;
  // The last sequence number given to a record of this shard (0: none).
  uint64_t last_sequence_number = 0;
  // The records ever appended, trimmed ones included (shard_max_records).
  int64_t appended = 0;
  bool open() const { return !info.ending_sequence_number.has_value(); }
};

struct StreamStore::Stream {
  StreamInfo info;               // `shards` unused: the shards are below
  const Table* table = nullptr;  // while enabled
  std::deque<Shard> shards;      // oldest first; the last is open if enabled
};

namespace {

// DynamoDB's texts (live captures: research notes of issue 24).
constexpr absl::string_view kShardNotFound =
    "Requested resource not found: Shard does not exist";
constexpr absl::string_view kTrimmed =
    "The data you are trying to access has been trimmed.";

// The DynamoDB size of one key attribute of `item`: its name and value.
int64_t KeyAttributeSize(const PackedItem& item, const KeyAttribute& key) {
  std::optional<ValueView> value = item.Find(key.name);
  if (!value.has_value()) return 0;
  int64_t size = static_cast<int64_t>(key.name.size());
  switch (value->type()) {
    case ValueType::kS:
      return size + static_cast<int64_t>(value->s().size());
    case ValueType::kB:
      return size + static_cast<int64_t>(value->b().size());
    case ValueType::kN:
      return size + value->n().StorageSize();
    default:
      return size;
  }
}

int64_t RecordSize(const StreamRecord& record, const KeySchema& schema,
                   StreamViewType view) {
  const PackedItem& keyed =
      record.new_image ? *record.new_image : *record.old_image;
  int64_t size = KeyAttributeSize(keyed, schema.partition_key);
  if (schema.sort_key.has_value()) {
    size += KeyAttributeSize(keyed, *schema.sort_key);
  }
  const bool new_image = view == StreamViewType::kNewImage ||
                         view == StreamViewType::kNewAndOldImages;
  const bool old_image = view == StreamViewType::kOldImage ||
                         view == StreamViewType::kNewAndOldImages;
  if (new_image && record.new_image) size += record.new_image->size();
  if (old_image && record.old_image) size += record.old_image->size();
  return size;
}

}  // namespace

StreamStore::StreamStore(const Clock& clock, StreamOptions options)
    : clock_(clock), options_(options) {}

StreamStore::~StreamStore() = default;

void StreamStore::OnTableCommit(const TableChangeRecord& record) {
  MutexLock lock(&mu_);
  auto enabled = enabled_.find(record.table);
  Stream* current = enabled == enabled_.end() ? nullptr : enabled->second;
  const std::optional<StreamDefinition>& next =
      record.kind == TableChangeRecord::Kind::kDelete
          ? std::nullopt
          : record.definition->stream;
  const bool keeps_current = current != nullptr && next.has_value() &&
                             next->enabled && next->arn == current->info.arn;
  if (current != nullptr && !keeps_current) {
    CloseStream(*current);
    enabled_.erase(record.table);
  }
  if (next.has_value() && next->enabled && !keeps_current) {
    OpenStream(record);
  }
  any_enabled_.store(!enabled_.empty(), std::memory_order_relaxed);
  appended_.SignalAll();  // a closed shard ends its readers' waits
}

void StreamStore::OpenStream(const TableChangeRecord& record) {
  const TableDefinition& definition = *record.definition;
  auto stream = std::make_unique<Stream>();
  stream->info.arn = definition.stream->arn;
  stream->info.label = definition.stream->label;
  stream->info.table_name = definition.name;
  stream->info.key_schema = definition.key_schema;
  stream->info.view_type = definition.stream->view_type;
  stream->info.enabled = true;
  stream->info.created = definition.stream->created;
  stream->table = record.table;
  OpenShard(*stream, record.committed);
  enabled_[record.table] = stream.get();
  streams_[stream->info.arn] = std::move(stream);
}

void StreamStore::CloseStream(Stream& stream) {
  stream.info.enabled = false;
  stream.table = nullptr;
  Shard& shard = stream.shards.back();
  shard.info.ending_sequence_number =
      std::max(shard.last_sequence_number, shard.info.starting_sequence_number);
}

void StreamStore::OpenShard(Stream& stream, absl::Time now) {
  Shard shard;
  // DynamoDB's form: "shardId-", the creation time in milliseconds, and
  // eight hex digits (here a counter, so that ids are unique).
  shard.info.shard_id =
      absl::StrFormat("shardId-%020d-%08x", absl::ToUnixMillis(now),
                      static_cast<uint32_t>(++shards_opened_));
  if (!stream.shards.empty()) {
    shard.info.parent_shard_id = stream.shards.back().info.shard_id;
  }
  shard.info.starting_sequence_number = next_sequence_number_;
  shard.opened = now;
  stream.shards.push_back(std::move(shard));
}

void StreamStore::OnItemCommit(uint64_t /*sequence*/, absl::Time committed,
                               absl::Span<const ChangeRecord> records) {
  if (!any_enabled_.load(std::memory_order_relaxed)) return;
  MutexLock lock(&mu_);
  bool appended = false;
  for (const ChangeRecord& change : records) {
    if (change.kept) continue;
    auto enabled = enabled_.find(change.table);
    if (enabled == enabled_.end()) continue;
    const PackedItem* old_image = change.old_image.packed();
    const PackedItem* new_image = change.new_image.packed();
    if (old_image == nullptr && new_image == nullptr) continue;
    if (old_image != nullptr && new_image != nullptr &&
        old_image->SameContent(*new_image)) {
      continue;
    }
    StreamRecord record;
    record.event_name = old_image == nullptr   ? StreamEventName::kInsert
                        : new_image == nullptr ? StreamEventName::kRemove
                                               : StreamEventName::kModify;
    record.created = committed;
    record.old_image = change.old_image.packed_ref();
    record.new_image = change.new_image.packed_ref();
    record.by_time_to_live = change.source == ChangeSource::kTimeToLive;
    Append(*enabled->second, std::move(record));
    appended = true;
  }
  if (appended) appended_.SignalAll();
  // Trimming walks every shard: by age once a second at most, by size at
  // once.
  if (retained_bytes_ > options_.max_retained_bytes ||
      clock_.Now() - last_trim_ >= absl::Seconds(1)) {
    Trim();
  }
}

void StreamStore::Append(Stream& stream, StreamRecord record) {
  Shard* shard = &stream.shards.back();
  // Counted by appends, not by the records left: trimming does not make
  // room in a shard.
  const bool full = options_.shard_max_records > 0 &&
                    shard->appended >= options_.shard_max_records;
  const bool old = record.created - shard->opened >= options_.shard_max_age;
  if ((full || old) && shard->last_sequence_number != 0) {
    shard->info.ending_sequence_number = shard->last_sequence_number;
    OpenShard(stream, record.created);
    shard = &stream.shards.back();
  }
  record.sequence_number = next_sequence_number_++;
  record.size_bytes =
      RecordSize(record, stream.info.key_schema, stream.info.view_type);
  shard->last_sequence_number = record.sequence_number;
  ++shard->appended;
  retained_bytes_ += record.size_bytes;
  ++retained_records_;
  shard->records.push_back(std::move(record));
}

void StreamStore::Trim() {
  last_trim_ = clock_.Now();
  const absl::Time horizon = last_trim_ - options_.retention;
  // By age: each shard's records are in time order.
  for (auto& [arn, stream] : streams_) {
    for (Shard& shard : stream->shards) {
      while (!shard.records.empty() &&
             shard.records.front().created <= horizon) {
        shard.trimmed_through = shard.records.front().sequence_number;
        retained_bytes_ -= shard.records.front().size_bytes;
        --retained_records_;
        ++trimmed_records_;
        shard.records.pop_front();
      }
    }
  }
  // By size: the oldest record of all (the lowest sequence number) first.
  while (retained_bytes_ > options_.max_retained_bytes &&
         retained_records_ > 0) {
    Shard* oldest = nullptr;
    for (auto& [arn, stream] : streams_) {
      for (Shard& shard : stream->shards) {
        if (shard.records.empty()) continue;
        if (oldest == nullptr || shard.records.front().sequence_number <
                                     oldest->records.front().sequence_number) {
          oldest = &shard;
        }
      }
    }
    oldest->trimmed_through = oldest->records.front().sequence_number;
    retained_bytes_ -= oldest->records.front().size_bytes;
    --retained_records_;
    ++trimmed_records_;
    oldest->records.pop_front();
  }
  // Forget closed shards left empty once their records would have aged
  // out, and disabled streams left without shards.
  for (auto it = streams_.begin(); it != streams_.end();) {
    Stream& stream = *it->second;
    while (!stream.shards.empty() && !stream.shards.front().open() &&
           stream.shards.front().records.empty() &&
           (stream.shards.size() > 1 || !stream.info.enabled) &&
           stream.shards.front().opened <= horizon) {
      stream.shards.pop_front();
    }
    if (stream.shards.empty()) {
      streams_.erase(it++);
    } else {
      ++it;
    }
  }
}

StreamInfo StreamStore::InfoOf(const Stream& stream) {
  StreamInfo info = stream.info;
  for (const Shard& shard : stream.shards) info.shards.push_back(shard.info);
  return info;
}

std::vector<StreamInfo> StreamStore::List(absl::string_view table_name) const {
  std::vector<StreamInfo> list;
  {
    MutexLock lock(&mu_);
    for (const auto& [arn, stream] : streams_) {
      if (!table_name.empty() && stream->info.table_name != table_name) {
        continue;
      }
      StreamInfo info = stream->info;  // without shards: List needs none
      list.push_back(std::move(info));
    }
  }
  // Newest first (DynamoDB's order); labels are unique within a Database,
  // and the ARN breaks no tie but keeps the order total.
  std::sort(
      list.begin(), list.end(), [](const StreamInfo& a, const StreamInfo& b) {
        return a.created != b.created ? a.created > b.created : a.arn < b.arn;
      });
  return list;
}

absl::StatusOr<const StreamStore::Stream*> StreamStore::FindStream(
    absl::string_view arn) const {
  auto it = streams_.find(arn);
  if (it == streams_.end()) {
    return ResourceNotFoundError(absl::StrCat(
        "Requested resource not found: Stream: ", arn, " not found"));
  }
  return it->second.get();
}

absl::StatusOr<StreamInfo> StreamStore::Describe(absl::string_view arn) const {
  MutexLock lock(&mu_);
  absl::StatusOr<const Stream*> stream = FindStream(arn);
  if (!stream.ok()) return stream.status();
  return InfoOf(**stream);
}

namespace {

template <typename Shards>
auto* FindShard(Shards& shards, absl::string_view shard_id) {
  for (auto& shard : shards) {
    if (shard.info.shard_id == shard_id) return &shard;
  }
  return static_cast<decltype(&shards.front())>(nullptr);
}

}  // namespace

absl::StatusOr<uint64_t> StreamStore::StartPosition(
    absl::string_view arn, absl::string_view shard_id, Start start,
    uint64_t sequence_number) const {
  MutexLock lock(&mu_);
  absl::StatusOr<const Stream*> stream = FindStream(arn);
  if (!stream.ok()) return stream.status();
  const Shard* shard = FindShard((*stream)->shards, shard_id);
  if (shard == nullptr) {
    return ResourceNotFoundError(kShardNotFound);
  }
  const uint64_t first = shard->info.starting_sequence_number;
  switch (start) {
    case Start::kTrimHorizon:
      return std::max(first - 1, shard->trimmed_through);
    case Start::kLatest:
      return std::max(first - 1, shard->last_sequence_number);
    case Start::kAtSequence:
    case Start::kAfterSequence:
      break;
  }
  const uint64_t last = shard->info.ending_sequence_number.value_or(
      std::max(shard->last_sequence_number, first));
  if (sequence_number < first || sequence_number > last) {
    // DynamoDB Local's text; AWS's is not on record.
    return ValidationError("Invalid SequenceNumber for the shard");
  }
  const uint64_t after =
      start == Start::kAtSequence ? sequence_number - 1 : sequence_number;
  if (after < shard->trimmed_through) {
    return MakeError(ErrorKind::kTrimmedDataAccess, kTrimmed);
  }
  return after;
}

absl::StatusOr<StreamBatch> StreamStore::Read(absl::string_view arn,
                                              absl::string_view shard_id,
                                              uint64_t after, size_t limit) {
  MutexLock lock(&mu_);
  // Records age out as time passes, with or without writes.
  Trim();
  absl::StatusOr<const Stream*> stream = FindStream(arn);  // after Trim()
  if (!stream.ok()) return stream.status();
  const Shard* shard = FindShard((*stream)->shards, shard_id);
  if (shard == nullptr) {
    return ResourceNotFoundError(kShardNotFound);
  }
  if (after < shard->trimmed_through) {
    return MakeError(ErrorKind::kTrimmedDataAccess, kTrimmed);
  }
  StreamBatch batch;
  batch.after = after;
  batch.key_schema = (*stream)->info.key_schema;
  batch.view_type = (*stream)->info.view_type;
  auto next =
      std::upper_bound(shard->records.begin(), shard->records.end(), after,
                       [](uint64_t position, const StreamRecord& record) {
                         return position < record.sequence_number;
                       });
  for (; next != shard->records.end() && batch.records.size() < limit; ++next) {
    batch.records.push_back(*next);
    batch.after = next->sequence_number;
  }
  batch.shard_ended = !shard->open() && next == shard->records.end();
  return batch;
}

bool StreamStore::WaitForRecords(absl::string_view arn,
                                 absl::string_view shard_id, uint64_t after,
                                 absl::Duration timeout) const {
  const absl::Time deadline = absl::Now() + timeout;
  MutexLock lock(&mu_);
  while (true) {
    auto stream = streams_.find(arn);
    if (stream == streams_.end()) return true;
    const Shard* shard = FindShard(stream->second->shards, shard_id);
    if (shard == nullptr || !shard->open() ||
        shard->last_sequence_number > after) {
      return true;
    }
    const absl::Duration left = deadline - absl::Now();
    if (left <= absl::ZeroDuration()) return false;
    mu_.WaitWithTimeout(&appended_, left);
  }
}

StreamStoreStats StreamStore::stats() const {
  MutexLock lock(&mu_);
  return StreamStoreStats{.streams = static_cast<int64_t>(streams_.size()),
                          .records = retained_records_,
                          .retained_bytes = retained_bytes_,
                          .trimmed_records = trimmed_records_};
}

StreamStoreState StreamStore::Export() const {
  MutexLock lock(&mu_);
  StreamStoreState state;
  state.next_sequence_number = next_sequence_number_;
  state.shards_opened = shards_opened_;
  state.trimmed_records = trimmed_records_;
  for (const auto& [arn, stream] : streams_) {
    StreamState& out = state.streams.emplace_back();
    out.info = stream->info;
    for (const Shard& shard : stream->shards) {
      out.shards.push_back(
          {.info = shard.info,
           .opened = shard.opened,
           .records = {shard.records.begin(), shard.records.end()},
           .trimmed_through = shard.trimmed_through,
           .last_sequence_number = shard.last_sequence_number,
           .appended = shard.appended});
    }
  }
  return state;
}

absl::Status StreamStore::Import(
    StreamStoreState state,
    absl::FunctionRef<const Table*(absl::string_view)> table_of) {
  MutexLock lock(&mu_);
  DYNAMITE_CHECK(streams_.empty());
  for (StreamState& in : state.streams) {
    auto stream = std::make_unique<Stream>();
    stream->info = std::move(in.info);
    for (StreamShardState& shard_state : in.shards) {
      Shard& shard = stream->shards.emplace_back();
      shard.info = std::move(shard_state.info);
      shard.opened = shard_state.opened;
      shard.records.assign(std::make_move_iterator(shard_state.records.begin()),
                           std::make_move_iterator(shard_state.records.end()));
      shard.trimmed_through = shard_state.trimmed_through;
      shard.last_sequence_number = shard_state.last_sequence_number;
      shard.appended = shard_state.appended;
      for (const StreamRecord& record : shard.records) {
        retained_bytes_ += record.size_bytes;
        ++retained_records_;
      }
    }
    if (stream->info.enabled) {
      const Table* table = table_of(stream->info.table_name);
      if (table == nullptr || enabled_.contains(table)) {
        return MakeError(ErrorKind::kInternal,
                         absl::StrCat("the enabled stream ", stream->info.arn,
                                      " has no table of its own"));
      }
      stream->table = table;
      enabled_[table] = stream.get();
    }
    streams_[stream->info.arn] = std::move(stream);
  }
  next_sequence_number_ = state.next_sequence_number;
  shards_opened_ = state.shards_opened;
  trimmed_records_ = state.trimmed_records;
  any_enabled_.store(!enabled_.empty(), std::memory_order_relaxed);
  return absl::OkStatus();
}

}  // namespace dynamite
