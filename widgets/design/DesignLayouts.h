// Keeps the layouts in the middle of the window on the open design: the design's table and
// indexes as tabs (examples until the store holds its data) that follow every edit, the design's
// way of telling entities apart, a clean slate when a design is opened or made, and the design's
// table shown again once sample data was generated into it.
#pragma once

#include <QObject>

class QTimer;

namespace keyplan::widgets {

class DesignDataController;
class DesignDocument;
class LayoutTabs;

class DesignLayouts final : public QObject {
    Q_OBJECT
public:
    // `data` may be null (no generation to follow).
    DesignLayouts(DesignDocument* document, LayoutTabs* layouts, DesignDataController* data, QObject* parent = nullptr);

    // Applies a pending edit at once (tests; the timer does it otherwise).
    void flush();

private:
    void designReset();

    DesignDocument* document_;
    LayoutTabs* layouts_;
    QTimer* edits_;
};

}  // namespace keyplan::widgets
