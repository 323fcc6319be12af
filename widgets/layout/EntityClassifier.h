// Which entity type an item is, for the layout views' colours and legends, and the order a row
// shows its attributes in. Pluggable: the design's answer (designEntityClassifier: its
// discriminator, else its key templates) where a design describes the table, otherwise the
// default guess from the item itself.
#pragma once

#include "dynamo/AttributeValue.h"

#include <QString>

#include <functional>
#include <string>
#include <vector>

namespace keyplan::design {
class Design;
}

namespace keyplan::widgets {

// The table's key attribute names (sortKey empty when the table has none).
struct TableKeys {
    std::string partitionKey;
    std::string sortKey;
};

// Item -> entity name ("" when unknown). Called from the layout's background reader, so it
// must be safe to call from any thread and must not touch widgets.
using EntityClassifier = std::function<QString(const dynamo::Item& item, const TableKeys& keys)>;

// The keys a layout is drawn by: a table's, or an index's (named).
struct LayoutKeys {
    std::string index;  // empty for the table
    std::string partitionKey;
    std::string sortKey;  // empty when there is none
};

// Item and its entity -> the names of its own attributes in the order a layout row shows them
// (the design's answer: render::attributeOrder). Like the classifier, called from the layout's
// reader thread. The layout leaves out its key columns whatever the order says.
using AttributeOrder =
    std::function<std::vector<std::string>(const dynamo::Item& item, const QString& entity, const LayoutKeys& keys)>;

// Every attribute by name: what a layout shows of a table no design describes.
std::vector<std::string> defaultAttributeOrder(const dynamo::Item& item, const QString& entity, const LayoutKeys& keys);

// A string `_type`, `type` or `entityType` attribute if the item has one; otherwise the sort
// key's prefix before the first '#' ("ORDER#2024-05-01" -> "ORDER"); otherwise the partition
// key's prefix; otherwise "".
QString defaultEntityOf(const dynamo::Item& item, const TableKeys& keys);
EntityClassifier defaultEntityClassifier();

// The design's classifier: design::Design::identify for items of the design's own table, the
// default guess for other tables' items. It works on its own copy of `design`, so it is safe on
// the layouts' reader threads and unaffected by later edits (the window hands the layouts a new
// one when the entities' identity changes: DesignDocument::identityChanged).
EntityClassifier designEntityClassifier(const design::Design& design);

// The design's order of an item's attributes in a layout row: the exported pictures' order
// (render::attributeOrder), so the window and the pictures read alike. On its own copy too.
AttributeOrder designAttributeOrder(const design::Design& design);

}  // namespace keyplan::widgets
