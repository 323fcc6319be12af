#include "widgets/design/IndexesView.h"

#include "widgets/common/PaletteFollower.h"

#include "widgets/common/Icons.h"
#include "document/DesignFormat.h"
#include "widgets/design/DesignItemDelegate.h"
#include "document/IndexTableModel.h"
#include "document/MultiKeyEdit.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QStyle>
#include <QTableView>
#include <QToolBar>
#include <QVBoxLayout>

namespace keyplan::widgets {

namespace {

using Part = DesignDocument::Part;

QComboBox* keyTypeCombo(QWidget* parent)
{
    auto* combo = new QComboBox(parent);
    combo->addItem(QStringLiteral("S"), int(design::KeyType::S));
    combo->addItem(QStringLiteral("N"), int(design::KeyType::N));
    combo->addItem(QStringLiteral("B"), int(design::KeyType::B));
    return combo;
}

}  // namespace

IndexesView::IndexesView(DesignDocument* document, QWidget* parent)
    : QWidget(parent), document_(document), model_(new IndexTableModel(document, this))
{
    followPalette(this, [model = model_](const QPalette& palette) { model->setPalette(palette); });
    QGroupBox* tableBox = buildTableBox();
    QToolBar* bar = buildIndexTable();
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(tableBox);
    layout->addWidget(new QLabel(tr("<b>Indexes</b>"), this));
    layout->addWidget(bar);
    layout->addWidget(table_, 1);

    connectTableEdits();
    connect(document_, &DesignDocument::tableChanged, this, &IndexesView::refreshTable);
    connect(document_, &DesignDocument::designReset, this, &IndexesView::refreshTable);
    refreshTable();
}

// The table's name, keys, billing, type attribute and separator.
QGroupBox* IndexesView::buildTableBox()
{
    auto* tableBox = new QGroupBox(tr("Table"), this);
    tableName_ = new QLineEdit(tableBox);
    tableName_->setObjectName(QStringLiteral("tableName"));
    partitionKey_ = new QLineEdit(tableBox);
    partitionKey_->setObjectName(QStringLiteral("tablePartitionKey"));
    partitionType_ = keyTypeCombo(tableBox);
    hasSortKey_ = new QCheckBox(tr("Sort key"), tableBox);
    sortKey_ = new QLineEdit(tableBox);
    sortType_ = keyTypeCombo(tableBox);
    billing_ = new QComboBox(tableBox);
    billing_->addItem(tr("On-demand"), int(design::BillingMode::OnDemand));
    billing_->addItem(tr("Provisioned"), int(design::BillingMode::Provisioned));
    readCapacity_ = new QSpinBox(tableBox);
    readCapacity_->setRange(0, 40000000);
    readCapacity_->setSuffix(tr(" RCU"));
    writeCapacity_ = new QSpinBox(tableBox);
    writeCapacity_->setRange(0, 40000000);
    writeCapacity_->setSuffix(tr(" WCU"));
    typeAttribute_ = new QLineEdit(tableBox);
    separator_ = new QLineEdit(tableBox);
    separator_->setMaxLength(3);
    separator_->setMaximumWidth(60);
    // Off, or DynamoDB's view types by name: what a change record carries.
    stream_ = new QComboBox(tableBox);
    stream_->setObjectName(QStringLiteral("tableStream"));
    stream_->addItem(tr("Off"), -1);
    for (auto view : {design::StreamView::KeysOnly, design::StreamView::NewImage, design::StreamView::OldImage,
                      design::StreamView::NewAndOldImages})
        stream_->addItem(QString::fromLatin1(design::streamViewName(view)), int(view));
    stream_->setToolTip(tr("DynamoDB Streams: a record of every item change, for patterns served from the stream"));

    auto* keysRow = new QHBoxLayout;
    keysRow->addWidget(new QLabel(tr("Partition key"), tableBox));
    keysRow->addWidget(partitionKey_, 1);
    keysRow->addWidget(partitionType_);
    keysRow->addSpacing(12);
    keysRow->addWidget(hasSortKey_);
    keysRow->addWidget(sortKey_, 1);
    keysRow->addWidget(sortType_);
    auto* billingRow = new QHBoxLayout;
    billingRow->addWidget(billing_);
    billingRow->addWidget(readCapacity_);
    billingRow->addWidget(writeCapacity_);
    billingRow->addStretch(1);
    auto* itemsRow = new QHBoxLayout;
    itemsRow->addWidget(typeAttribute_, 1);
    itemsRow->addWidget(new QLabel(tr("Key separator"), tableBox));
    itemsRow->addWidget(separator_);
    auto* form = new QFormLayout(tableBox);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(tr("&Name"), tableName_);
    form->addRow(tr("Keys"), keysRow);
    form->addRow(tr("Billing"), billingRow);
    form->addRow(tr("Type attribute"), itemsRow);
    auto* streamRow = new QHBoxLayout;
    streamRow->addWidget(stream_);
    streamRow->addStretch(1);
    form->addRow(tr("&Stream"), streamRow);
    if (auto* label = qobject_cast<QLabel*>(form->labelForField(streamRow))) label->setBuddy(stream_);
    return tableBox;
}

// The indexes' table and its Add GSI, Add LSI, Remove and move buttons.
QToolBar* IndexesView::buildIndexTable()
{
    table_ = new QTableView(this);
    table_->setObjectName(QStringLiteral("indexTable"));
    table_->setAccessibleName(tr("Indexes"));
    // Going to the view (Ctrl+7) puts the arrows in the indexes.
    setFocusProxy(table_);
    table_->setModel(model_);
    table_->setItemDelegate(new DesignItemDelegate(document_, table_));
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                            QAbstractItemView::SelectedClicked | QAbstractItemView::AnyKeyPressed);
    table_->setColumnWidth(IndexTableModel::NameColumn, 90);
    table_->setColumnWidth(IndexTableModel::KindColumn, 46);
    table_->setColumnWidth(IndexTableModel::PartitionTypeColumn, 42);
    table_->setColumnWidth(IndexTableModel::SortTypeColumn, 42);
    table_->setColumnWidth(IndexTableModel::IncludeColumn, 160);
    auto* bar = new QToolBar(this);
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    QAction* addGsi = bar->addAction(icon(QStringLiteral("index")), tr("Add GSI"), this, &IndexesView::addGlobalIndex);
    addGsi->setToolTip(tr("Add a global secondary index (Insert)"));
    addGsi->setShortcut(QKeySequence(Qt::Key_Insert));
    QAction* addLsi = bar->addAction(icon(QStringLiteral("index")), tr("Add LSI"), this, &IndexesView::addLocalIndex);
    addLsi->setToolTip(tr("Add a local secondary index (same partition key, another sort key; Shift+Insert)"));
    addLsi->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_Insert));
    QAction* remove = bar->addAction(icon(QStringLiteral("remove")), tr("Remove"), this, [this] {
        const int row = table_->currentIndex().row();
        if (row >= 0) document_->removeRow(Part::Index, row);
    });
    remove->setToolTip(tr("Remove the selected index (Delete)"));
    remove->setShortcut(QKeySequence::Delete);
    keyOnAttributes_ = bar->addAction(icon(QStringLiteral("index")), tr("Key on attributes"), this, [this] {
        const int row = table_->currentIndex().row();
        if (row >= 0 && row < model_->rowCount())
            convertToMultiAttributeKey(document_, QString::fromStdString(document_->design().indexes()[size_t(row)].name));
    });
    keyOnAttributes_->setObjectName(QStringLiteral("keyOnAttributes"));
    keyOnAttributes_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    connect(table_->selectionModel(), &QItemSelectionModel::currentChanged, this, &IndexesView::updateKeyOnAttributes);
    connect(document_, &DesignDocument::designChanged, this, &IndexesView::updateKeyOnAttributes);
    connect(document_, &DesignDocument::designReset, this, &IndexesView::updateKeyOnAttributes);
    updateKeyOnAttributes();
    QAction* up = bar->addAction(style()->standardIcon(QStyle::SP_ArrowUp), tr("Move up"), this, [this] {
        const int row = table_->currentIndex().row();
        if (row > 0) document_->moveRow(Part::Index, row, row - 1);
    });
    QAction* down = bar->addAction(style()->standardIcon(QStyle::SP_ArrowDown), tr("Move down"), this, [this] {
        const int row = table_->currentIndex().row();
        if (row >= 0 && row + 1 < model_->rowCount()) document_->moveRow(Part::Index, row, row + 1);
    });
    up->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Up));
    down->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Down));
    // Each while the index table has focus.
    for (QAction* a : {addGsi, addLsi, remove, keyOnAttributes_, up, down}) {
        a->setShortcutContext(Qt::WidgetShortcut);
        table_->addAction(a);
    }
    return bar;
}

