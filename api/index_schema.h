// Secondary index definitions at the edge of the table operations: the
// validation of CreateTable's LocalSecondaryIndexes / GlobalSecondaryIndexes
// and of UpdateTable's GSI Create, which turns the request's shapes into
// store IndexDefinitions, and the DescribeTable view of a table with its
// indexes.
//
// The checks and their order follow DynamoDB (reference §3.1, §9 and
// §11.5): first the request-model constraints ("1 validation error
// detected: Value ... at 'globalSecondaryIndexes.1.member.indexName' ..."),
// then each index in request order (key attributes defined, key schema
// shape, projection, throughput, duplicate name), then the per-table
// counts, and last the AttributeDefinitions that no key uses. Every message
// is DynamoDB's; where no capture exists the choice is marked UNVERIFIED in
// index_schema.cc.
//
// Thread safety: pure functions.

#ifndef DYNAMITE_API_INDEX_SCHEMA_H_
#define DYNAMITE_API_INDEX_SCHEMA_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "absl/types/span.h"

#include "api/table_requests.h"
#include "store/key.h"
#include "store/table.h"
#include "store/table_definition.h"

namespace dynamite::api_internal {

// Multi-attribute GSI keys: a KeySchema of up to four HASH and four RANGE
// elements (DynamoDB, November 2025).
inline constexpr size_t kMaxGlobalKeySchemaElements =
    2 * kMaxIndexKeyAttributes;
// A Projection's NonKeyAttributes list holds 1..20 names (the API
// reference's member constraint); the table-wide total is
// kMaxProjectedNonKeyAttributes.
inline constexpr size_t kMaxNonKeyAttributesPerIndex = 20;

// Appends the request-model constraint violations of CreateTable's index
// lists (index names, key schema lengths and attribute names,
// NonKeyAttributes lengths, GSI throughput) to `violations`, in DynamoDB's
// "Value '<v>' at '<path>' failed to satisfy constraint: <rule>" form.
void AppendIndexConstraintViolations(const CreateTableRequest& request,
                                     std::vector<std::string>& violations);

// The same for one list of LSIs or GSIs at `list_path`
// ("localSecondaryIndexes", "globalSecondaryIndexOverride", ...).
void AppendLocalIndexListViolations(
    const std::vector<LocalSecondaryIndex>& lsis, absl::string_view list_path,
    std::vector<std::string>& violations);
void AppendGlobalIndexListViolations(
    const std::vector<GlobalSecondaryIndex>& gsis, absl::string_view list_path,
    std::vector<std::string>& violations);

// The same for the Create and Update entries of UpdateTable's
// GlobalSecondaryIndexUpdates (paths
// 'globalSecondaryIndexUpdates.<n>.member.create.indexName', ...).
void AppendIndexUpdateConstraintViolations(
    const UpdateTableRequest& request, std::vector<std::string>& violations);

// Validates CreateTable's LSIs and GSIs against the table's key schema
// `schema` (already validated) and the request's AttributeDefinitions, and
// returns their definitions, LSIs first, each in request order, with arn
// `table_arn` + "/index/" + name. Also refuses AttributeDefinitions that no
// key schema uses. Returns kValidation with DynamoDB's message.
// REQUIRES: the request has at least one of the two index lists.
absl::StatusOr<std::vector<IndexDefinition>> ResolveCreateTableIndexes(
    const CreateTableRequest& request, const KeySchema& schema,
    absl::string_view table_arn);

// Validates a GSI that UpdateTable creates on the table defined by
// `current`, whose billing mode becomes `billing_mode`: the index name is
// new, every key attribute is in the request's AttributeDefinitions
// (`request_definitions`, null when absent) with the type the table already
// gives it if any, the key schema, projection and throughput are valid, and
// the per-table limits still hold with it. Returns its definition, or
// kValidation / kLimitExceeded with DynamoDB's message.
absl::StatusOr<IndexDefinition> ResolveCreatedGlobalIndex(
    const GlobalSecondaryIndex& index,
    const std::vector<AttributeDefinition>* request_definitions,
    const TableDefinition& current, BillingMode billing_mode);

// OK unless one of `indexes` is named `name` ("One or more parameter values
// were invalid: Duplicate index name: <name>").
absl::Status CheckNewIndexName(absl::string_view name,
                               absl::Span<const IndexDefinition> indexes);

// The AttributeDefinitions a definition needs: those of `definitions` that
// the table's key schema or some index uses, in their order.
std::vector<KeyAttribute> UsedAttributeDefinitions(
    const TableDefinition& definition,
    const std::vector<KeyAttribute>& definitions);

// DescribeTable's view of `table` at `now`: its definition and its counts
// read together (Table::stats()), so the description never mixes two
// versions; the status is the definition's at `now` (api/table_status.h),
// or `status` if given (DELETING, which the catalog knows).
TableDescription DescribeTableAt(
    const Table& table, absl::Time now,
    std::optional<TableStatus> status = std::nullopt);

// A table's key schema as requests and descriptions spell it: HASH, then
// RANGE if it has one.
std::vector<KeySchemaElement> KeySchemaElements(const KeySchema& schema);

// One index of `table` as DescribeTable shows it, without its counts (a
// backup's SourceTableFeatureDetails).
IndexDescription DescribeIndexShape(const TableDefinition& table,
                                    const IndexDefinition& index,
                                    absl::Time now);

}  // namespace dynamite::api_internal

#endif  // DYNAMITE_API_INDEX_SCHEMA_H_
