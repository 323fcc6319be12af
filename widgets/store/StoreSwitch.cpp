#include "widgets/store/StoreSwitch.h"

#include <QCoreApplication>

namespace keyplan::widgets {

QString StoreLocation::text() const
{
    switch (kind) {
    case Kind::InMemory: return QCoreApplication::translate("StoreLocation", "local store in memory");
    case Kind::LocalFile: return QCoreApplication::translate("StoreLocation", "local file %1").arg(file);
    case Kind::Endpoint: return QCoreApplication::translate("StoreLocation", "%1 (%2)").arg(endpoint, region);
    }
    return {};
}

QStringList StoreLocation::targetLines(const QString& table) const
{
    QStringList lines;
    if (isRemote()) {
        lines << QCoreApplication::translate("StoreLocation", "Endpoint: %1").arg(endpoint)
              << QCoreApplication::translate("StoreLocation", "Region: %1").arg(region);
        // No profile named: the credentials came from AWS_PROFILE, the environment's keys or
        // "default", which the source says (never the key itself).
        if (!profile.isEmpty()) lines << QCoreApplication::translate("StoreLocation", "Profile: %1").arg(profile);
        else if (!credentialsSource.isEmpty())
            lines << QCoreApplication::translate("StoreLocation", "Credentials: %1").arg(credentialsSource);
    } else {
        lines << QCoreApplication::translate("StoreLocation", "Store: %1").arg(text());
    }
    lines << QCoreApplication::translate("StoreLocation", "Table: %1").arg(table);
    return lines;
}

StoreSwitch::StoreSwitch(store::Store& local, StoreLocation where)
    : local_(std::shared_ptr<store::Store>(), &local), localWhere_(where), current_(local_), where_(std::move(where))
{
}

void StoreSwitch::connectTo(std::shared_ptr<store::Store> remote, StoreLocation where)
{
    std::lock_guard lock(mutex_);
    current_ = std::move(remote);
    where_ = std::move(where);
}

void StoreSwitch::disconnect()
{
    std::lock_guard lock(mutex_);
    current_ = local_;
    where_ = localWhere_;
}

StoreLocation StoreSwitch::location() const
{
    std::lock_guard lock(mutex_);
    return where_;
}

std::shared_ptr<store::Store> StoreSwitch::current() const
{
    std::lock_guard lock(mutex_);
    return current_;
}

}  // namespace keyplan::widgets
