#include "widgets/design/EntitiesView.h"

#include "widgets/common/PaletteFollower.h"

#include "widgets/common/Icons.h"
#include "widgets/common/WheelGuard.h"
#include "document/DesignFormat.h"
#include "widgets/design/DesignItemDelegate.h"
#include "widgets/design/TimeToLiveEdit.h"
#include "document/EntityModels.h"
#include "style/VerdictStyle.h"

#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QSpinBox>
#include <QScrollBar>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

namespace keyplan::widgets {

namespace {

using Part = DesignDocument::Part;

QTableView* makeTable(DesignDocument* document, QAbstractItemModel* model, const QString& name, QWidget* parent)
{
    auto* view = new QTableView(parent);
    view->setObjectName(name);
    view->setModel(model);
    view->setItemDelegate(new DesignItemDelegate(document, view));
    view->verticalHeader()->hide();
    view->horizontalHeader()->setStretchLastSection(true);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                          QAbstractItemView::SelectedClicked | QAbstractItemView::AnyKeyPressed);
    view->setWordWrap(false);
    return view;
}

}  // namespace

EntitiesView::EntitiesView(DesignDocument* document, QWidget* parent)
    : QWidget(parent), document_(document), entities_(new EntityListModel(document, this)),
      attributes_(new AttributeTableModel(document, this)), keys_(new KeyBindingTableModel(document, this))
{
    followPalette(this, [this](const QPalette& palette) {
        entities_->setPalette(palette);
        attributes_->setPalette(palette);
        keys_->setPalette(palette);
    });
    QWidget* left = buildList();
    QWidget* details = buildDetails();
    // The details scroll as one page when the dock is short, rather than squeezing the grids to
    // a row or two each.
    auto* detailsScroll = new QScrollArea(this);
    detailsScroll->setAccessibleName(tr("The entity type"));
    detailsScroll->setWidget(details);
    detailsScroll->setWidgetResizable(true);
    detailsScroll->setFrameShape(QFrame::NoFrame);
    guardWheel(detailsScroll);
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(left);
    splitter->addWidget(detailsScroll);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 4);
    splitter->setSizes({170, 700});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);
    connectEdits();
    connectModels();
    if (entities_->rowCount()) list_->setCurrentIndex(entities_->index(0));
    currentChanged();
}

// The entity list with its Add, Remove and move buttons.
QWidget* EntitiesView::buildList()
{
    list_ = new QListView(this);
    list_->setObjectName(QStringLiteral("entityList"));
    list_->setAccessibleName(tr("Entity types"));
    // Going to the view (Ctrl+6) puts the arrows in the list.
    setFocusProxy(list_);
    list_->setModel(entities_);
    list_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    auto* listBar = new QToolBar(this);
    listBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    QAction* add = listBar->addAction(icon(QStringLiteral("add")), tr("Add"), this, &EntitiesView::addEntity);
    add->setToolTip(tr("Add an entity type (Insert)"));
    QAction* remove = listBar->addAction(icon(QStringLiteral("remove")), tr("Remove"), this, [this] {
        const int row = list_->currentIndex().row();
        if (row >= 0) document_->removeRow(Part::Entity, row);
    });
    remove->setToolTip(tr("Remove the selected entity type (Delete)"));
    add->setShortcut(QKeySequence(Qt::Key_Insert));
    remove->setShortcut(QKeySequence::Delete);
    for (QAction* a : {add, remove}) {
        a->setShortcutContext(Qt::WidgetShortcut);
        list_->addAction(a);
    }
    QAction* up = listBar->addAction(style()->standardIcon(QStyle::SP_ArrowUp), tr("Move up"), this, [this] {
        const int row = list_->currentIndex().row();
        if (row > 0) document_->moveRow(Part::Entity, row, row - 1);
    });
    QAction* down = listBar->addAction(style()->standardIcon(QStyle::SP_ArrowDown), tr("Move down"), this, [this] {
        const int row = list_->currentIndex().row();
        if (row >= 0 && row + 1 < entities_->rowCount()) document_->moveRow(Part::Entity, row, row + 1);
    });
    // Alt+Up and Alt+Down in the list, as in the pattern table.
    up->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Up));
    down->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Down));
    for (QAction* a : {up, down}) {
        a->setShortcutContext(Qt::WidgetShortcut);
        list_->addAction(a);
    }
    // The list is narrow: the arrows go without their words.
    for (QAction* a : {up, down}) {
        if (auto* button = qobject_cast<QToolButton*>(listBar->widgetForAction(a)))
            button->setToolButtonStyle(Qt::ToolButtonIconOnly);
    }
    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->setSpacing(0);
    leftLayout->addWidget(listBar);
    leftLayout->addWidget(list_, 1);
    return left;
}

