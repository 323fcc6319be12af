#include "widgets/practice/BackfillNotice.h"

#include "analysis/CostModel.h"
#include "analysis/StoredCounts.h"
#include "document/DesignDocument.h"
#include "jobs/Job.h"

#include <algorithm>

namespace keyplan::widgets {

namespace {

using Counts = std::map<std::string, int64_t, std::less<>>;

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

QString count(double n) { return QString::fromStdString(analysis::formatCount(n)); }

}  // namespace

BackfillNotice::BackfillNotice(DesignDocument* document, store::Store* store, QWidget* parent)
    : QLabel(parent), document_(document), store_(store)
{
    setObjectName(QStringLiteral("backfillNotice"));
    setTextFormat(Qt::PlainText);
    hide();
    resetBaseline();
    connect(document_, &DesignDocument::designReset, this, [this] {
        resetBaseline();
        recount();
    });
    connect(document_, &DesignDocument::modifiedChanged, this, [this](bool modified) {
        if (!modified) resetBaseline();
    });
    connect(document_, &DesignDocument::designChanged, this, &BackfillNotice::refresh);
    recount();
}

BackfillNotice::~BackfillNotice() = default;

void BackfillNotice::resetBaseline()
{
    baseline_ = std::make_unique<design::Design>(document_->design());
    refresh();
}

void BackfillNotice::recount()
{
    if (!store_) return;
    const design::Design& d = *baseline_;
    const int generation = ++counting_;
    Jobs::instance().run<Counts>(
        this,
        [store = store_, table = d.table().name, type = d.table().typeAttribute] {
            return analysis::storedItemsByType(*store, table, type);
        },
        [this, generation](Outcome<Counts> outcome) {
            if (generation != counting_) return;
            stored_ = outcome.ok() ? *outcome.value : Counts{};
            refresh();
            Q_EMIT counted();
        });
}

// The items of each entity of the current design: a round's stated volumes, else the stored items
// of its baseline type (a renamed entity's data still carries the old one), else the sample counts.
analysis::Volumes BackfillNotice::itemCounts() const
{
    if (!document_->statedVolumes().empty()) return document_->statedVolumes();
    analysis::Volumes out;
    if (!stored_) return out;
    for (const auto& e : document_->design().entities()) {
        const design::Entity* before = baseline_->entity(e.id);
        const auto found = stored_->find(before ? before->discriminator() : e.discriminator());
        out[e.name] = found == stored_->end() ? 0.0 : static_cast<double>(found->second);
    }
    return out;
}

void BackfillNotice::findLeftBehind()
{
    leftBehind_.clear();
    if (!stored_) return;
    const design::Design& now = document_->design();
    const std::string& type = now.table().typeAttribute;
    for (const design::Entity& before : baseline_->entities()) {
        const auto found = stored_->find(before.discriminator());
        if (found == stored_->end() || found->second == 0) continue;
        const auto& all = now.entities();
        if (std::any_of(all.begin(), all.end(),
                        [&](const design::Entity& e) { return e.discriminator() == before.discriminator(); }))
            continue;
        const QString old = QString::fromStdString(before.discriminator());
        const design::Entity* renamed = now.entity(before.id);
        leftBehind_ << (renamed ? tr("%1 stored items keep %2 = %3, and after the rename to %4 no entity reads them: set %4's "
                                     "type value to %3 to keep them, or generate the data again.")
                                      .arg(count(static_cast<double>(found->second)), QString::fromStdString(type), old,
                                           QString::fromStdString(renamed->name))
                                : tr("%1 stored items keep %2 = %3, and with %3 removed no entity reads them: delete them "
                                     "or generate the data again.")
                                      .arg(count(static_cast<double>(found->second)), QString::fromStdString(type), old));
    }
}

void BackfillNotice::refresh()
{
    changes_.clear();
    const design::Design& now = document_->design();
    analysis::CostModel cost(now);
    cost.setVolumes(itemCounts());
    const analysis::BackfillEstimate estimate = analysis::estimateBackfill(*baseline_, now, cost);
    for (const auto& step : estimate.steps)
        if (isKeyChange(step.kind) && step.items > 0 && hadKeys(*baseline_, step.entity)) changes_.push_back(step);
    std::stable_sort(changes_.begin(), changes_.end(), [](const auto& a, const auto& b) { return a.writeUnits > b.writeUnits; });
    findLeftBehind();
    if (changes_.empty() && leftBehind_.empty()) {
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
    for (const QString& s : leftBehind_) lines << QStringLiteral("\u2022 ") + s;
    const QString counted = !document_->statedVolumes().empty() ? tr("at the scenario's production volumes")
                            : stored_                           ? tr("the items the store holds")
                                                                : tr("the design's sample counts");
    if (changes_.empty()) {
        setText(tr("Stored items left behind: %1").arg(leftBehind_.front()));
    } else {
        const QString what = changes_.size() == 1
                                 ? QString::fromStdString(changes_.front().entity.empty() ? std::string("the table")
                                                                                          : changes_.front().entity)
                                 : tr("%1 changes").arg(changes_.size());
        setText(tr("Key change in production: %1 \u2014 %2 items to rewrite, %3 write units (%4)%5")
                    .arg(what, count(items), count(units), counted,
                         leftBehind_.empty() ? QString() : tr("; and stored items left behind")));
    }
    setToolTip(tr("Compared with the design as opened or last saved, on a table that holds its data (%1):\n%2\n\n%3")
                   .arg(counted, lines.join(QLatin1Char('\n')), QString::fromStdString(estimate.summary())));
    show();
}

}  // namespace keyplan::widgets
