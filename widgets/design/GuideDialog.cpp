#include "widgets/design/GuideDialog.h"

#include <QDialogButtonBox>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace keyplan::widgets {

GuideDialog::GuideDialog(QWidget* parent) : QDialog(parent), browser_(new QTextBrowser(this))
{
    setWindowTitle(tr("Keyplan guide: key templates and generators"));
    browser_->setObjectName(QStringLiteral("guideBrowser"));
    browser_->setOpenExternalLinks(true);
    browser_->setHtml(html());
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(browser_, 1);
    layout->addWidget(buttons);
    resize(720, 640);
}

QString GuideDialog::html()
{
    return tr(R"(<h2>Designing in Keyplan</h2>
<ol>
<li><b>Access patterns first.</b> <i>Add pattern</i>: name what the application asks (<i>A customer's orders</i>),
its inputs (<code>customerId</code>) and the entities it returns. Its verdict says which single GetItem or Query
serves it, or why none does.</li>
<li><b>Entities and their keys.</b> In <i>Entities</i>, give each entity its attributes and a key template for the
table's keys (and any index's keys it should appear in). The layout in the middle shows example items at once.</li>
<li><b>Indexes</b> when a pattern needs another way in: <i>Table and indexes &#9656; Add GSI</i>, then fill its keys
in the entities that belong in it.</li>
<li><b>Data &#9656; Generate sample data</b> fills the local store; <b>Data &#9656; Run all patterns</b> runs each
pattern and puts what it read and cost beside the estimate.</li>
</ol>

<h3>Key templates</h3>
<p>A key template is literal text with <code>{placeholders}</code> filled from the item's attributes:</p>
<table border="0" cellspacing="0" cellpadding="3">
<tr><td><code>CUST#{customerId}</code></td><td>&rarr; <code>CUST#c0a81f3e</code></td></tr>
<tr><td><code>ORDER#{orderDate}#{orderId}</code></td><td>&rarr; <code>ORDER#2026-03-14T09:12:00Z#5e1d</code>
(sorts by date, then id)</td></tr>
<tr><td><code>PROFILE</code></td><td>a constant: one item of its kind per partition</td></tr>
<tr><td><code>STATUS#{status}#{orderDay}</code></td><td>several placeholders in one key (a composite key)</td></tr>
</table>
<ul>
<li>A placeholder names an attribute of the entity: letters, digits, <code>_</code> or <code>-</code>, starting with a
letter or <code>_</code>. Write <code>{{</code> or <code>}}</code> for a literal brace.</li>
<li>Keep one separator (the table's, <code>#</code> by default) between the parts; values must not contain it.</li>
<li>The sort key's order is the text's order: write dates ISO 8601 (<code>2026-03-14</code>) and pad numbers
(<code>seq(4)</code>) so that <code>0010</code> sorts after <code>0009</code>.</li>
<li>A key is only written when every placeholder has a value. Leave an index's key out of an entity, make an
attribute present on only some items, or add a <i>when</i> condition (<code>status = pending</code>): the index is
then <i>sparse</i> and holds only those items.</li>
<li>A key is applied only when its template is complete; while you type, the field says what is missing and the
design keeps the last complete key.</li>
</ul>

<h3>Generators</h3>
<p>Each attribute has a generator: it says what the values look like (for the checks and the cost estimates) and makes
the example items and the sample data.</p>
<table border="0" cellspacing="0" cellpadding="3">
<tr><td><code>id(8)</code></td><td>8 hex digits, unique per entity</td></tr>
<tr><td><code>uuid</code></td><td>a random UUID</td></tr>
<tr><td><code>seq(4)</code></td><td>1, 2, 3&hellip; within the parent, zero-padded (<code>0001</code>)</td></tr>
<tr><td><code>int(1, 5)</code></td><td>a whole number in the range</td></tr>
<tr><td><code>decimal(5.00, 900.00, 2)</code></td><td>a decimal with 2 fraction digits (give the attribute type N)</td></tr>
<tr><td><code>date(2026-01-01, 2026-12-31)</code></td><td>a day, ISO <code>yyyy-MM-dd</code> unless a format is given</td></tr>
<tr><td><code>datetime(2026-01-01, 2026-08-31)</code></td><td>an instant, ISO <code>yyyy-MM-ddTHH:mm:ssZ</code></td></tr>
<tr><td><code>enum(PENDING*2, SHIPPED*3, DELIVERED)</code></td><td>one of the values; <code>*W</code> weights one</td></tr>
<tr><td><code>email</code>, <code>name</code>, <code>bool</code>, <code>text(12)</code></td><td>an address, a person's name,
true/false, 12 letters</td></tr>
<tr><td><code>const(EUR)</code></td><td>always the same value</td></tr>
<tr><td><code>ref(Customer.customerId, zipf)</code></td><td>the value of an existing Customer's attribute (zipf: a few
customers get most of the items, as real traffic does)</td></tr>
<tr><td><code>slice(orderDate, 10)</code></td><td>the first 10 characters of another attribute (a day bucket)</td></tr>
<tr><td><code>shard(4)</code></td><td>0..3, for spreading a hot key over several partitions</td></tr>
<tr><td><code>map(city=name, zip=int(10000, 99999))</code>, <code>list(3, text(8))</code>, <code>set(2, enum(a, b))</code></td>
<td>documents and sets</td></tr>
</table>

<h3>Reading the verdicts</h3>
<ul>
<li><b>served</b>: one GetItem or Query; the read units are per call, the dollars at the pattern's calls per second.</li>
<li><b>needs a Scan</b>: no key of the table or of an index can be filled from the pattern's inputs: add a key template
(or an index) that starts with them.</li>
<li>Costs rest on the rates you give: a pattern's calls per second and an entity's writes per second. Until you set them,
the cost view marks them as defaults.</li>
</ul>)");
}

}  // namespace keyplan::widgets
