#include "widgets/heatmap/PartitionHeatmap.h"

#include "store/Store.h"
#include "jobs/Job.h"
#include "widgets/common/Icons.h"
#include "style/Theme.h"
#include "widgets/common/ValueText.h"

#include <QAction>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QLabel>
#include <QPainter>
#include <QPainterPath>
#include <QScrollArea>
#include <QTimer>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace keyplan::widgets {

// One table or GSI and its partitions.
struct HeatmapRow {
    QString table;
    QString index;  // empty for the table
    store::PartitionStatsResponse stats;
    QString label() const { return index.isEmpty() ? tr("%1 (table)").arg(table) : tr("%1 \u00b7 %2 (GSI)").arg(table, index); }
    static QString tr(const char* s) { return QObject::tr(s); }
};

namespace {

constexpr int kMargin = 10;
constexpr int kTitleHeight = 22;
constexpr int kCellHeight = 54;
constexpr int kLabelHeight = 34;  // room under the cells for the hot-key callouts
constexpr int kRowGap = 14;
constexpr int kMinCell = 54;
constexpr int kMaxCell = 150;
constexpr double kHotShare = 0.5;  // a partition using half its ceiling gets its key written out

QColor mix(const QColor& a, const QColor& b, double t)
{
    t = std::clamp(t, 0.0, 1.0);
    return QColor::fromRgbF(float(a.redF() * (1 - t) + b.redF() * t), float(a.greenF() * (1 - t) + b.greenF() * t),
                            float(a.blueF() * (1 - t) + b.blueF() * t));
}

// Cool to hot: nothing, green, yellow, orange, red at the ceiling, deep red beyond it.
QColor heat(double use, const QPalette& palette)
{
    const bool dark = isDarkPalette(palette);
    const QColor base = palette.color(QPalette::Base);
    if (use <= 0) return mix(base, palette.color(QPalette::Text), dark ? 0.10 : 0.06);
    struct Stop {
        double at;
        QColor colour;
    };
    const Stop stops[] = {
        {0.0, dark ? QColor(40, 90, 60) : QColor(205, 235, 210)},  {0.25, dark ? QColor(60, 140, 70) : QColor(130, 205, 120)},
        {0.5, dark ? QColor(170, 160, 40) : QColor(245, 215, 80)}, {0.75, dark ? QColor(205, 115, 35) : QColor(245, 150, 50)},
        {1.0, dark ? QColor(215, 55, 45) : QColor(225, 50, 40)},   {2.0, dark ? QColor(150, 20, 30) : QColor(150, 10, 25)},
    };
    for (size_t i = 1; i < std::size(stops); ++i)
        if (use <= stops[i].at)
            return mix(stops[i - 1].colour, stops[i].colour, (use - stops[i - 1].at) / (stops[i].at - stops[i - 1].at));
    return stops[std::size(stops) - 1].colour;
}

QColor textOn(const QColor& fill) { return fill.lightness() > 140 ? QColor(20, 20, 20) : QColor(245, 245, 245); }

QString compactUnits(double u)
{
    if (u >= 1e6) return QStringLiteral("%1M").arg(u / 1e6, 0, 'f', 1);
    if (u >= 1e4) return QStringLiteral("%1k").arg(u / 1e3, 0, 'f', 0);
    if (u >= 1e3) return QStringLiteral("%1k").arg(u / 1e3, 0, 'f', 1);
    if (u == std::floor(u)) return QString::number(u, 'f', 0);
    return QString::number(u, 'f', 1);
}

}  // namespace

// The painted grid, inside the heatmap's scroll area.
class HeatmapCanvas final : public QWidget {
public:
    explicit HeatmapCanvas(QWidget* parent) : QWidget(parent) { setMouseTracking(true); }

    std::vector<HeatmapRow> rows;
    double seconds = 1;

    double readUse(const HeatmapRow& r, const store::PartitionStats& p) const
    {
        return p.readUnits / seconds / r.stats.readCeilingPerPartition;
    }
    double writeUse(const HeatmapRow& r, const store::PartitionStats& p) const
    {
        return p.writeUnits / seconds / r.stats.writeCeilingPerPartition;
    }

