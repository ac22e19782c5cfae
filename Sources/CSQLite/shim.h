// SQLite's C API for RestmapStore (the only target that imports it).
#include <sqlite3.h>
