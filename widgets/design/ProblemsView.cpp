#include "widgets/design/ProblemsView.h"

#include "widgets/common/PaletteFollower.h"

#include "document/ProblemsModel.h"
#include "style/VerdictStyle.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
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

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(summary_);
    layout->addWidget(table_, 1);

    auto activate = [this](const QModelIndex& index) {
        const ProblemsModel::Problem* p = model_->problem(index.row());
        if (p && p->target.isValid()) Q_EMIT problemActivated(p->target, p->keyAttribute);
    };
    connect(table_, &QTableView::clicked, this, activate);
    connect(table_, &QTableView::activated, this, activate);
    connect(model_, &ProblemsModel::problemsChanged, this, &ProblemsView::updateSummary);
    updateSummary();
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
