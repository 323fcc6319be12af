#include "widgets/design/PatternEditor.h"

#include "widgets/common/PaletteFollower.h"

#include "analysis/Analysis.h"
#include "document/DesignFormat.h"
#include "widgets/design/DesignItemDelegate.h"
#include "document/PatternPartModels.h"
#include "style/VerdictStyle.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace keyplan::widgets {

namespace {

// The index combo's data for "let the planner choose".
const QString kPlannerChooses = QStringLiteral("\x01planner");

void setTextKeepingCursor(QLineEdit* edit, const QString& text)
{
    if (edit->text() != text) edit->setText(text);
}

QString joined(const std::vector<std::string>& names)
{
    QStringList out;
    for (const auto& n : names) out << QString::fromStdString(n);
    return out.join(QStringLiteral(", "));
}

std::vector<std::string> split(const QString& text)
{
    std::vector<std::string> out;
    for (const QString& part : text.split(u',', Qt::SkipEmptyParts)) {
        const QString t = part.trimmed();
        if (!t.isEmpty()) out.push_back(t.toStdString());
    }
    return out;
}

}  // namespace

PatternEditor::PatternEditor(DesignDocument* document, QWidget* parent) : QWidget(parent), document_(document)
{
    setAccessibleName(tr("Access pattern editor"));
    buildFields();
    layOut();
    connectEdits();
    connect(document_, &DesignDocument::designChanged, this, &PatternEditor::refresh);
    connect(document_, &DesignDocument::designReset, this, [this] { setPattern(0); });
    connect(document_, &DesignDocument::analysisUpdated, this, &PatternEditor::refreshVerdict);
    connect(document_, &DesignDocument::feedbackChanged, this, &PatternEditor::refreshVerdict);
    connect(document_, &DesignDocument::runSummariesChanged, this, &PatternEditor::refreshVerdict);
    setPattern(0);
}

