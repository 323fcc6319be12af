#include "widgets/common/JobProgress.h"

#include "jobs/Job.h"
#include "widgets/common/TitleFit.h"

#include <QCoreApplication>
#include <QProgressDialog>

#include <algorithm>
#include <climits>

namespace keyplan::widgets {

JobProgress& JobProgress::instance()
{
    static QPointer<JobProgress> presenter;
    if (!presenter) presenter = new JobProgress(QCoreApplication::instance());
    return *presenter;
}

JobProgress::JobProgress(QObject* parent) : QObject(parent)
{
    connect(&Jobs::instance(), &Jobs::userJobStarted, this, &JobProgress::show);
    connect(&Jobs::instance(), &Jobs::userJobEnded, this, &JobProgress::close);
}

void JobProgress::show(Job* job)
{
    auto* dialog = new QProgressDialog(job->title(), tr("Cancel"), 0, 0, dialogParent_);
    dialog_ = dialog;
    dialog->setWindowTitle(job->title());
    widenToTitle(dialog);  // as narrow as "0%" and Cancel, the title bar would cut the job's name
    dialog->setWindowModality(Qt::WindowModal);
    dialog->setMinimumDuration(300);
    dialog->setAutoClose(false);
    dialog->setAutoReset(false);
    connect(dialog, &QProgressDialog::canceled, job, [job, dialog] {
        job->cancel();
        dialog->setLabelText(job->options().cancellingText.isEmpty() ? tr("Stopping\u2026") : job->options().cancellingText);
    });
    connect(job, &Job::progress, dialog, [job, dialog](qint64 done, qint64 total, const QString& text) {
        if (!job->isCancelled() && !text.isEmpty()) dialog->setLabelText(text);
        // A bar of at most INT_MAX steps: a long count is scaled to thousandths.
        const bool scaled = total > INT_MAX;
        dialog->setMaximum(static_cast<int>(scaled ? 1000 : std::max<qint64>(total, 0)));
        // setValue() on a modal dialog may run the event loop (and deliver the result, which
        // drops the dialog): it comes last.
        dialog->setValue(static_cast<int>(scaled ? done * 1000 / total : std::min<qint64>(done, INT_MAX)));
    });
}

void JobProgress::close(Job* job)
{
    if (!dialog_) return;
    dialog_->disconnect(job);
    job->disconnect(dialog_);
    dialog_->close();
    dialog_->deleteLater();
    dialog_ = nullptr;
}

}  // namespace keyplan::widgets
