#include "document/DesignFormat.h"

#include "analysis/CostModel.h"
#include "analysis/Plan.h"

#include <QCoreApplication>

namespace keyplan::widgets {

QString units(double value) { return QString::fromStdString(analysis::formatCount(value)); }

QString dollars(double value) { return QString::fromStdString(analysis::formatDollars(value)); }

QString conditionText(const analysis::PatternPlan& plan)
{
    const analysis::PlannedRequest& r = plan.request;
    switch (r.operation) {
    case analysis::Operation::GetItem:
    case analysis::Operation::Query: return QString::fromStdString(r.keyCondition.text());
    case analysis::Operation::Scan:
        // The designer's words ("email = {email}"), not the wire form's placeholders.
        return r.filterText.empty()
                   ? QCoreApplication::translate("keyplan", "Scan")
                   : QCoreApplication::translate("keyplan", "Scan, filter %1").arg(QString::fromStdString(r.filterText));
    case analysis::Operation::None: break;
    }
    return QStringLiteral("–");
}

}  // namespace keyplan::widgets