    int cellWidth(const HeatmapRow& r) const
    {
        const int n = std::max(1, int(r.stats.partitions.size()));
        const int available = std::max(kMinCell, width() - 2 * kMargin);
        return std::clamp(available / n - 4, kMinCell, kMaxCell);
    }
    int perLine(const HeatmapRow& r) const { return std::max(1, (width() - 2 * kMargin + 4) / (cellWidth(r) + 4)); }
    int rowHeight(const HeatmapRow& r) const
    {
        const int n = std::max(1, int(r.stats.partitions.size()));
        const int lines = (n + perLine(r) - 1) / perLine(r);
        return kTitleHeight + lines * (kCellHeight + kLabelHeight) + kRowGap;
    }
    int rowTop(int row) const
    {
        int y = kMargin;
        for (int i = 0; i < row; ++i) y += rowHeight(rows[size_t(i)]);
        return y;
    }
    QRect cell(int row, int partition) const
    {
        const HeatmapRow& r = rows[size_t(row)];
        const int w = cellWidth(r);
        const int line = partition / perLine(r);
        const int column = partition % perLine(r);
        return QRect(kMargin + column * (w + 4), rowTop(row) + kTitleHeight + line * (kCellHeight + kLabelHeight), w, kCellHeight);
    }
    bool isHot(const HeatmapRow& r, const store::PartitionStats& p) const
    {
        return !p.hottestKeys.empty() && std::max(readUse(r, p), writeUse(r, p)) >= kHotShare;
    }
    QString hotLabel(const HeatmapRow& r, const store::PartitionStats& p) const
    {
        if (!isHot(r, p)) return {};
        const auto& [key, units] = p.hottestKeys.front();
        return QObject::tr("hot: %1").arg(cellText(key, 40));
    }
    QString toolTip(int row, int partition) const
    {
        const HeatmapRow& r = rows[size_t(row)];
        const store::PartitionStats& p = r.stats.partitions[size_t(partition)];
        QString text = QStringLiteral("<b>%1</b> \u00b7 partition %2 of %3<br>")
                           .arg(r.label().toHtmlEscaped())
                           .arg(p.partition)
                           .arg(r.stats.partitionCount);
        text += QObject::tr("%1 items, %2<br>").arg(groupedNumber(p.itemCount), byteSize(p.sizeBytes));
        text += QObject::tr("read: %1 units, %2% of %3 a second<br>")
                    .arg(compactUnits(p.readUnits))
                    .arg(std::lround(readUse(r, p) * 100))
                    .arg(groupedNumber(qint64(r.stats.readCeilingPerPartition)));
        text += QObject::tr("write: %1 units, %2% of %3 a second")
                    .arg(compactUnits(p.writeUnits))
                    .arg(std::lround(writeUse(r, p) * 100))
                    .arg(groupedNumber(qint64(r.stats.writeCeilingPerPartition)));
        if (!p.hottestKeys.empty()) {
            text += QObject::tr("<br>hottest keys:");
            for (const auto& [key, units] : p.hottestKeys)
                text += QStringLiteral("<br>&nbsp;&nbsp;%1: %2 units").arg(cellText(key, 80).toHtmlEscaped(), compactUnits(units));
        }
        return text;
    }

    QSize sizeHint() const override
    {
        int h = 2 * kMargin;
        for (const auto& r : rows) h += rowHeight(r);
        return {400, std::max(h, 120)};
    }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int) const override { return sizeHint().height(); }

