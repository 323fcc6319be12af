#include "widgets/design/DesignCompare.h"

#include "design/DesignFile.h"
#include "document/DesignDocument.h"
#include "widgets/design/DesignComparisonView.h"

#include <QAction>
#include <QButtonGroup>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QLineEdit>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

namespace keyplan::widgets {

std::optional<QByteArray> gitShow(const QString& file, const QString& revision, QString* error)
{
    const QFileInfo info(file);
    if (revision.isEmpty() || revision.startsWith(u'-')) {
        *error = QObject::tr("\u201c%1\u201d is not a git revision.").arg(revision);
        return std::nullopt;
    }
    QProcess git;
    git.setWorkingDirectory(info.absolutePath());
    // "REV:./name" is the file relative to the folder git runs in, wherever the repository's root is.
    git.start(QStringLiteral("git"), {QStringLiteral("show"), revision + QStringLiteral(":./") + info.fileName()});
    if (!git.waitForStarted(10000)) {
        *error = QObject::tr("git cannot be started: %1").arg(git.errorString());
        return std::nullopt;
    }
    git.closeWriteChannel();
    if (!git.waitForFinished(60000) || git.exitStatus() != QProcess::NormalExit || git.exitCode() != 0) {
        const QString why = QString::fromUtf8(git.readAllStandardError()).trimmed();
        *error = QObject::tr("git show %1:%2 failed: %3").arg(revision, info.fileName(), why.isEmpty() ? git.errorString() : why);
        return std::nullopt;
    }
    return git.readAllStandardOutput();
}

namespace {

// The source dialog: another file, or the open design's own file at a revision.
std::optional<CompareSource> askSource(QWidget* parent, const QString& openFile)
{
    QDialog dialog(parent);
    dialog.setWindowTitle(QObject::tr("Compare with"));
    auto* other = new QRadioButton(QObject::tr("Another design &file:"), &dialog);
    auto* path = new QLineEdit(&dialog);
    path->setAccessibleName(QObject::tr("Design file to compare with"));
    auto* browse = new QPushButton(QObject::tr("&Browse\u2026"), &dialog);
    auto* git = new QRadioButton(QObject::tr("This design's file at git &revision:"), &dialog);
    auto* revision = new QLineEdit(QStringLiteral("HEAD"), &dialog);
    revision->setAccessibleName(QObject::tr("Git revision to compare with"));
    const bool hasFile = !openFile.isEmpty();
    git->setEnabled(hasFile);
    revision->setEnabled(hasFile);
    (hasFile ? git : other)->setChecked(true);
    QObject::connect(browse, &QPushButton::clicked, &dialog, [&] {
        const QString chosen = QFileDialog::getOpenFileName(&dialog, QObject::tr("Compare with"),
                                                            hasFile ? QFileInfo(openFile).absolutePath() : QDir::homePath(),
                                                            QObject::tr("Keyplan designs (*.keyplan.json *.json)"));
        if (!chosen.isEmpty()) {
            path->setText(chosen);
            other->setChecked(true);
        }
    });
    auto* form = new QFormLayout;
    auto* fileRow = new QHBoxLayout;
    fileRow->addWidget(path, 1);
    fileRow->addWidget(browse);
    form->addRow(other, fileRow);
    form->addRow(git, revision);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    buttons->button(QDialogButtonBox::Ok)->setText(QObject::tr("&Compare"));
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto* layout = new QVBoxLayout(&dialog);
    layout->addLayout(form);
    layout->addWidget(buttons);
    dialog.resize(560, dialog.sizeHint().height());
    if (dialog.exec() != QDialog::Accepted) return std::nullopt;
    if (git->isChecked()) return CompareSource{CompareSource::Kind::GitRevision, revision->text().trimmed()};
    return CompareSource{CompareSource::Kind::File, path->text().trimmed()};
}

}  // namespace

DesignCompare::DesignCompare(DesignDocument* document, QWidget* dialogParent, QObject* parent)
    : QObject(parent), document_(document), dialogParent_(dialogParent), prompts_(defaultPrompts()),
      compare_(new QAction(tr("Co&mpare with\u2026"), this))
{
    compare_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    compare_->setStatusTip(tr("The open design beside another file or a git revision of its file, the differences marked"));
    connect(compare_, &QAction::triggered, this, [this] { compare(); });
}

DesignCompare::Prompts DesignCompare::defaultPrompts()
{
    Prompts p;
    p.chooseSource = [this](const QString& file) { return askSource(dialogParent_, file); };
    p.showError = [this](const QString& message) { QMessageBox::warning(dialogParent_, tr("Compare with"), message); };
    return p;
}

DesignComparisonView* DesignCompare::compare()
{
    const auto source = prompts_.chooseSource(document_->filePath());
    return source ? compareWith(*source) : nullptr;
}

DesignComparisonView* DesignCompare::compareWith(const CompareSource& source)
{
    const QString open = document_->filePath();
    const QString openName = open.isEmpty() ? tr("the open design") : QFileInfo(open).fileName();
    design::Design other;
    QString label;
    try {
        if (source.kind == CompareSource::Kind::GitRevision) {
            QString error;
            const auto bytes = open.isEmpty() ? std::nullopt : gitShow(open, source.value, &error);
            if (!bytes) {
                prompts_.showError(open.isEmpty() ? tr("The design has no file of its own to find in git.") : error);
                return nullptr;
            }
            other = design::parseDesign(bytes->toStdString());
            label = openName + QStringLiteral(" @ ") + source.value;
        } else {
            other = design::loadDesignFile(source.value);
            label = QFileInfo(source.value).fileName();
        }
    } catch (const json::FormatError& e) {
        prompts_.showError(tr("Cannot read the design to compare with.\n\n%1").arg(QString::fromUtf8(e.what())));
        return nullptr;
    }
    const QString current = openName + (document_->isModified() ? tr(" (unsaved)") : QString());
    auto* view = new DesignComparisonView(std::move(other), label, document_->design(), current, dialogParent_);
    view->setAttribute(Qt::WA_DeleteOnClose);
    view->show();
    return view;
}

}  // namespace keyplan::widgets