// The heading, the verdict and every field of the pattern, with the inputs and returns tables.
void PatternEditor::buildFields()
{
    heading_ = new QLabel(this);
    QFont headingFont = heading_->font();
    headingFont.setBold(true);
    headingFont.setPointSizeF(headingFont.pointSizeF() * 1.15);
    heading_->setFont(headingFont);

    verdict_ = new QLabel(this);
    verdict_->setWordWrap(true);
    verdict_->setTextFormat(Qt::RichText);
    verdict_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    verdict_->setObjectName(QStringLiteral("verdict"));
    verdict_->setAlignment(Qt::AlignTop | Qt::AlignLeft);

    name_ = new QLineEdit(this);
    name_->setObjectName(QStringLiteral("patternName"));
    description_ = new QPlainTextEdit(this);
    description_->setObjectName(QStringLiteral("patternDescription"));
    description_->setTabChangesFocus(true);
    description_->setFixedHeight(description_->fontMetrics().lineSpacing() * 3 + 12);
    result_ = new QLineEdit(this);
    result_->setAccessibleName(tr("Expected result"));
    result_->setPlaceholderText(tr("what comes back, in words"));

    inputs_ = new PatternInputsModel(document_, this);
    returns_ = new PatternReturnsModel(document_, this);
    followPalette(this, [this](const QPalette& palette) {
        inputs_->setPalette(palette);
        returns_->setPalette(palette);
    });
    inputsView_ = new QTableView(this);
    inputsView_->setObjectName(QStringLiteral("patternInputs"));
    inputsView_->setAccessibleName(tr("Inputs of the pattern"));
    inputsView_->setModel(inputs_);
    returnsView_ = new QTableView(this);
    returnsView_->setObjectName(QStringLiteral("patternReturns"));
    returnsView_->setAccessibleName(tr("Entities the pattern returns"));
    returnsView_->setModel(returns_);
    // Every input column in view at the editor's width, Fixed value included: no scrolling sideways
    // to reach the field that makes an input part of the pattern.
    inputsView_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    inputsView_->horizontalHeader()->setSectionResizeMode(PatternInputsModel::ComparisonColumn, QHeaderView::ResizeToContents);
    inputsView_->horizontalHeader()->setMinimumSectionSize(40);
    inputsView_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    for (QTableView* v : {inputsView_, returnsView_}) {
        v->setItemDelegate(new DesignItemDelegate(document_, v));
        v->verticalHeader()->hide();
        v->horizontalHeader()->setStretchLastSection(true);
        v->setSelectionBehavior(QAbstractItemView::SelectRows);
        v->setSelectionMode(QAbstractItemView::SingleSelection);
        v->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                           QAbstractItemView::SelectedClicked | QAbstractItemView::AnyKeyPressed);
        // Room for a few rows: patterns have a handful of inputs, and the form must stay short.
        const int rows = v->verticalHeader()->defaultSectionSize();
        const int header = v->horizontalHeader()->sizeHint().height();
        v->setMinimumHeight(rows * 3 + header + 4);
        v->setMaximumHeight(rows * 5 + header + 4);
    }
    // Stretched, the last section would keep the default width as its minimum and push past the edge.
    inputsView_->horizontalHeader()->setStretchLastSection(false);

    attributes_ = new QLineEdit(this);
    attributes_->setPlaceholderText(tr("whole items"));
    attributes_->setToolTip(tr("The attributes the caller needs, comma-separated; empty means whole items"));
    order_ = new QComboBox(this);
    order_->addItem(tr("Any order"), int(design::Order::Any));
    order_->addItem(tr("Ascending"), int(design::Order::Ascending));
    order_->addItem(tr("Descending"), int(design::Order::Descending));
    orderBy_ = new QLineEdit(this);
    orderBy_->setPlaceholderText(tr("key order"));
    orderBy_->setAccessibleName(tr("Order by attribute"));
    order_->setAccessibleName(tr("Order"));
    pageSize_ = new QSpinBox(this);
    pageSize_->setObjectName(QStringLiteral("patternPageSize"));
    pageSize_->setRange(0, 1000000);
    pageSize_->setSpecialValueText(tr("no limit"));
    pageSize_->setToolTip(tr("The Limit of a call: how many items one call reads at most; the rest is the next page"));
    pageNote_ = new QLabel(this);
    pageNote_->setObjectName(QStringLiteral("patternPageNote"));
    pageNote_->setWordWrap(true);
    rate_ = new QDoubleSpinBox(this);
    rate_->setObjectName(QStringLiteral("patternRate"));
    rate_->setAccessibleName(tr("Calls per second"));
    rate_->setRange(0, 1e9);
    rate_->setDecimals(2);
    rate_->setSuffix(tr(" / s"));
    consistency_ = new QComboBox(this);
    consistency_->setAccessibleName(tr("Consistency"));
    consistency_->addItem(tr("Eventually consistent"), int(design::Consistency::Eventual));
    consistency_->addItem(tr("Strongly consistent"), int(design::Consistency::Strong));
    // A request, or something the table's stream keeps up to date (then the planner plans nothing).
    served_ = new QComboBox(this);
    served_->setObjectName(QStringLiteral("patternServed"));
    served_->addItem(tr("By a request to the table"), -1);
    served_->addItem(tr("From the stream: an analytics store"), int(design::StreamUse::Analytics));
    served_->addItem(tr("From the stream: a search index"), int(design::StreamUse::SearchIndex));
    served_->addItem(tr("From the stream: a denormalised copy"), int(design::StreamUse::DenormalisedCopy));
    streamReader_ = new QComboBox(this);
    streamReader_->setObjectName(QStringLiteral("patternStreamReader"));
    streamReader_->addItem(tr("read by a Lambda trigger (free)"), int(design::StreamReader::Lambda));
    streamReader_->addItem(tr("read by a reader of its own (priced)"), int(design::StreamReader::Client));
    index_ = new QComboBox(this);
    index_->setObjectName(QStringLiteral("patternIndex"));
    keyCondition_ = new QLineEdit(this);
    keyCondition_->setObjectName(QStringLiteral("patternKeyCondition"));
    keyCondition_->setPlaceholderText(tr("the planner's, e.g. GSI1PK = STATUS#{status} AND begins_with(GSI1SK, 2026-)"));
    keyConditionError_ = new QLabel(this);
    keyConditionError_->setWordWrap(true);
    keyConditionError_->hide();
}

