#include "widgets/design/DesignLayouts.h"

#include "widgets/design/DesignDataController.h"
#include "document/DesignDocument.h"
#include "widgets/layout/EntityClassifier.h"
#include "widgets/layout/LayoutTabs.h"

#include <QTimer>

namespace keyplan::widgets {

namespace {

std::shared_ptr<const design::Design> copyOf(const DesignDocument& document)
{
    return std::make_shared<const design::Design>(document.design());
}

}  // namespace

DesignLayouts::DesignLayouts(DesignDocument* document, LayoutTabs* layouts, DesignDataController* data, QObject* parent)
    : QObject(parent), document_(document), layouts_(layouts), edits_(new QTimer(this))
{
    // A burst of typing renders the examples once, shortly after it pauses.
    edits_->setSingleShot(true);
    edits_->setInterval(60);
    connect(edits_, &QTimer::timeout, this, &DesignLayouts::flush);
    connect(document_, &DesignDocument::designChanged, edits_, qOverload<>(&QTimer::start));
    // The request highlighted in a layout is one of the old design's patterns: it goes before the
    // new design's views say anything (its first pattern is highlighted again once selected).
    connect(document_, &DesignDocument::aboutToResetDesign, layouts_, &LayoutTabs::clearHighlight);
    connect(document_, &DesignDocument::designReset, this, &DesignLayouts::designReset);
    connect(document_, &DesignDocument::identityChanged, this, [this] {
        layouts_->setEntityClassifier(designEntityClassifier(document_->design()), designAttributeOrder(document_->design()));
    });
    if (data) {
        connect(data, &DesignDataController::generationFinished, this, [this](bool, bool, qint64 items) {
            if (items > 0) layouts_->adoptTable(QString::fromStdString(document_->design().table().name));
        });
    }
    layouts_->setEntityClassifier(designEntityClassifier(document_->design()), designAttributeOrder(document_->design()));
    layouts_->setDesign(copyOf(*document_));
}

void DesignLayouts::flush()
{
    edits_->stop();
    layouts_->setDesign(copyOf(*document_));
}

void DesignLayouts::designReset()
{
    edits_->stop();
    layouts_->setEntityClassifier(designEntityClassifier(document_->design()), designAttributeOrder(document_->design()));
    // An empty new design's table is nobody's data yet, even if a table of that name is stored.
    layouts_->startDesign(copyOf(*document_), document_->design().entities().empty());
}

}  // namespace keyplan::widgets
