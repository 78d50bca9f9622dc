// Consumed capacity: what a request would cost DynamoDB, in its units
// (reference §10), reported under ReturnConsumedCapacity TOTAL or INDEXES.
//
// Nothing here throttles; the figures are for those who compare key
// designs by what they cost. The unit rules:
//   reads   4 KB blocks of the items read, rounded up (a missing item is
//           one block); 0.5 per block eventually consistent, 1 strongly,
//           2 transactionally. A Query or Scan sums the sizes of the items
//           it read (before its filter) and rounds once per request.
//   writes  1 KB blocks of the larger of the item before and after (at
//           least 1); 2 per block transactionally. A failed conditional
//           write still costs: the new item's size for a put, 1 otherwise.
//   indexes each index entry written costs its own write units (a put or
//           a delete of the entry; an update that moves the item between
//           index keys is both); an entry that does not change costs
//           nothing and is not reported. A read through an index costs in
//           the index's own units, sized by its entries.
// A CapacityMeter gathers one request's charges per table and index; the
// operation reports them as DynamoDB's ConsumedCapacity.
//
// Thread safety: a CapacityMeter belongs to one request; the rest are
// value types and pure functions.

#ifndef DYNAMITE_API_CONSUMED_CAPACITY_H_
#define DYNAMITE_API_CONSUMED_CAPACITY_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "store/commit.h"
#include "store/item_ptr.h"
#include "store/packed_item.h"
#include "store/table_definition.h"

namespace dynamite {

// DynamoDB's ReturnConsumedCapacity enum.
enum class ReturnConsumedCapacity { kNone, kTotal, kIndexes };

// Units of one bucket (the table, one index, or their total). Over the
// wire: CapacityUnits (their sum), and ReadCapacityUnits /
// WriteCapacityUnits when nonzero.
struct Capacity {
  double read_units = 0;
  double write_units = 0;

  double capacity_units() const { return read_units + write_units; }
  bool operator==(const Capacity&) const = default;
};

// One table's consumed capacity. `table` and the index maps are set under
// INDEXES only.
struct ConsumedCapacity {
  std::string table_name;
  Capacity total;
  std::optional<Capacity> table;
  std::map<std::string, Capacity> global_secondary_indexes;
  std::map<std::string, Capacity> local_secondary_indexes;

  bool operator==(const ConsumedCapacity&) const = default;
};

// How a read is charged per 4 KB block.
enum class ReadMode { kEventual, kStrong, kTransactional };

// The read units of `bytes` read as one unit of rounding (an item, or a
// Query's or Scan's whole page): at least one block.
double ReadUnits(int64_t bytes, ReadMode mode);
// The write units of writing an item of `bytes` (the larger of before and
// after): at least one 1 KB block, doubled for a transaction.
double WriteUnits(int64_t bytes, bool transactional);

// Accumulates one request's capacity per table and index, in the order the
// tables were first charged. A meter asked for kNone records nothing.
class CapacityMeter {
 public:
  explicit CapacityMeter(ReturnConsumedCapacity asked) : asked_(asked) {}

  bool enabled() const { return asked_ != ReturnConsumedCapacity::kNone; }

  // Charges `units` of reads or writes to the table itself.
  void AddTableRead(const std::string& table, double units);
  void AddTableWrite(const std::string& table, double units);
  // Charges `units` of reads to the index `index` of `definition` (a GSI
  // or an LSI, as the definition says).
  void AddIndexRead(const TableDefinition& definition, const std::string& index,
                    double units);

  // Charges one committed change: the table's write units of the larger of
  // its old and new images, and each index entry it put or deleted (see
  // the header comment). `definition` is the table's, as the commit saw it.
  // A kept record (a ConditionCheck) costs the write units of the item it
  // read and writes no index entry.
  void AddWrite(const TableDefinition& definition, const ChangeRecord& record,
                bool transactional);
  // Charges a conditional write whose condition failed: the write units of
  // `new_item_bytes` (0: one unit). PutItem, UpdateItem and DeleteItem pass
  // the larger of the item found and the item the write would have stored
  // (a delete: the item found), 0 when there was no item (reference
  // §10.2; AWS's "Capacity unit consumption for write operations").
  void AddFailedWrite(const std::string& table, int64_t new_item_bytes,
                      bool transactional);

  // The tables charged, one entry each, in first-charge order; empty for
  // kNone. A table's entry carries `table` and the index buckets under
  // kIndexes.
  std::vector<ConsumedCapacity> Report() const;
  // The single entry of a single-table operation (std::nullopt for kNone).
  // The table is reported even if nothing was charged to it.
  std::optional<ConsumedCapacity> ReportTable(const std::string& table) const;

 private:
  struct Buckets {
    std::string table_name;
    std::optional<Capacity> table;
    std::map<std::string, Capacity> global_secondary_indexes;
    std::map<std::string, Capacity> local_secondary_indexes;
  };
  Buckets& BucketsOf(const std::string& table);
  ConsumedCapacity ReportOf(const Buckets& buckets) const;

  ReturnConsumedCapacity asked_;
  std::vector<Buckets> tables_;  // few: linear lookup
};

// The DynamoDB size of an item image (ChangeRecord's), 0 for none.
int64_t ImageSize(const ItemPtr& image);

// The ConsumedCapacity of a single-item write (PutItem, UpdateItem,
// DeleteItem) that committed `record`: AddWrite() of it, not
// transactional. std::nullopt for kNone.
std::optional<ConsumedCapacity> CommittedWriteCapacity(
    ReturnConsumedCapacity asked, const ChangeRecord& record);
// The same for one whose condition failed on table `table`: AddFailedWrite()
// of `bytes`.
std::optional<ConsumedCapacity> FailedWriteCapacity(
    ReturnConsumedCapacity asked, const std::string& table, int64_t bytes);

}  // namespace dynamite

#endif  // DYNAMITE_API_CONSUMED_CAPACITY_H_
