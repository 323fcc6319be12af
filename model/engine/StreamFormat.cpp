#include "engine/StreamFormat.h"

#include <QByteArray>
#include <QCryptographicHash>
#include <QDateTime>

#include <cstdio>

namespace keyplan::engine::streams {

namespace {

constexpr std::string_view kIteratorVersion = "|001|";

std::string padded(int64_t value, int width)
{
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%0*lld", width, static_cast<long long>(value));
    return buffer;
}

bool allDigits(std::string_view text)
{
    if (text.empty()) return false;
    for (char c : text)
        if (c < '0' || c > '9') return false;
    return true;
}

std::optional<int64_t> parseDigits(std::string_view text)
{
    if (!allDigits(text)) return std::nullopt;
    size_t first = text.find_first_not_of('0');
    if (first == std::string_view::npos) return 0;
    text = text.substr(first);
    if (text.size() > 18) return std::nullopt;  // beyond what the store ever gives
    int64_t value = 0;
    for (char c : text) value = value * 10 + (c - '0');
    return value;
}

}  // namespace

std::string streamLabel(int64_t createdMs)
{
    return QDateTime::fromMSecsSinceEpoch(createdMs, Qt::UTC).toString("yyyy-MM-ddTHH:mm:ss.zzz").toStdString();
}

std::string streamArn(std::string_view tableName, std::string_view label)
{
    return "arn:aws:dynamodb:ddblocal:000000000000:table/" + std::string(tableName) + "/stream/" + std::string(label);
}

std::string shardId(int64_t createdMs, int64_t shardRow)
{
    const QByteArray tag = QCryptographicHash::hash(QByteArray::number(static_cast<qlonglong>(shardRow)) + "|" +
                                                        QByteArray::number(static_cast<qlonglong>(createdMs)),
                                                    QCryptographicHash::Sha1)
                               .toHex()
                               .left(8);
    return "shardId-" + padded(createdMs, 20) + "-" + tag.toStdString();
}

std::string sequenceText(int64_t sequence) { return padded(sequence, 21); }

std::optional<int64_t> parseSequence(std::string_view text)
{
    if (text.size() < 21 || text.size() > 40) return std::nullopt;
    return parseDigits(text);
}

std::string iteratorText(const Iterator& iterator)
{
    const std::string inner = iterator.shardId + "|" + sequenceText(iterator.position) + "|" + padded(iterator.issuedMs, 20);
    return iterator.streamArn + std::string(kIteratorVersion) + QByteArray::fromStdString(inner).toBase64().toStdString();
}

std::optional<Iterator> parseIterator(std::string_view text)
{
    const size_t at = text.rfind(kIteratorVersion);
    if (at == std::string_view::npos || at == 0) return std::nullopt;
    Iterator out;
    out.streamArn = std::string(text.substr(0, at));
    const auto decoded = QByteArray::fromBase64Encoding(
        QByteArray::fromStdString(std::string(text.substr(at + kIteratorVersion.size()))),
        QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded) return std::nullopt;
    const std::string inner = decoded.decoded.toStdString();
    const size_t bar1 = inner.find('|');
    const size_t bar2 = bar1 == std::string::npos ? bar1 : inner.find('|', bar1 + 1);
    if (bar2 == std::string::npos) return std::nullopt;
    out.shardId = inner.substr(0, bar1);
    const auto position = parseDigits(std::string_view(inner).substr(bar1 + 1, bar2 - bar1 - 1));
    const auto issued = parseDigits(std::string_view(inner).substr(bar2 + 1));
    if (out.shardId.empty() || !position || !issued) return std::nullopt;
    out.position = *position;
    out.issuedMs = *issued;
    return out;
}

std::string eventId(std::string_view streamArn, int64_t sequence)
{
    const QByteArray h = QCryptographicHash::hash(QByteArray(streamArn.data(), qsizetype(streamArn.size())) + "#" +
                                                      QByteArray::number(static_cast<qlonglong>(sequence)),
                                                  QCryptographicHash::Md5)
                             .toHex();
    const std::string x = h.toStdString();
    return x.substr(0, 8) + "-" + x.substr(8, 4) + "-" + x.substr(12, 4) + "-" + x.substr(16, 4) + "-" + x.substr(20, 12);
}

}  // namespace keyplan::engine::streams
