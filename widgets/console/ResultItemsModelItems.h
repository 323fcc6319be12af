// The item list behind ResultItemsModel (split out so moc never reads the model's headers).
#pragma once

#include "dynamo/AttributeValue.h"
#include "widgets/console/ResultItemsModel.h"

#include <vector>

namespace keyplan::widgets {

struct ResultItemsModel::Items {
    std::vector<dynamo::Item> items;
};

}  // namespace keyplan::widgets
