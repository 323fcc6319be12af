// Every table layout: one tab per table and one per GSI and LSI. The open design's table and its
// indexes come first, always: while the store holds no items for the table they show example
// items rendered from the design (ExampleLayoutView), and once it does, the stored items
// (ItemLayoutView). The store's other tables follow, except those left over from the designs
// opened before this one (a new design starts clean; "show them" brings them back). Every view
// shares one EntityPalette so an entity keeps its colour across tabs. A tab is only built, and its
// items read, once it is first shown.
#pragma once

#include "widgets/layout/EntityClassifier.h"
#include "widgets/layout/ItemLayoutModel.h"

#include "design/Design.h"

#include <QSet>
#include <QString>
#include <QWidget>

#include <memory>
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
    QString index;          // empty for the table
    QString kind;           // "table", "GSI" or "LSI"
    bool hasItems = false;  // the store's table holds items
    bool example = false;   // shown as the design's examples, not read from the store
    bool operator==(const LayoutSource&) const = default;
};

class EntityPalette;
class ExampleLayoutView;
class ItemLayoutView;

class LayoutTabs final : public QWidget {
    Q_OBJECT
public:
    explicit LayoutTabs(store::Store& store, QWidget* parent = nullptr);
    ~LayoutTabs() override;

    EntityPalette* entityPalette() const { return entities_; }
    QTabWidget* tabWidget() const { return tabs_; }
    // How items are told apart and how each row orders its attributes (default: by name).
    void setEntityClassifier(EntityClassifier classifier, AttributeOrder order = {});

    // The layout of `table` (index empty) or of one of its indexes; nullptr until listed (or
    // while it shows examples).
    ItemLayoutView* layout(const QString& table, const QString& index = {}) const;
    // The examples shown for the design's table or index; nullptr while it shows stored items.
    ExampleLayoutView* exampleLayout(const QString& table, const QString& index = {}) const;

    // The open design: its table and indexes get tabs whether or not the store has them.
    void setDesign(std::shared_ptr<const design::Design> design);
    // A design was opened or made: the store's tables as they are now belong to earlier designs
    // and are not shown (nor is the design's own table when `freshTable`, an empty new design's).
    void startDesign(std::shared_ptr<const design::Design> design, bool freshTable);
    // `table` now holds this design's data (it was generated or loaded for it): show it.
    void adoptTable(const QString& table);
    // Shows the tables hidden by startDesign again.
    void showAllTables();
    QStringList hiddenTables() const;
    // "Orders", "Orders · GSI1", ... in tab order.
    QStringList layoutNames() const;
    // What the layouts say when the store has no tables.
    void setEmptyText(const QString& text);
    // Items a layout reads at most (0: all); on an endpoint, where each one costs read capacity.
    static constexpr qint64 kEndpointReadLimit = 1000;
    void setReadLimit(qint64 maxItems);

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
        ExampleLayoutView* example = nullptr;
    };
    // The design's layouts first, then the store's shown tables.
    std::vector<LayoutSource> merged() const;
    void showSources(const std::vector<LayoutSource>& sources);
    void updateHiddenNote();
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
    QLabel* hiddenNote_;
    std::shared_ptr<const design::Design> design_;
    std::vector<LayoutSource> storeSources_;  // as last listed
    QSet<QString> hidden_;
    EntityClassifier classifier_;
    AttributeOrder order_;
    QString emptyText_;
    bool listed_ = false;
    qint64 readLimit_ = 0;
    std::vector<Entry> entries_;
    Highlight highlight_;
};

}  // namespace keyplan::widgets
