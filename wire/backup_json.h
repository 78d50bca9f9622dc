// DynamoDB JSON <-> the on-demand backup calls (api/backup_requests.h):
// CreateBackup, DescribeBackup, ListBackups, DeleteBackup,
// RestoreTableFromBackup.
//
// Responses as DynamoDB's: {"BackupDetails": {"BackupArn": ...,
// "BackupName": ..., "BackupSizeBytes": n, "BackupStatus": "AVAILABLE",
// "BackupType": "USER", "BackupCreationDateTime": epoch seconds}};
// {"BackupDescription": {"BackupDetails": ..., "SourceTableDetails": ...,
// "SourceTableFeatureDetails": ...}}; {"BackupSummaries": [...],
// "LastEvaluatedBackupArn": ...}; {"TableDescription": ...} with its
// RestoreSummary.
//
// Only the types are checked here; the constraints are the api's.
//
// Thread safety: pure functions.

#ifndef DYNAMITE_WIRE_BACKUP_JSON_H_
#define DYNAMITE_WIRE_BACKUP_JSON_H_

#include <string>

#include "absl/status/statusor.h"

#include "api/backup_requests.h"
#include "wire/json.h"

namespace dynamite {

// REQUIRES for the decoders: body.IsObject().
absl::StatusOr<CreateBackupRequest> DecodeCreateBackupRequest(
    const JsonValue& body);
absl::StatusOr<DescribeBackupRequest> DecodeDescribeBackupRequest(
    const JsonValue& body);
absl::StatusOr<ListBackupsRequest> DecodeListBackupsRequest(
    const JsonValue& body);
absl::StatusOr<DeleteBackupRequest> DecodeDeleteBackupRequest(
    const JsonValue& body);
absl::StatusOr<RestoreTableFromBackupRequest>
DecodeRestoreTableFromBackupRequest(const JsonValue& body);

std::string EncodeCreateBackupResponse(const CreateBackupResponse& response);
std::string EncodeDescribeBackupResponse(
    const DescribeBackupResponse& response);
std::string EncodeListBackupsResponse(const ListBackupsResponse& response);
std::string EncodeDeleteBackupResponse(const DeleteBackupResponse& response);
std::string EncodeRestoreTableFromBackupResponse(
    const RestoreTableFromBackupResponse& response);

}  // namespace dynamite

#endif  // DYNAMITE_WIRE_BACKUP_JSON_H_
