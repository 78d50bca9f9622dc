/* A C program that embeds Dynamite through its C entry point, built
 * against an installed libdynamite with pkg-config:
 *
 *   cmake --install build --prefix /opt/dynamite --component dynamite_c
 *   cc hello.c $(PKG_CONFIG_PATH=/opt/dynamite/lib/pkgconfig \
 *                pkg-config --cflags --libs dynamite-c) -o hello
 *   LD_LIBRARY_PATH=/opt/dynamite/lib ./hello
 *
 * It prints the item it wrote and read back. */

#include <stdio.h>

#include "dynamite/c.h"

static int call(dynamite_db* db, const char* operation, const char* request) {
  char* response = NULL;
  int status = dynamite_call(db, operation, request, &response);
  if (status != 200)
    fprintf(stderr, "%s: %d %s\n", operation, status, response);
  if (status == 200 && operation[0] == 'G') printf("%s\n", response);
  dynamite_free(response);
  return status == 200 ? 0 : 1;
}

int main(void) {
  char* error = NULL;
  dynamite_db* db = dynamite_open(NULL, &error);
  if (db == NULL) {
    fprintf(stderr, "dynamite_open: %s\n", error);
    dynamite_free(error);
    return 1;
  }
  int failed = call(db, "CreateTable",
                    "{\"TableName\": \"greetings\", \"BillingMode\": "
                    "\"PAY_PER_REQUEST\", \"AttributeDefinitions\": "
                    "[{\"AttributeName\": \"lang\", \"AttributeType\": "
                    "\"S\"}], \"KeySchema\": [{\"AttributeName\": \"lang\", "
                    "\"KeyType\": \"HASH\"}]}");
  failed |= call(db, "PutItem",
                 "{\"TableName\": \"greetings\", \"Item\": {\"lang\": {\"S\": "
                 "\"c\"}, \"text\": {\"S\": \"hello from C\"}}}");
  failed |= call(db, "GetItem",
                 "{\"TableName\": \"greetings\", \"Key\": {\"lang\": {\"S\": "
                 "\"c\"}}}");
  dynamite_close(db);
  return failed;
}