// The selected entity's fields, its key templates and its attributes.
QWidget* EntitiesView::buildDetails()
{
    details_ = new QWidget(this);
    heading_ = new QLabel(details_);
    QFont headingFont = heading_->font();
    headingFont.setBold(true);
    headingFont.setPointSizeF(headingFont.pointSizeF() * 1.15);
    heading_->setFont(headingFont);
    name_ = new QLineEdit(details_);
    name_->setObjectName(QStringLiteral("entityName"));
    typeValue_ = new QLineEdit(details_);
    typeValue_->setAccessibleName(tr("Type value"));
    description_ = new QPlainTextEdit(details_);
    description_->setObjectName(QStringLiteral("entityDescription"));
    description_->setTabChangesFocus(true);
    description_->setFixedHeight(description_->fontMetrics().lineSpacing() * 2 + 12);
    parent_ = new QComboBox(details_);
    parent_->setAccessibleName(tr("Parent entity"));
    count_ = new QDoubleSpinBox(details_);
    count_->setAccessibleName(tr("Sample items"));
    count_->setRange(0, 1e9);
    count_->setDecimals(2);
    skew_ = new QComboBox(details_);
    skew_->setAccessibleName(tr("Spread over parents"));
    skew_->addItem(tr("spread evenly"), QStringLiteral("uniform"));
    skew_->addItem(tr("Zipf-skewed"), QStringLiteral("zipf"));
    writes_ = new QDoubleSpinBox(details_);
    writes_->setAccessibleName(tr("Writes per second"));
    writes_->setRange(0, 1e9);
    writes_->setSuffix(tr(" writes / s"));
    itemSize_ = new QSpinBox(details_);
    itemSize_->setAccessibleName(tr("Item size"));
    itemSize_->setRange(0, 400 * 1024);
    itemSize_->setSpecialValueText(tr("estimated from the generators"));
    itemSize_->setSuffix(tr(" bytes"));
    ttl_ = new TimeToLiveEdit(details_);

    QToolBar* attributeBar = buildAttributeTable();
    buildKeyTable();
    auto* sampleRow = new QHBoxLayout;
    sampleRow->addWidget(count_);
    sampleRow->addWidget(parent_, 1);
    sampleRow->addWidget(skew_);

    // What the entity is on the left, how much of it there is on the right: the dock is wide and
    // low (under the layouts), and in one column the fields pushed the keys below its fold.
    auto* identity = new QFormLayout;
    identity->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    identity->addRow(tr("&Name"), name_);
    identity->addRow(tr("Type value"), typeValue_);
    identity->addRow(tr("&Description"), description_);
    auto* volume = new QFormLayout;
    volume->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    volume->addRow(tr("Sample items"), sampleRow);
    volume->addRow(tr("Traffic"), writes_);
    volume->addRow(tr("Item size"), itemSize_);
    volume->addRow(tr("Expires"), ttl_);
    auto* form = new QHBoxLayout;
    form->addLayout(identity, 3);
    form->addSpacing(12);
    form->addLayout(volume, 2);

    auto* detailsLayout = new QVBoxLayout(details_);
    detailsLayout->setSpacing(3);  // the headings say where a part begins
    detailsLayout->addWidget(heading_);
    detailsLayout->addLayout(form);
    auto* keysHeading = new QLabel(tr("<b>Keys</b> — one template per key attribute; empty leaves the entity out of that key"),
                                   details_);
    detailsLayout->addWidget(keysHeading);
    detailsLayout->addWidget(keysView_, 0);
    detailsLayout->addWidget(keyProblems_);
    auto* attributesHeading = new QLabel(tr("<b>Attributes</b>"), details_);
    detailsLayout->addWidget(attributesHeading);
    detailsLayout->addWidget(attributeBar);
    detailsLayout->addWidget(attributesView_, 3);
    detailsLayout->addWidget(attributeError_);
    return details_;
}