protected:
    bool event(QEvent* e) override
    {
        if (e->type() == QEvent::ToolTip) {
            auto* help = static_cast<QHelpEvent*>(e);
            for (int row = 0; row < int(rows.size()); ++row)
                for (int p = 0; p < int(rows[size_t(row)].stats.partitions.size()); ++p)
                    if (cell(row, p).contains(help->pos())) {
                        QToolTip::showText(help->globalPos(), toolTip(row, p), this, cell(row, p));
                        return true;
                    }
            QToolTip::hideText();
            e->ignore();
            return true;
        }
        return QWidget::event(e);
    }

    void resizeEvent(QResizeEvent* e) override
    {
        QWidget::resizeEvent(e);
        setMinimumHeight(sizeHint().height());
    }

    void paintEvent(QPaintEvent*) override
    {
        QPainter painter(this);
        painter.setRenderHint(QPainter::Antialiasing);
        const QPalette pal = palette();
        painter.fillRect(rect(), pal.color(QPalette::Base));
        if (rows.empty()) {
            painter.setPen(pal.color(QPalette::PlaceholderText));
            painter.drawText(rect(), Qt::AlignCenter, QObject::tr("No tables in the store."));
            return;
        }
        QFont small = font();
        small.setPointSizeF(small.pointSizeF() * 0.85);
        QFont bold = font();
        bold.setBold(true);
        for (int row = 0; row < int(rows.size()); ++row) {
            const HeatmapRow& r = rows[size_t(row)];
            const int top = rowTop(row);
            painter.setFont(bold);
            painter.setPen(pal.color(QPalette::Text));
            painter.drawText(QRect(kMargin, top, width() - 2 * kMargin, kTitleHeight), Qt::AlignLeft | Qt::AlignVCenter,
                             QStringLiteral("%1 \u00b7 %2 partitions").arg(r.label()).arg(r.stats.partitionCount));
            for (int p = 0; p < int(r.stats.partitions.size()); ++p) {
                const store::PartitionStats& s = r.stats.partitions[size_t(p)];
                const QRect c = cell(row, p);
                const double ru = readUse(r, s);
                const double wu = writeUse(r, s);
                const QColor readFill = heat(ru, pal);
                const QColor writeFill = heat(wu, pal);
                QPainterPath shape;
                shape.addRoundedRect(QRectF(c).adjusted(0.5, 0.5, -0.5, -0.5), 4, 4);
                painter.save();
                painter.setClipPath(shape);
                const QRect readHalf(c.left(), c.top(), c.width(), c.height() / 2);
                const QRect writeHalf(c.left(), c.top() + c.height() / 2, c.width(), c.height() - c.height() / 2);
                painter.fillRect(readHalf, readFill);
                painter.fillRect(writeHalf, writeFill);
                painter.setFont(small);
                painter.setPen(textOn(readFill));
                painter.drawText(readHalf.adjusted(4, 0, -4, 0), Qt::AlignVCenter | Qt::AlignLeft,
                                 QStringLiteral("R %1").arg(compactUnits(s.readUnits)));
                painter.setPen(textOn(writeFill));
                painter.drawText(writeHalf.adjusted(4, 0, -4, 0), Qt::AlignVCenter | Qt::AlignLeft,
                                 QStringLiteral("W %1").arg(compactUnits(s.writeUnits)));
                painter.setPen(textOn(readFill));
                painter.drawText(readHalf.adjusted(4, 0, -4, 0), Qt::AlignVCenter | Qt::AlignRight,
                                 QStringLiteral("P%1").arg(s.partition));
                painter.restore();

                const bool over = ru >= 1 || wu >= 1;
                painter.setPen(over ? QPen(warningColor(pal), 2.5)
                                    : QPen(mix(pal.color(QPalette::Base), pal.color(QPalette::Text), 0.25), 1));
                painter.setBrush(Qt::NoBrush);
                painter.drawPath(shape);

                // The hot key, written where it burns.
                const QString hot = hotLabel(r, s);
                if (!hot.isEmpty()) {
                    const QRect below(c.left() - 2, c.bottom() + 3, std::max(c.width() + 60, 140), kLabelHeight - 6);
                    painter.setFont(small);
                    const QString text = painter.fontMetrics().elidedText(hot, Qt::ElideRight, below.width() - 8);
                    const QRect box = painter.fontMetrics()
                                          .boundingRect(below.adjusted(4, 2, -4, -2), Qt::AlignLeft | Qt::AlignTop, text)
                                          .adjusted(-4, -2, 4, 2);
                    painter.setPen(Qt::NoPen);
                    painter.setBrush(over ? warningColor(pal) : heat(std::max(ru, wu), pal));
                    painter.drawRoundedRect(box, 3, 3);
                    painter.setPen(textOn(painter.brush().color()));
                    painter.drawText(box.adjusted(4, 2, -4, -2), Qt::AlignLeft | Qt::AlignVCenter, text);
                }
            }
        }
    }
};

