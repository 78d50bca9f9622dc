// The payload of one write-ahead log record: one commit, as the commit
// point hands it to its observers (store/commit_observer.h). Replaying the
// decoded commits in order into an empty Database rebuilds it (the claim
// tests/api/commit_replay_test.cc checks with the in-memory records).
//
//   version     1 byte (kCommitFormatVersion); another is refused
//   kind        item commit, or table create / redefine / delete
//   sequence    the commit's number
//   time        when it was made (the sequencer's clock), so that a
//               replay dates its stream records as they were
//   item commit: the count, then per record: table name, encoded
//                partition and sort key, and what it left: the new item
//                (its DynamoDB size, attribute count and packed body,
//                store/packed_item.h), a deletion, or the item kept as it
//                was (a ConditionCheck: replayed as one, so that a commit
//                of checks alone still takes its number)
//   table commit: the table's whole definition (every field of
//                TableDefinition, store/table_definition.h)
//
// Items are written as the store packs them, so writing one copies bytes
// and never encodes values; the format is therefore this build's packing,
// and the version byte changes with it.
//
// Thread safety: pure functions.

#ifndef DYNAMITE_DURABILITY_COMMIT_CODEC_H_
#define DYNAMITE_DURABILITY_COMMIT_CODEC_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "absl/types/span.h"

#include "durability/byte_codec.h"
#include "store/commit.h"
#include "store/commit_observer.h"
#include "store/database_capture.h"
#include "store/key.h"
#include "store/packed_item.h"
#include "store/table_definition.h"

namespace dynamite {

// 2: table definitions end with the table's tags.
// 3: each index ends with its OnDemandThroughput and WarmThroughput;
//    definitions end with the GSIs being deleted and the backup a table
//    was restored from.
// 4: commits carry their time; snapshots end with the stream records
//    (durability/stream_state_codec.h).
inline constexpr uint8_t kCommitFormatVersion = 4;

// OK if `version`, read from the header of the file `file_name` (a
// `file_kind`: "snapshot", "backup"), is kCommitFormatVersion; else
// kInternal "corrupt <file_kind> <file_name> at offset 0: it is of format
// version <v>; this build reads version <kCommitFormatVersion>".
absl::Status CheckFileFormatVersion(absl::string_view file_kind,
                                    absl::string_view file_name,
                                    uint64_t version);

// One item a logged commit wrote.
struct LoggedItemChange {
  std::string table_name;
  EncodedKey key;
  PackedItemRef new_image;  // null: the item was deleted, or kept
  bool kept = false;        // a ConditionCheck: nothing was written
};

struct LoggedCommit {
  enum class Kind { kItems, kCreateTable, kRedefineTable, kDeleteTable };
  Kind kind = Kind::kItems;
  uint64_t sequence = 0;
  absl::Time committed;
  std::vector<LoggedItemChange> changes;              // kItems
  std::shared_ptr<const TableDefinition> definition;  // the table kinds
};

// Appends the payload of an item commit / a table commit to `out`.
void EncodeItemCommit(uint64_t sequence, absl::Time committed,
                      absl::Span<const ChangeRecord> records, std::string& out);
void EncodeTableCommit(const TableChangeRecord& record, std::string& out);
// Appends the payload of an item commit numbered `sequence` that stores
// each of `items` in the table `table_name` (a snapshot's chunk of a
// table, durability/snapshot.h).
void EncodeItemImages(uint64_t sequence, absl::string_view table_name,
                      absl::Span<const CapturedItem> items, std::string& out);

// Decodes a payload. A payload that is not one of this format's (another
// version, a truncated or malformed one) is a kInternal error saying so.
absl::StatusOr<LoggedCommit> DecodeCommit(absl::string_view payload);

// The definition's fields alone (snapshots write them too).
void EncodeTableDefinition(const TableDefinition& definition, std::string& out);

// Pieces other records share (durability/stream_state_codec.h): a packed
// item as the log writes it (its DynamoDB size, attribute count and
// body), and a key schema. A malformed item or schema fails the reader.
void WritePackedItem(ByteWriter& out, const PackedItem& item);
PackedItemRef ReadPackedItem(ByteReader& in);
void WriteKeySchema(ByteWriter& out, const KeySchema& schema);
KeySchema ReadKeySchema(ByteReader& in);

}  // namespace dynamite

#endif  // DYNAMITE_DURABILITY_COMMIT_CODEC_H_
