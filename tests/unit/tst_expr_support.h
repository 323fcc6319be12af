// Shared helpers of the tst_expr_* tests: items, ExpressionAttributeNames/Values and expected
// results are written as DynamoDB JSON (as boto3 sent them to DynamoDB Local and as it answered),
// decoded with wire/'s decoder.
#pragma once

#include "dynamo/AttributeValue.h"
#include "dynamo/Error.h"
#include "dynamo/expr/Expression.h"
#include "json/Value.h"
#include "json/Writer.h"
#include "wire/Decode.h"
#include "wire/Encode.h"

#include <QString>
#include <QTest>

#include <optional>
#include <string>

namespace exprtest {

using keyplan::dynamo::AttributeValue;
using keyplan::dynamo::Item;
namespace expr = keyplan::dynamo::expr;

inline keyplan::json::Value json(const QString& text)
{
    keyplan::json::Value v;
    std::string error;
    if (!keyplan::json::Value::parse(text.toStdString(), &v, &error)) {
        qFatal("bad test JSON %s: %s", qPrintable(text), error.c_str());
    }
    return v;
}

inline Item item(const QString& text) { return keyplan::wire::decodeItem(json(text)); }

inline AttributeValue value(const QString& text) { return keyplan::wire::decodeAttributeValue(json(text)); }

// "" means the parameter was not sent.
inline std::optional<expr::Names> names(const QString& text)
{
    if (text.isEmpty()) return std::nullopt;
    expr::Names out;
    const keyplan::json::Value parsed = json(text);
    for (const auto& [k, v] : parsed.members()) out.emplace(k, v.text());
    return out;
}

inline std::optional<expr::Values> values(const QString& text)
{
    if (text.isEmpty()) return std::nullopt;
    expr::Values out;
    const keyplan::json::Value parsed = json(text);
    for (const auto& [k, v] : parsed.members()) out.emplace(k, keyplan::wire::decodeAttributeValue(v));
    return out;
}

inline QString itemText(const Item& i)
{
    std::string out;
    keyplan::json::Writer w(out);
    keyplan::wire::writeItem(w, i);
    return QString::fromStdString(out);
}

template <typename T>
const T* ptr(const std::optional<T>& o)
{
    return o ? &*o : nullptr;
}

}  // namespace exprtest
