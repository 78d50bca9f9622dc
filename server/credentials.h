// The access keys `dynamite serve --auth FILE` accepts: a map from access key
// id to secret access key, read from a text file with one
// "ACCESS_KEY_ID SECRET" pair per line (fields separated by spaces or tabs;
// blank lines and lines starting with '#' are skipped).
//
// Thread safety: LoadCredentialsFile may be called concurrently; a loaded
// Credentials map is safe to read from many threads.

#ifndef DYNAMITE_SERVER_CREDENTIALS_H_
#define DYNAMITE_SERVER_CREDENTIALS_H_

#include <string>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace dynamite {

// Access key id -> secret access key.
using Credentials = absl::flat_hash_map<std::string, std::string>;

// Parses the file format above from `text`. A line without exactly two
// fields, or a repeated access key id, is an InvalidArgument error naming
// the line ("line 3: ...").
absl::StatusOr<Credentials> ParseCredentials(absl::string_view text);

// Reads and parses the file at `path`. A file that cannot be read is a
// NotFound error; a malformed one is ParseCredentials's error prefixed with
// the path ("<path>: line 3: ...").
absl::StatusOr<Credentials> LoadCredentialsFile(const std::string& path);

}  // namespace dynamite

#endif  // DYNAMITE_SERVER_CREDENTIALS_H_