QToolBar* EntitiesView::buildAttributeTable()
{
    attributesView_ = makeTable(document_, attributes_, QStringLiteral("entityAttributes"), details_);
    attributesView_->setAccessibleName(tr("Attributes of the entity"));
    attributesView_->setColumnWidth(AttributeTableModel::NameColumn, 130);
    attributesView_->setColumnWidth(AttributeTableModel::TypeColumn, 56);
    attributesView_->setColumnWidth(AttributeTableModel::GeneratorColumn, 300);
    attributesView_->setColumnWidth(AttributeTableModel::PresenceColumn, 70);
    attributesView_->setColumnWidth(AttributeTableModel::KeyOnlyColumn, 70);
    attributesView_->setMinimumHeight(attributesView_->horizontalHeader()->sizeHint().height() +
                                      5 * attributesView_->verticalHeader()->defaultSectionSize() +
                                      2 * attributesView_->frameWidth());
    attributeError_ = new QLabel(details_);
    attributeError_->setWordWrap(true);
    attributeError_->hide();
    auto* attributeBar = new QToolBar(details_);
    attributeBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    QAction* add = attributeBar->addAction(icon(QStringLiteral("add")), tr("Add attribute"), this, [this] {
        const int row = attributes_->appendAttribute();
        if (row >= 0 && row < attributes_->rowCount()) {
            attributesView_->setCurrentIndex(attributes_->index(row, 0));
            attributesView_->edit(attributes_->index(row, 0));
        }
    });
    QAction* remove = attributeBar->addAction(icon(QStringLiteral("remove")), tr("Remove attribute"), this, [this] {
        if (attributesView_->currentIndex().isValid()) attributes_->removeAttribute(attributesView_->currentIndex().row());
    });
    QAction* up = attributeBar->addAction(style()->standardIcon(QStyle::SP_ArrowUp), tr("Move up"), this, [this] {
        const int row = attributesView_->currentIndex().row();
        if (row > 0) attributes_->moveAttribute(row, row - 1);
    });
    QAction* down = attributeBar->addAction(style()->standardIcon(QStyle::SP_ArrowDown), tr("Move down"), this, [this] {
        const int row = attributesView_->currentIndex().row();
        if (row >= 0) attributes_->moveAttribute(row, row + 1);
    });
    // The keys of the other lists, while the attribute table has focus.
    add->setShortcut(QKeySequence(Qt::Key_Insert));
    remove->setShortcut(QKeySequence::Delete);
    up->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Up));
    down->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Down));
    for (QAction* a : {add, remove, up, down}) {
        a->setShortcutContext(Qt::WidgetShortcut);
        attributesView_->addAction(a);
    }
    return attributeBar;
}