void IndexesView::updateKeyOnAttributes()
{
    const int row = table_->currentIndex().row();
    const auto& indexes = document_->design().indexes();
    const QString text = row >= 0 && row < static_cast<int>(indexes.size())
                             ? multiKeyConversionText(document_->design(), QString::fromStdString(indexes[size_t(row)].name))
                             : QString();
    keyOnAttributes_->setEnabled(!text.isEmpty());
    keyOnAttributes_->setToolTip(text.isEmpty() ? tr("Key the selected index on the attributes its keys join: offered where "
                                                     "its keys only join attributes its entities store")
                                                : text);
}

// Each field of the table as one undoable command.
void IndexesView::connectTableEdits()
{
    connect(tableName_, &QLineEdit::textEdited, this, [this](const QString& text) {
        if (text.trimmed().isEmpty()) return;
        editTable([&](design::Table& t) { t.name = text.trimmed().toStdString(); }, tr("Rename table"),
                  QStringLiteral("tableName"));
    });
    // Key names bind every entity's templates: renamed when the field is left.
    connect(partitionKey_, &QLineEdit::editingFinished, this, [this] {
        const QString text = partitionKey_->text().trimmed();
        if (text.isEmpty()) {
            refreshTable();
            return;
        }
        editTable([&](design::Table& t) { t.partitionKey.name = text.toStdString(); }, tr("Rename the partition key"), {});
    });
    connect(sortKey_, &QLineEdit::editingFinished, this, [this] {
        const QString text = sortKey_->text().trimmed();
        if (text.isEmpty() || !hasSortKey_->isChecked()) {
            refreshTable();
            return;
        }
        editTable(
            [&](design::Table& t) {
                if (t.sortKey) t.sortKey->name = text.toStdString();
            },
            tr("Rename the sort key"), {});
    });
    connect(hasSortKey_, &QCheckBox::clicked, this, [this](bool checked) {
        editTable(
            [&](design::Table& t) {
                if (!checked) t.sortKey.reset();
                else
                    t.sortKey = design::KeyAttribute{
                        sortKey_->text().trimmed().isEmpty() ? "SK" : sortKey_->text().trimmed().toStdString(),
                        design::KeyType(sortType_->currentData().toInt())};
            },
            checked ? tr("Add the sort key") : tr("Remove the sort key"), {});
    });
    connect(partitionType_, &QComboBox::activated, this, [this] {
        editTable([&](design::Table& t) { t.partitionKey.type = design::KeyType(partitionType_->currentData().toInt()); },
                  tr("Change the partition key's type"), {});
    });
    connect(sortType_, &QComboBox::activated, this, [this] {
        editTable(
            [&](design::Table& t) {
                if (t.sortKey) t.sortKey->type = design::KeyType(sortType_->currentData().toInt());
            },
            tr("Change the sort key's type"), {});
    });
    connect(billing_, &QComboBox::activated, this, [this] {
        editTable([&](design::Table& t) { t.billing = design::BillingMode(billing_->currentData().toInt()); },
                  tr("Change billing"), {});
    });
    connect(readCapacity_, &QSpinBox::valueChanged, this, [this](int v) {
        editTable([&](design::Table& t) { t.capacity.read = v; }, tr("Change read capacity"), QStringLiteral("rcu"));
    });
    connect(writeCapacity_, &QSpinBox::valueChanged, this, [this](int v) {
        editTable([&](design::Table& t) { t.capacity.write = v; }, tr("Change write capacity"), QStringLiteral("wcu"));
    });
    connect(typeAttribute_, &QLineEdit::textEdited, this, [this](const QString& text) {
        if (text.trimmed().isEmpty()) return;
        editTable([&](design::Table& t) { t.typeAttribute = text.trimmed().toStdString(); }, tr("Change the type attribute"),
                  QStringLiteral("typeAttribute"));
    });
    connect(separator_, &QLineEdit::textEdited, this, [this](const QString& text) {
        if (text.isEmpty()) return;
        editTable([&](design::Table& t) { t.separator = text.toStdString(); }, tr("Change the key separator"),
                  QStringLiteral("separator"));
    });
    connect(stream_, &QComboBox::activated, this, [this] {
        const int view = stream_->currentData().toInt();
        editTable(
            [&](design::Table& t) {
                if (view < 0) t.stream.reset();
                else t.stream = design::StreamView(view);
            },
            view < 0 ? tr("Turn the stream off") : tr("Turn the stream on"), {});
    });
    for (QLineEdit* e : {tableName_, typeAttribute_, separator_})
        connect(e, &QLineEdit::editingFinished, document_, &DesignDocument::endTypingSession);
    for (QSpinBox* s : {readCapacity_, writeCapacity_})
        connect(s, &QSpinBox::editingFinished, document_, &DesignDocument::endTypingSession);
}

