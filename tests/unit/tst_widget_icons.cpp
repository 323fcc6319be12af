// Icons: every SVG in the resources renders, sharp at the device pixel ratio asked for, and
// tinted from the palette so it reads on light and dark themes.
#include "widgets/common/Icons.h"

#include <QApplication>
#include <QDir>
#include <QIcon>
#include <QPalette>
#include <QtTest>

namespace {

QColor inkOf(const QImage& image)
{
    // The most opaque pixel is the icon's ink colour.
    QColor best(Qt::transparent);
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (c.alpha() > best.alpha()) best = c;
        }
    return best;
}

int opaquePixels(const QImage& image)
{
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) n += image.pixelColor(x, y).alpha() > 128;
    return n;
}

int softPixels(const QImage& image)
{
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const int a = image.pixelColor(x, y).alpha();
            n += a > 20 && a < 235;
        }
    return n;
}

}  // namespace

class WidgetIconsTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { keyplan::widgets::initResources(); }

    void shouldRenderEveryIconSharpAtTheDevicePixelRatio_data()
    {
        QTest::addColumn<QString>("name");
        const QStringList files = QDir(QStringLiteral(":/keyplan/icons")).entryList({QStringLiteral("*.svg")});
        QVERIFY(files.size() >= 20);
        for (const auto& f : files) QTest::newRow(qPrintable(f)) << QFileInfo(f).baseName();
    }
    void shouldRenderEveryIconSharpAtTheDevicePixelRatio()
    {
        QFETCH(QString, name);
        const QIcon icon = keyplan::widgets::icon(name);
        const QPixmap at1 = icon.pixmap(QSize(16, 16), 1.0);
        const QPixmap at2 = icon.pixmap(QSize(16, 16), 2.0);
        QCOMPARE(at1.size(), QSize(16, 16));
        // Drawn at 32x32 device pixels for a 16x16 icon on a 2x screen, not scaled up from 16.
        QCOMPARE(at2.size(), QSize(32, 32));
        QCOMPARE(at2.devicePixelRatio(), 2.0);
        QVERIFY2(opaquePixels(at1.toImage()) > 0, "blank icon");
        QVERIFY(opaquePixels(at2.toImage()) > opaquePixels(at1.toImage()));
        // Sharp: fewer soft edge pixels than the 1x rendering blown up to the same size.
        const QImage upscaled = at1.toImage().scaled(32, 32, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
        QVERIFY2(softPixels(at2.toImage()) < softPixels(upscaled),
                 qPrintable(QStringLiteral("%1 vs %2").arg(softPixels(at2.toImage())).arg(softPixels(upscaled))));
    }

    void shouldTintIconsFromThePalette()
    {
        const QPalette original = QApplication::palette();
        QPalette light;
        light.setColor(QPalette::WindowText, QColor(20, 20, 20));
        light.setColor(QPalette::Window, QColor(240, 240, 240));
        QApplication::setPalette(light);
        const QColor onLight = inkOf(keyplan::widgets::icon(QStringLiteral("run")).pixmap(QSize(24, 24)).toImage());
        QPalette dark;
        dark.setColor(QPalette::WindowText, QColor(230, 230, 230));
        dark.setColor(QPalette::Window, QColor(30, 30, 30));
        QApplication::setPalette(dark);
        const QColor onDark = inkOf(keyplan::widgets::icon(QStringLiteral("run")).pixmap(QSize(24, 24)).toImage());
        QApplication::setPalette(original);
        QVERIFY2(onLight.lightness() < 80, qPrintable(onLight.name()));
        QVERIFY2(onDark.lightness() > 170, qPrintable(onDark.name()));
        // Status marks keep their own colours.
        const QColor problem = inkOf(keyplan::widgets::colourIcon(QStringLiteral("problem")).pixmap(QSize(24, 24)).toImage());
        QVERIFY2(problem.hue() >= 0 && problem.hue() < 40 && problem.saturation() > 150, qPrintable(problem.name()));
    }
};

QTEST_MAIN(WidgetIconsTest)
#include "tst_widget_icons.moc"
