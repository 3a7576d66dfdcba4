// The system SQLite (libsqlite3-dev on Debian; part of the SDK on Apple platforms).
#include <sqlite3.h>
