// The window's way to a DynamoDB endpoint: widgets::EndpointOpener over remote::RemoteStore, so the
// remote store's type is named in app/, which opens the stores, and never in widgets/.
#pragma once

#include "widgets/store/EndpointOpener.h"

namespace keyplan {

class RemoteEndpoints final : public widgets::EndpointOpener {
public:
    Opened open(const widgets::RecentConnection& connection) override;
    void sayRetries(store::Store& store, RetryNotice notice) override;
};

}  // namespace keyplan