void IndexesView::editTable(const std::function<void(design::Table&)>& change, const QString& text, const QString& mergeKey)
{
    if (refreshing_) return;
    design::Table t = document_->design().table();
    change(t);
    document_->editTable(t, text, mergeKey);
}

void IndexesView::refreshTable()
{
    refreshing_ = true;
    const design::Table& t = document_->design().table();
    if (tableName_->text().trimmed() != QString::fromStdString(t.name)) tableName_->setText(QString::fromStdString(t.name));
    partitionKey_->setText(QString::fromStdString(t.partitionKey.name));
    partitionType_->setCurrentIndex(partitionType_->findData(int(t.partitionKey.type)));
    hasSortKey_->setChecked(t.sortKey.has_value());
    sortKey_->setEnabled(t.sortKey.has_value());
    sortType_->setEnabled(t.sortKey.has_value());
    if (t.sortKey) {
        sortKey_->setText(QString::fromStdString(t.sortKey->name));
        sortType_->setCurrentIndex(sortType_->findData(int(t.sortKey->type)));
    }
    billing_->setCurrentIndex(billing_->findData(int(t.billing)));
    const bool provisioned = t.billing == design::BillingMode::Provisioned;
    readCapacity_->setEnabled(provisioned);
    writeCapacity_->setEnabled(provisioned);
    readCapacity_->setValue(static_cast<int>(t.capacity.read));
    writeCapacity_->setValue(static_cast<int>(t.capacity.write));
    if (typeAttribute_->text().trimmed() != QString::fromStdString(t.typeAttribute))
        typeAttribute_->setText(QString::fromStdString(t.typeAttribute));
    if (separator_->text() != QString::fromStdString(t.separator)) separator_->setText(QString::fromStdString(t.separator));
    stream_->setCurrentIndex(stream_->findData(t.stream ? int(*t.stream) : -1));
    refreshing_ = false;
}

void IndexesView::showIndex(quint64 indexId)
{
    const int row = document_->rowOf(Part::Index, indexId);
    if (row >= 0) table_->setCurrentIndex(model_->index(row, IndexTableModel::NameColumn));
}

void IndexesView::showTable() { tableName_->setFocus(); }

void IndexesView::addFooter(QWidget* footer) { layout()->addWidget(footer); }

void IndexesView::addGlobalIndex()
{
    const int row = model_->addIndex(design::IndexKind::Global);
    table_->setCurrentIndex(model_->index(row, IndexTableModel::NameColumn));
    table_->edit(table_->currentIndex());
}

void IndexesView::addLocalIndex()
{
    const int row = model_->addIndex(design::IndexKind::Local);
    table_->setCurrentIndex(model_->index(row, IndexTableModel::NameColumn));
    table_->edit(table_->currentIndex());
}

}  // namespace keyplan::widgets
