#include "keydesign/lint_command.h"

#include <fstream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

#include "keydesign/lint.h"
#include "keydesign/lint_endpoint_reader.h"
#include "keydesign/lint_exec_reader.h"
#include "keydesign/lint_file_reader.h"
#include "keydesign/lint_report.h"

namespace dynamite {
namespace {

constexpr int kUsageExit = 2;

struct LintFlags {
  bool json = false;
  bool lsi = false;
  std::optional<std::string> table, pk, sk, exec, endpoint, file;
  std::vector<std::string> gsis, lsis;  // --gsi, --lsi-index values
};

// Parses `args` into *flags; returns a usage error message, or "".
std::string ParseFlags(const std::vector<std::string>& args, LintFlags* flags) {
  for (size_t i = 0; i < args.size(); ++i) {
    absl::string_view arg = args[i];
    std::optional<std::string> inline_value;
    if (absl::StartsWith(arg, "--")) {
      if (size_t eq = arg.find('='); eq != absl::string_view::npos) {
        inline_value = std::string(arg.substr(eq + 1));
        arg = arg.substr(0, eq);
      }
    }
    std::optional<std::string>* target = nullptr;
    if (arg == "--table") target = &flags->table;
    if (arg == "--pk") target = &flags->pk;
    if (arg == "--sk") target = &flags->sk;
    if (arg == "--exec") target = &flags->exec;
    if (arg == "--endpoint") target = &flags->endpoint;
    std::vector<std::string>* list = nullptr;
    if (arg == "--gsi") list = &flags->gsis;
    if (arg == "--lsi-index") list = &flags->lsis;
    if (list != nullptr) {
      if (!inline_value.has_value()) {
        if (i + 1 >= args.size()) return absl::StrCat(arg, " needs a value");
        inline_value = args[++i];
      }
      list->push_back(*std::move(inline_value));
    } else if (target != nullptr) {
      if (!inline_value.has_value()) {
        if (i + 1 >= args.size()) return absl::StrCat(arg, " needs a value");
        inline_value = args[++i];
      }
      *target = *std::move(inline_value);
    } else if (inline_value.has_value()) {
      return absl::StrCat(arg, " takes no value");
    } else if (arg == "--json") {
      flags->json = true;
    } else if (arg == "--lsi") {
      flags->lsi = true;
    } else if (arg.size() > 1 && arg.front() == '-') {
      return absl::StrCat("unknown option ", arg);
    } else if (flags->file.has_value()) {
      return "lint takes at most one FILE";
    } else {
      flags->file = std::string(arg);
    }
  }
  const int sources = flags->file.has_value() + flags->exec.has_value() +
                      flags->endpoint.has_value();
  if (sources != 1) return "give one of FILE, --exec SCRIPT, --endpoint URL";
  if (flags->file.has_value() && (!flags->table || !flags->pk)) {
    return "a FILE needs --table and --pk (and --sk if the table has one)";
  }
  if (!flags->file.has_value() &&
      (flags->pk || flags->sk || flags->lsi || !flags->gsis.empty() ||
       !flags->lsis.empty())) {
    return "--pk, --sk, --lsi, --gsi and --lsi-index apply to a FILE only "
           "(other sources describe their tables)";
  }
  if (flags->exec.has_value() && flags->table.has_value()) {
    return "--table does not apply to --exec (every table is linted)";
  }
  return "";
}

absl::StatusOr<std::vector<LintTable>> ReadFile(const LintFlags& flags,
                                                std::istream& in) {
  LintFileOptions options{.table = *flags.table,
                          .has_local_secondary_index = flags.lsi};
  absl::StatusOr<KeyAttribute> pk = ParseKeyAttributeFlag(*flags.pk);
  if (!pk.ok()) return pk.status();
  options.key_schema.partition_key = *std::move(pk);
  if (flags.sk.has_value()) {
    absl::StatusOr<KeyAttribute> sk = ParseKeyAttributeFlag(*flags.sk);
    if (!sk.ok()) return sk.status();
    options.key_schema.sort_key = *std::move(sk);
  }
  for (const std::string& gsi : flags.gsis) {
    absl::StatusOr<LintIndex> index = ParseGsiFlag(gsi);
    if (!index.ok()) return index.status();
    options.indexes.push_back(*std::move(index));
  }
  for (const std::string& lsi : flags.lsis) {
    if (!options.key_schema.has_sort_key()) {
      return absl::InvalidArgumentError(
          "--lsi-index needs --sk: a table with a local secondary index has a "
          "sort key");
    }
    absl::StatusOr<LintIndex> index = ParseLsiFlag(lsi, options.key_schema);
    if (!index.ok()) return index.status();
    options.has_local_secondary_index = true;
    options.indexes.push_back(*std::move(index));
  }
  for (size_t i = 0; i < options.indexes.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (options.indexes[i].name == options.indexes[j].name) {
        return absl::InvalidArgumentError(
            absl::StrCat("two indexes are named ", options.indexes[i].name));
      }
    }
  }
  absl::StatusOr<LintTable> table;
  if (*flags.file == "-") {
    table = ReadLintFile(in, options);
  } else {
    std::ifstream file(*flags.file);
    if (!file) return absl::NotFoundError("cannot open " + *flags.file);
    table = ReadLintFile(file, options);
  }
  if (!table.ok()) {
    return absl::Status(
        table.status().code(),
        absl::StrCat(*flags.file, ": ", table.status().message()));
  }
  std::vector<LintTable> tables;
  tables.push_back(*std::move(table));
  return tables;
}

absl::StatusOr<std::vector<LintTable>> ReadTables(const LintFlags& flags,
                                                  std::istream& in,
                                                  std::ostream& err) {
  if (flags.file.has_value()) return ReadFile(flags, in);
  if (flags.exec.has_value()) {
    ExecScriptFailures failures;
    absl::StatusOr<std::vector<LintTable>> tables;
    if (*flags.exec == "-") {
      tables = ReadLintExecScript(in, &failures);
    } else {
      std::ifstream script(*flags.exec);
      if (!script) return absl::NotFoundError("cannot open " + *flags.exec);
      tables = ReadLintExecScript(script, &failures);
    }
    if (failures.count > 0) {
      err << "dynamite lint: note: " << failures.count
          << " requests of the script failed; the first answered "
          << failures.first << "\n";
    }
    return tables;
  }
  return ReadLintEndpoint(*flags.endpoint, flags.table);
}

}  // namespace

int RunLintCommand(const std::vector<std::string>& args, std::istream& in,
                   std::ostream& out, std::ostream& err) {
  for (const std::string& arg : args) {
    if (arg == "--help" || arg == "-h") {
      out << kLintUsage;
      return 0;
    }
  }
  LintFlags flags;
  if (std::string problem = ParseFlags(args, &flags); !problem.empty()) {
    err << "dynamite lint: " << problem << "\n\n" << kLintUsage;
    return kUsageExit;
  }
  absl::StatusOr<std::vector<LintTable>> tables = ReadTables(flags, in, err);
  if (!tables.ok()) {
    err << "dynamite lint: " << tables.status().message() << "\n";
    return kUsageExit;
  }
  std::vector<LintReport> reports;
  for (const LintTable& table : *tables) {
    reports.push_back(LintTableDesign(table));
  }
  out << (flags.json ? FormatLintJson(reports) : FormatLintText(reports));
  return LintExitCode(reports);
}

}  // namespace dynamite