void EntitiesView::buildKeyTable()
{
    keysView_ = makeTable(document_, keys_, QStringLiteral("entityKeys"), details_);
    keysView_->setAccessibleName(tr("Key templates of the entity"));
    keysView_->setColumnWidth(KeyBindingTableModel::KeyColumn, 80);
    keysView_->setColumnWidth(KeyBindingTableModel::TemplateColumn, 220);
    keysView_->setColumnWidth(KeyBindingTableModel::WhenAttributeColumn, 80);
    keysView_->setColumnWidth(KeyBindingTableModel::WhenEqualsColumn, 70);
    keysView_->setColumnWidth(KeyBindingTableModel::ExampleColumn, 240);
    // Every key of the table and its indexes in view without scrolling (up to seven): the key
    // templates are what this editor is for; the attribute list takes the room that is left.
    auto fitKeys = [this] {
        const int rows = std::min(keys_->rowCount(), 7);
        const int height = keysView_->horizontalHeader()->height() + rows * keysView_->verticalHeader()->defaultSectionSize() +
                           2 * keysView_->frameWidth() + keysView_->horizontalScrollBar()->sizeHint().height();
        keysView_->setMinimumHeight(height);
        keysView_->setMaximumHeight(height);
    };
    connect(keys_, &QAbstractItemModel::modelReset, this, fitKeys);
    connect(keys_, &QAbstractItemModel::rowsInserted, this, fitKeys);
    connect(keys_, &QAbstractItemModel::rowsRemoved, this, fitKeys);
    fitKeys();
    keyProblems_ = new QLabel(details_);
    keyProblems_->setObjectName(QStringLiteral("keyProblems"));
    keyProblems_->setWordWrap(true);
    keyProblems_->setTextFormat(Qt::RichText);
}

// Each field's edit as one undoable command (a burst of typing in one field as one).
void EntitiesView::connectEdits()
{
    auto edit = [this](auto change, const QString& text, const QString& mergeKey) {
        if (refreshing_) return;
        const design::Entity* e = entity();
        if (!e) return;
        design::Entity changed = *e;
        change(changed);
        commit(changed, text, mergeKey);
    };
    // A rename updates references all over the design: it is committed when the field is left,
    // not at every letter.
    connect(name_, &QLineEdit::editingFinished, this, [this] {
        const int row = document_->rowOf(Part::Entity, current_);
        if (row < 0 || refreshing_) return;
        if (!document_->renameEntity(row, name_->text())) {
            refreshing_ = true;
            name_->setText(QString::fromStdString(document_->design().entities()[row].name));
            refreshing_ = false;
        }
    });
    connect(typeValue_, &QLineEdit::textEdited, this, [edit](const QString& text) {
        edit([&](design::Entity& e) { e.typeValue = text.trimmed().toStdString(); }, tr("Edit type value"),
             QStringLiteral("typeValue"));
    });
    connect(description_, &QPlainTextEdit::textChanged, this, [this, edit] {
        edit([&](design::Entity& e) { e.description = description_->toPlainText().toStdString(); }, tr("Edit entity description"),
             QStringLiteral("description"));
    });
    connect(parent_, &QComboBox::activated, this, [this, edit] {
        const QString parentName = parent_->currentData().toString();
        edit(
            [&](design::Entity& e) {
                e.sample.parent = parentName.toStdString();
                if (!parentName.isEmpty() && e.sample.perParent <= 0) e.sample.perParent = 1;
            },
            tr("Change sample parent"), {});
    });
    connect(count_, &QDoubleSpinBox::valueChanged, this, [edit](double value) {
        edit(
            [&](design::Entity& e) {
                if (e.sample.parent.empty()) e.sample.count = static_cast<int64_t>(value);
                else e.sample.perParent = value;
            },
            tr("Change sample count"), QStringLiteral("sampleCount"));
    });
    connect(skew_, &QComboBox::activated, this, [this, edit] {
        design::Skew skew;
        design::Skew::tryParse(skew_->currentData().toString().toStdString(), &skew);
        edit([&](design::Entity& e) { e.sample.skew = skew; }, tr("Change sample skew"), {});
    });
    connect(writes_, &QDoubleSpinBox::valueChanged, this, [edit](double value) {
        edit([&](design::Entity& e) { e.writesPerSecond = value; }, tr("Change write traffic"), QStringLiteral("writes"));
    });
    connect(itemSize_, &QSpinBox::valueChanged, this, [edit](int value) {
        edit([&](design::Entity& e) { e.itemSizeBytes = value; }, tr("Change item size"), QStringLiteral("itemSize"));
    });
    connect(ttl_, &TimeToLiveEdit::edited, this, [this, edit](const QString& text, const QString& mergeKey) {
        edit([&](design::Entity& e) { e.ttl = ttl_->value(); }, text, mergeKey);
    });
    connect(ttl_, &TimeToLiveEdit::editingFinished, document_, &DesignDocument::endTypingSession);
    connect(typeValue_, &QLineEdit::editingFinished, document_, &DesignDocument::endTypingSession);
    connect(count_, &QDoubleSpinBox::editingFinished, document_, &DesignDocument::endTypingSession);
    connect(writes_, &QDoubleSpinBox::editingFinished, document_, &DesignDocument::endTypingSession);
    connect(itemSize_, &QSpinBox::editingFinished, document_, &DesignDocument::endTypingSession);
}