// The colour scale: share of a partition's per-second ceiling, cool to hot.
class HeatLegend final : public QWidget {
public:
    explicit HeatLegend(QWidget* parent) : QWidget(parent)
    {
        setToolTip(QObject::tr("Share of a partition's per-second ceiling"));
        setMinimumWidth(140);
    }
    QSize sizeHint() const override { return {180, fontMetrics().height() + 6}; }

protected:
    void paintEvent(QPaintEvent*) override
    {
        QPainter p(this);
        const QPalette pal = palette();
        const QString low = QStringLiteral("0%");
        const QString high = QStringLiteral("100%+");
        const int lowWidth = fontMetrics().horizontalAdvance(low) + 4;
        const int highWidth = fontMetrics().horizontalAdvance(high) + 4;
        const QRect bar(lowWidth, 3, width() - lowWidth - highWidth, height() - 6);
        for (int x = 0; x < bar.width(); ++x) {
            p.setPen(heat(1.2 * x / std::max(1, bar.width() - 1), pal));
            p.drawLine(bar.left() + x, bar.top(), bar.left() + x, bar.bottom());
        }
        p.setPen(pal.color(QPalette::WindowText));
        p.drawText(QRect(0, 0, lowWidth, height()), Qt::AlignVCenter | Qt::AlignLeft, low);
        p.drawText(QRect(width() - highWidth, 0, highWidth, height()), Qt::AlignVCenter | Qt::AlignRight, high);
    }
};

PartitionHeatmap::PartitionHeatmap(store::Store& store, QWidget* parent)
    : QWidget(parent), store_(store), canvas_(new HeatmapCanvas(this)), scroll_(new QScrollArea(this)),
      summary_(new QLabel(this)), seconds_(new QDoubleSpinBox(this)), controls_(new QWidget(this)),
      unavailable_(new QLabel(this)),
      resetAction_(new QAction(icon(QStringLiteral("reset-meters")), tr("Reset partition &meters"), this))
{
    setAccessibleName(tr("Partitions"));
    resetAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    connect(resetAction_, &QAction::triggered, this, &PartitionHeatmap::resetMeters);
    auto* refreshButton = new QToolButton(this);
    refreshButton->setObjectName(QStringLiteral("refreshHeatmap"));
    refreshButton->setAccessibleName(tr("Refresh the heatmap"));
    refreshButton->setIcon(icon(QStringLiteral("refresh")));
    refreshButton->setToolTip(tr("Read the partition meters again"));
    refreshButton->setAutoRaise(true);
    auto* reset = new QToolButton(this);
    reset->setObjectName(QStringLiteral("resetMeters"));
    reset->setIcon(icon(QStringLiteral("reset-meters")));
    reset->setText(tr("Reset meters"));
    reset->setToolTip(tr("Zero every partition's consumed units, to measure the next run alone"));
    reset->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    reset->setAutoRaise(true);
    seconds_->setObjectName(QStringLiteral("seconds"));
    seconds_->setAccessibleName(tr("Seconds the units are counted over"));
    scroll_->setAccessibleName(tr("Partitions by consumed units"));
    seconds_->setRange(0.1, 86400);
    seconds_->setDecimals(1);
    seconds_->setValue(1);
    seconds_->setSuffix(tr(" s"));
    seconds_->setToolTip(tr("The units counted since the last reset are compared with the per-second ceilings as if they were "
                            "consumed over this many seconds"));
    summary_->setWordWrap(true);
    summary_->setObjectName(QStringLiteral("heatmapSummary"));

    unavailable_->setObjectName(QStringLiteral("heatmapUnavailable"));
    unavailable_->setWordWrap(true);
    unavailable_->setTextFormat(Qt::PlainText);
    unavailable_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    unavailable_->setMargin(8);
    unavailable_->setVisible(false);

    auto* top = new QHBoxLayout(controls_);
    top->setContentsMargins(0, 0, 0, 0);
    top->addWidget(new QLabel(tr("Units over"), this));
    top->addWidget(seconds_);
    top->addSpacing(8);
    top->addWidget(new HeatLegend(this));
    top->addStretch(1);
    top->addWidget(reset);
    top->addWidget(refreshButton);

    scroll_->setWidget(canvas_);
    scroll_->setWidgetResizable(true);
    scroll_->setFrameShape(QFrame::NoFrame);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(controls_);
    layout->addWidget(summary_);
    layout->addWidget(scroll_, 1);
    layout->addWidget(unavailable_, 1);

    connect(refreshButton, &QToolButton::clicked, this, &PartitionHeatmap::refresh);
    connect(reset, &QToolButton::clicked, this, &PartitionHeatmap::resetMeters);
    connect(seconds_, &QDoubleSpinBox::valueChanged, this, [this](double s) {
        canvas_->seconds = s;
        summary_->setText(summaryText());
        canvas_->update();
    });
    // While shown, the meters are read every two seconds: every request anywhere moves them.
    auto* timer = new QTimer(this);
    timer->setInterval(2000);
    connect(timer, &QTimer::timeout, this, [this] {
        if (isVisible()) refresh();
    });
    timer->start();
    refresh();
}

