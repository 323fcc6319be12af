// The DESIGN argument the commands take, read one way: the design file loaded, a file that is not
// a design reported as "keyplan-cli COMMAND: what is wrong" on err, and --table-name applied.
#pragma once

#include "design/Design.h"

#include <QString>
#include <QTextStream>

#include <optional>

namespace keyplan::cli {

// The design in `file`, its table renamed to `tableName` when one is given; nullopt (the error
// written) when the file cannot be read as a design.
std::optional<design::Design> readDesignArgument(const QString& file, const char* command, QTextStream& err,
                                                 const QString& tableName = {});

}  // namespace keyplan::cli