void PatternEditor::layOut()
{
    auto* orderRow = new QHBoxLayout;
    orderRow->addWidget(order_);
    orderRow->addWidget(new QLabel(tr("by"), this));
    orderRow->addWidget(orderBy_, 1);
    auto* trafficRow = new QHBoxLayout;
    trafficRow->addWidget(rate_);
    trafficRow->addWidget(consistency_, 1);

    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(tr("&Name"), name_);
    form->addRow(tr("&Description"), description_);
    form->addRow(tr("Inputs"), tableWithButtons(inputsView_, inputs_, tr("Add input")));
    form->addRow(tr("Returns"), tableWithButtons(returnsView_, returns_, tr("Add returned entity")));
    // The page size is decided with the items a call returns: right under them, with what a call reads.
    form->addRow(tr("Page size"), pageSize_);
    form->addRow(QString(), pageNote_);
    form->addRow(tr("Result"), result_);
    form->addRow(tr("Attributes"), attributes_);
    form->addRow(tr("Order"), orderRow);
    form->addRow(tr("Traffic"), trafficRow);
    auto* servedRow = new QHBoxLayout;
    servedRow->addWidget(served_, 1);
    servedRow->addWidget(streamReader_, 1);
    form->addRow(tr("Served"), servedRow);
    form->addRow(tr("Read from"), index_);
    form->addRow(tr("Key condition"), keyCondition_);
    form->addRow(QString(), keyConditionError_);

    // The verdict's text grows and shrinks with every edit and run; in a box of its own height it
    // scrolls instead of moving every control below it (a second click on "+" must land).
    auto* verdictBox = new QScrollArea(this);
    verdictBox->setObjectName(QStringLiteral("verdictBox"));
    verdictBox->setAccessibleName(tr("Verdict and request"));
    verdictBox->setWidget(verdict_);
    verdictBox->setWidgetResizable(true);
    verdictBox->setFrameShape(QFrame::NoFrame);
    verdictBox->setFixedHeight(verdict_->fontMetrics().lineSpacing() * 6 + 8);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(heading_);
    layout->addWidget(verdictBox);
    layout->addLayout(form);
    layout->addStretch(1);
}

