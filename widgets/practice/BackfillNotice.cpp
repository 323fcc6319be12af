#include "widgets/practice/BackfillNotice.h"

#include "analysis/CostModel.h"
#include "document/DesignDocument.h"

#include <algorithm>

namespace keyplan::widgets {

namespace {

bool isKeyChange(analysis::BackfillStep::Kind kind)
{
    using Kind = analysis::BackfillStep::Kind;
    return kind == Kind::TableKeysChanged || kind == Kind::IndexKeysChanged || kind == Kind::TableSchemaChanged;
}

// An entity holds data only once its items have a table partition key: an item type still
// without keys (a practice round's start) has nothing to rewrite.
bool hadKeys(const design::Design& baseline, const std::string& entity)
{
    if (entity.empty()) {
        const auto& all = baseline.entities();
        return std::any_of(all.begin(), all.end(),
                           [&](const design::Entity& e) { return e.key(baseline.table().partitionKey.name); });
    }
    const design::Entity* e = baseline.entityByName(entity);
    return e && e->key(baseline.table().partitionKey.name);
}

}  // namespace

BackfillNotice::BackfillNotice(DesignDocument* document, QWidget* parent) : QLabel(parent), document_(document)
{
    setObjectName(QStringLiteral("backfillNotice"));
    setTextFormat(Qt::PlainText);
    hide();
    resetBaseline();
    connect(document_, &DesignDocument::designReset, this, &BackfillNotice::resetBaseline);
    connect(document_, &DesignDocument::modifiedChanged, this, [this](bool modified) {
        if (!modified) resetBaseline();
    });
    connect(document_, &DesignDocument::designChanged, this, &BackfillNotice::refresh);
}

BackfillNotice::~BackfillNotice() = default;

void BackfillNotice::resetBaseline()
{
    baseline_ = std::make_unique<design::Design>(document_->design());
    refresh();
}

void BackfillNotice::refresh()
{
    changes_.clear();
    const design::Design& now = document_->design();
    const analysis::CostModel cost(now);
    const analysis::BackfillEstimate estimate = analysis::estimateBackfill(*baseline_, now, cost);
    for (const auto& step : estimate.steps)
        if (isKeyChange(step.kind) && step.items > 0 && hadKeys(*baseline_, step.entity)) changes_.push_back(step);
    std::stable_sort(changes_.begin(), changes_.end(), [](const auto& a, const auto& b) { return a.writeUnits > b.writeUnits; });
    if (changes_.empty()) {
        clear();
        setToolTip({});
        hide();
        return;
    }
    double items = 0, units = 0;
    QStringList lines;
    for (const auto& s : changes_) {
        items += s.items;
        units += s.writeUnits;
        lines << QStringLiteral("\u2022 ") + QString::fromStdString(s.text);
    }
    const QString what = changes_.size() == 1 ? QString::fromStdString(changes_.front().entity.empty() ? std::string("the table")
                                                                                                       : changes_.front().entity)
                                              : tr("%1 changes").arg(changes_.size());
    setText(tr("Key change in production: %1 \u2014 %2 items to rewrite, %3 write units")
                .arg(what, QString::fromStdString(analysis::formatCount(items)),
                     QString::fromStdString(analysis::formatCount(units))));
    setToolTip(tr("Compared with the design as opened or last saved, on a table that holds its data:\n%1\n\n%2")
                   .arg(lines.join(QLatin1Char('\n')), QString::fromStdString(estimate.summary())));
    show();
}

}  // namespace keyplan::widgets
