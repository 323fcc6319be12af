#include "widgets/common/BackgroundRunner.h"

#include "dynamo/Error.h"

#include <exception>

namespace keyplan::widgets {

void detail::describeCurrentException(QString* name, QString* message)
{
    try {
        throw;
    } catch (const dynamo::Error& e) {
        *name = QString::fromStdString(e.name());
        *message = QString::fromStdString(e.message());
    } catch (const std::exception& e) {
        *name = QStringLiteral("Error");
        *message = QString::fromUtf8(e.what());
    } catch (...) {
        *name = QStringLiteral("Error");
        *message = QStringLiteral("unknown failure");
    }
}

BackgroundRunner::BackgroundRunner(QObject* parent, int threads) : QObject(parent)
{
    pool_.setMaxThreadCount(threads);
    pool_.setExpiryTimeout(-1);
}

BackgroundRunner::~BackgroundRunner()
{
    pool_.clear();
    pool_.waitForDone();
}

}  // namespace keyplan::widgets