// Each field's edit as one undoable command (a burst of typing in one field as one).
void PatternEditor::connectEdits()
{
    auto edit = [this](auto change, const QString& text, const QString& mergeKey) {
        if (refreshing_) return;
        const design::AccessPattern* p = pattern();
        if (!p) return;
        design::AccessPattern changed = *p;
        change(changed);
        commit(changed, text, mergeKey);
    };
    connect(name_, &QLineEdit::textEdited, this, [edit](const QString& text) {
        if (text.trimmed().isEmpty()) return;  // a pattern keeps a name; the field may be empty while retyping
        edit([&](design::AccessPattern& p) { p.name = text.trimmed().toStdString(); }, tr("Edit pattern name"),
             QStringLiteral("name"));
    });
    connect(description_, &QPlainTextEdit::textChanged, this, [this, edit] {
        edit([&](design::AccessPattern& p) { p.description = description_->toPlainText().toStdString(); },
             tr("Edit pattern description"), QStringLiteral("description"));
    });
    connect(result_, &QLineEdit::textEdited, this, [edit](const QString& text) {
        edit([&](design::AccessPattern& p) { p.expectedResult = text.toStdString(); }, tr("Edit expected result"),
             QStringLiteral("result"));
    });
    connect(attributes_, &QLineEdit::textEdited, this, [edit](const QString& text) {
        edit([&](design::AccessPattern& p) { p.attributes = split(text); }, tr("Edit needed attributes"),
             QStringLiteral("attributes"));
    });
    connect(order_, &QComboBox::activated, this, [this, edit] {
        edit([&](design::AccessPattern& p) { p.order = design::Order(order_->currentData().toInt()); }, tr("Change order"), {});
    });
    connect(orderBy_, &QLineEdit::textEdited, this, [edit](const QString& text) {
        edit([&](design::AccessPattern& p) { p.orderBy = text.trimmed().toStdString(); }, tr("Edit order attribute"),
             QStringLiteral("orderBy"));
    });
    connect(pageSize_, &QSpinBox::valueChanged, this, [edit](int value) {
        edit(
            [&](design::AccessPattern& p) {
                if (value > 0) p.pageSize = value;
                else p.pageSize.reset();
            },
            tr("Change page size"), QStringLiteral("pageSize"));
    });
    connect(rate_, &QDoubleSpinBox::valueChanged, this, [edit](double value) {
        edit([&](design::AccessPattern& p) { p.ratePerSecond = value; }, tr("Change pattern traffic"), QStringLiteral("rate"));
    });
    connect(consistency_, &QComboBox::activated, this, [this, edit] {
        edit([&](design::AccessPattern& p) { p.consistency = design::Consistency(consistency_->currentData().toInt()); },
             tr("Change consistency"), {});
    });
    auto streamEdit = [this, edit](const QString& text) {
        const int use = served_->currentData().toInt();
        const auto reader = design::StreamReader(streamReader_->currentData().toInt());
        edit(
            [&](design::AccessPattern& p) {
                if (use < 0) p.fromStream.reset();
                else p.fromStream = design::StreamServing{design::StreamUse(use), reader};
            },
            text, {});
    };
    connect(served_, &QComboBox::activated, this, [this, streamEdit] {
        streamEdit(served_->currentData().toInt() < 0 ? tr("Serve by a request") : tr("Serve from the stream"));
    });
    connect(streamReader_, &QComboBox::activated, this, [streamEdit] { streamEdit(tr("Change the stream's reader")); });
    connect(index_, &QComboBox::activated, this, [this, edit] {
        const QString choice = index_->currentData().toString();
        edit(
            [&](design::AccessPattern& p) {
                if (choice == kPlannerChooses) p.forceIndex.reset();
                else p.forceIndex = choice.toStdString();
            },
            tr("Choose the index"), {});
    });
    connect(keyCondition_, &QLineEdit::textEdited, this, &PatternEditor::keyConditionEdited);
    for (QLineEdit* e : {name_, result_, attributes_, orderBy_, keyCondition_})
        connect(e, &QLineEdit::editingFinished, document_, &DesignDocument::endTypingSession);
    connect(pageSize_, &QSpinBox::editingFinished, document_, &DesignDocument::endTypingSession);
    connect(rate_, &QDoubleSpinBox::editingFinished, document_, &DesignDocument::endTypingSession);
}

QWidget* PatternEditor::tableWithButtons(QTableView* view, PatternPartModel* model, const QString& addText)
{
    auto* box = new QWidget(this);
    auto* add = new QToolButton(box);
    add->setText(QStringLiteral("+"));
    add->setToolTip(addText);
    add->setObjectName(view->objectName() + QStringLiteral("Add"));
    auto* remove = new QToolButton(box);
    remove->setText(QStringLiteral("−"));
    remove->setToolTip(tr("Remove the selected row"));
    remove->setObjectName(view->objectName() + QStringLiteral("Remove"));
    auto* buttons = new QVBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(remove);
    buttons->addStretch(1);
    auto* row = new QHBoxLayout(box);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(view, 1);
    row->addLayout(buttons);
    connect(add, &QToolButton::clicked, this, [view, model] {
        const int r = model->appendRow();
        if (r >= 0 && r < model->rowCount()) {
            view->setCurrentIndex(model->index(r, 0));
            view->edit(model->index(r, 0));
        }
    });
    connect(remove, &QToolButton::clicked, this, [view, model] {
        if (view->currentIndex().isValid()) model->removeRowAt(view->currentIndex().row());
    });
    return box;
}

const design::AccessPattern* PatternEditor::pattern() const
{
    const int row = document_->rowOf(DesignDocument::Part::Pattern, patternId_);
    return row < 0 ? nullptr : &document_->design().patterns()[row];
}

void PatternEditor::setPattern(design::Id patternId)
{
    patternId_ = patternId;
    inputs_->setObject(patternId);
    returns_->setObject(patternId);
    document_->endTypingSession();
    refresh();
}

void PatternEditor::commit(const design::AccessPattern& changed, const QString& text, const QString& mergeKey)
{
    document_->editPattern(document_->rowOf(DesignDocument::Part::Pattern, patternId_), changed, text, mergeKey);
}

