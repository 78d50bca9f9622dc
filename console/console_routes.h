// ConsoleRoutes: the console `dynamite serve` serves beside DynamoDB's API,
// on the same port (server/http_routes.h):
//
//   GET  /console, /console/          the page (console/assets/index.html)
//   GET  /console/<asset>             its script and style sheet
//   POST /console/api/<endpoint>      the helper endpoints (console_api.h)
//
// The page talks to DynamoDB's API at / like any client, with a fixed
// well-formed Authorization header, so the console is only for servers that
// do not verify signatures (no --auth); tools/dynamite_main.cc also leaves
// it off on a non-loopback bind unless asked.
//
// Thread safety: Handle() may be called concurrently.

#ifndef DYNAMITE_CONSOLE_CONSOLE_ROUTES_H_
#define DYNAMITE_CONSOLE_CONSOLE_ROUTES_H_

#include <optional>

#include "api/database.h"
#include "server/http_exchange.h"
#include "server/http_routes.h"

namespace dynamite {

class ConsoleRoutes : public HttpRoutes {
 public:
  std::optional<HttpResponse> Handle(Database& db,
                                     const HttpRequest& request) const override;
};

}  // namespace dynamite

#endif  // DYNAMITE_CONSOLE_CONSOLE_ROUTES_H_
