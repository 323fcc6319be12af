#include "widgets/design/ProblemsView.h"

#include "widgets/common/PaletteFollower.h"

#include "document/MultiKeyEdit.h"
#include "document/ProblemsModel.h"
#include "style/VerdictStyle.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

namespace keyplan::widgets {

ProblemsView::ProblemsView(DesignDocument* document, QWidget* parent)
    : QWidget(parent), document_(document), model_(new ProblemsModel(document, this))
{
    summary_ = new QLabel(this);
    // The summary's colours are the palette's tones: written again on a theme change.
    followPalette(this, [this](const QPalette& palette) {
        model_->setPalette(palette);
        if (table_) updateSummary();
    });
    summary_->setObjectName(QStringLiteral("problemSummary"));
    table_ = new QTableView(this);
    table_->setObjectName(QStringLiteral("problemTable"));
    table_->setAccessibleName(tr("Problems"));
    // Going to the view (Ctrl+9) puts the arrows in the problems.
    setFocusProxy(table_);
    table_->setModel(model_);
    table_->verticalHeader()->hide();
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // The why-and-what-to-do sentences are the point: they wrap, and each row is as tall as its
    // sentence.
    table_->setWordWrap(true);
    table_->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setColumnWidth(ProblemsModel::SeverityColumn, 90);
    table_->setColumnWidth(ProblemsModel::SubjectColumn, 220);
    table_->setColumnWidth(ProblemsModel::RuleColumn, 150);

    conversion_ = new QWidget(this);
    conversion_->setObjectName(QStringLiteral("multiKeyConversion"));
    conversionText_ = new QLabel(conversion_);
    conversionText_->setWordWrap(true);
    convert_ = new QPushButton(conversion_);
    convert_->setObjectName(QStringLiteral("convertToMultiKey"));
    auto* conversionRow = new QHBoxLayout(conversion_);
    conversionRow->setContentsMargins(0, 0, 0, 0);
    conversionRow->addWidget(conversionText_, 1);
    conversionRow->addWidget(convert_, 0, Qt::AlignTop);
    conversion_->setVisible(false);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(summary_);
    layout->addWidget(table_, 1);
    layout->addWidget(conversion_);

    auto activate = [this](const QModelIndex& index) {
        const ProblemsModel::Problem* p = model_->problem(index.row());
        if (p && p->target.isValid()) Q_EMIT problemActivated(p->target, p->keyAttribute);
    };
    // A click on a note that offers a multi-attribute key stays here, where the offer shows below the
    // table (a click on any other problem goes to its cause); Enter or a double click goes there too.
    // Where the style activates an item on a single click, that click's activation is the click's.
    connect(table_, &QTableView::clicked, this, [this, activate](const QModelIndex& index) {
        justClicked_ = true;
        QTimer::singleShot(0, this, [this] { justClicked_ = false; });
        if (convertIndex_.isEmpty()) activate(index);
    });
    connect(table_, &QTableView::activated, this, [this, activate](const QModelIndex& index) {
        if (!justClicked_) activate(index);
    });
    connect(model_, &ProblemsModel::problemsChanged, this, &ProblemsView::updateSummary);
    connect(model_, &ProblemsModel::problemsChanged, this, &ProblemsView::updateConversion);
    connect(table_->selectionModel(), &QItemSelectionModel::currentChanged, this, &ProblemsView::updateConversion);
    connect(convert_, &QPushButton::clicked, this, [this] {
        if (!convertIndex_.isEmpty()) convertToMultiAttributeKey(document_, convertIndex_);
    });
    updateSummary();
}

// The selected problem offers a multi-attribute key: say what converting saves, and offer it.
void ProblemsView::updateConversion()
{
    const ProblemsModel::Problem* p = model_->problem(table_->currentIndex().row());
    const bool offered = p && p->rule == QLatin1String("multi-attribute-key");
    const QString text = offered ? multiKeyConversionText(document_->design(), p->index) : QString();
    convertIndex_ = text.isEmpty() ? QString() : p->index;
    conversion_->setVisible(!convertIndex_.isEmpty());
    if (convertIndex_.isEmpty()) return;
    conversionText_->setText(text);
    convert_->setText(tr("Key %1 on its attributes").arg(convertIndex_));
}

void ProblemsView::updateSummary()
{
    const int errors = model_->count(2);
    const int warnings = model_->count(1);
    const int infos = model_->count(0);
    if (!document_->report()) {
        summary_->setText(tr("Analysing…"));
        return;
    }
    if (errors + warnings + infos == 0) {
        summary_->setText(tr("<span style=\"color:%1\">No problems: every pattern is served by one request.</span>")
                              .arg(toneColor(Tone::Good, palette()).name()));
        return;
    }
    summary_->setText(tr("<b style=\"color:%1\">%2</b>, <b style=\"color:%3\">%4</b>, %5 — click one to see its cause")
                          .arg(toneColor(Tone::Bad, palette()).name(), tr("%n error(s)", nullptr, errors),
                               toneColor(Tone::Caution, palette()).name(), tr("%n warning(s)", nullptr, warnings),
                               tr("%n note(s)", nullptr, infos)));
}

}  // namespace keyplan::widgets
