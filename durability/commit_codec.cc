#include "durability/commit_codec.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"

#include "common/check.h"
#include "common/errors.h"
#include "durability/byte_codec.h"
#include "durability/log_format.h"
#include "store/table.h"

namespace dynamite {
namespace {

// The kind byte; the values are the format's, not LoggedCommit::Kind's.
enum KindTag : uint8_t {
  kItemsTag = 0,
  kCreateTag = 1,
  kRedefineTag = 2,
  kDeleteTag = 3
};

// What an item change left: the item stored, deleted, or kept as it was
// (a ConditionCheck).
enum ImageTag : uint8_t { kStoredTag = 0, kDeletedTag = 1, kKeptTag = 2 };

void WriteOptionalSigned(ByteWriter& out, const std::optional<int64_t>& v) {
  out.Bool(v.has_value());
  if (v.has_value()) out.Signed(*v);
}
std::optional<int64_t> ReadOptionalSigned(ByteReader& in) {
  if (!in.Bool()) return std::nullopt;
  return in.Signed();
}

void WriteKeyAttribute(ByteWriter& out, const KeyAttribute& key) {
  out.String(key.name);
  WriteEnum(out, key.type);
}
KeyAttribute ReadKeyAttribute(ByteReader& in) {
  KeyAttribute key;
  key.name = in.String();
  key.type = ReadEnum(in, KeyType::kB);
  return key;
}

// Reads a definition from `in`, whose payload is `size` bytes in all.
class DefinitionReader {
 public:
  DefinitionReader(ByteReader& in, size_t size) : in_(in), size_(size) {}

  std::vector<KeyAttribute> Keys() {
    return ReadList<KeyAttribute>(in_, size_,
                                  [&] { return ReadKeyAttribute(in_); });
  }
  std::vector<std::string> Strings() {
    return ReadList<std::string>(in_, size_, [&] { return in_.String(); });
  }

  IndexDefinition Index() {
    IndexDefinition index;
    index.name = in_.String();
    index.kind = ReadEnum(in_, IndexKind::kGlobal);
    index.hash_keys = Keys();
    index.range_keys = Keys();
    index.projection = ReadEnum(in_, ProjectionType::kAll);
    index.non_key_attributes = Strings();
    index.read_capacity_units = in_.Signed();
    index.write_capacity_units = in_.Signed();
    index.arn = in_.String();
    index.backfilled_at = in_.Time();
    index.on_demand_throughput.max_read_request_units = ReadOptionalSigned(in_);
    index.on_demand_throughput.max_write_request_units =
        ReadOptionalSigned(in_);
    index.warm_throughput.read_units_per_second = in_.Signed();
    index.warm_throughput.write_units_per_second = in_.Signed();
    index.warm_throughput_updating_until = in_.Time();
    return index;
  }

  TableDefinition Definition() {
    TableDefinition def;
    def.name = in_.String();
    def.key_schema = ReadKeySchema(in_);
    def.attribute_definitions = Keys();
    def.billing_mode = ReadEnum(in_, BillingMode::kPayPerRequest);
    def.read_capacity_units = in_.Signed();
    def.write_capacity_units = in_.Signed();
    def.creation_time = in_.Time();
    def.table_id = in_.String();
    def.arn = in_.String();
    def.indexes =
        ReadList<IndexDefinition>(in_, size_, [&] { return Index(); });
    def.item_collection_limit_bytes = in_.Signed();
    if (in_.Bool()) {
      StreamDefinition stream;
      stream.enabled = in_.Bool();
      stream.view_type = ReadEnum(in_, StreamViewType::kNewAndOldImages);
      stream.created = in_.Time();
      stream.label = in_.String();
      stream.arn = in_.String();
      def.stream = std::move(stream);
    }
    if (in_.Bool()) {
      TimeToLiveDefinition ttl;
      ttl.enabled = in_.Bool();
      ttl.attribute_name = in_.String();
      ttl.modified = in_.Time();
      def.time_to_live = std::move(ttl);
    }
    def.deletion_protection = in_.Bool();
    if (in_.Bool()) {
      def.table_class = ReadEnum(in_, TableClass::kStandardInfrequentAccess);
    }
    if (in_.Bool()) def.table_class_updated = in_.Time();
    if (in_.Bool()) def.kms_master_key_arn = in_.String();
    def.point_in_time_recovery = in_.Bool();
    def.point_in_time_recovery_since = in_.Time();
    def.recovery_period_in_days = in_.Signed();
    def.on_demand_throughput.max_read_request_units = ReadOptionalSigned(in_);
    def.on_demand_throughput.max_write_request_units = ReadOptionalSigned(in_);
    def.warm_throughput.read_units_per_second = in_.Signed();
    def.warm_throughput.write_units_per_second = in_.Signed();
    def.warm_throughput_updating_until = in_.Time();
    def.transient_status = ReadEnum(in_, TableStatus::kActive);
    def.transient_until = in_.Time();
    def.tags = ReadList<Tag>(in_, size_, [&] {
      Tag tag;
      tag.key = in_.String();
      tag.value = in_.String();
      return tag;
    });
    def.deleting_indexes =
        ReadList<IndexDefinition>(in_, size_, [&] { return Index(); });
    if (in_.Bool()) {
      RestoreSource source;
      source.backup_arn = in_.String();
      source.table_arn = in_.String();
      source.restored = in_.Time();
      def.restored_from = std::move(source);
    }
    return def;
  }

