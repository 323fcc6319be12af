#include "document/MultiKeyEdit.h"

#include "analysis/MultiKeyConversion.h"

namespace keyplan::widgets {

QString multiKeyConversionText(const design::Design& design, const QString& indexName)
{
    const design::Index* index = design.indexByName(indexName.toStdString());
    const auto conversion = index ? analysis::multiKeyConversion(design, *index) : std::nullopt;
    if (!conversion) return {};
    return QObject::tr("Key %1 on %2 instead of %3. %4")
        .arg(indexName, QString::fromStdString(conversion->after), QString::fromStdString(conversion->before),
             QString::fromStdString(analysis::conversionBackfill(design, *conversion)));
}

bool convertToMultiAttributeKey(DesignDocument* document, const QString& indexName)
{
    const design::Design& d = document->design();
    const design::Index* index = d.indexByName(indexName.toStdString());
    const auto conversion = index ? analysis::multiKeyConversion(d, *index) : std::nullopt;
    if (!conversion) return false;
    document->editDesign(analysis::convertToMultiKey(d, *conversion), QObject::tr("Key %1 on its attributes").arg(indexName));
    return true;
}

}  // namespace keyplan::widgets
