#include "keydesign/lint_report.h"

#include <array>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"

#include "wire/json.h"

namespace dynamite {
namespace {

// A JSON array of strings.
void WriteStringList(JsonWriter& writer,
                     const std::vector<std::string>& items) {
  writer.StartArray();
  for (const std::string& item : items) WriteJsonString(writer, item);
  writer.EndArray();
}

void WriteMember(JsonWriter& writer, absl::string_view name,
                 absl::string_view value) {
  WriteJsonString(writer, name);
  WriteJsonString(writer, value);
}

// Findings of each severity, indexed by LintSeverity.
std::array<int64_t, 3> Counts(const std::vector<LintReport>& reports) {
  std::array<int64_t, 3> counts = {0, 0, 0};
  for (const LintReport& report : reports) {
    for (const LintFinding& finding : report.findings) {
      ++counts[static_cast<int>(finding.severity)];
    }
  }
  return counts;
}

std::string Plural(int64_t n, absl::string_view word) {
  return absl::StrCat(n, " ", word, n == 1 ? "" : "s");
}

std::vector<std::string> Names(const std::vector<KeyAttribute>& keys) {
  std::vector<std::string> names;
  for (const KeyAttribute& key : keys) names.push_back(key.name);
  return names;
}

absl::string_view KindOf(const LintIndex& index) {
  return index.global ? "GSI" : "LSI";
}

// "; GSI GSI1: gpk, gsk; LSI L: pk, lsk", or "" without indexes.
std::string IndexesText(const std::vector<LintIndex>& indexes) {
  std::string out;
  for (const LintIndex& index : indexes) {
    std::vector<std::string> keys = Names(index.partition_keys);
    for (std::string& name : Names(index.sort_keys)) keys.push_back(name);
    absl::StrAppend(&out, "; ", KindOf(index), " ", index.name, ": ",
                    absl::StrJoin(keys, ", "));
  }
  return out;
}

}  // namespace

std::string FormatLintText(const std::vector<LintReport>& reports) {
  std::string out;
  for (const LintReport& report : reports) {
    absl::StrAppend(&out, report.table, " (partition key ",
                    report.partition_key);
    if (!report.sort_key.empty()) {
      absl::StrAppend(&out, ", sort key ", report.sort_key);
    }
    absl::StrAppend(&out, IndexesText(report.indexes),
                    "): ", Plural(report.item_count, "item"), "\n");
    for (const LintFinding& f : report.findings) {
      absl::StrAppend(&out, "  ", LintSeverityName(f.severity), " ", f.rule,
                      f.index.empty() ? "" : absl::StrCat(" [", f.index, "]"),
                      ": ", f.message, "\n");
      if (!f.collections.empty()) {
        absl::StrAppend(
            &out, "    collections: ", absl::StrJoin(f.collections, ", "));
        const int64_t more =
            f.collection_count - static_cast<int64_t>(f.collections.size());
        if (more > 0) absl::StrAppend(&out, " and ", more, " more");
        out += "\n";
      }
      for (const std::string& example : f.examples) {
        absl::StrAppend(&out, "    example: ", example, "\n");
      }
      absl::StrAppend(&out, "    fix: ", f.fix, "\n");
    }
  }
  const std::array<int64_t, 3> counts = Counts(reports);
  absl::StrAppend(&out, Plural(static_cast<int64_t>(reports.size()), "table"),
                  ": ", Plural(counts[2], "error"), ", ",
                  Plural(counts[1], "warning"), ", ", Plural(counts[0], "info"),
                  "\n");
  return out;
}

// Written with the project's JSON writer (wire/json.h), as
// keydesign/expression_json.cc writes its fragments: escaping is the
// library's, never ours.
std::string FormatLintJson(const std::vector<LintReport>& reports) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  writer.StartObject();
  WriteJsonString(writer, "tables");
  writer.StartArray();
  for (const LintReport& report : reports) {
    writer.StartObject();
    WriteMember(writer, "table", report.table);
    WriteMember(writer, "partitionKey", report.partition_key);
    WriteMember(writer, "sortKey", report.sort_key);
    WriteJsonString(writer, "itemCount");
    writer.Int64(report.item_count);
    if (!report.indexes.empty()) {
      WriteJsonString(writer, "indexes");
      writer.StartArray();
      for (const LintIndex& index : report.indexes) {
        writer.StartObject();
        WriteMember(writer, "index", index.name);
        WriteMember(writer, "type", KindOf(index));
        WriteJsonString(writer, "partitionKeys");
        WriteStringList(writer, Names(index.partition_keys));
        WriteJsonString(writer, "sortKeys");
        WriteStringList(writer, Names(index.sort_keys));
        writer.EndObject();
      }
      writer.EndArray();
    }
    WriteJsonString(writer, "findings");
    writer.StartArray();
    for (const LintFinding& f : report.findings) {
      writer.StartObject();
      WriteMember(writer, "severity", LintSeverityName(f.severity));
      WriteMember(writer, "rule", f.rule);
      if (!f.index.empty()) WriteMember(writer, "index", f.index);
      WriteJsonString(writer, "collections");
      WriteStringList(writer, f.collections);
      WriteJsonString(writer, "collectionCount");
      writer.Int64(f.collection_count);
      WriteMember(writer, "message", f.message);
      WriteJsonString(writer, "examples");
      WriteStringList(writer, f.examples);
      WriteMember(writer, "fix", f.fix);
      writer.EndObject();
    }
    writer.EndArray();
    writer.EndObject();
  }
  writer.EndArray();
  const std::array<int64_t, 3> counts = Counts(reports);
  WriteJsonString(writer, "errors");
  writer.Int64(counts[2]);
  WriteJsonString(writer, "warnings");
  writer.Int64(counts[1]);
  WriteJsonString(writer, "infos");
  writer.Int64(counts[0]);
  writer.EndObject();
  return absl::StrCat(JsonText(buffer), "\n");
}

int LintExitCode(const std::vector<LintReport>& reports) {
  for (const LintReport& report : reports) {
    if (HasLintErrors(report.findings)) return 1;
  }
  return 0;
}

}  // namespace dynamite
