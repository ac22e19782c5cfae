// libpq's header, for RestmapStore (the only target that imports it): its types and
// constants. restmap does not link libpq: LibPQ.swift looks its functions up when the first
// PostgreSQL store is opened, so that libpq's dependencies are not loaded by every command.
// Debian and Ubuntu install the header under postgresql/ (apt libpq-dev).
#if __has_include(<postgresql/libpq-fe.h>)
#include <postgresql/libpq-fe.h>
#else
#include <libpq-fe.h>
#endif
