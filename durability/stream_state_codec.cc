#include "durability/stream_state_codec.h"

#include <optional>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"

#include "common/errors.h"
#include "durability/byte_codec.h"
#include "durability/commit_codec.h"

namespace dynamite {
namespace {

constexpr absl::string_view kMagic = "dynamite streams";

void WriteImage(ByteWriter& out, const PackedItemRef& image) {
  out.Bool(static_cast<bool>(image));
  if (image) WritePackedItem(out, *image);
}

PackedItemRef ReadImage(ByteReader& in) {
  if (!in.Bool()) return PackedItemRef();
  return ReadPackedItem(in);
}

void WriteRecord(ByteWriter& out, const StreamRecord& record) {
  out.Unsigned(record.sequence_number);
  WriteEnum(out, record.event_name);
  out.Time(record.created);
  WriteImage(out, record.old_image);
  WriteImage(out, record.new_image);
  out.Bool(record.by_time_to_live);
  out.Signed(record.size_bytes);
}

StreamRecord ReadRecord(ByteReader& in) {
  StreamRecord record;
  record.sequence_number = in.Unsigned();
  record.event_name = ReadEnum(in, StreamEventName::kRemove);
  record.created = in.Time();
  record.old_image = ReadImage(in);
  record.new_image = ReadImage(in);
  record.by_time_to_live = in.Bool();
  record.size_bytes = in.Signed();
  if (in.status().ok() && !record.old_image && !record.new_image) {
    in.Fail("malformed record: a stream record has no image");
  }
  return record;
}

void WriteShard(ByteWriter& out, const StreamShardState& shard) {
  out.String(shard.info.shard_id);
  out.String(shard.info.parent_shard_id);
  out.Unsigned(shard.info.starting_sequence_number);
  out.Bool(shard.info.ending_sequence_number.has_value());
  if (shard.info.ending_sequence_number.has_value()) {
    out.Unsigned(*shard.info.ending_sequence_number);
  }
  out.Time(shard.opened);
  out.Unsigned(shard.trimmed_through);
  out.Unsigned(shard.last_sequence_number);
  out.Signed(shard.appended);
  WriteList(out, shard.records,
            [&](const StreamRecord& record) { WriteRecord(out, record); });
}

StreamShardState ReadShard(ByteReader& in, size_t size) {
  StreamShardState shard;
  shard.info.shard_id = in.String();
  shard.info.parent_shard_id = in.String();
  shard.info.starting_sequence_number = in.Unsigned();
  if (in.Bool()) shard.info.ending_sequence_number = in.Unsigned();
  shard.opened = in.Time();
  shard.trimmed_through = in.Unsigned();
  shard.last_sequence_number = in.Unsigned();
  shard.appended = in.Signed();
  shard.records =
      ReadList<StreamRecord>(in, size, [&in] { return ReadRecord(in); });
  return shard;
}

void WriteStream(ByteWriter& out, const StreamState& stream) {
  const StreamInfo& info = stream.info;
  out.String(info.arn);
  out.String(info.label);
  out.String(info.table_name);
  WriteKeySchema(out, info.key_schema);
  WriteEnum(out, info.view_type);
  out.Bool(info.enabled);
  out.Time(info.created);
  WriteList(out, stream.shards,
            [&](const StreamShardState& shard) { WriteShard(out, shard); });
}

StreamState ReadStream(ByteReader& in, size_t size) {
  StreamState stream;
  StreamInfo& info = stream.info;
  info.arn = in.String();
  info.label = in.String();
  info.table_name = in.String();
  info.key_schema = ReadKeySchema(in);
  info.view_type = ReadEnum(in, StreamViewType::kNewAndOldImages);
  info.enabled = in.Bool();
  info.created = in.Time();
  stream.shards = ReadList<StreamShardState>(
      in, size, [&in, size] { return ReadShard(in, size); });
  if (in.status().ok() && stream.shards.empty()) {
    in.Fail("malformed record: a stream has no shard");
  }
  return stream;
}

}  // namespace

void EncodeStreamState(const StreamStoreState& state, std::string& bytes) {
  ByteWriter out(bytes);
  out.String(kMagic);
  out.Unsigned(state.next_sequence_number);
  out.Unsigned(state.shards_opened);
  out.Signed(state.trimmed_records);
  WriteList(out, state.streams,
            [&](const StreamState& stream) { WriteStream(out, stream); });
}

bool IsStreamStateRecord(absl::string_view payload) {
  ByteReader in(payload);
  return in.StringView() == kMagic && in.status().ok();
}

absl::StatusOr<StreamStoreState> DecodeStreamState(absl::string_view payload) {
  ByteReader in(payload);
  if (in.StringView() != kMagic) in.Fail("it is not a stream record");
  StreamStoreState state;
  state.next_sequence_number = in.Unsigned();
  state.shards_opened = in.Unsigned();
  state.trimmed_records = in.Signed();
  const size_t size = payload.size();
  state.streams = ReadList<StreamState>(
      in, size, [&in, size] { return ReadStream(in, size); });
  if (in.status().ok() && !in.done()) {
    in.Fail("malformed record: bytes are left after the streams");
  }
  if (!in.status().ok()) {
    return MakeError(ErrorKind::kInternal,
                     absl::StrCat("cannot decode the stream records: ",
                                  in.status().message()));
  }
  return state;
}

}  // namespace dynamite