 private:
  ByteReader& in_;
  const size_t size_;
};

void WriteIndex(ByteWriter& out, const IndexDefinition& index) {
  out.String(index.name);
  WriteEnum(out, index.kind);
  auto key = [&](const KeyAttribute& k) { WriteKeyAttribute(out, k); };
  WriteList(out, index.hash_keys, key);
  WriteList(out, index.range_keys, key);
  WriteEnum(out, index.projection);
  WriteList(out, index.non_key_attributes,
            [&](const std::string& name) { out.String(name); });
  out.Signed(index.read_capacity_units);
  out.Signed(index.write_capacity_units);
  out.String(index.arn);
  out.Time(index.backfilled_at);
  WriteOptionalSigned(out, index.on_demand_throughput.max_read_request_units);
  WriteOptionalSigned(out, index.on_demand_throughput.max_write_request_units);
  out.Signed(index.warm_throughput.read_units_per_second);
  out.Signed(index.warm_throughput.write_units_per_second);
  out.Time(index.warm_throughput_updating_until);
}

// What an item commit of `count` changes starts with.
void WriteItemCommitStart(ByteWriter& out, uint64_t sequence,
                          absl::Time committed, size_t count) {
  out.Unsigned(kCommitFormatVersion);
  out.Unsigned(kItemsTag);
  out.Unsigned(sequence);
  out.Time(committed);
  out.Unsigned(count);
}

// One change of an item commit: the key, then the item stored (null: the
// item was deleted, or `kept` as it was).
void WriteItemChange(ByteWriter& out, absl::string_view table_name,
                     const EncodedKey& key, const PackedItem* item, bool kept) {
  out.String(table_name);
  out.String(key.partition);
  out.String(key.sort);
  const ImageTag tag = kept              ? kKeptTag
                       : item == nullptr ? kDeletedTag
                                         : kStoredTag;
  out.Unsigned(tag);
  if (tag != kStoredTag) return;
  WritePackedItem(out, *item);
}

}  // namespace

void WritePackedItem(ByteWriter& out, const PackedItem& item) {
  out.Signed(item.size());
  out.Unsigned(item.count());
  out.String(item.body_bytes());
}

PackedItemRef ReadPackedItem(ByteReader& in) {
  const int64_t size = in.Signed();
  const uint64_t count = in.Unsigned();
  const absl::string_view body = in.StringView();
  if (!in.status().ok()) return PackedItemRef();
  return PackedItem::FromBody(size, static_cast<uint32_t>(count), body);
}

void WriteKeySchema(ByteWriter& out, const KeySchema& schema) {
  WriteKeyAttribute(out, schema.partition_key);
  out.Bool(schema.sort_key.has_value());
  if (schema.sort_key.has_value()) WriteKeyAttribute(out, *schema.sort_key);
}

KeySchema ReadKeySchema(ByteReader& in) {
  KeySchema schema;
  schema.partition_key = ReadKeyAttribute(in);
  if (in.Bool()) schema.sort_key = ReadKeyAttribute(in);
  return schema;
}

void EncodeTableDefinition(const TableDefinition& def, std::string& bytes) {
  ByteWriter out(bytes);
  out.String(def.name);
  WriteKeySchema(out, def.key_schema);
  WriteList(out, def.attribute_definitions,
            [&](const KeyAttribute& k) { WriteKeyAttribute(out, k); });
  WriteEnum(out, def.billing_mode);
  out.Signed(def.read_capacity_units);
  out.Signed(def.write_capacity_units);
  out.Time(def.creation_time);
  out.String(def.table_id);
  out.String(def.arn);
  WriteList(out, def.indexes,
            [&](const IndexDefinition& index) { WriteIndex(out, index); });
  out.Signed(def.item_collection_limit_bytes);
  out.Bool(def.stream.has_value());
  if (def.stream.has_value()) {
    out.Bool(def.stream->enabled);
    WriteEnum(out, def.stream->view_type);
    out.Time(def.stream->created);
    out.String(def.stream->label);
    out.String(def.stream->arn);
  }
  out.Bool(def.time_to_live.has_value());
  if (def.time_to_live.has_value()) {
    out.Bool(def.time_to_live->enabled);
    out.String(def.time_to_live->attribute_name);
    out.Time(def.time_to_live->modified);
  }
  out.Bool(def.deletion_protection);
  out.Bool(def.table_class.has_value());
  if (def.table_class.has_value()) WriteEnum(out, *def.table_class);
  out.Bool(def.table_class_updated.has_value());
  if (def.table_class_updated.has_value()) out.Time(*def.table_class_updated);
  out.Bool(def.kms_master_key_arn.has_value());
  if (def.kms_master_key_arn.has_value()) out.String(*def.kms_master_key_arn);
  out.Bool(def.point_in_time_recovery);
  out.Time(def.point_in_time_recovery_since);
  out.Signed(def.recovery_period_in_days);
  WriteOptionalSigned(out, def.on_demand_throughput.max_read_request_units);
  WriteOptionalSigned(out, def.on_demand_throughput.max_write_request_units);
  out.Signed(def.warm_throughput.read_units_per_second);
  out.Signed(def.warm_throughput.write_units_per_second);
  out.Time(def.warm_throughput_updating_until);
  WriteEnum(out, def.transient_status);
  out.Time(def.transient_until);
  WriteList(out, def.tags, [&](const Tag& tag) {
    out.String(tag.key);
    out.String(tag.value);
  });
  WriteList(out, def.deleting_indexes,
            [&](const IndexDefinition& index) { WriteIndex(out, index); });
  out.Bool(def.restored_from.has_value());
  if (def.restored_from.has_value()) {
    out.String(def.restored_from->backup_arn);
    out.String(def.restored_from->table_arn);
    out.Time(def.restored_from->restored);
  }
}

void EncodeItemCommit(uint64_t sequence, absl::Time committed,
                      absl::Span<const ChangeRecord> records,
                      std::string& bytes) {
  ByteWriter out(bytes);
  WriteItemCommitStart(out, sequence, committed, records.size());
  for (const ChangeRecord& record : records) {
    // The store keeps every item packed (store/packed_item.h).
    const PackedItem* item = record.new_image.packed();
    DYNAMITE_CHECK((item == nullptr) == (record.new_image == nullptr));
    WriteItemChange(out, record.table->name(), record.key, item, record.kept);
  }
}

void EncodeItemImages(uint64_t sequence, absl::string_view table_name,
                      absl::Span<const CapturedItem> items,
                      std::string& bytes) {
  ByteWriter out(bytes);
  // A snapshot's items were made by many commits: they carry no time.
  WriteItemCommitStart(out, sequence, absl::InfinitePast(), items.size());
  for (const CapturedItem& captured : items) {
    DYNAMITE_CHECK(captured.item.get() != nullptr);
    WriteItemChange(out, table_name, captured.key, captured.item.get(),
                    /*kept=*/false);
  }
}

void EncodeTableCommit(const TableChangeRecord& record, std::string& bytes) {
  ByteWriter out(bytes);
  out.Unsigned(kCommitFormatVersion);
  switch (record.kind) {
    case TableChangeRecord::Kind::kCreate:
      out.Unsigned(kCreateTag);
      break;
    case TableChangeRecord::Kind::kRedefine:
      out.Unsigned(kRedefineTag);
      break;
    case TableChangeRecord::Kind::kDelete:
      out.Unsigned(kDeleteTag);
      break;
  }
  out.Unsigned(record.sequence);
  out.Time(record.committed);
  EncodeTableDefinition(*record.definition, bytes);
}

absl::StatusOr<LoggedCommit> DecodeCommit(absl::string_view payload) {
  ByteReader in(payload);
  const uint64_t version = in.Unsigned();
  if (in.status().ok() && version != kCommitFormatVersion) {
    return MakeError(
        ErrorKind::kInternal,
        absl::StrCat("the commit record is of format version ", version,
                     "; this build reads version ", kCommitFormatVersion));
  }
  LoggedCommit commit;
  const uint64_t kind = in.Enum(kDeleteTag);
  commit.sequence = in.Unsigned();
  commit.committed = in.Time();
  if (kind == kItemsTag) {
    commit.kind = LoggedCommit::Kind::kItems;
    commit.changes = ReadList<LoggedItemChange>(in, payload.size(), [&in] {
      LoggedItemChange change;
      change.table_name = in.String();
      change.key.partition = in.String();
      change.key.sort = in.String();
      const uint64_t tag = in.Enum(kKeptTag);
      change.kept = tag == kKeptTag;
      if (tag == kStoredTag) change.new_image = ReadPackedItem(in);
      return change;
    });
  } else {
    commit.kind = kind == kCreateTag     ? LoggedCommit::Kind::kCreateTable
                  : kind == kRedefineTag ? LoggedCommit::Kind::kRedefineTable
                                         : LoggedCommit::Kind::kDeleteTable;
    DefinitionReader definition(in, payload.size());
    commit.definition =
        std::make_shared<const TableDefinition>(definition.Definition());
  }
  if (in.status().ok() && !in.done()) {
    in.Fail("malformed record: bytes are left after the commit");
  }
  if (!in.status().ok()) {
    return MakeError(ErrorKind::kInternal,
                     absl::StrCat("cannot decode the commit record: ",
                                  in.status().message()));
  }
  return commit;
}

absl::Status CheckFileFormatVersion(absl::string_view file_kind,
                                    absl::string_view file_name,
                                    uint64_t version) {
  if (version == kCommitFormatVersion) return absl::OkStatus();
  return CorruptFileError(
      file_kind, file_name, 0,
      absl::StrCat("it is of format version ", version,
                   "; this build reads version ", kCommitFormatVersion));
}

}  // namespace dynamite
