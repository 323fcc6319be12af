// The user's job (Jobs::userJob) as the window sees it: a window-modal progress dialog with Cancel,
// shown 300 ms after the job starts (a quick load never flashes one), its label following the
// job's progress text, closed when the job ends. One for the application, listening to Jobs.
#pragma once

#include <QObject>
#include <QPointer>
#include <QProgressDialog>
#include <QWidget>

namespace keyplan::widgets {

class Job;

class JobProgress final : public QObject {
    Q_OBJECT
public:
    // The one presenter, a child of the application object, connected to Jobs::instance().
    static JobProgress& instance();

    // The dialog, while a user's job runs and once it has been created.
    QProgressDialog* dialog() const { return dialog_; }
    // Where the dialog goes (the window); without one it is a top-level dialog.
    void setDialogParent(QWidget* parent) { dialogParent_ = parent; }

private:
    explicit JobProgress(QObject* parent);
    void show(Job* job);
    void close(Job* job);

    QPointer<QProgressDialog> dialog_;
    QPointer<QWidget> dialogParent_;
};

}  // namespace keyplan::widgets
