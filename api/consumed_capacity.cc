#include "api/consumed_capacity.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <utility>

#include "store/commit.h"
#include "store/index_key.h"
#include "store/item.h"
#include "store/secondary_index.h"

namespace dynamite {
namespace {

constexpr int64_t kReadBlockBytes = 4096;
constexpr int64_t kWriteBlockBytes = 1024;

// The blocks of `block` bytes that `bytes` take: at least one.
int64_t Blocks(int64_t bytes, int64_t block) {
  return std::max<int64_t>(1, (bytes + block - 1) / block);
}

// The image as a packed item: a stored image is packed already; an
// unpacked one (none of Commit()'s, but an ItemPtr may be) is packed here.
// Null for no image.
PackedItemRef PackedImage(const ItemPtr& image) {
  if (image.packed() != nullptr) return image.packed_ref();
  const Item* item = image.get();
  if (item == nullptr) return PackedItemRef();
  return PackedItem::Pack(*item, ItemSize(*item));
}

void Add(Capacity& into, const Capacity& units) {
  into.read_units += units.read_units;
  into.write_units += units.write_units;
}

// The write units of the index entry changes from `old_item` to
// `new_item` (either may be null) in `index`; 0 when the entry is
// unchanged or in the index neither before nor after.
double IndexWriteUnits(const IndexDefinition& index, const KeySchema& schema,
                       const PackedItem* old_item, const PackedItem* new_item,
                       bool transactional) {
  std::optional<IndexKey> old_key;
  std::optional<IndexKey> new_key;
  if (old_item != nullptr) old_key = IndexKeyOf(index, *old_item);
  if (new_item != nullptr) new_key = IndexKeyOf(index, *new_item);
  auto entry_units = [&](const PackedItem& item) {
    return WriteUnits(IndexEntrySize(index, schema, item), transactional);
  };
  if (!old_key.has_value() && !new_key.has_value()) return 0;
  if (!old_key.has_value()) return entry_units(*new_item);  // a put
  if (!new_key.has_value()) return entry_units(*old_item);  // a delete
  if (old_key->partition != new_key->partition ||
      old_key->sort != new_key->sort) {
    return entry_units(*old_item) + entry_units(*new_item);  // moved
  }
  if (SameIndexProjection(index, schema, *old_item, *new_item)) return 0;
  return entry_units(*new_item);  // the entry rewritten in place
}

}  // namespace

double ReadUnits(int64_t bytes, ReadMode mode) {
  const double blocks = static_cast<double>(Blocks(bytes, kReadBlockBytes));
  switch (mode) {
    case ReadMode::kEventual:
      return blocks / 2;
    case ReadMode::kStrong:
      return blocks;
    case ReadMode::kTransactional:
      return 2 * blocks;
  }
  return blocks;
}

double WriteUnits(int64_t bytes, bool transactional) {
  const double blocks = static_cast<double>(Blocks(bytes, kWriteBlockBytes));
  return transactional ? 2 * blocks : blocks;
}

CapacityMeter::Buckets& CapacityMeter::BucketsOf(const std::string& table) {
  for (Buckets& buckets : tables_) {
    if (buckets.table_name == table) return buckets;
  }
  tables_.push_back(Buckets{table, std::nullopt, {}, {}});
  return tables_.back();
}

void CapacityMeter::AddTableRead(const std::string& table, double units) {
  if (!enabled()) return;
  Buckets& buckets = BucketsOf(table);
  if (!buckets.table.has_value()) buckets.table.emplace();
  buckets.table->read_units += units;
}

void CapacityMeter::AddTableWrite(const std::string& table, double units) {
  if (!enabled()) return;
  Buckets& buckets = BucketsOf(table);
  if (!buckets.table.has_value()) buckets.table.emplace();
  buckets.table->write_units += units;
}

void CapacityMeter::AddIndexRead(const TableDefinition& definition,
                                 const std::string& index, double units) {
  if (!enabled()) return;
  Buckets& buckets = BucketsOf(definition.name);
  const IndexDefinition* found = definition.FindIndex(index);
  const bool local = found != nullptr && found->kind == IndexKind::kLocal;
  auto& bucket_map = local ? buckets.local_secondary_indexes
                           : buckets.global_secondary_indexes;
  bucket_map[index].read_units += units;
}

void CapacityMeter::AddWrite(const TableDefinition& definition,
                             const ChangeRecord& record, bool transactional) {
  if (!enabled()) return;
  const PackedItemRef old_item = PackedImage(record.old_image);
  const PackedItemRef new_item =
      record.kept ? PackedItemRef() : PackedImage(record.new_image);
  const int64_t bytes = std::max<int64_t>(old_item ? old_item->size() : 0,
                                          new_item ? new_item->size() : 0);
  AddTableWrite(definition.name, WriteUnits(bytes, transactional));
  if (record.kept) return;  // nothing written: no index entry changed
  Buckets& buckets = BucketsOf(definition.name);
  for (const IndexDefinition& index : definition.indexes) {
    const double units =
        IndexWriteUnits(index, definition.key_schema, old_item.get(),
                        new_item.get(), transactional);
    if (units == 0) continue;
    auto& bucket_map = index.kind == IndexKind::kLocal
                           ? buckets.local_secondary_indexes
                           : buckets.global_secondary_indexes;
    bucket_map[index.name].write_units += units;
  }
}

void CapacityMeter::AddFailedWrite(const std::string& table,
                                   int64_t new_item_bytes, bool transactional) {
  AddTableWrite(table, WriteUnits(new_item_bytes, transactional));
}

ConsumedCapacity CapacityMeter::ReportOf(const Buckets& buckets) const {
  ConsumedCapacity report;
  report.table_name = buckets.table_name;
  if (buckets.table.has_value()) Add(report.total, *buckets.table);
  for (const auto* bucket_map :
       {&buckets.global_secondary_indexes, &buckets.local_secondary_indexes}) {
    for (const auto& [name, units] : *bucket_map) Add(report.total, units);
  }
  if (asked_ == ReturnConsumedCapacity::kIndexes) {
    report.table = buckets.table.value_or(Capacity{});
    report.global_secondary_indexes = buckets.global_secondary_indexes;
    report.local_secondary_indexes = buckets.local_secondary_indexes;
  }
  return report;
}

std::vector<ConsumedCapacity> CapacityMeter::Report() const {
  std::vector<ConsumedCapacity> reports;
  if (!enabled()) return reports;
  reports.reserve(tables_.size());
  for (const Buckets& buckets : tables_) reports.push_back(ReportOf(buckets));
  return reports;
}

std::optional<ConsumedCapacity> CapacityMeter::ReportTable(
    const std::string& table) const {
  if (!enabled()) return std::nullopt;
  for (const Buckets& buckets : tables_) {
    if (buckets.table_name == table) return ReportOf(buckets);
  }
  return ReportOf(Buckets{table, std::nullopt, {}, {}});
}

int64_t ImageSize(const ItemPtr& image) {
  if (image.packed() != nullptr) return image.packed()->size();
  const Item* item = image.get();
  return item == nullptr ? 0 : ItemSize(*item);
}

std::optional<ConsumedCapacity> CommittedWriteCapacity(
    ReturnConsumedCapacity asked, const ChangeRecord& record) {
  CapacityMeter meter(asked);
  if (!meter.enabled()) return std::nullopt;
  const std::shared_ptr<const TableDefinition> definition =
      record.table->definition();
  meter.AddWrite(*definition, record, /*transactional=*/false);
  return meter.ReportTable(definition->name);
}

std::optional<ConsumedCapacity> FailedWriteCapacity(
    ReturnConsumedCapacity asked, const std::string& table, int64_t bytes) {
  CapacityMeter meter(asked);
  if (!meter.enabled()) return std::nullopt;
  meter.AddFailedWrite(table, bytes, /*transactional=*/false);
  return meter.ReportTable(table);
}

}  // namespace dynamite
