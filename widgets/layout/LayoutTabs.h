// Every table layout of the store: one tab per table and one per GSI and LSI, each an
// ItemLayoutView sharing one EntityPalette so an entity keeps its colour across tabs. A tab's
// items are only read once the tab is first shown.
#pragma once

#include "widgets/layout/EntityClassifier.h"
#include "widgets/layout/ItemLayoutModel.h"

#include <QString>
#include <QWidget>

#include <vector>

class QLabel;
class QTabWidget;

namespace keyplan::store {
class Store;
}

namespace keyplan::widgets {

// One layout the store can show: a table, or one of its indexes.
struct LayoutSource {
    QString table;
    QString index;  // empty for the table
    QString kind;   // "table", "GSI" or "LSI"
    bool operator==(const LayoutSource&) const = default;
};

class EntityPalette;
class ItemLayoutView;

class LayoutTabs final : public QWidget {
    Q_OBJECT
public:
    explicit LayoutTabs(store::Store& store, QWidget* parent = nullptr);
    ~LayoutTabs() override;

    EntityPalette* entityPalette() const { return entities_; }
    QTabWidget* tabWidget() const { return tabs_; }
    void setEntityClassifier(EntityClassifier classifier);

    // The layout of `table` (index empty) or of one of its indexes; nullptr until listed.
    ItemLayoutView* layout(const QString& table, const QString& index = {}) const;
    // "Orders", "Orders · GSI1", ... in tab order.
    QStringList layoutNames() const;
    // What the layouts say when the store has no tables.
    void setEmptyText(const QString& text);

    // Shows the layout of `table` (or its index) with the partitions a request reads
    // highlighted, and clears any other layout's highlight; kept across reloads, and applied
    // when that layout appears. `caption` names the request ("Pattern 2, ...").
    void highlight(const QString& table, const QString& index, const PartitionHighlight& partitions, const QString& caption);
    void clearHighlight();

public Q_SLOTS:
    // Lists the tables and indexes again and reads every opened layout afresh.
    void reload();
    // Says the store changed under the layouts (a write from the console); the user refreshes.
    void markStale();

Q_SIGNALS:
    void reloaded();
    // The attribute names a layout has found in a table's items so far (for completion).
    void attributesSeen(const QString& table, const QStringList& names);

private:
    struct Entry {
        LayoutSource source;
        QWidget* page = nullptr;
        ItemLayoutView* view = nullptr;  // created when the tab is first shown
    };
    void showSources(const std::vector<LayoutSource>& sources);
    void ensureLayout(int tab);
    void applyHighlight();

    struct Highlight {
        QString table;
        QString index;
        PartitionHighlight partitions;
        QString caption;
    };

    store::Store& store_;
    EntityPalette* entities_;
    QTabWidget* tabs_;
    QLabel* empty_;
    QLabel* stale_;
    EntityClassifier classifier_;
    QString emptyText_;
    bool listed_ = false;
    std::vector<Entry> entries_;
    Highlight highlight_;
};

}  // namespace keyplan::widgets
