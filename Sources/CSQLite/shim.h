// SQLite's C API for RestmapStore (the only target that imports it).
#include <sqlite3.h>

// sqlite3_db_config is variadic, which Swift cannot call: these wrappers can be.
// Turns off SQLite's "double-quoted string literal" fallback, under which a quoted
// identifier naming no column silently reads as a string.
static inline int restmap_sqlite3_strict_identifiers(sqlite3 *db) {
    int status = sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DML, 0, (int *)0);
    if (status != SQLITE_OK) return status;
    return sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DDL, 0, (int *)0);
}
