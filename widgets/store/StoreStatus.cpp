#include "widgets/store/StoreStatus.h"

#include "store/Store.h"
#include "jobs/Job.h"
#include "widgets/common/Icons.h"
#include "widgets/common/ValueText.h"

#include <QHBoxLayout>
#include <QLabel>

namespace keyplan::widgets {

namespace {

struct Totals {
    qint64 tables = 0;
    qint64 items = 0;
    qint64 bytes = 0;
    qint64 indexes = 0;
};

Totals readTotals(store::Store& store)
{
    Totals t;
    for (const store::TableDescription& table : store::describeAllTables(store)) {
        ++t.tables;
        t.items += table.itemCount;
        t.bytes += table.tableSizeBytes;
        t.indexes += qint64(table.globalSecondaryIndexes.size() + table.localSecondaryIndexes.size());
    }
    return t;
}

}  // namespace

StoreStatus::StoreStatus(store::Store& store, const StoreLocation& where, QWidget* parent)
    : QWidget(parent), store_(store), icon_(new QLabel(this)), where_(new QLabel(this)), label_(new QLabel(this))
{
    setAccessibleName(tr("The store"));
    where_->setObjectName(QStringLiteral("storeLocation"));
    label_->setObjectName(QStringLiteral("storeStatus"));
    label_->setText(tr("Reading the store\u2026"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 0, 4, 0);
    layout->setSpacing(4);
    layout->addWidget(icon_);
    layout->addWidget(where_);
    layout->addWidget(label_);
    setLocation(where);
    refresh();
}

QString StoreStatus::text() const { return label_->text(); }

QString StoreStatus::locationText() const { return where_->text(); }

void StoreStatus::setLocation(const StoreLocation& where)
{
    const int size = fontMetrics().height();
    icon_->setPixmap(icon(where.isRemote() ? QStringLiteral("cloud") : QStringLiteral("database")).pixmap(QSize(size, size)));
    if (where.isRemote()) {
        where_->setText(tr("Endpoint %1").arg(where.text()));
        // A remote table costs money and holds someone's data: it must not look like the local store.
        where_->setStyleSheet(QStringLiteral("QLabel { background: #b45309; color: white; border-radius: 3px; padding: 0 6px; }"));
        setToolTip(tr("The store: DynamoDB endpoint %1, region %2, credentials from %3")
                       .arg(where.endpoint, where.region, where.credentialsSource));
    } else {
        where_->setText(tr("Local: %1 \u00b7").arg(where.kind == StoreLocation::Kind::LocalFile ? where.file : tr("in memory")));
        where_->setStyleSheet(QString());
        setToolTip(tr("The store: %1").arg(where.text()));
    }
}

void StoreStatus::refresh()
{
    if (Jobs::instance().isBusy(this)) {
        pending_ = true;
        return;
    }
    Jobs::instance().run<Totals>(
        this, [&store = store_] { return readTotals(store); },
        [this](Outcome<Totals> outcome) {
            if (!outcome.ok()) {
                label_->setText(outcome.errorText());
            } else {
                const Totals& t = *outcome.value;
                const QString tables = t.tables == 1 ? tr("1 table") : tr("%1 tables").arg(t.tables);
                const QString items = t.items == 1 ? tr("1 item") : tr("%1 items").arg(groupedNumber(t.items));
                const QString indexes = t.indexes == 1 ? tr("1 index") : tr("%1 indexes").arg(t.indexes);
                label_->setText(QStringLiteral("%1 \u00b7 %2 \u00b7 %3 \u00b7 %4").arg(tables, indexes, items, byteSize(t.bytes)));
            }
            if (pending_) {
                pending_ = false;
                refresh();
            }
        });
}

}  // namespace keyplan::widgets
