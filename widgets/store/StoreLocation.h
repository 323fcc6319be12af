// Where the window's store is: the local store in memory or in a file, or a DynamoDB endpoint
// and its signing region. What the status line and the destructive-action guard say.
#pragma once

#include <QString>

namespace keyplan::widgets {

// Where the store is, as the status line says it.
struct StoreLocation {
    enum class Kind { InMemory, LocalFile, Endpoint };
    Kind kind = Kind::InMemory;
    QString file;               // LocalFile
    QString endpoint;           // Endpoint: the URL
    QString region;             // Endpoint: the signing region
    QString credentialsSource;  // Endpoint: where the credentials came from, never the secret

    bool isRemote() const { return kind == Kind::Endpoint; }
    // "in memory", "file /tmp/shop.db", "http://127.0.0.1:8000 (us-east-1)".
    QString text() const;
};

}  // namespace keyplan::widgets