PartitionHeatmap::~PartitionHeatmap() = default;

void PartitionHeatmap::setSeconds(double seconds) { seconds_->setValue(seconds); }

double PartitionHeatmap::seconds() const { return seconds_->value(); }

void PartitionHeatmap::setStoreLocation(const StoreLocation& where)
{
    if (!where.isRemote()) {
        showUnavailable(QString());
        refresh();
        return;
    }
    showUnavailable(
        tr("Partitions are not shown while the window works on the endpoint %1.\n\n"
           "This view is computed by Keyplan's local store, which places every item on a simulated partition and meters "
           "the read and write units each partition takes. A DynamoDB endpoint does not report its partitions.\n\n"
           "To see how the design spreads its traffic: File \u25b8 Disconnect, then generate sample data and run the "
           "patterns on the local store.")
            .arg(where.text()));
}

QString PartitionHeatmap::unavailableText() const { return available_ ? QString() : unavailable_->text(); }

void PartitionHeatmap::showUnavailable(const QString& text)
{
    available_ = text.isEmpty();
    unavailable_->setText(text);
    unavailable_->setVisible(!available_);
    controls_->setVisible(available_);
    summary_->setVisible(available_);
    scroll_->setVisible(available_);
    resetAction_->setEnabled(available_);
    if (!available_) showRows({});
}

void PartitionHeatmap::refresh()
{
    if (!available_) return;  // nothing to read: an endpoint has no partition meters
    if (Jobs::instance().isBusy(this)) {
        pending_ = true;  // read again once the current read is back
        return;
    }
    Jobs::instance().run<std::vector<HeatmapRow>>(
        this,
        [&store = store_] {
            std::vector<HeatmapRow> rows;
            for (const store::TableDescription& t : store::describeAllTables(store)) {
                const QString name = QString::fromStdString(t.tableName);
                store::PartitionStatsRequest ps;
                ps.tableName = t.tableName;
                rows.push_back({name, {}, store.partitionStats(ps)});
                for (const auto& g : t.globalSecondaryIndexes) {
                    ps.indexName = g.indexName;
                    rows.push_back({name, QString::fromStdString(g.indexName), store.partitionStats(ps)});
                }
            }
            return rows;
        },
        [this](Outcome<std::vector<HeatmapRow>> outcome) {
            // Read just before a switch to an endpoint: that answer is not shown.
            if (!available_) return;
            // A failed read shows no rows: what was shown came from a store that may be gone.
            showRows(outcome.ok() ? std::move(*outcome.value) : std::vector<HeatmapRow>{});
            if (!outcome.ok()) summary_->setText(outcome.errorText());
            if (pending_) {
                pending_ = false;
                refresh();
            }
        });
}

