#include "store/secondary_index.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <utility>
#include <vector>

namespace dynamite {
namespace {

absl::weak_ordering Order(int c) {
  return c < 0    ? absl::weak_ordering::less
         : c == 0 ? absl::weak_ordering::equivalent
                  : absl::weak_ordering::greater;
}

// Whether `item` has a key in `index`: IndexKeyOf(index, item).has_value(),
// by the same test of each key attribute (present, of its type, a non-empty
// S or B), without encoding the key.
bool HasIndexKey(const IndexDefinition& index, const PackedItem& item) {
  for (const auto* keys : {&index.hash_keys, &index.range_keys}) {
    for (const KeyAttribute& attribute : *keys) {
      std::optional<ValueView> value = item.Find(attribute.name);
      if (!value.has_value() || value->type() != ValueTypeOf(attribute.type)) {
        return false;
      }
      if (attribute.type != KeyType::kN && value->s().empty()) return false;
    }
  }
  return true;
}

// The bytes of a packed value.
absl::string_view PackedBytes(ValueView value) {
  return absl::string_view(value.data(),
                           static_cast<size_t>(value.end() - value.data()));
}

// DynamoDB equality of two packed values: equal bytes, or (a set's members
// in another order, say) equal decoded values.
bool SameValue(ValueView a, ValueView b) {
  return PackedBytes(a) == PackedBytes(b) || a.Decode() == b.Decode();
}

}  // namespace

int64_t IndexEntrySize(const IndexDefinition& index,
                       const KeySchema& table_schema, const PackedItem& item) {
  if (!HasIndexKey(index, item)) return 0;
  if (index.projection == ProjectionType::kAll) return item.size();
  int64_t size = 0;
  item.ForEach([&](absl::string_view name, ValueView value) {
    if (index.projects(name, table_schema)) {
      size += static_cast<int64_t>(name.size()) + ValueSize(value.Decode());
    }
  });
  return size;
}

bool SameIndexProjection(const IndexDefinition& index,
                         const KeySchema& table_schema, const PackedItem& a,
                         const PackedItem& b) {
  if (&a == &b) return true;
  // The projected attributes of each, in name order (ForEach's order).
  std::vector<std::pair<absl::string_view, ValueView>> projected;
  a.ForEach([&](absl::string_view name, ValueView value) {
    if (index.projects(name, table_schema)) {
      projected.emplace_back(name, value);
    }
  });
  size_t next = 0;
  bool same = true;
  b.ForEach([&](absl::string_view name, ValueView value) {
    if (!same || !index.projects(name, table_schema)) return;
    if (next == projected.size() || projected[next].first != name ||
        !SameValue(projected[next].second, value)) {
      same = false;
      return;
    }
    ++next;
  });
  return same && next == projected.size();
}

absl::weak_ordering SecondaryIndex::EntryCompare::operator()(
    const Entry& a, const Entry& b) const {
  const int c = a.sort().compare(b.sort());
  if (c != 0) return Order(c);
  return Order(a.table_key().compare(b.table_key()));
}

absl::weak_ordering SecondaryIndex::EntryCompare::operator()(
    const Entry& a, const Probe& b) const {
  const int c = a.sort().compare(b.sort);
  if (c != 0) return Order(c);
  return Order(CompareTableKey(a.table_key(), b));
}

absl::weak_ordering SecondaryIndex::EntryCompare::operator()(
    const Probe& a, const Entry& b) const {
  const int c = a.sort.compare(b.sort());
  if (c != 0) return Order(c);
  const int d = CompareTableKey(b.table_key(), a);
  return Order(d < 0 ? 1 : d > 0 ? -1 : 0);
}

absl::weak_ordering SecondaryIndex::EntryCompare::operator()(
    const Entry& a, absl::string_view b) const {
  return Order(a.sort().compare(b));
}

absl::weak_ordering SecondaryIndex::EntryCompare::operator()(
    absl::string_view a, const Entry& b) const {
  return Order(a.compare(b.sort()));
}

SecondaryIndex::SecondaryIndex(IndexDefinition definition,
                               KeySchema table_schema)
    : definition_(std::move(definition)),
      table_schema_(std::move(table_schema)) {}

size_t SecondaryIndex::TableKeySize(const EncodedKey& key) {
  return 2 + key.partition.size() + key.sort.size();
}

void SecondaryIndex::EncodeTableKey(const EncodedKey& key, char* out) {
  out[0] = static_cast<char>(key.partition.size() >> 8);
  out[1] = static_cast<char>(key.partition.size() & 0xff);
  std::memcpy(out + 2, key.partition.data(), key.partition.size());
  std::memcpy(out + 2 + key.partition.size(), key.sort.data(), key.sort.size());
}

int SecondaryIndex::CompareTableKey(absl::string_view encoded,
                                    const Probe& probe) {
  const char header[2] = {static_cast<char>(probe.partition.size() >> 8),
                          static_cast<char>(probe.partition.size() & 0xff)};
  const absl::string_view pieces[] = {absl::string_view(header, 2),
                                      probe.partition, probe.table_sort};
  for (absl::string_view piece : pieces) {
    const size_t n = std::min(piece.size(), encoded.size());
    if (n > 0) {
      const int c = std::memcmp(encoded.data(), piece.data(), n);
      if (c != 0) return c;
    }
    if (n < piece.size()) return -1;  // `encoded` is a proper prefix
    encoded.remove_prefix(n);
  }
  return encoded.empty() ? 0 : 1;
}

std::pair<PackedItemRef, int64_t> SecondaryIndex::EntryData(
    const PackedItemRef& item) const {
  if (definition_.projection == ProjectionType::kAll) {
    return {item, item->size()};
  }
  Item projected;
  item->ForEach([&](absl::string_view name, ValueView value) {
    if (definition_.projects(name, table_schema_)) {
      projected.emplace(std::string(name), value.Decode());
    }
  });
  const int64_t size = ItemSize(projected);
  // An LSI reads through to the table, so it keeps the whole item and
  // counts only its projection.
  if (definition_.kind == IndexKind::kLocal) return {item, size};
  return {PackedItem::Pack(projected, size), size};
}

SecondaryIndex::Entry SecondaryIndex::Entry::Clone() const {
  Entry copy;
  copy.bytes.reset(new char[total_size]);
  std::memcpy(copy.bytes.get(), bytes.get(), total_size);
  copy.sort_size = sort_size;
  copy.total_size = total_size;
  copy.data = data;
  copy.size = size;
  return copy;
}

std::unique_ptr<SecondaryIndex> SecondaryIndex::Fork() const {
  auto fork = std::make_unique<SecondaryIndex>(definition_, table_schema_);
  fork->partitions_ = partitions_.Fork();
  fork->scan_order_ = scan_order_;
  fork->item_count_ = item_count_;
  fork->size_bytes_ = size_bytes_;
  return fork;
}

int64_t SecondaryIndex::EntrySize(const PackedItem& item) const {
  return IndexEntrySize(definition_, table_schema_, item);
}

void SecondaryIndex::Insert(const EncodedKey& table_key,
                            const PackedItemRef& item) {
  std::optional<IndexKey> key = IndexKeyOf(definition_, *item);
  if (!key.has_value()) return;
  auto [data, size] = EntryData(item);
  auto [partition, created] = partitions_.FindOrCreate(key->partition);
  if (created) scan_order_.Add(key->partition);
  static_assert(sizeof(Entry) <= 32, "keep several entries a B-tree node");
  const size_t sort_size = key->sort.size();
  const size_t total_size = sort_size + TableKeySize(table_key);
  Entry entry;
  entry.bytes.reset(new char[total_size]);
  std::memcpy(entry.bytes.get(), key->sort.data(), sort_size);
  EncodeTableKey(table_key, entry.bytes.get() + sort_size);
  entry.sort_size = static_cast<uint32_t>(sort_size);
  entry.total_size = static_cast<uint32_t>(total_size);
  entry.data = std::move(data);
  entry.size = static_cast<int32_t>(size);
  partition->insert(std::move(entry));
  ++item_count_;
  size_bytes_ += size;
}

void SecondaryIndex::Erase(const EncodedKey& table_key,
                           const PackedItem& item) {
  std::optional<IndexKey> key = IndexKeyOf(definition_, item);
  if (!key.has_value()) return;
  IndexPartition* partition = partitions_.FindMutable(key->partition);
  if (partition == nullptr) return;
  const Probe probe{key->sort, table_key.partition, table_key.sort};
  auto it = partition->find(probe);
  if (it == partition->end()) return;
  --item_count_;
  size_bytes_ -= it->size;
  partition->erase(it);
  if (partition->empty()) {
    scan_order_.Remove(key->partition);
    partitions_.Erase(key->partition);
  }
}

bool SecondaryIndex::VisitRange(IndexPartition::const_iterator first,
                                IndexPartition::const_iterator last,
                                Direction direction, VisitFn visit) {
  if (direction == Direction::kForward) {
    for (auto it = first; it != last; ++it) {
      if (!visit(*it->data, it->size)) return false;
    }
    return true;
  }
  for (auto it = last; it != first;) {
    --it;
    if (!visit(*it->data, it->size)) return false;
  }
  return true;
}

void SecondaryIndex::VisitPartition(absl::string_view partition_key,
                                    const SortKeyRange& range,
                                    Direction direction,
                                    const IndexPosition* start,
                                    VisitFn visit) const {
  const IndexPartition* found = partitions_.Find(partition_key);
  if (found == nullptr) return;
  const IndexPartition& partition = *found;
  auto first = partition.begin();
  auto last = partition.end();
  if (range.lower.has_value()) first = RangeBegin(partition, *range.lower);
  if (range.upper.has_value()) last = RangeEnd(partition, *range.upper);
  const EntryCompare less;
  if (start != nullptr) {
    // Resume strictly after the start entry (which may be gone): the later
    // of the two beginnings, or the earlier of the two ends.
    const Probe probe{start->sort, start->table_key.partition,
                      start->table_key.sort};
    if (direction == Direction::kForward) {
      auto after = partition.upper_bound(probe);
      if (first != partition.end() &&
          (after == partition.end() || less(*first, *after) < 0)) {
        first = after;
      }
    } else {
      auto before = partition.lower_bound(probe);
      if (before != partition.end() &&
          (last == partition.end() || less(*before, *last) < 0)) {
        last = before;
      }
    }
  }
  // An empty or inverted range.
  if (first == partition.end()) return;
  if (last != partition.end() && less(*first, *last) >= 0) return;
  VisitRange(first, last, direction, visit);
}

void SecondaryIndex::VisitAll(int64_t segment, int64_t total_segments,
                              const IndexPosition* start, VisitFn visit) const {
  scan_order_.Walk(
      segment, total_segments, start != nullptr ? &start->partition : nullptr,
      [&](const std::string& key, bool resumes) {
        const IndexPartition* found = partitions_.Find(key);
        if (found == nullptr) return true;  // cannot happen
        const IndexPartition& partition = *found;
        auto first = partition.begin();
        if (resumes) {
          first = partition.upper_bound(Probe{
              start->sort, start->table_key.partition, start->table_key.sort});
        }
        return VisitRange(first, partition.end(), Direction::kForward, visit);
      });
}

}  // namespace dynamite
