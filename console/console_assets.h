// The console's page, script and style sheet (console/assets/), compiled
// into the binary by console/embed_assets.cmake: `dynamite serve` needs no
// files beside it, no build step for the page, and no CDN.
//
// Thread safety: immutable data.

#ifndef DYNAMITE_CONSOLE_CONSOLE_ASSETS_H_
#define DYNAMITE_CONSOLE_CONSOLE_ASSETS_H_

#include "absl/strings/string_view.h"

namespace dynamite {

struct ConsoleAsset {
  absl::string_view name;  // e.g. "console.js"
  absl::string_view content_type;
  absl::string_view body;
};

// The asset named `name` (the path after /console/; "" is index.html), or
// nullptr.
const ConsoleAsset* FindConsoleAsset(absl::string_view name);

}  // namespace dynamite

#endif  // DYNAMITE_CONSOLE_CONSOLE_ASSETS_H_
