#include "widgets/design/DesignFormat.h"

#include "analysis/CostModel.h"
#include "analysis/Plan.h"

#include <QCoreApplication>

namespace keyplan::widgets {

QString units(double value) { return qs(analysis::formatCount(value)); }

QString dollars(double value)
{
    if (value > 0 && value < 0.005) return QStringLiteral("< $0.01");
    QString text = qs(analysis::formatCount(value));
    // Money always shows cents.
    const qsizetype dot = text.indexOf(u'.');
    if (dot < 0) text += QStringLiteral(".00");
    else if (text.size() - dot == 2) text += u'0';
    return u'$' + text;
}

QString conditionText(const analysis::PatternPlan& plan)
{
    const analysis::PlannedRequest& r = plan.request;
    switch (r.operation) {
    case analysis::Operation::GetItem:
    case analysis::Operation::Query: return qs(r.keyCondition.text());
    case analysis::Operation::Scan:
        // The designer's words ("email = {email}"), not the wire form's placeholders.
        return r.filterText.empty() ? QCoreApplication::translate("keyplan", "Scan")
                                    : QCoreApplication::translate("keyplan", "Scan, filter %1").arg(qs(r.filterText));
    case analysis::Operation::None: break;
    }
    return QStringLiteral("–");
}

}  // namespace keyplan::widgets
