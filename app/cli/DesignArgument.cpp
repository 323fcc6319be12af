#include "DesignArgument.h"

#include "Printable.h"

#include "design/DesignFile.h"
#include "json/FormatError.h"

namespace keyplan::cli {

std::optional<design::Design> readDesignArgument(const QString& file, const char* command, QTextStream& err,
                                                 const QString& tableName)
{
    design::Design d;
    try {
        d = design::loadDesignFile(file);
    } catch (const json::FormatError& e) {
        err << "keyplan-cli " << command << ": " << printable(e.what()) << "\n";
        return std::nullopt;
    }
    if (!tableName.isEmpty()) {
        design::Table table = d.table();
        table.name = tableName.toStdString();
        d.setTable(table);
    }
    return d;
}

}  // namespace keyplan::cli