void PartitionHeatmap::resetMeters()
{
    if (!available_) return;
    Jobs::instance().run<bool>(
        this,
        [&store = store_] {
            store.resetPartitionMeters();
            return true;
        },
        [this](Outcome<bool>) { refresh(); });
}

void PartitionHeatmap::showRows(std::vector<HeatmapRow> rows)
{
    canvas_->rows = std::move(rows);
    canvas_->seconds = seconds_->value();
    canvas_->setMinimumHeight(canvas_->sizeHint().height());
    canvas_->updateGeometry();
    canvas_->update();
    summary_->setText(summaryText());
}

int PartitionHeatmap::rowCount() const { return int(canvas_->rows.size()); }

QString PartitionHeatmap::rowLabel(int row) const { return canvas_->rows.at(size_t(row)).label(); }

int PartitionHeatmap::partitionCount(int row) const { return int(canvas_->rows.at(size_t(row)).stats.partitions.size()); }

QString PartitionHeatmap::hotLabel(int row, int partition) const
{
    const auto& r = canvas_->rows.at(size_t(row));
    return canvas_->hotLabel(r, r.stats.partitions.at(size_t(partition)));
}

QString PartitionHeatmap::toolTipFor(int row, int partition) const { return canvas_->toolTip(row, partition); }

double PartitionHeatmap::readUse(int row, int partition) const
{
    const auto& r = canvas_->rows.at(size_t(row));
    return canvas_->readUse(r, r.stats.partitions.at(size_t(partition)));
}

double PartitionHeatmap::writeUse(int row, int partition) const
{
    const auto& r = canvas_->rows.at(size_t(row));
    return canvas_->writeUse(r, r.stats.partitions.at(size_t(partition)));
}

QRect PartitionHeatmap::cellRect(int row, int partition) const
{
    const QRect c = canvas_->cell(row, partition);
    return QRect(canvas_->mapTo(this, c.topLeft()), c.size());
}

QString PartitionHeatmap::summaryText() const
{
    int over = 0;
    double busiestUse = 0;
    QString busiest;
    bool busiestHasKey = false;
    for (const auto& r : canvas_->rows)
        for (const auto& p : r.stats.partitions) {
            const double use = std::max(canvas_->readUse(r, p), canvas_->writeUse(r, p));
            if (use >= 1) ++over;
            if (use > busiestUse) {
                busiestUse = use;
                busiestHasKey = !p.hottestKeys.empty();
                busiest = busiestHasKey ? QStringLiteral("%1 on %2").arg(cellText(p.hottestKeys.front().first, 40), r.label())
                                        : QStringLiteral("P%1 of %2").arg(p.partition).arg(r.label());
            }
        }
    if (canvas_->rows.empty()) return tr("No tables in the store.");
    if (busiestUse <= 0) return tr("No traffic since the meters were reset.");
    // Scans spread their reads over the partitions they walk and name no key.
    QString text = busiestHasKey
                       ? tr("Hottest key: %1 at %2% of its partition's ceiling.").arg(busiest).arg(std::lround(busiestUse * 100))
                       : tr("Busiest partition: %1 at %2% of its ceiling (scans, no single key).")
                             .arg(busiest)
                             .arg(std::lround(busiestUse * 100));
    if (over == 1) text += QLatin1Char(' ') + tr("1 partition is over a ceiling: DynamoDB would throttle it.");
    else if (over > 1) text += QLatin1Char(' ') + tr("%1 partitions are over a ceiling: DynamoDB would throttle them.").arg(over);
    return text;
}

}  // namespace keyplan::widgets
