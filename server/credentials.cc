#include "server/credentials.h"

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace dynamite {

absl::StatusOr<Credentials> ParseCredentials(absl::string_view text) {
  Credentials credentials;
  int line_number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++line_number;
    line = absl::StripAsciiWhitespace(line);
    if (line.empty() || line.front() == '#') continue;
    std::vector<absl::string_view> fields =
        absl::StrSplit(line, absl::ByAnyChar(" \t"), absl::SkipEmpty());
    if (fields.size() != 2) {
      return absl::InvalidArgumentError(absl::StrCat(
          "line ", line_number, ": expected 'ACCESS_KEY_ID SECRET', got ",
          fields.size(), " fields"));
    }
    if (!credentials.emplace(fields[0], fields[1]).second) {
      return absl::InvalidArgumentError(
          absl::StrCat("line ", line_number, ": access key id '", fields[0],
                       "' appears more than once"));
    }
  }
  return credentials;
}

absl::StatusOr<Credentials> LoadCredentialsFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return absl::NotFoundError(
        absl::StrCat("cannot read credentials file '", path, "'"));
  }
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) {
    return absl::NotFoundError(
        absl::StrCat("cannot read credentials file '", path, "'"));
  }
  absl::StatusOr<Credentials> credentials = ParseCredentials(text.str());
  if (!credentials.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": ", credentials.status().message()));
  }
  return credentials;
}

}  // namespace dynamite