void PatternEditor::keyConditionEdited(const QString& text)
{
    const design::AccessPattern* p = pattern();
    if (!p || refreshing_) return;
    const std::string condition = text.trimmed().toStdString();
    std::string error;
    analysis::KeyCondition parsed;
    if (!condition.empty() && !analysis::KeyCondition::parse(condition, &parsed, &error)) {
        // Not committed while it does not parse: the design keeps the last good condition.
        keyConditionError_->setText(tr("Not applied: %1").arg(QString::fromStdString(error)));
        QPalette pal = keyConditionError_->palette();
        pal.setColor(QPalette::WindowText, toneColor(Tone::Bad, palette()));
        keyConditionError_->setPalette(pal);
        keyConditionError_->show();
        return;
    }
    keyConditionError_->hide();
    design::AccessPattern changed = *p;
    changed.forceKeyCondition = condition;
    commit(changed, tr("Edit key condition"), QStringLiteral("keyCondition"));
}

// Items per call (the Returns) and the page size decide together what one call reads: say it
// where both are set, so 370 items a call is not read where a page of 25 was meant.
void PatternEditor::refreshPageNote()
{
    const design::AccessPattern* p = pattern();
    if (!p) {
        pageNote_->clear();
        return;
    }
    double items = 0;
    for (const auto& r : p->returns) items += r.count;
    const QString all = units(items);
    if (!p->pageSize)
        pageNote_->setText(tr("A call reads all %1 items the Returns say it returns: no page size (Limit) stops it. Set "
                              "one if a page is meant.")
                               .arg(all));
    else if (static_cast<double>(*p->pageSize) < items)
        pageNote_->setText(tr("A call reads a page of %1 of the %2 items the Returns say it returns; the rest is the next "
                              "page, another call.")
                               .arg(*p->pageSize)
                               .arg(all));
    else
        pageNote_->setText(
            tr("A call reads all %1 items the Returns say it returns: the page of %2 holds them.").arg(all).arg(*p->pageSize));
}

void PatternEditor::refresh()
{
    const design::AccessPattern* p = pattern();
    setEnabled(p != nullptr);
    refreshing_ = true;
    if (!p) {
        heading_->setText(tr("No access pattern selected"));
        for (QLineEdit* e : {name_, result_, attributes_, orderBy_, keyCondition_}) e->clear();
        description_->clear();
        verdict_->clear();
        refreshing_ = false;
        return;
    }
    heading_->setText(tr("Access pattern %1").arg(p->number));
    // Names are stored trimmed: a space just typed at the end is not taken back.
    if (name_->text().trimmed() != QString::fromStdString(p->name)) name_->setText(QString::fromStdString(p->name));
    if (description_->toPlainText() != QString::fromStdString(p->description))
        description_->setPlainText(QString::fromStdString(p->description));
    setTextKeepingCursor(result_, QString::fromStdString(p->expectedResult));
    // The field may hold more (spaces, a trailing comma) than the list it stands for.
    if (split(attributes_->text()) != p->attributes) attributes_->setText(joined(p->attributes));
    order_->setCurrentIndex(order_->findData(int(p->order)));
    if (orderBy_->text().trimmed() != QString::fromStdString(p->orderBy)) orderBy_->setText(QString::fromStdString(p->orderBy));
    pageSize_->setValue(p->pageSize ? static_cast<int>(*p->pageSize) : 0);
    refreshPageNote();
    rate_->setValue(p->ratePerSecond);
    consistency_->setCurrentIndex(consistency_->findData(int(p->consistency)));

    index_->clear();
    index_->addItem(tr("The planner's choice"), kPlannerChooses);
    index_->addItem(tr("The table"), QString());
    for (const auto& i : document_->design().indexes())
        index_->addItem(QString::fromStdString(i.name), QString::fromStdString(i.name));
    if (!p->forceIndex) index_->setCurrentIndex(0);
    else {
        const int at = index_->findData(QString::fromStdString(*p->forceIndex));
        if (at >= 0) index_->setCurrentIndex(at);
        else {
            index_->addItem(tr("%1 (not in the design)").arg(QString::fromStdString(*p->forceIndex)),
                            QString::fromStdString(*p->forceIndex));
            index_->setCurrentIndex(index_->count() - 1);
        }
    }
    if (keyConditionError_->isHidden() && keyCondition_->text().trimmed() != QString::fromStdString(p->forceKeyCondition))
        keyCondition_->setText(QString::fromStdString(p->forceKeyCondition));
    served_->setCurrentIndex(served_->findData(p->fromStream ? int(p->fromStream->use) : -1));
    streamReader_->setCurrentIndex(
        streamReader_->findData(int(p->fromStream ? p->fromStream->reader : design::StreamReader::Lambda)));
    // On the stream no request is planned: no index or key condition to choose.
    streamReader_->setEnabled(p->fromStream.has_value());
    index_->setEnabled(!p->fromStream);
    keyCondition_->setEnabled(!p->fromStream);
    refreshing_ = false;
    refreshVerdict();
}

