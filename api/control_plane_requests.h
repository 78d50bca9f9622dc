// Request and response structs of the control-plane calls that SDKs and
// infrastructure tools (Terraform, CDK, the AWS CLI) make around a table:
// DescribeLimits, DescribeEndpoints, DescribeContinuousBackups,
// UpdateContinuousBackups, DescribeContributorInsights. Field names follow
// DynamoDB's parameters.
//
//   db.UpdateContinuousBackups(
//       {.table_name = "Orders",
//        .point_in_time_recovery_specification =
//            PointInTimeRecoverySpecification{.point_in_time_recovery_enabled
//                                             = true}});
//   auto backups = db.DescribeContinuousBackups({.table_name = "Orders"});
//   // backups->point_in_time_recovery_status == "ENABLED"
//
// Dynamite keeps these settings with the table and describes them; it
// keeps no history to restore from (RestoreTableToPointInTime is not
// offered) and gathers no contributor insights.
//
// Thread safety: plain structs.

#ifndef DYNAMITE_API_CONTROL_PLANE_REQUESTS_H_
#define DYNAMITE_API_CONTROL_PLANE_REQUESTS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/time/time.h"

namespace dynamite {

struct DescribeLimitsRequest {};
// DynamoDB's default quotas.
struct DescribeLimitsResponse {
  int64_t account_max_read_capacity_units = 80000;
  int64_t account_max_write_capacity_units = 80000;
  int64_t table_max_read_capacity_units = 40000;
  int64_t table_max_write_capacity_units = 40000;
};

struct DescribeEndpointsRequest {};
struct Endpoint {
  std::string address;
  int64_t cache_period_in_minutes = 1440;
};
struct DescribeEndpointsResponse {
  std::vector<Endpoint> endpoints;
};

struct DescribeContinuousBackupsRequest {
  std::string table_name;
};
// ContinuousBackupsDescription: backups are always on (ENABLED);
// point-in-time recovery is what UpdateContinuousBackups set.
struct ContinuousBackupsDescription {
  bool point_in_time_recovery_enabled = false;
  // While enabled: when it was turned on, now, and the period.
  absl::Time earliest_restorable_date_time;
  absl::Time latest_restorable_date_time;
  int64_t recovery_period_in_days = 0;
};
struct DescribeContinuousBackupsResponse {
  ContinuousBackupsDescription continuous_backups_description;
};

struct PointInTimeRecoverySpecification {
  std::optional<bool> point_in_time_recovery_enabled;
  std::optional<int64_t> recovery_period_in_days;  // 1..35, default 35
};
struct UpdateContinuousBackupsRequest {
  std::string table_name;
  std::optional<PointInTimeRecoverySpecification>
      point_in_time_recovery_specification;
};
struct UpdateContinuousBackupsResponse {
  ContinuousBackupsDescription continuous_backups_description;
};

struct DescribeContributorInsightsRequest {
  std::string table_name;
  std::optional<std::string> index_name;
};
// Always DISABLED: Dynamite gathers no insights.
struct DescribeContributorInsightsResponse {
  std::string table_name;
  std::optional<std::string> index_name;
};

}  // namespace dynamite

#endif  // DYNAMITE_API_CONTROL_PLANE_REQUESTS_H_