void EntitiesView::connectModels()
{
    connect(attributes_, &QAbstractItemModel::dataChanged, this, [this] { attributeError_->hide(); });
    // A generator that does not parse is refused by the model; say why under the table.
    auto* attributeDelegate = attributesView_->itemDelegate();
    connect(attributeDelegate, &QAbstractItemDelegate::closeEditor, this, [this] {
        if (attributes_->lastError().isEmpty()) {
            attributeError_->hide();
            return;
        }
        QPalette pal = attributeError_->palette();
        pal.setColor(QPalette::WindowText, toneColor(Tone::Bad, palette()));
        attributeError_->setPalette(pal);
        attributeError_->setText(tr("Generator not changed: %1").arg(attributes_->lastError()));
        attributeError_->show();
    });

    connect(list_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &EntitiesView::currentChanged);
    connect(entities_, &QAbstractItemModel::rowsRemoved, this, &EntitiesView::currentChanged);
    connect(keysView_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &EntitiesView::refreshKeyProblems);
    connect(keys_, &QAbstractItemModel::dataChanged, this, &EntitiesView::refreshKeyProblems);
    connect(keys_, &QAbstractItemModel::modelReset, this, &EntitiesView::refreshKeyProblems);
    connect(document_, &DesignDocument::designChanged, this, &EntitiesView::refresh);
    // A new design: its first entity, set afresh after every part dropped the old ids (see
    // PatternsView).
    connect(document_, &DesignDocument::designReset, this, [this] {
        current_ = 0;
        if (entities_->rowCount()) list_->setCurrentIndex(entities_->index(0));
        currentChanged();
    });
}

const design::Entity* EntitiesView::entity() const
{
    const int row = document_->rowOf(Part::Entity, current_);
    return row < 0 ? nullptr : &document_->design().entities()[row];
}

void EntitiesView::commit(const design::Entity& changed, const QString& text, const QString& mergeKey)
{
    document_->editEntity(document_->rowOf(Part::Entity, current_), changed, text, mergeKey);
}

void EntitiesView::currentChanged()
{
    const QModelIndex current = list_->currentIndex();
    const design::Id id = current.isValid() ? document_->idAt(Part::Entity, current.row()) : 0;
    if (id == current_ && id) return;
    current_ = id;
    attributes_->setObject(id);
    keys_->setObject(id);
    document_->endTypingSession();
    refresh();
    if (keys_->rowCount()) keysView_->setCurrentIndex(keys_->index(0, KeyBindingTableModel::TemplateColumn));
    Q_EMIT entitySelected(id);
}