void PatternEditor::refreshVerdict()
{
    const design::AccessPattern* p = pattern();
    const analysis::PatternReport* r = p ? document_->patternReport(p->id) : nullptr;
    if (!r) {
        verdict_->setText(p ? tr("<i>Analysing…</i>") : QString());
        return;
    }
    // Interview practice keeps the verdict's colour to itself (DesignDocument::quietFeedback).
    const QColor tone = document_->quietFeedback() ? palette().color(QPalette::Text)
                                                   : toneColor(toneOf(r->plan.verdict), palette());
    const bool onStream = p->fromStream.has_value();
    const QString cost =
        onStream ? tr("no request to the table, %1 a month of stream reads").arg(dollars(r->cost.dollars.onDemandPerMonth))
                 : tr("%1 RU per call, %2 a month on demand")
                       .arg(units(r->cost.read.readUnits), dollars(r->cost.dollars.onDemandPerMonth));
    QString html = QStringLiteral("<p><b style=\"color:%1\">%2</b> &nbsp;%3</p>")
                       .arg(tone.name(), verdictText(r->plan.verdict, r->plan.requestCount).toHtmlEscaped(), cost);
    // The explanation opens with the verdict's words, already said in colour above.
    QString explanation = QString::fromStdString(r->plan.explanation);
    const QString words = verdictText(r->plan.verdict, r->plan.requestCount);
    if (explanation.startsWith(words)) {
        explanation = explanation.mid(words.size());
        while (explanation.startsWith(u':') || explanation.startsWith(u' ')) explanation.remove(0, 1);
        if (!explanation.isEmpty()) explanation[0] = explanation[0].toUpper();
    }
    html += QStringLiteral("<p>%1</p>").arg(explanation.toHtmlEscaped());
    if (!r->plan.warnings.empty()) {
        html += QStringLiteral("<ul>");
        for (const auto& w : r->plan.warnings)
            html += QStringLiteral("<li>%1</li>").arg(QString::fromStdString(w).toHtmlEscaped());
        html += QStringLiteral("</ul>");
    }
    if (const PatternRunSummary* run = document_->runSummary(p->id)) {
        html += run->ok ? tr("<p><b>Last run:</b> %1 item(s) in %2 request(s), %3 RU consumed (estimate %4)%5%6</p>")
                              .arg(run->items)
                              .arg(run->requests)
                              .arg(units(run->consumedReadUnits), units(run->estimatedReadUnits),
                                   run->inputs.isEmpty() ? QString() : tr(", with %1").arg(run->inputs.toHtmlEscaped()),
                                   run->note.isEmpty() ? QString() : QStringLiteral("; ") + run->note.toHtmlEscaped())
                        : tr("<p><b>Last run failed:</b> %1</p>").arg(run->error.toHtmlEscaped());
        if (run->ok && !run->gap.isEmpty()) html += tr("<p><b>Gap:</b> %1</p>").arg(run->gap.toHtmlEscaped());
    }
    verdict_->setText(html);
    QStringList notes;
    for (const auto& n : r->plan.notes) notes << QString::fromStdString(n);
    verdict_->setToolTip(notes.join(u'\n'));
}

}  // namespace keyplan::widgets
