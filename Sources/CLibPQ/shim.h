// libpq, PostgreSQL's own client library, for RestmapStore (the only target that imports it).
#include <libpq-fe.h>
