#include "widgets/design/DesignEntityColours.h"

#include "widgets/design/DesignDocument.h"
#include "widgets/layout/EntityPalette.h"

namespace keyplan::widgets {

DesignEntityColours::DesignEntityColours(DesignDocument* document, EntityPalette* palette, QObject* parent)
    : QObject(parent), document_(document), palette_(palette)
{
    connect(document_, &DesignDocument::designReset, this, &DesignEntityColours::designReset);
    connect(document_, &DesignDocument::designChanged, this, &DesignEntityColours::designChanged);
    designReset();
}

void DesignEntityColours::designReset()
{
    palette_->clear();
    names_.clear();
    designChanged();
}

void DesignEntityColours::designChanged()
{
    std::map<uint64_t, std::string> now;
    QStringList order;
    for (const auto& e : document_->design().entities()) {
        now[e.id] = e.name;
        order << QString::fromStdString(e.name);
        const auto before = names_.find(e.id);
        if (before != names_.end() && before->second != e.name)
            palette_->rename(QString::fromStdString(before->second), QString::fromStdString(e.name));
    }
    palette_->seed(order);
    names_ = std::move(now);
}

}  // namespace keyplan::widgets
