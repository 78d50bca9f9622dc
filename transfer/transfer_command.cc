#include "transfer/transfer_command.h"

#include <algorithm>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

#include "api/database.h"
#include "keydesign/lint_file_reader.h"
#include "transfer/table_export.h"
#include "transfer/table_import.h"
#include "wire/exec_script.h"

namespace dynamite {
namespace {

constexpr int kUsageError = 2;

// Flags of the form --name VALUE (or --name=VALUE), each at most once,
// from `allowed`; no positional arguments.
absl::StatusOr<absl::flat_hash_map<std::string, std::string>> ParseFlags(
    const std::vector<std::string>& args,
    const std::vector<absl::string_view>& allowed) {
  absl::flat_hash_map<std::string, std::string> flags;
  for (size_t i = 0; i < args.size(); ++i) {
    std::string name = args[i];
    std::string value;
    if (name.rfind("--", 0) != 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("unexpected argument ", name));
    }
    if (const size_t equals = name.find('='); equals != std::string::npos) {
      value = name.substr(equals + 1);
      name.resize(equals);
    } else if (i + 1 < args.size()) {
      value = args[++i];
    } else {
      return absl::InvalidArgumentError(absl::StrCat(name, " needs a value"));
    }
    if (std::find(allowed.begin(), allowed.end(), name) == allowed.end()) {
      return absl::InvalidArgumentError(absl::StrCat("unknown option ", name));
    }
    if (!flags.emplace(name, std::move(value)).second) {
      return absl::InvalidArgumentError(absl::StrCat(name, " is given twice"));
    }
  }
  return flags;
}

bool WantsHelp(const std::vector<std::string>& args) {
  for (const std::string& arg : args) {
    if (arg == "--help" || arg == "-h") return true;
  }
  return false;
}

std::optional<std::string> Flag(
    const absl::flat_hash_map<std::string, std::string>& flags,
    absl::string_view name) {
  auto found = flags.find(name);
  if (found == flags.end()) return std::nullopt;
  return found->second;
}

absl::StatusOr<std::unique_ptr<Database>> OpenDurable(const std::string& dir) {
  DatabaseOptions options;
  options.durability.directory = dir;
  return Database::Open(std::move(options));
}

// "1 item", "2 items".
std::string Count(int64_t n, absl::string_view noun) {
  return absl::StrCat(n, " ", noun, n == 1 ? "" : "s");
}

}  // namespace

int RunExportCommand(const std::vector<std::string>& args, std::ostream& out,
                     std::ostream& err) {
  if (WantsHelp(args)) {
    out << kExportUsage;
    return 0;
  }
  auto usage = [&](absl::string_view problem) {
    err << "dynamite export: " << problem << "\n" << kExportUsage;
    return kUsageError;
  };
  absl::StatusOr<absl::flat_hash_map<std::string, std::string>> flags =
      ParseFlags(args, {"--db-path", "--exec", "--table", "--to", "--s3-bucket",
                        "--s3-prefix", "--items-per-file"});
  if (!flags.ok()) return usage(flags.status().message());
  const std::optional<std::string> db_path = Flag(*flags, "--db-path");
  const std::optional<std::string> script = Flag(*flags, "--exec");
  if (db_path.has_value() == script.has_value()) {
    return usage("give one of --db-path and --exec");
  }
  ExportTableOptions options;
  options.table_name = Flag(*flags, "--table").value_or("");
  options.folder = Flag(*flags, "--to").value_or("");
  if (options.table_name.empty()) return usage("--table is required");
  if (options.folder.empty()) return usage("--to is required");
  if (auto bucket = Flag(*flags, "--s3-bucket")) options.s3_bucket = *bucket;
  options.s3_prefix = Flag(*flags, "--s3-prefix");
  if (auto n = Flag(*flags, "--items-per-file")) {
    if (!absl::SimpleAtoi(*n, &options.items_per_file) ||
        options.items_per_file < 1) {
      return usage("--items-per-file needs a count of at least 1");
    }
  }

  std::unique_ptr<Database> db;
  if (db_path.has_value()) {
    absl::StatusOr<std::unique_ptr<Database>> opened = OpenDurable(*db_path);
    if (!opened.ok()) {
      err << "dynamite export: " << opened.status().message() << "\n";
      return kUsageError;
    }
    db = *std::move(opened);
  } else {
    std::ifstream in(*script);
    if (!in) {
      err << "dynamite export: cannot read " << *script << "\n";
      return kUsageError;
    }
    db = std::make_unique<Database>();
    std::ostringstream answers;  // the script's answers are not the export
    if (absl::Status ran = RunExecScript(in, answers, *db); !ran.ok()) {
      err << "dynamite export: " << ran.message() << "\n";
      return kUsageError;
    }
  }
  absl::StatusOr<ExportTableResult> exported = ExportTable(*db, options);
  if (!exported.ok()) {
    err << "dynamite export: " << exported.status().message() << "\n";
    return kUsageError;
  }
  out << "dynamite export: " << Count(exported->item_count, "item") << " in "
      << Count(exported->file_count, "file") << " to "
      << exported->export_folder << " (" << exported->export_arn << ")\n";
  return 0;
}

