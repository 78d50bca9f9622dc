// The C entry point (include/dynamite/c.h): a registry of open handles
// over Dispatch (wire/dispatch.h).
//
// A handle is the address of a Database the registry owns. Every call
// looks it up first, so a handle that was closed (or never opened) is an
// error rather than a use after free; the lookup takes a shared lock, and
// the call itself runs outside it, as concurrently as the Database allows.

#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"

#include "api/database.h"
#include "common/errors.h"
#include "common/mutex.h"
#include "dynamite/c.h"
#include "wire/dispatch.h"
#include "wire/error_body.h"
#include "wire/json.h"

namespace dynamite {
namespace {

class Registry {
 public:
  static Registry& Get() {
    static Registry* const registry = new Registry();
    return *registry;
  }

  dynamite_db* Add(std::unique_ptr<Database> db) {
    auto* handle = reinterpret_cast<dynamite_db*>(db.get());
    MutexLock lock(&mu_);
    open_[handle] = std::shared_ptr<Database>(std::move(db));
    return handle;
  }
  // The open Database of `handle`, or null. Shared, so that a close while
  // a call runs waits for the call to let go of it.
  std::shared_ptr<Database> Find(dynamite_db* handle) {
    ReaderMutexLock lock(&mu_);
    auto it = open_.find(handle);
    return it == open_.end() ? nullptr : it->second;
  }
  std::shared_ptr<Database> Remove(dynamite_db* handle) {
    MutexLock lock(&mu_);
    auto it = open_.find(handle);
    if (it == open_.end()) return nullptr;
    std::shared_ptr<Database> db = std::move(it->second);
    open_.erase(it);
    return db;
  }

 private:
  Mutex mu_;
  absl::flat_hash_map<dynamite_db*, std::shared_ptr<Database>> open_
      ABSL_GUARDED_BY(mu_);
};

char* CopyString(absl::string_view text) {
  char* copy = static_cast<char*>(std::malloc(text.size() + 1));
  if (copy == nullptr) return nullptr;
  std::memcpy(copy, text.data(), text.size());
  copy[text.size()] = '\0';
  return copy;
}

absl::Status OptionError(absl::string_view why) {
  return ValidationError(absl::StrCat("dynamite_open: ", why));
}

absl::StatusOr<DatabaseOptions> ReadOptions(const char* options_json) {
  DatabaseOptions options;
  if (options_json == nullptr || *options_json == '\0') return options;
  JsonDocument doc;
  if (!ParseJson(options_json, doc) || !doc.IsObject()) {
    return OptionError("the options are not a JSON object");
  }
  for (const auto& member : doc.GetObject()) {
    const absl::string_view name = JsonString(member.name);
    if (!member.value.IsString()) {
      return OptionError(absl::StrCat("option ", name, " is not a string"));
    }
    const absl::string_view value = JsonString(member.value);
    if (name == "region") {
      options.region = std::string(value);
    } else if (name == "db_path") {
      options.durability.directory = std::string(value);
    } else if (name == "sync") {
      if (value == "always") {
        options.durability.sync = SyncMode::kAlways;
      } else if (value == "interval") {
        options.durability.sync = SyncMode::kInterval;
      } else if (value == "never") {
        options.durability.sync = SyncMode::kNever;
      } else {
        return OptionError(
            absl::StrCat("sync is always, interval or never, not ", value));
      }
    } else {
      return OptionError(absl::StrCat("unknown option ", name));
    }
  }
  return options;
}

int Answer(const WireResponse& answer, char** response) {
  if (response != nullptr) *response = CopyString(answer.body);
  return answer.http_status;
}

}  // namespace
}  // namespace dynamite

extern "C" {

dynamite_db* dynamite_open(const char* options_json, char** error) {
  using dynamite::Registry;
  if (error != nullptr) *error = nullptr;
  absl::StatusOr<dynamite::DatabaseOptions> options =
      dynamite::ReadOptions(options_json);
  absl::StatusOr<std::unique_ptr<dynamite::Database>> db =
      options.ok() ? dynamite::Database::Open(*std::move(options))
                   : absl::StatusOr<std::unique_ptr<dynamite::Database>>(
                         options.status());
  if (!db.ok()) {
    if (error != nullptr) *error = dynamite::CopyString(db.status().message());
    return nullptr;
  }
  return Registry::Get().Add(*std::move(db));
}

int dynamite_call(dynamite_db* db, const char* operation,
                  const char* request_json, char** response) {
  using dynamite::ValidationError;
  if (response != nullptr) *response = nullptr;
  auto refuse = [&](absl::string_view why) {
    return dynamite::Answer(dynamite::ErrorResponse(ValidationError(
                                absl::StrCat("dynamite_call: ", why))),
                            response);
  };
  if (db == nullptr) return refuse("the database handle is null");
  if (operation == nullptr) return refuse("the operation is null");
  if (request_json == nullptr) return refuse("the request is null");
  std::shared_ptr<dynamite::Database> database =
      dynamite::Registry::Get().Find(db);
  if (database == nullptr) {
    return refuse("the database handle is closed or was never opened");
  }
  return dynamite::Answer(
      dynamite::Dispatch(*database, dynamite::ApiOfOperation(operation),
                         operation, request_json,
                         [] { return absl::OkStatus(); }),
      response);
}

void dynamite_free(char* string) { std::free(string); }

void dynamite_close(dynamite_db* db) {
  if (db == nullptr) return;
  // The last reference, here or in a call still running, closes it.
  dynamite::Registry::Get().Remove(db).reset();
}

}  // extern "C"
