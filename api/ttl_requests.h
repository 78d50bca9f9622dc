// Request and response structs of the time-to-live operations:
// UpdateTimeToLive and DescribeTimeToLive. Field names follow DynamoDB's
// parameters (TimeToLiveSpecification.AttributeName -> attribute_name).
//
//   db.UpdateTimeToLive({.table_name = "Sessions",
//                        .time_to_live_specification =
//                            TimeToLiveSpecification{true, "expiresAt"}});
//   auto described = db.DescribeTimeToLive({.table_name = "Sessions"});
//   // described->time_to_live_description.time_to_live_status ==
//   //     TimeToLiveStatus::kEnabled
//
// An item whose expiresAt is a Number of epoch seconds not later than the
// Database's clock has expired (store/time_to_live.h); it is deleted by
// the next sweep (Database::SweepExpiredItems, or the sweeper that
// DatabaseOptions::time_to_live_sweep_interval runs). Until then it is
// still read, as in DynamoDB, whose deletions come days later.
//
// The members DynamoDB requires are optional here so that a missing one
// is reported with DynamoDB's message, in DynamoDB's order.
//
// Thread safety: plain structs.

#ifndef DYNAMITE_API_TTL_REQUESTS_H_
#define DYNAMITE_API_TTL_REQUESTS_H_

#include <cstdint>
#include <optional>
#include <string>

namespace dynamite {

struct TimeToLiveSpecification {
  std::optional<bool> enabled;
  std::optional<std::string> attribute_name;
};

struct UpdateTimeToLiveRequest {
  std::string table_name;
  std::optional<TimeToLiveSpecification> time_to_live_specification;
};
// The specification as applied: enabling echoes the attribute name,
// disabling answers {"Enabled": false} alone (as DynamoDB does).
struct UpdateTimeToLiveResponse {
  bool enabled = false;
  std::optional<std::string> attribute_name;
};

struct DescribeTimeToLiveRequest {
  std::string table_name;
};
// Dynamite applies a change before answering, so a table is never
// ENABLING or DISABLING.
enum class TimeToLiveStatus { kEnabled, kDisabled };
struct TimeToLiveDescription {
  TimeToLiveStatus time_to_live_status = TimeToLiveStatus::kDisabled;
  std::optional<std::string> attribute_name;  // while ENABLED
};
struct DescribeTimeToLiveResponse {
  TimeToLiveDescription time_to_live_description;
};

// What one sweep did (Database::SweepExpiredItems).
struct SweepResult {
  int64_t deleted_items = 0;
};

}  // namespace dynamite

#endif  // DYNAMITE_API_TTL_REQUESTS_H_