void EntitiesView::refresh()
{
    const design::Entity* e = entity();
    details_->setEnabled(e != nullptr);
    refreshing_ = true;
    if (!e) {
        heading_->setText(tr("No entity selected"));
        name_->clear();
        typeValue_->clear();
        description_->clear();
        refreshing_ = false;
        return;
    }
    heading_->setText(tr("Entity %1").arg(QString::fromStdString(e->name)));
    if (!name_->hasFocus() && name_->text() != QString::fromStdString(e->name)) name_->setText(QString::fromStdString(e->name));
    if (typeValue_->text().trimmed() != QString::fromStdString(e->typeValue))
        typeValue_->setText(QString::fromStdString(e->typeValue));
    typeValue_->setPlaceholderText(tr("%1 (the entity's name)").arg(QString::fromStdString(e->name)));
    if (description_->toPlainText() != QString::fromStdString(e->description))
        description_->setPlainText(QString::fromStdString(e->description));

    parent_->clear();
    parent_->addItem(tr("of its own (a root)"), QString());
    for (const auto& other : document_->design().entities()) {
        if (other.id != e->id)
            parent_->addItem(tr("per %1").arg(QString::fromStdString(other.name)), QString::fromStdString(other.name));
    }
    int at = parent_->findData(QString::fromStdString(e->sample.parent));
    if (at < 0 && !e->sample.parent.empty()) {
        parent_->addItem(tr("per %1 (not in the design)").arg(QString::fromStdString(e->sample.parent)),
                         QString::fromStdString(e->sample.parent));
        at = parent_->count() - 1;
    }
    parent_->setCurrentIndex(std::max(at, 0));
    const bool child = !e->sample.parent.empty();
    count_->setDecimals(child ? 2 : 0);
    count_->setValue(child ? e->sample.perParent : static_cast<double>(e->sample.count));
    count_->setSuffix(child ? tr(" each") : tr(" items"));
    skew_->setVisible(child);
    skew_->setCurrentIndex(e->sample.skew.kind == design::Skew::Kind::Zipf ? 1 : 0);
    writes_->setValue(e->writesPerSecond);
    itemSize_->setValue(static_cast<int>(e->itemSizeBytes));
    ttl_->setDefaultAttribute(QString::fromStdString(document_->design().timeToLiveAttribute().value_or("expiresAt")));
    ttl_->setValue(e->ttl);
    refreshing_ = false;
}

void EntitiesView::refreshKeyProblems()
{
    const int row = keysView_->currentIndex().row();
    const QStringList problems = keys_->problems(row);
    if (row < 0) {
        keyProblems_->clear();
        return;
    }
    const QString key = keys_->keyAttribute(row).toHtmlEscaped();
    if (problems.isEmpty()) {
        keyProblems_->setText(tr("<span style=\"color:%1\">%2: no problems.</span> Example: <code>%3</code>")
                                  .arg(toneColor(Tone::Good, palette()).name(), key, keys_->example(row).toHtmlEscaped()));
        return;
    }
    QString html = QStringLiteral("<span style=\"color:%1\"><b>%2:</b></span><ul style=\"margin:0\">")
                       .arg(toneColor(toneOf(keys_->severity(row)), palette()).name(), key);
    for (const QString& p : problems) html += QStringLiteral("<li>%1</li>").arg(p.toHtmlEscaped());
    html += QStringLiteral("</ul>");
    keyProblems_->setText(html);
}

void EntitiesView::showEntity(quint64 entityId)
{
    const int row = document_->rowOf(Part::Entity, entityId);
    if (row >= 0) list_->setCurrentIndex(entities_->index(row));
}

void EntitiesView::showKey(quint64 entityId, const QString& keyAttribute)
{
    showEntity(entityId);
    const int row = keys_->rowOfKey(keyAttribute);
    if (row >= 0) keysView_->setCurrentIndex(keys_->index(row, KeyBindingTableModel::TemplateColumn));
}

void EntitiesView::addEntity()
{
    design::Entity e;
    std::string name = "Entity";
    for (int n = 2; document_->design().entityByName(name); ++n) name = "Entity" + std::to_string(n);
    e.name = name;
    design::Attribute id;
    id.name = "id";
    id.generator = design::Generator::parse("id(8)");
    e.attributes.push_back(id);
    const std::string upper = QString::fromStdString(name).toUpper().toStdString();
    e.keys[document_->design().table().partitionKey.name].keyTemplate = design::KeyTemplate::parse(
        upper + document_->design().table().separator + "{id}");
    if (document_->design().table().sortKey)
        e.keys[document_->design().table().sortKey->name].keyTemplate = design::KeyTemplate::literal(upper);
    const int row = document_->addEntity(e);
    list_->setCurrentIndex(entities_->index(row));
    name_->setFocus();
    name_->selectAll();
}

}  // namespace keyplan::widgets
