/* Dynamite's C entry point: an embedded DynamoDB in-process, from any
 * language with a C FFI (Python's ctypes, Go's cgo, Rust, ...).
 *
 *   char* error = NULL;
 *   dynamite_db* db = dynamite_open("{\"region\": \"eu-west-1\"}", &error);
 *   char* response = NULL;
 *   int status = dynamite_call(db, "CreateTable", request_json, &response);
 *   ... status is 200, or the HTTP status DynamoDB would answer (400, 500)
 *   ... response is DynamoDB's JSON answer, or its error body
 *   ...   {"__type":"com.amazonaws.dynamodb.v20120810#ValidationException",
 *   ...    "message":"..."}
 *   dynamite_free(response);
 *   dynamite_close(db);
 *
 * Requests and responses are DynamoDB's JSON protocol, exactly as
 * `dynamite serve` takes and answers them: the operation is the part of
 * X-Amz-Target after "DynamoDB_20120810." (or a Streams or DynamiteControl
 * operation), the request its body.
 *
 * Options (dynamite_open), a JSON object whose members are all optional:
 *   "region"   the region in ARNs (default "ddblocal")
 *   "db_path"  keep the database in this directory (default: in memory)
 *   "sync"     with db_path: "always", "interval" (default) or "never"
 * NULL or "" is the default options.
 *
 * Errors are values, never crashes: a bad options document, a failed open,
 * a null argument, a closed or unknown handle, invalid request JSON or an
 * unknown operation each give an error status and body (or NULL and an
 * error message from dynamite_open).
 *
 * Thread safety: a handle may be used by many threads at once, as the C++
 * Database it wraps; closing it while another thread calls it is an error
 * of the program. Every string returned is the caller's, freed with
 * dynamite_free. */

#ifndef DYNAMITE_C_H_
#define DYNAMITE_C_H_

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define DYNAMITE_C_EXPORT __attribute__((visibility("default")))
#else
#define DYNAMITE_C_EXPORT
#endif

typedef struct dynamite_db dynamite_db;

/* Opens a database. On failure returns NULL and, if `error` is not NULL,
 * sets *error to a message (free it with dynamite_free). */
DYNAMITE_C_EXPORT dynamite_db* dynamite_open(const char* options_json,
                                             char** error);

/* Answers one request: sets *response (when `response` is not NULL) to the
 * response or error body and returns its HTTP status, 200 on success. */
DYNAMITE_C_EXPORT int dynamite_call(dynamite_db* db, const char* operation,
                                    const char* request_json, char** response);

/* Frees a string this library returned; NULL is ignored. */
DYNAMITE_C_EXPORT void dynamite_free(char* string);

/* Closes the database (a durable one flushes its log first). NULL, or a
 * handle already closed, is ignored. */
DYNAMITE_C_EXPORT void dynamite_close(dynamite_db* db);

#ifdef __cplusplus
}
#endif

#endif /* DYNAMITE_C_H_ */