int RunImportCommand(const std::vector<std::string>& args, std::ostream& out,
                     std::ostream& err) {
  if (WantsHelp(args)) {
    out << kImportUsage;
    return 0;
  }
  auto usage = [&](absl::string_view problem) {
    err << "dynamite import: " << problem << "\n" << kImportUsage;
    return kUsageError;
  };
  absl::StatusOr<absl::flat_hash_map<std::string, std::string>> flags =
      ParseFlags(args, {"--db-path", "--table", "--pk", "--sk", "--from"});
  if (!flags.ok()) return usage(flags.status().message());
  const std::optional<std::string> db_path = Flag(*flags, "--db-path");
  const std::optional<std::string> table = Flag(*flags, "--table");
  const std::optional<std::string> pk = Flag(*flags, "--pk");
  const std::optional<std::string> from = Flag(*flags, "--from");
  if (!db_path.has_value()) return usage("--db-path is required");
  if (!table.has_value()) return usage("--table is required");
  if (!pk.has_value()) return usage("--pk is required");
  if (!from.has_value()) return usage("--from is required");

  ImportTableOptions options;
  options.source = *from;
  options.table.table_name = *table;
  options.table.billing_mode = BillingMode::kPayPerRequest;
  auto add_key = [&](const std::string& flag,
                     KeySchemaRole role) -> absl::Status {
    absl::StatusOr<KeyAttribute> key = ParseKeyAttributeFlag(flag);
    if (!key.ok()) return key.status();
    options.table.key_schema.push_back({key->name, role});
    options.table.attribute_definitions.push_back({key->name, key->type});
    return absl::OkStatus();
  };
  if (absl::Status parsed = add_key(*pk, KeySchemaRole::kHash); !parsed.ok()) {
    return usage(parsed.message());
  }
  if (const std::optional<std::string> sk = Flag(*flags, "--sk")) {
    if (absl::Status parsed = add_key(*sk, KeySchemaRole::kRange);
        !parsed.ok()) {
      return usage(parsed.message());
    }
  }

  absl::StatusOr<std::unique_ptr<Database>> db = OpenDurable(*db_path);
  if (!db.ok()) {
    err << "dynamite import: " << db.status().message() << "\n";
    return kUsageError;
  }
  absl::StatusOr<ImportTableResult> imported = ImportTable(**db, options);
  if (!imported.ok()) {
    err << "dynamite import: " << imported.status().message() << "\n";
    return kUsageError;
  }
  for (const std::string& error : imported->errors) {
    err << "dynamite import: skipped " << error << "\n";
  }
  out << "dynamite import: " << imported->import_status << ": "
      << Count(imported->processed_item_count, "item") << " processed ("
      << Count(imported->processed_size_bytes, "byte") << "), "
      << imported->imported_item_count << " imported, "
      << Count(imported->error_count, "error") << "\n";
  if (imported->failure_message.has_value()) {
    out << "dynamite import: " << *imported->failure_code << ": "
        << *imported->failure_message << "\n";
    return 1;
  }
  return 0;
}

}  // namespace dynamite
