#include "style/EntityPalette.h"

#include "style/Theme.h"

#include "design/Design.h"

#include <QPalette>

namespace keyplan::widgets {

namespace {
// Hues ordered so that neighbours in first-seen order differ most.
constexpr int kHues[] = {212, 28, 135, 330, 265, 178, 48, 0, 95, 290, 195, 15};
}  // namespace

EntityPalette::EntityPalette(QObject* parent) : QObject(parent) {}

bool EntityPalette::isDark(const QPalette& palette) { return isDarkPalette(palette); }

int EntityPalette::hueOf(const QString& entity)
{
    auto it = hues_.constFind(entity);
    if (it != hues_.constEnd()) return *it;
    const int n = int(order_.size());
    // Past the fixed set, step by the golden angle so later entities still differ.
    const int hue = n < int(std::size(kHues)) ? kHues[n] : (kHues[n % std::size(kHues)] + 137 * (n / int(std::size(kHues)))) % 360;
    hues_.insert(entity, hue);
    order_.append(entity);
    return hue;
}

QColor EntityPalette::background(const QString& entity, const QPalette& palette)
{
    if (entity.isEmpty()) return {};
    const int hue = hueOf(entity);
    return isDark(palette) ? QColor::fromHsl(hue, 90, 58) : QColor::fromHsl(hue, 170, 228);
}

QColor EntityPalette::swatch(const QString& entity, const QPalette& palette)
{
    if (entity.isEmpty()) return {};
    const int hue = hueOf(entity);
    return isDark(palette) ? QColor::fromHsl(hue, 150, 150) : QColor::fromHsl(hue, 160, 110);
}

void EntityPalette::clear()
{
    hues_.clear();
    order_.clear();
    followed_.clear();
}

void EntityPalette::seed(const QStringList& entities)
{
    for (const QString& e : entities)
        if (!e.isEmpty()) hueOf(e);
}

void EntityPalette::rename(const QString& from, const QString& to)
{
    auto it = hues_.constFind(from);
    if (it == hues_.constEnd() || from == to || to.isEmpty()) return;
    const int hue = *it;
    // A view may have painted the new name first (and given it a hue of its own).
    order_.removeAll(to);
    hues_.remove(from);
    hues_.insert(to, hue);
    order_[order_.indexOf(from)] = to;
}

void EntityPalette::followDesign(const design::Design& design, bool fresh)
{
    if (fresh) clear();
    std::map<uint64_t, QString> now;
    QStringList order;
    for (const auto& e : design.entities()) {
        const QString name = QString::fromStdString(e.name);
        now[e.id] = name;
        order << name;
        const auto before = followed_.find(e.id);
        if (before != followed_.end() && before->second != name) rename(before->second, name);
    }
    seed(order);
    followed_ = std::move(now);
}

}  // namespace keyplan::widgets
