// Two versions of a design side by side, as File > Compare with… shows them: on top the comparison a
// reviewer reads (analysis::compareDesigns, the same Markdown keyplan-cli diff writes), below it one tab
// per layout (the table and every index of either version) with both versions' pictures side by side.
// Differences are marked: a tab whose index was added, removed or changed, or whose keys an entity now
// fills differently, is named so ("GSI1 (changed)"), and in both pictures the partitions holding the
// items of those entities are outlined. The pictures follow the window's theme.
#pragma once

#include "analysis/DesignDiff.h"
#include "design/Design.h"

#include <QString>
#include <QStringList>
#include <QWidget>

class QTabWidget;
class QTextBrowser;

namespace keyplan::widgets {

class DesignComparisonView final : public QWidget {
    Q_OBJECT
public:
    DesignComparisonView(design::Design before, const QString& beforeLabel, design::Design after, const QString& afterLabel,
                         QWidget* parent = nullptr);

    const analysis::DesignDiff& diff() const { return diff_; }
    // The layout tabs' titles, in order ("Table", "GSI1 (changed)", ...).
    QStringList layoutTitles() const;
    // The entities whose items are outlined in the layout of `scope` ("" the table).
    QStringList markedEntities(const QString& scope) const;

private:
    void buildLayouts();
    QWidget* side(const design::Design& d, const std::string& scope, const QString& heading, const QStringList& marked);

    design::Design before_;
    design::Design after_;
    design::Design colours_;
    QString beforeLabel_;
    QString afterLabel_;
    analysis::DesignDiff diff_;
    QTextBrowser* summary_;
    QTabWidget* layouts_;
    bool dark_ = false;
};

}  // namespace keyplan::widgets
