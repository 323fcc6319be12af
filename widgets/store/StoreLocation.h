// Where the window's store is: the local store in memory or in a file, or a DynamoDB endpoint
// and its signing region. What the status line, the deployment question and the destructive-action
// guard say.
#pragma once

#include <QString>
#include <QStringList>

namespace keyplan::widgets {

// Where the store is, as the status line says it.
struct StoreLocation {
    enum class Kind { InMemory, LocalFile, Endpoint };
    Kind kind = Kind::InMemory;
    QString file;               // LocalFile
    QString endpoint;           // Endpoint: the URL
    QString region;             // Endpoint: the signing region
    QString credentialsSource;  // Endpoint: where the credentials came from, never the secret
    QString profile;            // Endpoint: the profile the user named, empty for none

    bool isRemote() const { return kind == Kind::Endpoint; }
    // "in memory", "file /tmp/shop.db", "http://127.0.0.1:8000 (us-east-1)".
    QString text() const;
    // Where a change to `table` lands, a line each: "Endpoint: URL", "Region: R", "Profile: P"
    // (or, when none was named, "Credentials: " and where they came from), "Table: T"; for the
    // local store "Store: ..." and "Table: T".
    QStringList targetLines(const QString& table) const;
};

}  // namespace keyplan::widgets
